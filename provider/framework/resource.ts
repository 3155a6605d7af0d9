/**
 * A resource, declared once: `defineResource({...})` in provider/resources/<name>/resource.ts.
 *
 * The declaration says what is particular to the resource: its type name, inputs schema, property
 * table (what a change of each property means, and what the SDK, the docs and the package schema say
 * of it), id parts, lifecycle, how the object is described and located, its API calls, the mapping to
 * and from the API, and how a pending create is found again after a crash. Everything else is here,
 * written once:
 *
 * - `check` and `diff`: the inputs schema and the property table (diff.ts), unless the resource adds a
 *   rule of its own;
 * - `create`: the create-or-adopt prologue (adoption.ts): parse the inputs, refuse an `importId` that
 *   names another place than the inputs, create (looking the object up after a create that may have
 *   acted) or read and converge the object `importId` names, then settle;
 * - settling: an asynchronous resource waits for its done state (or with a wait of its own) after
 *   create and update, keeping the object in state when the wait fails, or deleting it when the user
 *   asked (`deleteOnCreateFailure`);
 * - `read`: locate, read, and report the live outputs and inputs (no object: gone);
 * - the previous inputs (the inputs part of stored outputs);
 * - `delete`: the API call, "already gone" as success, and the wait until gone.
 *
 * Three kinds share this shape ({@link ResourceKind}): objects the API creates and deletes, singletons
 * that always exist (adopted on create, restored on delete: singleton.ts) and jobs that run once and
 * cannot change (jobResource.ts).
 *
 * The declaration is also what the generator (scripts/generate/) reads to write the TypeScript SDK
 * classes, the docs tables and the package schema of the native plugin, so those never restate it.
 */
import type { z } from "zod";
import type { PlatformClient } from "../client";
import { createOrAdopt } from "./adoption";
import { checkAndDiff, type FieldRule, storedInputs } from "./diff";
import type { CreatedLookup } from "./findCreated";
import { parseId } from "./ids";
import {
  type AsynchronousLifecycle,
  deleteIfExists,
  deleteThenWaitGone,
  type LifecycleTarget,
  type PhaseWaitOptions,
  phaseWaitOptions,
  type SynchronousLifecycle,
  waitAndSettle,
} from "./lifecycle";
import { platformClient } from "./settings";
import type { TimeoutsInput } from "./timeouts";
import type { PlatformProvider, PropertyBag } from "./types";
import { parseInputs } from "./validation";
import type { WaitClock } from "./waiter";

/**
 * One property of a resource: the classification of a change (diff.ts {@link FieldRule}) and what the
 * SDK, the docs and the package schema say of it.
 */
export interface PropertyRule extends FieldRule {
  /** What the property is, in a sentence or two (SDK comments, package schema descriptions, docs). */
  doc: string;
  /** An input's rules in words, for the docs' Arguments table ("24 hexadecimal digits"). */
  rules?: string;
  /** What a change does beyond its effect, for the docs' "on change" column ("the old index is deleted first"). */
  change?: string;
  /**
   * The property's type where the inputs schema does not give it: every computed output (effect
   * "output"), and an input whose stored value has another type than the input accepts (an audit
   * filter given as an object is stored as JSON text).
   */
  type?: z.ZodType;
  /** The type a program writes, where the inputs schema does not say it (a record checked by a transform). */
  input?: z.ZodType;
  /** What check fills in when the program leaves the input out, where the inputs schema does not say it. */
  default?: unknown;
  /** An output the service may not have set (absent from the outputs until it has). */
  optional?: boolean;
  /** An optional input that check always fills in (from other inputs), so it is always an output. */
  alwaysSet?: boolean;
  /**
   * The property is always stored as a secret (Pulumi keeps it encrypted in state): a computed output
   * is a secret output; an input is made secret by the SDK class where the program gives it
   * (`pulumi.secret`), so its copies in the inputs and the outputs of state are both encrypted.
   */
  secret?: boolean;
  /**
   * An input that check moves into another one (the first definition style's flat fields): not an
   * output of its own.
   */
  notStored?: boolean;
}

/** Every input and output of a resource: name -> rule. It is the resource's classification table too. */
export type PropertyTable = Readonly<Record<string, PropertyRule>>;

