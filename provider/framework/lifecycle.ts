/**
 * The lifecycle of a resource: what create, update and delete wait for, in one place.
 *
 * Every resource declares its `lifecycle`, one of:
 * - `synchronous(why)`, written in the declaration (resource.ts): create, update and delete take
 *   effect when the API answers; nothing waits and the resource takes no `timeouts` input;
 * - `asynchronous({...})`, the folder's `lifecycle.ts` with the resource's waits: the resource declares its states (done / failed / transitional, named in
 *   api/vocabulary.ts LIFECYCLE_STATES), how to read it, and its default timeouts. The three
 *   asynchronous steps are built here from that declaration:
 *   - create or update, then wait for a done state, keeping the object in state when the wait fails
 *     ({@link waitAndSettle});
 *   - wait for a done state ({@link waitUntilDone});
 *   - delete, then wait until reading answers "gone" ({@link deleteThenWaitGone}, {@link waitUntilGone}).
 *   Each step has one name; a resource whose wait is its own (a poll of its own, a wait other than the
 *   lifecycle's) calls the same function with that wait.
 *
 * Also here: "not found means gone" for a read ({@link readIfExists}) and a delete
 * ({@link deleteIfExists}), which every resource needs.
 */

import type { LIFECYCLE_STATES } from "../../api/vocabulary";
import { isNotFound, isTransient, type PlatformClient, sleep } from "../client";
import { isPartialFailure, partialFailure } from "./errors";
import { resolveTimeouts, type TimeoutsInput } from "./timeouts";
import { type PollResult, type WaitClock, type WaitOptions, waitFor } from "./waiter";

// ---------------------------------------------------------------------------------------------
// Not found means gone

/** Runs a read; undefined when the API answers not found (the object does not exist). */
export async function readIfExists<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The budget of a delete that has no `timeouts.delete` (a synchronous resource): how long a delete
 * keeps being sent while the service answers with transient failures.
 */
export const DEFAULT_DELETE_BUDGET_MS = 5 * 60_000;

/** The longest pause between two deletes sent again. */
const MAX_DELETE_PAUSE_MS = 15_000;

/**
 * Runs a delete; an object already gone (not found) is fine: the goal of a delete is reached.
 * Returns false when it was already gone, true when this call deleted it.
 *
 * A delete is idempotent, so one that ends in a transient failure after the client's own retries
 * (5xx, 429, lost connections, timeouts: `isTransient`) is sent again, with growing pauses, while
 * `budgetMs` (the resource's `timeouts.delete`, else {@link DEFAULT_DELETE_BUDGET_MS}) allows.
 */
export async function deleteIfExists(
  deleteObject: () => Promise<unknown>,
  budgetMs: number = DEFAULT_DELETE_BUDGET_MS,
): Promise<boolean> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await deleteObject();
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      const pauseMs = Math.min(MAX_DELETE_PAUSE_MS, 500 * 2 ** (attempt - 1));
      if (!isTransient(error) || Date.now() - started + pauseMs > budgetMs) throw error;
      await sleep(pauseMs);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Declarations

/** A name of api/vocabulary.ts LIFECYCLE_STATES. */
export type LifecycleVocabulary = keyof typeof LIFECYCLE_STATES;

/** Every state name of one LIFECYCLE_STATES entry. */
export type LifecycleState<V extends LifecycleVocabulary> =
  | (typeof LIFECYCLE_STATES)[V]["steps"][number]
  | (typeof LIFECYCLE_STATES)[V]["other"][number];

/**
 * The states of a resource, each named once (tests/provider/resources/consistency.test.ts checks
 * that every state of the vocabulary is classified exactly once).
 */
export interface DeclaredStates<V extends LifecycleVocabulary> {
  /** The LIFECYCLE_STATES entry the state field takes its values from. */
  vocabulary: V;
  /** A create or update is over when the object reaches one of these. */
  done: readonly LifecycleState<V>[];
  /** States that end a wait for done with an error; the text says why. */
  failed: Readonly<Partial<Record<LifecycleState<V>, string>>>;
  /** States on the way: a wait for done goes on. */
  transitional: readonly LifecycleState<V>[];
}

/** A resource whose operations take effect when the API answers. */
export interface SynchronousLifecycle {
  readonly kind: "synchronous";
  /** Why nothing waits (which operations, and what they answer). */
  readonly why: string;
}

/** The timeouts of a resource when its `timeouts` input leaves them out. */
export type DefaultTimeouts = Required<TimeoutsInput>;

