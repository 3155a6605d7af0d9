/**
 * Operation coverage of the contract check (docs/contract-check.md, "Coverage"): which operations of
 * the vendored contract the recorded traffic exercised, how many exchanges each, which request body
 * variants (variants.ts), and what a tier's run is held to:
 *
 * - the committed list (coverage-by-tier.json, written by `--write-coverage` from a run of that
 *   tier) names what each tier exercised; a run that no longer exercises one of its entries fails,
 *   naming it;
 * - every operation the client uses (the table of api/versions.ts, which
 *   tests/api/operationCoverage.test.ts holds to the client's methods) must be exercised by a request
 *   of our client.
 *
 * An operation or variant counts as exercised only by requests of our client (their requests are
 * validated too); exchanges tests craft by hand are counted but exercise nothing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { LEGACY_OPERATIONS, OPERATION_VERSIONS } from "../../../api/versions";
import type { ContractOracle } from "./oracle";

export const TIERS = ["quick", "all"] as const;
export type Tier = (typeof TIERS)[number];

/** What each tier names: `npm test`'s traffic (quick) and `npm run test:all`'s (all). */
export const TIER_RUNS: Record<Tier, string> = { quick: "npm test", all: "npm run test:all" };

export const COVERAGE_FILE = join(__dirname, "coverage-by-tier.json");
/** How the check names the committed list in its output. */
export const COVERAGE_FILE_NAME = "scripts/lib/contract/coverage-by-tier.json";

const ROOT = join(__dirname, "..", "..", "..");

/** The command that writes a tier's entry of coverage-by-tier.json from the run's traffic folder. */
export function writeCommand(tier: Tier, trafficDir: string): string {
  const fromRoot = relative(ROOT, trafficDir);
  const shown = fromRoot.startsWith("..") || isAbsolute(fromRoot) ? trafficDir : fromRoot;
  return `ts-node --transpile-only scripts/contract-check.ts ${shown} --tier ${tier} --write-coverage`;
}

export interface OperationCoverage {
  /** Every exchange matched to the operation, hand-made ones included. */
  exchanges: number;
  /** The requests of our client among them. */
  clientRequests: number;
  /** Variant -> requests of our client whose body is that variant. */
  variants: Map<string, number>;
}

/** Operation label (`operationId (#n)`) -> what the traffic did with it. */
export type Coverage = Map<string, OperationCoverage>;

export function countExchange(
  coverage: Coverage,
  operation: string,
  fromClient: boolean,
  variants: readonly string[],
): void {
  let entry = coverage.get(operation);
  if (!entry) {
    entry = { exchanges: 0, clientRequests: 0, variants: new Map() };
    coverage.set(operation, entry);
  }
  entry.exchanges += 1;
  if (!fromClient) return;
  entry.clientRequests += 1;
  for (const variant of variants) entry.variants.set(variant, (entry.variants.get(variant) ?? 0) + 1);
}

/** How a variant is named in the committed list and in failures: `operation [variant]`. */
export function variantKey(operation: string, variant: string): string {
  return `${operation} [${variant}]`;
}

/** The sorted entries a run exercised: operations, then `operation [variant]`, by requests of our client. */
export function exercisedEntries(coverage: Coverage): string[] {
  const entries: string[] = [];
  for (const [operation, entry] of coverage) {
    if (entry.clientRequests === 0) continue;
    entries.push(operation);
    for (const variant of entry.variants.keys()) entries.push(variantKey(operation, variant));
  }
  return entries.sort();
}

/**
 * The contract labels of the operations the client uses: every operation of api/versions.ts (v2 and
 * legacy v1.0), found in the contract by method and path template. Throws, naming it, for an operation
 * the contract does not declare (the client and the contract disagree: tests/api/versions.test.ts).
 */
export function clientOperations(oracle: ContractOracle): string[] {
  const wanted = [
    ...Object.entries(OPERATION_VERSIONS).map(([id, op]) => ({ id, ...op, root: "/api/platform/v2" })),
    ...Object.entries(LEGACY_OPERATIONS).map(([id, op]) => ({ id, ...op, root: "/api/platform/v1.0" })),
  ];
  return wanted
    .map(({ id, method, path, root }) => {
      const found = oracle.operations.find(
        (operation) => operation.method === method && operation.template === `${root}${path}`,
      );
      if (!found) throw new Error(`operation ${id} (${method} ${root}${path}) is not in the contract`);
      return found.label;
    })
    .sort();
}