/** What the implementation of a resource gets: the client, and the clock the waits use (tests inject one). */
export interface ResourceDeps {
  client: () => PlatformClient;
  clock?: WaitClock | undefined;
}

/** What each step of a resource's behaviour receives. */
export interface ResourceContext {
  client: PlatformClient;
  clock: WaitClock | undefined;
}

/** The parts of an id by name (`{ groupId, clusterName, indexId }`). */
export type IdParts<Part extends string = string> = Readonly<Record<Part, string>>;

/**
 * A lifecycle as the facts hold it. `any` because the facts are read for their declared states and
 * timeouts only, whatever object the lifecycle locates and reads; the behaviour keeps the typed one.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type DeclaredLifecycle = SynchronousLifecycle | AsynchronousLifecycle<any, any>;

/** A JSON value of an example's inputs. */
export type ExampleValue =
  | string
  | number
  | boolean
  | null
  | ExampleValue[]
  | { [key: string]: ExampleValue };

/**
 * One resource of a program, as the docs show it in every language: its name in the program and its
 * inputs as plain values, keyed as the package schema spells them (`groupId`; each language's
 * rendering spells them as its SDK takes them).
 */
export interface ResourceExample {
  name: string;
  inputs: Readonly<Record<string, ExampleValue>>;
}

/** The facts every resource declares, whatever its kind. */
export interface ResourceFacts<Inputs> {
  /** The `<Type>` of the type tokens (`pulumi-nodejs:dynamic/platform:<Type>`, `platform:index:<Type>`); never renamed. */
  type: string;
  /** What it is, in a line (the README's resource table). */
  summary: string;
  /** What it is and how it behaves, in a paragraph (SDK class comment, package schema). */
  description: string;
  /** The zod schema `check` validates and normalizes the inputs with. */
  inputs: z.ZodType<Inputs>;
  /** Every input and output. */
  properties: PropertyTable;
  /** The parts of the id and of `importId`, in order. */
  idParts: readonly string[];
  /** A second id format, told apart from the first by its number of parts (SearchIndex: by names). */
  alternativeIdParts?: readonly string[];
  lifecycle: DeclaredLifecycle;
  /**
   * Outputs stored as secrets only when the program's arguments may hold a credential: output name ->
   * a predicate `(args) => boolean` exported by the resource folder's `secrets.ts`. The SDK class calls
   * it by its name (so it must be cheap and free of dependencies: it runs in every user's program),
   * the native plugin with the checked inputs.
   */
  secretWhen?: Readonly<Record<string, (args: unknown) => boolean>>;
  /** Earlier names of SDK types, still exported: alias -> the type's name. */
  sdkAliases?: Readonly<Record<string, string>>;
  /**
   * What the resource's `findCreated` looks for, in words (docs/cli.md's table "How each type finds
   * what its create made" is generated from these; a test holds that every type has them). A
   * singleton's are defineSingleton's.
   */
  findsCreated?: FindsCreatedWords;
  /**
   * The folders of other resources whose SDK files declare named types this resource's SDK uses too:
   * the SDK imports those from there instead of declaring them again (FtsIndex's flat fields are
   * SearchIndex's definition types; two declarations of one name would make the `export *` of
   * sdk/index.ts ambiguous).
   */
  sdkTypesFrom?: readonly string[];
  /** What the docs' overview tables add to the id format, the default timeouts and the replacing inputs. */
  docNotes?: { id?: string; timeouts?: string; replaces?: string };
  /**
   * The resource page's example, written once and rendered in every language the package serves
   * (scripts/generate/examples.ts: TypeScript in both forms, Python, Go, YAML); the docs tests compile
   * or preview every rendering.
   */
  example?: ResourceExample;
  /**
   * Whether an update of an asynchronous resource waits as a create does (default true); the SDK says
   * so of `timeouts.update`. OutageSimulation's update changes only `timeouts`: it reads the
   * simulation and waits for nothing.
   */
  updateWaits?: boolean;
  /**
   * How `pulumi-cluster-platform export` finds this resource's objects in a live project and declares
   * them (docs/cli.md, "export"); the export command's type table (provider/cli/export/types.ts) is made
   * of these facets, in the order `after` requires. Every type of the runtime's resource table has one
   * (a test holds it): a type whose objects cannot be found says so with a `find` that returns none.
   */
  exported?: ExportFacet;
}