/** What an asynchronous resource declares. `Where` locates the object, `Live` is one read of it. */
export interface AsynchronousLifecycle<Where, Live> {
  readonly kind: "asynchronous";
  /** The states of create and update; absent when they take effect at once (only delete waits). */
  readonly states?: DeclaredStates<LifecycleVocabulary>;
  /** The state a live view is in (shown in progress and errors). */
  readonly stateOf: (live: Live) => string;
  /** A condition besides a done state (a search index is done when READY and queryable). */
  readonly doneAlso?: (live: Live) => boolean;
  /**
   * How far a transitional state has come, shown after the state in progress and timeout messages
   * ("InProgress (1/3 collections exported)"); never part of the state the done and failed lists name.
   */
  readonly progressOf?: (live: Live) => string | undefined;
  /** Reads the object once; undefined when it does not exist. */
  readonly read: (client: PlatformClient, where: Where) => Promise<Live | undefined>;
  /** How the end of a delete wait reads in messages: its target ("deleted (404)") and final state. */
  readonly gone: { target: string; state: string };
  readonly defaultTimeouts: DefaultTimeouts;
  /** {@link waitUntilDone} for this resource. */
  readonly waitUntilDone: (client: PlatformClient, where: Where, options: PhaseWaitOptions) => Promise<Live>;
  /** {@link waitUntilGone} for this resource. */
  readonly waitUntilGone: (client: PlatformClient, where: Where, options: PhaseWaitOptions) => Promise<void>;
}

/** What a resource writes in `asynchronous({...})`. */
export type AsynchronousDeclaration<Where, Live, V extends LifecycleVocabulary> = Omit<
  AsynchronousLifecycle<Where, Live>,
  "kind" | "states" | "waitUntilDone" | "waitUntilGone"
> & { states?: DeclaredStates<V> };

export type Lifecycle = SynchronousLifecycle | AsynchronousLifecycle<never, never>;

/** Declares a synchronous resource. */
export function synchronous(why: string): SynchronousLifecycle {
  return { kind: "synchronous", why };
}

/** Declares an asynchronous resource (the type parameter `V` keeps its state names in the vocabulary). */
export function asynchronous<Where, Live, V extends LifecycleVocabulary = LifecycleVocabulary>(
  declaration: AsynchronousDeclaration<Where, Live, V>,
): AsynchronousLifecycle<Where, Live> {
  const lifecycle: AsynchronousLifecycle<Where, Live> = {
    kind: "asynchronous",
    ...declaration,
    // DeclaredStates<V> narrows the state names; the framework reads them as strings.
    states: declaration.states as DeclaredStates<LifecycleVocabulary> | undefined,
    waitUntilDone: (client, where, options) => waitUntilDone(lifecycle, client, where, options),
    waitUntilGone: (client, where, options) => waitUntilGone(lifecycle, client, where, options),
  };
  return lifecycle;
}

// ---------------------------------------------------------------------------------------------
// Phases and their budgets

/** Which `timeouts` field governs a wait, and so which one the user raises to wait longer. */
export type TimeoutPhase = "create" | "update" | "delete";

/** What a resource's wait needs during one phase (create, update or delete). */
export interface PhaseWaitOptions {
  describe: string;
  timeoutMs: number;
  /** Which `timeouts` field the user raises to wait longer. */
  phase: TimeoutPhase;
  clock?: WaitClock;
}

/**
 * The wait options of one phase: its budget from the resource's `timeouts` input (else the
 * resource's defaults), and the clock only when one is injected (tests).
 */
export function phaseWaitOptions(
  describe: string,
  timeouts: TimeoutsInput | undefined,
  defaults: DefaultTimeouts,
  phase: TimeoutPhase,
  clock: WaitClock | undefined,
): PhaseWaitOptions {
  const resolved = resolveTimeouts(timeouts, defaults);
  return {
    describe,
    timeoutMs: { create: resolved.createMs, update: resolved.updateMs, delete: resolved.deleteMs }[phase],
    phase,
    ...(clock === undefined ? {} : { clock }),
  };
}

/**
 * The {@link WaitOptions} a phase wait fixes: description, budget, clock, and a timeout hint that
 * names the `timeouts` field to raise.
 */
export function phaseWaitFields(
  options: PhaseWaitOptions,
): Pick<WaitOptions, "describe" | "timeoutMs" | "timeoutHint" | "clock"> {
  return {
    describe: options.describe,
    timeoutMs: options.timeoutMs,
    timeoutHint: `raise timeouts.${options.phase} of the resource, or run pulumi refresh later to pick up its final state`,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  };
}

// ---------------------------------------------------------------------------------------------
// Waits built from a declaration

/** The target of a wait for done, for messages: the done states ("READY"). */
function doneTarget(lifecycle: Pick<AsynchronousLifecycle<unknown, unknown>, "states">): string {
  return (lifecycle.states?.done ?? []).join(" or ");
}

