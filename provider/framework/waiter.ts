/**
 * Waiting for an asynchronous state: poll with backoff until done, failed, gone, or out of time.
 *
 * Every asynchronous resource waits for its done state by default. Polling starts fast (about a
 * second) and backs off to a cap; answers that mean "the service is busy" (HTTP 429, 500, 502, 503,
 * 504, network errors) count as "still working"; progress is reported to the user; a timeout error
 * says which object, which state it was stuck in, how long we waited and what to do.
 *
 * A wait also ends when it is cancelled (the native plugin's `Cancel`, which the engine sends on a
 * Ctrl-C): its signal, or the one the call runs with ({@link withCancellation}), stops the sleep
 * between polls; one last poll follows, and the wait ends as a timeout does, with a
 * {@link WaitCancelledError} (a create keeps the object in state: framework/errors.ts).
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { RETRYABLE_STATUSES, sleep } from "../client/retry";
import { type ProgressEvent, reportProgress } from "./progress";
import { formatDuration } from "./timeouts";

/** What one poll found. */
export interface PollResult {
  /** The state the API reports ("BUILDING"), shown in progress and errors. */
  state: string;
  /** True when the wait is over successfully. */
  done: boolean;
  /** Set when the object reached a failed state; the text explains why (ends the wait with an error). */
  failed?: string;
  /** True when the object no longer exists (ends the wait with an error; for a delete, return done instead). */
  gone?: boolean;
}

/** Time and randomness, injectable so tests run instantly and deterministically. */
export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1) for jitter. */
  random(): number;
}

/** The real clock. */
export const realClock: WaitClock = {
  now: () => Date.now(),
  sleep: (ms) => sleep(ms),
  random: () => Math.random(),
};

export interface WaitOptions {
  /** The object in words, used in progress and errors: "search index movies in demo-cluster". */
  describe: string;
  /** Reads the object once and says where it is. Errors other than transient ones end the wait. */
  poll: () => Promise<PollResult>;
  /** How long to wait in total. */
  timeoutMs: number;
  /** What to do after a timeout, completing "...; <hint>". Default: "raise timeouts.create, or run pulumi refresh later". */
  timeoutHint?: string;
  /** The state being waited for, for messages ("READY"). */
  target?: string;
  /** First delay between polls. Default 1000. */
  initialDelayMs?: number;
  /** Cap of the delay between polls. Default 10_000. */
  maxDelayMs?: number;
  /** Growth of the delay per poll. Default 1.5. */
  factor?: number;
  /** Fraction of each delay that is randomized (0..1) so parallel waits spread out. Default 0.2. */
  jitter?: number;
  /** Receives progress on every state change and at least every `progressIntervalMs`. Default: {@link reportProgress}. */
  onProgress?: (event: ProgressEvent) => void;
  /** Minimum time between two progress reports of an unchanged state. Default 30_000. */
  progressIntervalMs?: number;
  /** Whether a poll error means "still working". Default {@link isTransientError}. */
  isTransient?: (error: unknown) => boolean;
  clock?: WaitClock;
  /** Ends the wait early when aborted. Default: the signal of the call in progress ({@link withCancellation}). */
  signal?: AbortSignal;
}

/** The signal of the call in progress, when it runs with one (the native plugin: its `Cancel`). */
const callCancellation = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` with every wait it starts ending early when `signal` is aborted. */
export function withCancellation<T>(signal: AbortSignal, work: () => T): T {
  return callCancellation.run(signal, work);
}

/** Sleeps `ms` on the clock, or less when `signal` is aborted first. */
function sleepUnlessCancelled(clock: WaitClock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return clock.sleep(ms);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve();
    signal.addEventListener("abort", onAbort, { once: true });
    clock.sleep(ms).then(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The object reached a failed state while we waited. */
export class WaitFailedError extends Error {
  constructor(
    readonly describe: string,
    readonly state: string,
    readonly reason: string,
  ) {
    super(`${describe} failed in state ${state}: ${reason}`);
    this.name = "WaitFailedError";
  }
}

/** The object disappeared while we waited for it. */
export class WaitGoneError extends Error {
  constructor(
    readonly describe: string,
    readonly lastState: string,
  ) {
    super(`${describe} no longer exists (last state ${lastState}); it was deleted while we waited for it`);
    this.name = "WaitGoneError";
  }
}

/** The wait ran out of time. */
export class WaitTimeoutError extends Error {
  constructor(
    readonly describe: string,
    readonly lastState: string,
    readonly waitedMs: number,
    hint: string,
    target?: string,
  ) {
    const expected = target === undefined ? "" : ` (waiting for ${target})`;
    super(
      `timed out after ${formatDuration(waitedMs)} waiting for ${describe}: still in state ${lastState}${expected}; ` +
        `it may still finish on the service's side. To wait longer, ${hint}`,
    );
    this.name = "WaitTimeoutError";
  }
}