/**
 * A resource type as the export command sees it. Reading each object is the resource's own `read`,
 * so the arguments written are the live inputs its diff compares against; `importId`, secret
 * placeholders and the files follow from the plan (provider/cli/export/plan.ts).
 */
export interface ExportFacet {
  /** The stack config key (TypeScript) and list name (every language) that holds the declared objects. */
  configKey: string;
  /** "project": found once per project; "cluster": found per cluster of the project. */
  scope: "project" | "cluster";
  /**
   * The ids (the resource's id format) of the objects that may exist. An id whose `read` finds
   * nothing is left out, so a singleton returns its one possible id.
   */
  find(client: PlatformClient, groupId: string, clusterName: string): Promise<string[]>;
  /** The Pulumi resource name for an object, from its arguments (made unique by the caller). */
  resourceName(args: Readonly<Record<string, unknown>>): string;
  /** Types whose resources this one's resources depend on (destroy removes these first). */
  after?: readonly string[];
}

/** What a resource's `findCreated` looks for, in words (docs/cli.md, `recover`). */
export interface FindsCreatedWords {
  /** What identifies the object the create made ("its name on the collection"). */
  identifies: string;
  /**
   * The field of the service's record whose date must be at or after the create began, for a type
   * without a unique name (findCreated.ts); none for a type found by its name or place.
   */
  dated?: string;
}

/** An argument as text for a resource name: a string as it is, anything else by String (absent: ""). */
export function exportText(value: unknown): string {
  return typeof value === "string" ? value : String(value ?? "");
}

/** An object the API creates and deletes, with an id of its own. */
export interface ObjectBehaviour<Inputs, Where, Live, Part extends string> {
  /** What kind of resource the behaviour is written for (default "object"). */
  kind?: ResourceKind;
  /**
   * The object in words, for progress and errors ("search index movies in demo-cluster"); `where` is
   * given once the object is known (its waits, its delete).
   */
  describe(inputs: Inputs, where?: Where): string;
  /** Where the object is, from its id's parts and what state holds (its outputs). */
  locate(parts: IdParts<Part>, stored: PropertyBag): Where;
  /** The id of the object a create or an adoption ends with. */
  idOf(inputs: Inputs, live: Live): string;
  /** Reads the object; undefined when it does not exist. */
  read(context: ResourceContext, where: Where): Promise<Live | undefined>;
  /** Sends the create; the live view it answers. */
  create(context: ResourceContext, inputs: Inputs): Promise<Live>;
  /**
   * Converges an existing object (named by `importId`, or found after a create that may have acted)
   * to the inputs; refuses one whose identity differs. Default: take it as it is.
   */
  adopt?(context: ResourceContext, inputs: Inputs, live: Live, where: Where, id: string): Promise<Live>;
  /** Applies an update; the live view after it. Absent: every input replaces. */
  update?(context: ResourceContext, where: Where, inputs: Inputs, olds: PropertyBag): Promise<Live>;
  /** Sends the delete. A not-found answer means it is gone already. */
  remove(context: ResourceContext, where: Where, previous: Inputs): Promise<unknown>;
  /** The outputs stored for a live view. */
  toOutputs(inputs: Inputs, live: Live): object;
  /** The inputs `read` reports for a live view. */
  inputsFromLive(previous: Inputs, live: Live, parts: IdParts<Part>): Inputs;
  /** The inputs part of stored outputs. Default: the outputs without the computed properties. */
  previousInputs?(props: PropertyBag): Inputs;
  /**
   * The id of the object a create with these inputs made, found by what the service holds; undefined
   * when there is none (findCreated.ts: the contract, and {@link pickCreated} for objects without a
   * unique name). `lookup`: ids other resources hold, never an answer, and when the create began.
   */
  findCreated?(context: ResourceContext, inputs: Inputs, lookup: CreatedLookup): Promise<string | undefined>;
  /** A diff beyond the property table's (a change no single property shows). Default: the table's. */
  diff?: PlatformProvider["diff"];
  /**
   * A check beyond the inputs schema's (a rule between the stored inputs and the new ones: a cutover
   * cannot be undone). Default: the schema's.
   */
  check?: PlatformProvider["check"];
  /**
   * Whether a delete of an asynchronous resource waits until the object is gone (default true). A
   * job's delete does not: the service keeps finished jobs, and a cancel takes effect when answered.
   */
  deleteWaits?: boolean;
  /**
   * The wait that ends a create or an update of an asynchronous resource when it is not the
   * lifecycle's wait for a done state (CloudProviderAccessRole: the authorization, retried while AWS
   * propagates the IAM role, its lifecycle having no states; LiveMigration: until ready for cutover,
   * then the cutover the inputs ask for and the wait until COMPLETE): the live view after it. It is settled as
   * the wait for a done state is: within the phase's budget (`options`), a failure keeping the object
   * in state (or deleting one this create made, with `deleteOnCreateFailure`). Default: the
   * lifecycle's wait for a done state, when it declares states.
   */
  waitUntilSettled?(
    context: ResourceContext,
    where: Where,
    inputs: Inputs,
    known: Live,
    options: PhaseWaitOptions,
  ): Promise<Live>;
}