/** Classifies one read for a wait until done. */
export function donePoll<Where, Live>(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  live: Live | undefined,
  lastState: string,
): PollResult {
  if (live === undefined) return { state: lastState, done: false, gone: true };
  const state = lifecycle.stateOf(live);
  const states = lifecycle.states;
  const isDone =
    states !== undefined &&
    (states.done as readonly string[]).includes(state) &&
    (lifecycle.doneAlso?.(live) ?? true);
  if (isDone) return { state, done: true };
  const failed = (states?.failed as Readonly<Record<string, string>> | undefined)?.[state];
  if (failed !== undefined) return { state, done: false, failed };
  const progress = lifecycle.progressOf?.(live);
  return { state: progress === undefined ? state : `${state} (${progress})`, done: false };
}

/** Whether a live view is in a done state (a change in progress is not). */
export function isDone<Where, Live>(lifecycle: AsynchronousLifecycle<Where, Live>, live: Live): boolean {
  return donePoll(lifecycle, live, "").done;
}

/** Classifies one read for a wait until gone. */
export function gonePoll<Where, Live>(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  live: Live | undefined,
): PollResult {
  if (live === undefined) return { state: lifecycle.gone.state, done: true };
  return { state: lifecycle.stateOf(live), done: false };
}

/** One poll of a wait until done: its result and, when it read one, the live view. */
export type DonePoll<Live> = () => Promise<{ result: PollResult; live: Live | undefined }>;

/**
 * Waits until the object is in a done state; returns its last live view. Either the lifecycle's wait
 * (its read, classified by its states), or a phase wait with a poll of the resource's own (an
 * operation retried until it succeeds, a failure that carries the service's reason) and its target
 * in words, which returns what its last successful poll saw.
 * @throws WaitFailedError, WaitGoneError, WaitTimeoutError (framework/waiter.ts)
 */
export function waitUntilDone<Where, Live>(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  client: PlatformClient,
  where: Where,
  options: PhaseWaitOptions,
): Promise<Live>;
export function waitUntilDone<Live>(
  options: PhaseWaitOptions,
  target: string,
  poll: DonePoll<Live>,
): Promise<Live>;
export function waitUntilDone<Where, Live>(
  ...args:
    | [AsynchronousLifecycle<Where, Live>, PlatformClient, Where, PhaseWaitOptions]
    | [PhaseWaitOptions, string, DonePoll<Live>]
): Promise<Live> {
  if (args.length === 3) return waitWithPoll(...args);
  const [lifecycle, client, where, options] = args;
  let lastState = "unknown";
  return waitWithPoll(options, doneTarget(lifecycle), async () => {
    const live = await lifecycle.read(client, where);
    const result = donePoll(lifecycle, live, lastState);
    if (live !== undefined) lastState = result.state;
    return { result, live };
  });
}

async function waitWithPoll<Live>(
  options: PhaseWaitOptions,
  target: string,
  poll: DonePoll<Live>,
): Promise<Live> {
  let last: Live | undefined;
  await waitFor({
    ...phaseWaitFields(options),
    target,
    poll: async () => {
      const { result, live } = await poll();
      if (live !== undefined) last = live;
      return result;
    },
  });
  // waitFor returns only after a done poll, and every done poll here read the object.
  return last as Live;
}

/** Waits until reading the object answers "gone". */
export async function waitUntilGone<Where, Live>(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  client: PlatformClient,
  where: Where,
  options: PhaseWaitOptions,
): Promise<void> {
  await waitFor({
    ...phaseWaitFields(options),
    target: lifecycle.gone.target,
    poll: async () => gonePoll(lifecycle, await lifecycle.read(client, where)),
  });
}

// ---------------------------------------------------------------------------------------------
// The steps of create, update and delete

/** What {@link waitAndSettle} needs. */
export interface SettleOptions<Live, Outs extends object = object> {
  /** The object's id. */
  id: string;
  /** What is known right after the API call, stored when the wait fails. */
  known: Live;
  /** The outputs stored for a live view. */
  outputs: (live: Live) => Outs;
  /** Waits for the done state; returns the last live view. */
  wait: () => Promise<Live>;
  /**
   * Deletes the object after a failed wait instead of keeping it. Give it only when this create
   * made the object and the user asked for that (deleteOnCreateFailure): adopted objects are never deleted.
   */
  deleteOnFailure?: (() => Promise<void>) | undefined;
}

/**
 * Runs `wait`, the part of a create or update that follows the API call: if it throws, the error is
 * rethrown as a {@link partialFailure} carrying the id and the outputs of what is known, so the
 * object stays in state (its message keeps the original error's text). With `deleteOnFailure`, the
 * object is deleted instead and the error is a plain one; when that delete fails too, the object is
 * kept and both failures are named.
 */
