/**
 * Adopting existing objects through the `importId` input.
 *
 * `pulumi import` and the `import:` resource option do not reach dynamic providers (their Read gets
 * no `__provider`), so every resource accepts an optional `importId` input in the one id format
 * (ids.ts). When it is set, `create` does not create: it reads the object that `importId` names and
 * converges it to the inputs (an update where needed), then returns it as the created object. After
 * that, `importId` has no further effect (classify it as "ignore-drift").
 */
import { z } from "zod";
import { hasErrorCode, mayHaveActed, sleep } from "../client";
import { AmbiguousCreateError } from "./findCreated";
import { describeIdFormat, idPartProblem, parseId } from "./ids";
import { containsUnknown } from "./validation";

/**
 * Zod schema of the `importId` input for a resource whose id has these parts (or, when given, the
 * alternative parts: an id of that many parts is read in that format); fails at `check` with the
 * expected format, e.g. "must look like <groupId>/<clusterName>/<indexId>".
 */
export function importIdSchema(
  partNames: readonly string[],
  alternative?: readonly string[],
): z.ZodType<string> {
  return z.string().superRefine((value, context) => {
    const parts = value.split("/");
    // A resource with a second id format (SearchIndex: by names) tells them apart by their part count.
    const names = alternative !== undefined && parts.length === alternative.length ? alternative : partNames;
    const format = describeIdFormat(names);
    if (parts.length !== names.length) {
      const formats = alternative === undefined ? format : `${format} or ${describeIdFormat(alternative)}`;
      context.addIssue({
        code: "custom",
        message: `must look like ${formats}; got ${JSON.stringify(value)}`,
      });
      return;
    }
    for (const [index, name] of names.entries()) {
      const problem = idPartProblem(name, parts[index] ?? "");
      if (problem !== undefined) {
        context.addIssue({ code: "custom", message: `must look like ${format}: ${problem}` });
        return;
      }
    }
  });
}

/**
 * The zod refinement that `importId` names the project of `groupId` (the id of a project singleton,
 * framework/singleton.ts, is `<groupId>`); skipped while either is unknown during preview, and for an
 * importId that is no project id at all ({@link importIdSchema} names its format).
 */