/** A resource declaration: its facts and its behaviour. */
export type ResourceDeclaration<Inputs, Where, Live, Part extends string = string> = ResourceFacts<Inputs> &
  ObjectBehaviour<Inputs, Where, Live, Part> & {
    lifecycle: SynchronousLifecycle | AsynchronousLifecycle<Where, Live>;
  };

/** A declared resource: the facts, and its provider built from the behaviour. */
export interface ResourceDefinition extends ResourceFacts<unknown> {
  kind: ResourceKind;
  /** The provider the runtime dispatches to (production settings: the configured client, the real clock). */
  readonly provider: PlatformProvider;
  /** The provider with other dependencies (tests: a client of their own, a manual clock). */
  providerWith(deps: ResourceDeps): PlatformProvider;
}

/** Objects created and deleted, singletons adopted and restored, jobs run once. */
export type ResourceKind = "object" | "singleton" | "job";

/** Inputs every asynchronous resource may have. */
interface WaitingInputs {
  timeouts?: TimeoutsInput | undefined;
  deleteOnCreateFailure?: boolean | undefined;
  importId?: string | undefined;
}

function asWaiting(inputs: unknown): WaitingInputs {
  return inputs as WaitingInputs;
}

/**
 * The provider of an object resource, built from its declaration (see the module comment for what
 * each method does).
 */