async function keptInStateOnFailure<Live>(options: SettleOptions<Live, object>): Promise<Live> {
  try {
    return await options.wait();
  } catch (error) {
    if (isPartialFailure(error)) throw error;
    const { id } = options;
    const outs = { ...options.outputs(options.known) };
    const message = error instanceof Error ? error.message : String(error);
    if (options.deleteOnFailure !== undefined) {
      try {
        await options.deleteOnFailure();
      } catch (cleanupError) {
        const cleanupMessage = cleanupError instanceof Error ? cleanupError.message : String(cleanupError);
        throw partialFailure(id, outs, `${message}; deleting it afterwards failed too: ${cleanupMessage}`);
      }
      throw new Error(`${message}; the object ${id} was deleted as requested`);
    }
    throw partialFailure(id, outs, message);
  }
}

/** One object of an asynchronous resource, as the steps below need it. */
export interface LifecycleTarget<Where> {
  client: PlatformClient;
  where: Where;
  /** The object in words, for progress and errors. */
  describe: string;
  /** The resource's `timeouts` input. */
  timeouts: TimeoutsInput | undefined;
  /** Injected in tests. */
  clock?: WaitClock | undefined;
}

function phaseOptions<Where>(
  lifecycle: Pick<AsynchronousLifecycle<Where, unknown>, "defaultTimeouts">,
  target: LifecycleTarget<Where>,
  phase: TimeoutPhase,
): PhaseWaitOptions {
  return phaseWaitOptions(target.describe, target.timeouts, lifecycle.defaultTimeouts, phase, target.clock);
}

/** A settled create or update: the object's id and outputs. */
export interface Settled<Outs extends object = Record<string, unknown>> {
  id: string;
  outs: Outs;
}

/**
 * The end of a create or update that waits: waits, then returns the id and the outputs of the live
 * view the wait ended with. A failed wait keeps the object in state with what is known (or deletes
 * it, see {@link SettleOptions.deleteOnFailure}). The wait is the lifecycle's wait for a done state
 * within the phase's timeout, or one of the resource's own (`wait`).
 */
export function waitAndSettle<Live, Outs extends object>(
  options: SettleOptions<Live, Outs>,
): Promise<Settled<Outs>>;
export function waitAndSettle<Where, Live>(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  target: LifecycleTarget<Where>,
  phase: "create" | "update",
  options: Omit<SettleOptions<Live>, "wait">,
): Promise<Settled>;
export async function waitAndSettle<Where, Live>(
  ...args:
    | [SettleOptions<Live, object>]
    | [
        AsynchronousLifecycle<Where, Live>,
        LifecycleTarget<Where>,
        "create" | "update",
        Omit<SettleOptions<Live>, "wait">,
      ]
): Promise<Settled<object>> {
  let options: SettleOptions<Live, object>;
  if (args.length === 1) options = args[0];
  else {
    const [lifecycle, target, phase, rest] = args;
    const phaseWait = phaseOptions(lifecycle, target, phase);
    options = { ...rest, wait: () => waitUntilDone(lifecycle, target.client, target.where, phaseWait) };
  }
  const live = await keptInStateOnFailure(options);
  return { id: options.id, outs: { ...options.outputs(live) } };
}

/**
 * Delete: runs `deleteObject`, then waits until the object is gone, within `timeouts.delete`: the
 * lifecycle's wait, or a wait of the resource's own (`waitGone`, with the delete's budget). An object
 * already gone when deleted is fine (a not-found answer), and then there is nothing to wait for.
 */
export function deleteThenWaitGone<Where, Live>(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  target: LifecycleTarget<Where>,
  deleteObject: () => Promise<unknown>,
): Promise<void>;
export function deleteThenWaitGone(
  deleteObject: () => Promise<unknown>,
  waitGone: () => Promise<void>,
  budgetMs?: number,
): Promise<void>;
export async function deleteThenWaitGone<Where, Live>(
  ...args:
    | [AsynchronousLifecycle<Where, Live>, LifecycleTarget<Where>, () => Promise<unknown>]
    | [() => Promise<unknown>, () => Promise<void>, number?]
): Promise<void> {
  if (typeof args[0] === "function") {
    const [deleteObject, waitGone, budgetMs] = args as [() => Promise<unknown>, () => Promise<void>, number?];
    if (await deleteIfExists(deleteObject, budgetMs)) await waitGone();
    return;
  }
  const [lifecycle, target, deleteObject] = args as [
    AsynchronousLifecycle<Where, Live>,
    LifecycleTarget<Where>,
    () => Promise<unknown>,
  ];
  const options = phaseOptions(lifecycle, target, "delete");
  await deleteThenWaitGone(
    deleteObject,
    () => waitUntilGone(lifecycle, target.client, target.where, options),
    options.timeoutMs,
  );
}
