/**
 * Singletons: resources whose object is "the one X of a project (or cluster)": the auditing
 * configuration, the custom DNS setting, the backup compliance policy, Peering-Only mode, a cluster's
 * backup schedule. The service has one whether or not a program manages it, so the life cycle is not
 * create/delete but adopt/restore ({@link SingletonDeclaration}); each resource declares only what
 * differs: its facts, how to converge, read and restore.
 */
import { createOrAdopt } from "./adoption";
import { checkAndDiff } from "./diff";
import { formatId, parseId } from "./ids";
import { deleteIfExists, readIfExists } from "./lifecycle";
import {
  definition,
  type FindsCreatedWords,
  type IdParts,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceDeps,
  type ResourceFacts,
} from "./resource";
import type { PlatformProvider, PropertyBag } from "./types";
import { parseInputs } from "./validation";

/** The id of a project singleton: the project alone. */
export const PROJECT_SINGLETON_ID_PARTS = ["groupId"] as const;

/** The live object as `read` reports it. */
export interface SingletonReadResult {
  outputs: object;
  inputs: PropertyBag;
}

/** The `importId` of a stored resource, when it was adopted with one. */
export function storedImportId(props: PropertyBag): string | undefined {
  return typeof props.importId === "string" ? props.importId : undefined;
}

/**
 * What a singleton declares: a resource whose object always exists, one per project (auditing,
 * custom DNS, the compliance policy, Peering-Only mode) or per cluster (the backup schedule). Its id is
 * made of inputs (`idParts`, each an input), so create finds it by them:
 *
 * - create adopts the object (with or without `importId`) and converges it to the inputs;
 * - read returns the live object as outputs and as inputs;
 * - update converges again (compared with the live object, so a change made out of band is converged
 *   too);
 * - delete gives the object back what it has without the resource (the service's defaults), or says
 *   why it does not.
 */
export interface SingletonDeclaration<Inputs, Part extends string> extends ResourceFacts<Inputs> {
  idParts: readonly Part[];
  /** The object in words, for errors and progress: "custom DNS setting of project 5f1a...". */
  describe(parts: IdParts<Part>): string;
  /** Brings the object to the inputs; returns the outputs to store. */
  converge(context: ResourceContext, inputs: Inputs, phase: "create" | "update"): Promise<object>;
  /**
   * The live object as outputs and inputs; undefined (or a not-found error) when it is gone. `props`
   * are the stored outputs, for settings that are not part of the object (`importId`, `timeouts`...).
   */
  read(
    context: ResourceContext,
    parts: IdParts<Part>,
    props: PropertyBag,
  ): Promise<SingletonReadResult | undefined>;
  /** Gives the object back what it has without the resource. A not-found error means nothing to do. */
  restore(context: ResourceContext, parts: IdParts<Part>, props: PropertyBag): Promise<void>;
  /** A diff beyond the property table's. Default: the table's. */
  diff?: PlatformProvider["diff"];
}

/** What a singleton's `findCreated` (below) looks for: where it is. */
const SINGLETON_FINDS_CREATED: FindsCreatedWords = { identifies: "the project's or cluster's one object" };

/** Declares a singleton resource (see {@link SingletonDeclaration}). */
export function defineSingleton<Inputs, const Part extends string>(
  declaration: SingletonDeclaration<Inputs, Part>,
): ResourceDefinition {
  return definition(
    { ...declaration, findsCreated: declaration.findsCreated ?? SINGLETON_FINDS_CREATED },
    "singleton",
    (deps) => singletonProvider(declaration, deps),
  );
}

function singletonProvider<Inputs, Part extends string>(
  declaration: SingletonDeclaration<Inputs, Part>,
  deps: ResourceDeps,
): PlatformProvider {
  const parse = (bag: PropertyBag) => parseInputs(declaration.inputs, bag) as Inputs;
  const context = (): ResourceContext => ({ client: deps.client(), clock: deps.clock });
  const partsOf = (id: string) => parseId(id, declaration.idParts) as IdParts<Part>;
  /** The id parts of the inputs: the singleton's object is where they say. */
  const inputParts = (inputs: Inputs) =>
    Object.fromEntries(
      declaration.idParts.map((part) => [part, String((inputs as Record<string, unknown>)[part])]),
    ) as IdParts<Part>;
  const base = checkAndDiff(declaration.inputs, declaration.properties);

  return {
    check: base.check,
    diff: declaration.diff ?? base.diff,

    async create(bag) {
      const inputs = parse(bag);
      const ctx = context();
      const parts = inputParts(inputs);
      const id = formatId(declaration.idParts.map((part) => parts[part]));
      // The object always exists: with or without importId, create adopts it.
      const adoptAndConverge = async () => ({
        id,
        outs: { ...(await declaration.converge(ctx, inputs, "create")) },
      });
      return createOrAdopt({
        importId: (inputs as { importId?: string }).importId,
        partNames: declaration.idParts,
        describe: declaration.describe(parts),
        locatedBy: parts,
        create: adoptAndConverge,
        adopt: adoptAndConverge,
      });
    },

    async read(id, props) {
      const live = await readIfExists(() => declaration.read(context(), partsOf(id), props));
      if (live === undefined) return {};
      return { id, props: { ...live.outputs }, inputs: live.inputs };
    },

    async update(id, _olds, news) {
      // The id names the object; the inputs cannot move it (its parts replace on change).
      const inputs = { ...parse(news), ...partsOf(id) } as Inputs;
      const outs = await declaration.converge(context(), inputs, "update");
      return { outs: { ...outs } };
    },

    async delete(id, props) {
      const ctx = context();
      await deleteIfExists(() => declaration.restore(ctx, partsOf(id), props));
    },

    /** The natural key of a singleton is where it is: its object, while that exists. */
    async findCreated(bag) {
      const inputs = parse(bag);
      const parts = inputParts(inputs);
      const live = await readIfExists(() => declaration.read(context(), parts, bag));
      return live === undefined ? undefined : formatId(declaration.idParts.map((part) => parts[part]));
    },
  };
}