/** The wait was cancelled (a Ctrl-C: the engine's `Cancel`) before the object was done. */
export class WaitCancelledError extends Error {
  constructor(
    readonly describe: string,
    readonly lastState: string,
    readonly waitedMs: number,
    target?: string,
  ) {
    const expected = target === undefined ? "" : ` (waiting for ${target})`;
    super(
      `cancelled after ${formatDuration(waitedMs)} waiting for ${describe}: still in state ${lastState}${expected}; ` +
        "it may still finish on the service's side. Run the command again to wait for it, " +
        "or pulumi refresh to pick up its final state",
    );
    this.name = "WaitCancelledError";
  }
}

/** Network error codes (Node.js and undici) that mean "try again". */
const TRANSIENT_NETWORK_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ETIMEDOUT",
  "EPIPE",
  "EAI_AGAIN",
  "ENOTFOUND",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/** HTTP statuses that mean "the service is busy, ask again" while polling: the ones the client retries. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = RETRYABLE_STATUSES;

/**
 * Whether a poll error means "still working": an error with `status` 429/500/502/503/504 (the
 * client's `PlatformError`), or a network error (by `code`, also on its `cause`).
 */
export function isTransientError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { status, code, cause } = error as { status?: unknown; code?: unknown; cause?: unknown };
  if (typeof status === "number" && TRANSIENT_STATUSES.has(status)) return true;
  if (typeof code === "string" && TRANSIENT_NETWORK_CODES.has(code)) return true;
  return cause !== undefined && cause !== error && isTransientError(cause);
}

/** A short label for a transient error, shown as the state while it lasts ("HTTP 503"). */
function transientLabel(error: unknown): string {
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status === "number") return `HTTP ${status}`;
  if (typeof code === "string") return code;
  return "network error";
}

/**
 * Polls until the object is done; returns the final poll result.
 *
 * The first poll happens immediately; later ones after a delay that starts at `initialDelayMs` and
 * grows by `factor` up to `maxDelayMs` (with jitter). A last poll happens at the deadline.
 *
 * @throws WaitFailedError when a poll returns `failed`
 * @throws WaitGoneError when a poll returns `gone`
 * @throws WaitTimeoutError when the deadline passes before `done`
 * @throws WaitCancelledError when the signal is aborted before `done` (after one last poll)
 * @throws the poll's own error when it is not transient
 */
export async function waitFor(options: WaitOptions): Promise<PollResult> {
  const clock = options.clock ?? realClock;
  const initialDelayMs = options.initialDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const factor = options.factor ?? 1.5;
  const jitter = Math.min(Math.max(options.jitter ?? 0.2, 0), 1);
  const isTransient = options.isTransient ?? isTransientError;
  const progressIntervalMs = options.progressIntervalMs ?? 30_000;
  const signal = options.signal ?? callCancellation.getStore();
  const onProgress =
    options.onProgress ??
    ((event: ProgressEvent) =>
      reportProgress(`${event.describe}: ${event.state} (${formatDuration(event.elapsedMs)} elapsed)`));

  const started = clock.now();
  const deadline = started + options.timeoutMs;
  let delay = initialDelayMs;
  let lastState = "unknown";
  let lastReportedState: string | undefined;
  let lastReportAt = started;

  const report = (state: string): void => {
    const now = clock.now();
    if (state !== lastReportedState || now - lastReportAt >= progressIntervalMs) {
      lastReportedState = state;
      lastReportAt = now;
      onProgress({ describe: options.describe, state, elapsedMs: now - started });
    }
  };

  for (;;) {
    try {
      const result = await options.poll();
      lastState = result.state;
      if (result.done) return result;
      if (result.failed !== undefined)
        throw new WaitFailedError(options.describe, result.state, result.failed);
      if (result.gone) throw new WaitGoneError(options.describe, result.state);
      report(result.state);
    } catch (error) {
      if (error instanceof WaitFailedError || error instanceof WaitGoneError || !isTransient(error))
        throw error;
      // The service is busy: the object's state is unchanged as far as we know.
      report(`${lastState} (${transientLabel(error)}, still working)`);
    }

    const now = clock.now();
    if (now >= deadline) {
      throw new WaitTimeoutError(
        options.describe,
        lastState,
        now - started,
        options.timeoutHint ??
          "raise timeouts.create, or run pulumi refresh later to pick up its final state",
        options.target,
      );
    }
    if (signal?.aborted === true)
      throw new WaitCancelledError(options.describe, lastState, now - started, options.target);
    const jittered = delay * (1 - jitter * clock.random());
    await sleepUnlessCancelled(clock, Math.max(0, Math.min(jittered, deadline - now)), signal);
    delay = Math.min(delay * factor, maxDelayMs);
  }
}