/** The committed list: per tier, the entries its run exercised. */
export interface CoverageBaseline {
  about: string;
  quick: string[];
  all: string[];
}

export function readBaseline(file = COVERAGE_FILE): CoverageBaseline {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<CoverageBaseline>;
  for (const tier of TIERS) {
    const list = parsed[tier];
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === "string"))
      throw new Error(`${file}: "${tier}" must be a list of operation names`);
  }
  return parsed as CoverageBaseline;
}

/**
 * The baseline as written: one entry a line, which is also how biome formats a list longer than a line
 * (every tier's list is: it names at least the 84 operations).
 */
export function renderBaseline(baseline: CoverageBaseline): string {
  const list = (entries: readonly string[]) =>
    entries.length === 0
      ? "[]"
      : `[\n${entries.map((entry) => `    ${JSON.stringify(entry)}`).join(",\n")}\n  ]`;
  return `{\n  "about": ${JSON.stringify(baseline.about)},\n${TIERS.map((tier) => `  "${tier}": ${list(baseline[tier])}`).join(",\n")}\n}\n`;
}

export const BASELINE_ABOUT =
  "What each tier's traffic exercised (operations and request body variants, by requests of our client); the contract check fails when a tier no longer exercises an entry. Written by scripts/contract-check.ts --tier <quick|all> --write-coverage from that tier's run (docs/contract-check.md, Coverage); do not edit by hand.";

/** Writes one tier's entry of coverage-by-tier.json, keeping the other's. */
export function writeBaseline(tier: Tier, entries: readonly string[], file = COVERAGE_FILE): void {
  let baseline: CoverageBaseline;
  try {
    baseline = readBaseline(file);
  } catch {
    baseline = { about: BASELINE_ABOUT, quick: [], all: [] };
  }
  writeFileSync(file, renderBaseline({ ...baseline, about: BASELINE_ABOUT, [tier]: [...entries].sort() }));
}

export interface CoverageVerdict {
  /** Entries the tier's committed list names that this run did not exercise. */
  lost: string[];
  /** Operations the client uses that no request of our client exercised. */
  clientUnexercised: string[];
  /** Entries exercised now that the committed list does not name yet. */
  gained: string[];
}

export function judgeCoverage(
  exercised: readonly string[],
  committed: readonly string[],
  usedByClient: readonly string[],
): CoverageVerdict {
  const now = new Set(exercised);
  const before = new Set(committed);
  return {
    lost: committed.filter((entry) => !now.has(entry)),
    clientUnexercised: usedByClient.filter((operation) => !now.has(operation)),
    gained: exercised.filter((entry) => !before.has(entry)),
  };
}

/** The per-operation lines: every operation the client uses or the traffic reached, sorted. */
export function formatCoverage(coverage: Coverage, usedByClient: readonly string[]): string[] {
  const used = new Set(usedByClient);
  const operations = [...new Set([...usedByClient, ...coverage.keys()])].sort();
  const exercised = usedByClient.filter((operation) => (coverage.get(operation)?.clientRequests ?? 0) > 0);
  let variants = 0;
  for (const entry of coverage.values()) variants += entry.variants.size;
  const lines = [
    `[contract] coverage: ${exercised.length} of ${usedByClient.length} operations the client uses exercised by requests of our client; ${variants} request body variants`,
  ];
  for (const operation of operations) {
    const entry = coverage.get(operation);
    const counts =
      entry === undefined || entry.clientRequests === 0
        ? `NOT EXERCISED by our client (${entry?.exchanges ?? 0} hand-made exchanges)`
        : `${entry.exchanges} exchanges, ${entry.clientRequests} from our client`;
    const variantList = [...(entry?.variants ?? new Map<string, number>())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([variant, count]) => `${variant} ${count}`)
      .join(", ");
    lines.push(
      `[contract]   ${operation}: ${counts}${variantList === "" ? "" : `; variants: ${variantList}`}${used.has(operation) ? "" : " (not an operation the client uses)"}`,
    );
  }
  return lines;
}