export function refineProjectImportId(
  inputs: { groupId: string; importId?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (inputs.importId === undefined || containsUnknown(inputs.importId) || containsUnknown(inputs.groupId))
    return;
  if (idPartProblem("groupId", inputs.importId) !== undefined) return;
  if (inputs.importId !== inputs.groupId) {
    ctx.addIssue({
      code: "custom",
      path: ["importId"],
      message: `importId must be <groupId>, the same project as groupId (${inputs.groupId}); got ${JSON.stringify(inputs.importId)}`,
    });
  }
}

/** What {@link createOrAdopt} needs from a resource. */
export interface AdoptionOptions<Names extends readonly string[], Result> {
  /** The `importId` input (absent: create). */
  importId: string | undefined;
  /** The parts of this resource's id, in order. */
  partNames: Names;
  /** The object in words for errors: "search index movies in demo-cluster". */
  describe: string;
  /**
   * Inputs that also appear in the id (`{ groupId, clusterName }`): they must agree with `importId`,
   * or the program and the adopted object would disagree about where the object lives.
   */
  locatedBy?: Partial<Record<Names[number], unknown>>;
  /** Creates the object (no `importId`). */
  create: () => Promise<Result>;
  /**
   * Reads the object at the parsed id and converges it to the inputs; returns undefined when no such
   * object exists.
   */
  adopt: (parts: Record<Names[number], string>, id: string) => Promise<Result | undefined>;
  /**
   * Finds the object this create would have made, by its natural key (the index name on its
   * collection, the cluster's search nodes, an alert configuration whose content equals the inputs...);
   * the id of the object, or undefined when there is none. Given, a create whose POST may have acted
   * ({@link mayHaveActed}) looks the object up before failing and continues with it (see
   * {@link createOrFind}); `pulumi-cluster-platform recover` uses the same function for the pending
   * creates of an interrupted run.
   */
  findCreated?: (() => Promise<string | undefined>) | undefined;
}

/** How many times a create is sent when each POST may have acted and the lookup found nothing. */
export const CREATE_ATTEMPTS = 4;

/** The pause before sending a create again, growing with each attempt (the fault may be brief). */
const RESEND_DELAY_MS = 500;

/**
 * Runs `create`; when it fails in a way that may have created the object (a POST answered 5xx, lost
 * its connection or timed out: the client does not repeat such a POST), looks the object up by its
 * natural key. Found: continues with it through `adopt` (never a duplicate). Not found: the POST did
 * not act, so it is sent again, up to {@link CREATE_ATTEMPTS} times in all. Any other failure, or a
 * resource without `findCreated`, fails as before.
 */
export async function createOrFind<const Names extends readonly string[], Result>(
  options: Pick<AdoptionOptions<Names, Result>, "partNames" | "create" | "adopt" | "findCreated">,
): Promise<Result> {
  const findCreated = options.findCreated;
  for (let attempt = 1; ; attempt++) {
    try {
      return await options.create();
    } catch (error) {
      if (findCreated === undefined || !mayHaveActed(error)) throw error;
      let existingId: string | undefined;
      try {
        existingId = await findCreated();
      } catch (lookupError) {
        // More than one object fits: resending would make another, taking one may take the wrong one.
        if (lookupError instanceof AmbiguousCreateError)
          throw new Error(
            `${error instanceof Error ? error.message : String(error)} Looking it up to see whether it was created: ${lookupError.message}`,
          );
        const why = lookupError instanceof Error ? lookupError.message : String(lookupError);
        throw new Error(
          `${error instanceof Error ? error.message : String(error)} Looking the object up to see whether it was created failed too (${why}); run pulumi up again: it looks again before creating.`,
        );
      }
      if (existingId !== undefined) {
        const adopted = await options.adopt(parseId(existingId, options.partNames), existingId);
        if (adopted !== undefined) return adopted;
      }
      if (attempt >= CREATE_ATTEMPTS) throw error;
      await sleep(RESEND_DELAY_MS * attempt);
    }
  }
}

/**
 * `create` with adoption: without `importId`, calls `create`; with it, validates it (format, and
 * agreement with the inputs in `locatedBy`), then calls `adopt`.
 *
 * @throws Error when importId is malformed, disagrees with the inputs, or names no existing object
 */
export async function createOrAdopt<const Names extends readonly string[], Result>(
  options: AdoptionOptions<Names, Result>,
): Promise<Result> {
  if (options.importId === undefined || options.importId === "") return createOrFind(options);
  const parts = parseId(options.importId, options.partNames, "importId");
  for (const [name, input] of Object.entries(options.locatedBy ?? {})) {
    const fromId = (parts as Record<string, string>)[name];
    if (input !== undefined && fromId !== undefined && input !== fromId) {
      throw new Error(
        `importId ${JSON.stringify(options.importId)} names ${name} ${JSON.stringify(fromId)}, but the ${name} ` +
          `input is ${JSON.stringify(input)}; make them agree`,
      );
    }
  }
  const adopted = await options.adopt(parts, options.importId);
  if (adopted === undefined) {
    throw new Error(
      `importId ${JSON.stringify(options.importId)} names no existing ${options.describe}; ` +
        "fix importId, or remove it to create a new one",
    );
  }
  return adopted;
}

/**
 * The hint of an "already exists" error: how to manage the existing object with this resource.
 * `existingId` is the object's id when it could be found; else the hint gives the id's format.
 * `what` names the object in the sentence ("it", "the existing search nodes").
 */
export function importIdHint(
  existingId: string | undefined,
  partNames: readonly string[],
  what = "it",
): string {
  return existingId === undefined
    ? `set importId to its id (${describeIdFormat(partNames)}) to manage ${what} with this resource`
    : `set importId: "${existingId}" to manage ${what} with this resource`;
}

/**
 * The end of an "already exists" error: the object may be one an interrupted run of this stack made
 * (a pending create in the stack's state, which the provider cannot see), and then one command
 * adopts it (docs/cli.md, `recover`).
 */
export const RECOVER_HINT =
  "if an interrupted pulumi command of this stack created it (`pulumi stack export` lists it under " +
  "pending_operations), run `npx pulumi-cluster-platform recover --stack <stack>` to adopt it into the stack, then pulumi up";

/**
 * Whether a create was refused because the object already exists: the API's error code for that
 * (`errorCode`), or any 409 Conflict (the spec gives some creates no code of their own).
 */
export function isAlreadyExists(error: unknown, errorCode: string): boolean {
  return hasErrorCode(error, errorCode) || (error as { status?: unknown } | null)?.status === 409;
}

/**
 * Adoption converges what can change in place only: an importId naming an object whose identity
 * (fields that replace on change: a name, a namespace) differs from the inputs is an error, raised
 * before any change is made. `identity` lists [field, the inputs' value, the live value]; a live
 * value the service does not show (undefined) is not a mismatch.
 *
 * @throws Error listing every mismatch and how to resolve it
 */
export function assertAdoptedIdentity(
  importId: string | undefined,
  what: string,
  identity: ReadonlyArray<readonly [field: string, want: string, got: string | undefined]>,
): void {
  const mismatches = identity
    .filter(([, want, got]) => got !== undefined && got !== want)
    .map(([field, want, got]) => `${field} is ${JSON.stringify(got)} (inputs say ${JSON.stringify(want)})`);
  if (mismatches.length > 0) {
    throw new Error(
      `importId ${JSON.stringify(importId)} names a ${what} whose ${mismatches.join(", ")}; ` +
        "these fields cannot change in place: make the inputs match the existing index, or remove importId to create a new one",
    );
  }
}