function objectProvider<Inputs, Where, Live, Part extends string>(
  declaration: ResourceDeclaration<Inputs, Where, Live, Part>,
  deps: ResourceDeps,
): PlatformProvider {
  const { lifecycle, properties } = declaration;
  const parse = (bag: PropertyBag): Inputs => parseInputs(declaration.inputs, bag) as Inputs;
  const previousInputs = (props: PropertyBag): Inputs =>
    declaration.previousInputs?.(props) ?? storedInputs<Inputs>(props, properties);
  const context = (): ResourceContext => ({ client: deps.client(), clock: deps.clock });
  /** The declared id format an id is written in (the alternative one has another number of parts). */
  const idFormatOf = (id: string): readonly string[] => {
    const alternative = declaration.alternativeIdParts;
    return alternative !== undefined && id.split("/").length === alternative.length
      ? alternative
      : declaration.idParts;
  };
  const partsOf = (id: string): IdParts<Part> => parseId(id, idFormatOf(id)) as IdParts<Part>;
  const target = (
    ctx: ResourceContext,
    where: Where,
    describe: string,
    inputs: Inputs,
  ): LifecycleTarget<Where> => ({
    client: ctx.client,
    where,
    describe,
    timeouts: asWaiting(inputs).timeouts,
    clock: ctx.clock,
  });

  /** Deletes the object; waits until it is gone when the lifecycle says deletes are asynchronous. */
  const remove = async (ctx: ResourceContext, where: Where, previous: Inputs): Promise<void> => {
    const send = () => declaration.remove(ctx, where, previous);
    if (lifecycle.kind === "asynchronous" && declaration.deleteWaits !== false) {
      await deleteThenWaitGone(
        lifecycle,
        target(ctx, where, declaration.describe(previous, where), previous),
        send,
      );
    } else {
      await deleteIfExists(send);
    }
  };

  /**
   * The end of a create or update: the id and outputs, after the wait for the done state when the
   * lifecycle has one (or after the resource's own wait, `waitUntilSettled`). A failed wait keeps the
   * object in state, or deletes one this create made when the inputs ask for it (an adopted object is
   * never deleted).
   */
  const settle = async (
    ctx: ResourceContext,
    inputs: Inputs,
    known: Live,
    phase: "create" | "update",
    createdHere: boolean,
  ): Promise<{ id: string; outs: Record<string, unknown> }> => {
    const id = declaration.idOf(inputs, known);
    const outputs = (live: Live): Record<string, unknown> => ({ ...declaration.toOutputs(inputs, live) });
    const { waitUntilSettled } = declaration;
    if (
      lifecycle.kind !== "asynchronous" ||
      (lifecycle.states === undefined && waitUntilSettled === undefined) ||
      (phase === "update" && declaration.updateWaits === false)
    ) {
      return { id, outs: { ...outputs(known) } };
    }
    const where = declaration.locate(partsOf(id), { ...outputs(known) });
    const deleteOnFailure =
      createdHere && asWaiting(inputs).deleteOnCreateFailure === true
        ? () => remove(ctx, where, inputs)
        : undefined;
    const waitTarget = target(ctx, where, declaration.describe(inputs, where), inputs);
    if (waitUntilSettled === undefined)
      return waitAndSettle(lifecycle, waitTarget, phase, { id, known, outputs, deleteOnFailure });
    const options = phaseWaitOptions(
      waitTarget.describe,
      waitTarget.timeouts,
      lifecycle.defaultTimeouts,
      phase,
      waitTarget.clock,
    );
    return waitAndSettle({
      id,
      known,
      outputs,
      deleteOnFailure,
      wait: () => waitUntilSettled(ctx, where, inputs, known, options),
    });
  };

  /** Reads the object at an id's parts and converges it to the inputs; undefined when there is none. */
  const adopt = async (ctx: ResourceContext, inputs: Inputs, parts: IdParts<Part>, id: string) => {
    const where = declaration.locate(parts, {});
    const live = await declaration.read(ctx, where);
    if (live === undefined) return undefined;
    const converged =
      declaration.adopt === undefined ? live : await declaration.adopt(ctx, inputs, live, where, id);
    return settle(ctx, inputs, converged, "create", false);
  };

  const { findCreated } = declaration;
  /**
   * Ids this provider (one per type in a provider process) created or adopted: the lookup after a
   * create that may have acted never takes one of them, though it cannot see the stack's state (two
   * resources with the same parameters, created side by side, each keep their own object).
   */
  const claimed = new Set<string>();
  const base = checkAndDiff(declaration.inputs, properties);
  const provider: PlatformProvider = {
    check: declaration.check ?? base.check,
    diff: declaration.diff ?? base.diff,

    async create(bag) {
      const inputs = parse(bag);
      const ctx = context();
      const importId = asWaiting(inputs).importId;
      const partNames = importId === undefined ? declaration.idParts : idFormatOf(importId);
      // The parts of the id that are inputs too must agree with importId.
      const located: Record<string, unknown> = {};
      for (const part of partNames) {
        const value = (inputs as Record<string, unknown>)[part];
        if (value !== undefined) located[part] = value;
      }
      // The lookup after a POST that may have acted: what the service dates before this create began
      // (less what its clock may lag, which pickCreated allows for) is not this create's. The wait
      // clock, when injected, is the service's (tests run the emulator on a manual clock).
      const lookup: CreatedLookup = { taken: claimed, since: new Date(ctx.clock?.now() ?? Date.now()) };
      const result = await createOrAdopt({
        importId,
        partNames,
        describe: declaration.describe(inputs),
        locatedBy: located,
        create: async () => {
          const live = await declaration.create(ctx, inputs);
          // Claimed as soon as the service answered, not after the wait: a lookup of a create running
          // beside this one must not take it meanwhile.
          claimed.add(declaration.idOf(inputs, live));
          return settle(ctx, inputs, live, "create", true);
        },
        adopt: (parts, id) => adopt(ctx, inputs, parts as IdParts<Part>, id),
        findCreated: findCreated === undefined ? undefined : () => findCreated(ctx, inputs, lookup),
      });
      claimed.add(result.id);
      return result;
    },

    async read(id, props) {
      const parts = partsOf(id);
      const live = await declaration.read(context(), declaration.locate(parts, props));
      if (live === undefined) return {};
      const inputs = declaration.inputsFromLive(previousInputs(props), live, parts);
      return {
        id,
        props: { ...declaration.toOutputs(inputs, live) },
        inputs: { ...(inputs as PropertyBag) },
      };
    },

    async delete(id, props) {
      const parts = partsOf(id);
      await remove(context(), declaration.locate(parts, props), previousInputs(props));
    },
  };

  const update = declaration.update;
  if (update !== undefined) {
    provider.update = async (id, olds, news) => {
      const parts = partsOf(id);
      // The id says where the object is: an input that is part of it cannot have moved it (a change
      // of one replaces the resource).
      const inputs = { ...parse(news), ...pickInputParts(parts, properties) } as Inputs;
      const ctx = context();
      const live = await update(ctx, declaration.locate(parts, olds), inputs, olds);
      // The id comes back with the outputs: the engine keeps its own, and tests see where the update
      // addressed the object (SearchIndex by names).
      return settle(ctx, inputs, live, "update", false);
    };
  }
  if (findCreated !== undefined) {
    provider.findCreated = (bag, lookup) => findCreated(context(), parse(bag), lookup ?? {});
  }
  return provider;
}

