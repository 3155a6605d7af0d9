/**
 * The listing `stacks` prints for a CI job matrix (docs/cli.md, "Past one machine"): every stack of
 * the folders, each with its folder and its slice, and the slice numbers to fan out over. A job of
 * the matrix checks its slice (`drift --stacks-from <listing> --slice <n>`), and `merge` puts the
 * slices' reports together, reporting any listed stack no slice reported. The listing is made once,
 * by one job: the slices are cut from the same list, so a stack created meanwhile is in no slice
 * rather than in two.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { CliError } from "../engine";
import { compareRefs, type StackRef } from "./fleet";

export const STACK_LISTING_VERSION = 1;

export interface ListedStack extends StackRef {
  /** The project's folder as it was given to `stacks` (relative to where the jobs run). */
  cwd: string;
  slice: number;
}

export interface StackListing {
  version: typeof STACK_LISTING_VERSION;
  /** The slice numbers, 1 to the number of slices: a matrix's values. */
  slices: number[];
  /** Sorted by project, then stack: the order of the reports. */
  stacks: ListedStack[];
}

/**
 * The listing of these stacks cut into `slices` slices (fewer when there are fewer stacks): runs of
 * consecutive stacks in report order, their sizes differing by one at most, so a slice holds the
 * stacks of few folders and its job installs few projects.
 */
export function stackListing(
  stacks: ReadonlyArray<StackRef & { cwd: string }>,
  slices: number,
): StackListing {
  const sorted = [...stacks].sort(compareRefs);
  const count = Math.min(slices, sorted.length);
  const listed = sorted.map((stack, index) => ({
    project: stack.project,
    stack: stack.stack,
    cwd: stack.cwd,
    // Slice k (from 0) holds indexes [floor(k * n / count), floor((k + 1) * n / count)).
    slice: Math.floor((index * count) / sorted.length) + 1,
  }));
  return {
    version: STACK_LISTING_VERSION,
    slices: Array.from({ length: count }, (_, index) => index + 1),
    stacks: listed,
  };
}

/** What drift and merge rely on in a listing's file (any other field is left as it is). */
const LISTING_SHAPE = z.looseObject({
  version: z.literal(STACK_LISTING_VERSION),
  slices: z.array(z.unknown()),
  stacks: z.array(z.looseObject({ project: z.string(), stack: z.string(), cwd: z.string(), slice: z.int() })),
});

/** A listing read from its file, checked for what drift and merge rely on. */
export function readStackListing(file: string): StackListing {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new CliError(`--stacks-from ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!LISTING_SHAPE.safeParse(value).success) {
    throw new CliError(
      `--stacks-from ${file} is not a listing of version ${STACK_LISTING_VERSION} (pulumi-cluster-platform stacks)`,
    );
  }
  return value as StackListing;
}

/** The listed stacks of slice `slice`, or all of them. */
export function sliceOfListing(
  listing: StackListing,
  slice: number | undefined,
  file: string,
): ListedStack[] {
  if (slice === undefined) return listing.stacks;
  if (!listing.slices.includes(slice)) {
    throw new CliError(`--slice ${slice}: ${file} has slices ${listing.slices.join(", ") || "(none)"}`);
  }
  return listing.stacks.filter((stack) => stack.slice === slice);
}
