/**
 * Finding again what a create made, when whether it acted is unknown: a create whose POST answered
 * 5xx or lost its connection (adoption.ts createOrFind), or a pending create an interrupted `pulumi
 * up` left in the stack's state (`pulumi-cluster-platform recover`, provider/cli/recover/recover.ts).
 *
 * A resource whose object has a unique name finds it by that name. A resource without one (a
 * snapshot, a restore or export job, a role) matches what the service records: the parameters the
 * create sent, a creation time at or after the create began, and no object another resource of the
 * stack holds. The rules of that match are here, once ({@link pickCreated}); each resource says only
 * which objects to list, which of them fit its inputs, and which of its fields the service dates.
 *
 * The contract of every finder: the id of the one object that fits; undefined only when no object
 * that fits exists (nothing was made); {@link AmbiguousCreateError} when more than one fits, naming
 * them, so that a person decides (neither a second object nor the wrong one is taken).
 */

/** What a finder knows beyond the inputs. */
export interface CreatedLookup {
  /** Ids other resources of the stack hold (or this provider process made): never an answer. */
  taken?: ReadonlySet<string> | undefined;
  /**
   * A time at or before the create was sent: an object the service dates earlier is not the one it
   * made. Undefined: any time (recover of a stack without a finished update).
   */
  since?: Date | undefined;
}

/**
 * How far the service's clock may be behind the machine that compares its dates with `since`: an
 * object dated within this much before `since` is still a candidate (one more candidate is an
 * ambiguity a person resolves; one missed would be created a second time).
 */
export const CLOCK_SKEW_ALLOWANCE_MS = 120_000;

/**
 * What a create whose outcome is unknown made cannot be told from what the service holds: more than
 * one object fits (`candidates` are their ids), or the service cannot list such objects at all
 * (`candidates` empty, {@link cannotTell}). A person decides.
 */
export class AmbiguousCreateError extends Error {
  readonly candidates: readonly string[];
  constructor(what: string, candidates: readonly string[], message?: string) {
    super(
      message ??
        `more than one ${what} fits what this create sent (${candidates.join(", ")}), so none was taken: ` +
          "if one of them is the one this resource made, set importId to its id to adopt it; " +
          "otherwise delete the ones you do not want, then run the command again",
    );
    this.name = "AmbiguousCreateError";
    this.candidates = candidates;
  }
}

/**
 * The finder of a resource whose objects the service cannot list: whether the create made one
 * cannot be told, so neither adopt nor clear. `check` says where a person sees it.
 *
 * @throws AmbiguousCreateError always, with no candidates
 */
export function cannotTell(what: string, check: string): never {
  throw new AmbiguousCreateError(
    what,
    [],
    `whether this create made a ${what} cannot be told from what the service holds (it lists none); ` +
      `${check}: if it did, set importId to its id to adopt it; if not, run pulumi up to create it`,
  );
}

/** How a resource matches the objects it lists against what its create sent. */
export interface CreatedMatch<T> {
  /** The object in words, plural-free ("restore job of cluster demo"), for the ambiguity error. */
  what: string;
  /** The resource id of an object. */
  idOf: (object: T) => string;
  /** Whether the object has the parameters the create sent (and is of the kind it makes). */
  fits: (object: T) => boolean;
  /** When the service says the object was created (ISO 8601), where its contract has such a field. */
  createdAt?: (object: T) => string | undefined;
  /**
   * When the object ended (a job's finishedAt), for an object whose contract has no creation time:
   * one that ended before `since` began before it too.
   */
  endedAt?: (object: T) => string | undefined;
}

/** Whether the object may have been made at or after `since` (an undated object may have been). */
function mayBeNewer<T>(object: T, match: CreatedMatch<T>, since: Date | undefined): boolean {
  if (since === undefined) return true;
  const floor = since.getTime() - CLOCK_SKEW_ALLOWANCE_MS;
  for (const date of [match.createdAt?.(object), match.endedAt?.(object)]) {
    if (date === undefined) continue;
    const ms = Date.parse(date);
    if (Number.isFinite(ms)) return ms >= floor;
  }
  return true;
}

/**
 * The id of the one object of `objects` a create with these parameters may have made (see the
 * module comment); undefined when none fits.
 *
 * @throws AmbiguousCreateError when more than one fits
 */
export function pickCreated<T>(
  objects: Iterable<T>,
  match: CreatedMatch<T>,
  lookup: CreatedLookup = {},
): string | undefined {
  const candidates: string[] = [];
  for (const object of objects) {
    const id = match.idOf(object);
    if (lookup.taken?.has(id) === true || candidates.includes(id)) continue;
    if (match.fits(object) && mayBeNewer(object, match, lookup.since)) candidates.push(id);
  }
  if (candidates.length > 1) throw new AmbiguousCreateError(match.what, candidates);
  return candidates[0];
}

/** Whether two optional values are the same (undefined and null are one: "not given"). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === undefined || a === null) return b === undefined || b === null;
  return JSON.stringify(a) === JSON.stringify(b);
}