/** The id parts that are inputs of the resource (not the object's own id, which is an output). */
function pickInputParts(parts: Record<string, string>, properties: PropertyTable): Record<string, string> {
  return Object.fromEntries(
    Object.entries(parts).filter(([name]) => {
      const rule = properties[name];
      return rule !== undefined && rule.effect !== "output";
    }),
  );
}

/** Declares an object resource (see the module comment). */
export function defineResource<Inputs, Where, Live, Part extends string = string>(
  declaration: ResourceDeclaration<Inputs, Where, Live, Part>,
): ResourceDefinition {
  return definition(declaration, declaration.kind ?? "object", (deps) => objectProvider(declaration, deps));
}

/**
 * The definition of a declared resource: its facts, and its provider made on first use (a provider
 * process loads the declarations of the types it serves; the generator reads the facts alone).
 */
export function definition<Inputs>(
  facts: ResourceFacts<Inputs>,
  kind: ResourceKind,
  build: (deps: ResourceDeps) => PlatformProvider,
): ResourceDefinition {
  let provider: PlatformProvider | undefined;
  return {
    kind,
    type: facts.type,
    summary: facts.summary,
    description: facts.description,
    inputs: facts.inputs as z.ZodType<unknown>,
    properties: facts.properties,
    idParts: facts.idParts,
    ...(facts.alternativeIdParts === undefined ? {} : { alternativeIdParts: facts.alternativeIdParts }),
    lifecycle: facts.lifecycle,
    ...(facts.secretWhen === undefined ? {} : { secretWhen: facts.secretWhen }),
    ...(facts.sdkAliases === undefined ? {} : { sdkAliases: facts.sdkAliases }),
    ...(facts.findsCreated === undefined ? {} : { findsCreated: facts.findsCreated }),
    ...(facts.sdkTypesFrom === undefined ? {} : { sdkTypesFrom: facts.sdkTypesFrom }),
    ...(facts.docNotes === undefined ? {} : { docNotes: facts.docNotes }),
    ...(facts.example === undefined ? {} : { example: facts.example }),
    ...(facts.updateWaits === undefined ? {} : { updateWaits: facts.updateWaits }),
    ...(facts.exported === undefined ? {} : { exported: facts.exported }),
    get provider() {
      provider ??= build({ client: platformClient });
      return provider;
    },
    providerWith: build,
  };
}
