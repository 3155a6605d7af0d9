/**
 * The contract check as a function (scripts/contract-check.ts parses the command line and prints):
 * the oracle over a traffic folder, the divergences, the allow-list's stale entries and the operation
 * coverage, judged for a tier (docs/contract-check.md).
 */
import { existsSync } from "node:fs";
import { ALLOW_LIST, type AllowListEntry } from "./allow-list";
import {
  COVERAGE_FILE,
  COVERAGE_FILE_NAME,
  clientOperations,
  exercisedEntries,
  formatCoverage,
  judgeCoverage,
  readBaseline,
  TIER_RUNS,
  TIERS,
  type Tier,
  writeBaseline,
  writeCommand,
} from "./coverage";
import { ContractOracle } from "./oracle";
import { buildReport, describeEntry, formatGroup, formatReport, readTraffic } from "./report";

export interface CheckOptions {
  /** The traffic folder (traffic-*.jsonl). */
  dir: string;
  /**
   * The run the traffic is of. Without one (a partial run, one jest project) coverage and stale
   * entries are printed and fail nothing.
   */
  tier: Tier | undefined;
  /** Record what this run exercised as the tier's committed list (needs a tier). */
  writeCoverage: boolean;
  /** Also print the allowed divergence groups. */
  showAll: boolean;
  coverageFile?: string;
  allowList?: readonly AllowListEntry[];
  oracle?: ContractOracle;
  /** The operations the client uses (default: clientOperations of the oracle). */
  usedByClient?: readonly string[];
}

/**
 * The command line: `[traffic-folder] [--tier quick|all] [--write-coverage] [--all]`; the folder
 * defaults to `fallbackDir`. An error names the argument.
 */
export function parseCheckArguments(
  args: readonly string[],
  fallbackDir: string,
): { ok: true; options: CheckOptions } | { ok: false; message: string } {
  let dir: string | undefined;
  let tier: Tier | undefined;
  let writeCoverage = false;
  let showAll = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === "--all") showAll = true;
    else if (arg === "--write-coverage") writeCoverage = true;
    else if (arg === "--tier") {
      index += 1;
      const value = args[index];
      if (!TIERS.includes(value as Tier))
        return { ok: false, message: `--tier takes ${TIERS.join(" or ")}, got ${value ?? "nothing"}` };
      tier = value as Tier;
    } else if (arg.startsWith("--")) return { ok: false, message: `unknown option ${arg}` };
    else if (dir === undefined) dir = arg;
    else return { ok: false, message: `one traffic folder only, got ${dir} and ${arg}` };
  }
  if (writeCoverage && tier === undefined)
    return { ok: false, message: "--write-coverage needs --tier quick or --tier all" };
  return { ok: true, options: { dir: dir ?? fallbackDir, tier, writeCoverage, showAll } };
}

export interface CheckResult {
  lines: string[];
  /** 0 passed, 1 failed, 2 no traffic to check. */
  exitCode: 0 | 1 | 2;
}

export function runCheck(options: CheckOptions): CheckResult {
  const { dir, tier } = options;
  const coverageFile = options.coverageFile ?? COVERAGE_FILE;
  const coverageFileName = coverageFile === COVERAGE_FILE ? COVERAGE_FILE_NAME : coverageFile;
  if (!existsSync(dir)) {
    return {
      lines: [
        `[contract] no traffic folder ${dir}: run the jest suites with PLATFORM_CONTRACT_TRAFFIC_DIR set`,
      ],
      exitCode: 2,
    };
  }
  const exchanges = readTraffic(dir);
  if (exchanges.length === 0)
    return { lines: [`[contract] ${dir} holds no recorded exchanges`], exitCode: 2 };

  const oracle = options.oracle ?? new ContractOracle();
  const report = buildReport(oracle, exchanges, options.allowList ?? ALLOW_LIST);
  const lines = formatReport(report).split("\n");
  let failures = report.groups.filter((group) => !group.allowedBy).length;
  if (options.showAll) {
    lines.push("[contract] allowed divergence groups:");
    for (const group of report.groups.filter((g) => g.allowedBy))
      lines.push(...formatGroup(group), `    allowed: ${group.allowedBy?.reason}`);
  }

  // An entry no run needs any more is removed. Only the full run sees every exchange: in the quick
  // tier (no e2e traffic) or a partial run, an entry may be needed by traffic that run did not make.
  for (const entry of report.staleEntries) {
    if (tier === "all") {
      lines.push(
        `[contract] FAIL allow-list entry matched nothing in the full run (remove it): ${describeEntry(entry)}`,
      );
      failures += 1;
    } else {
      lines.push(
        `[contract] allow-list entry matched nothing in this run (the full run fails on it if it matches nothing there either): ${describeEntry(entry)}`,
      );
    }
  }

  const usedByClient = options.usedByClient ?? clientOperations(oracle);
  lines.push(...formatCoverage(report.coverage, usedByClient));
  if (tier !== undefined) {
    const exercised = exercisedEntries(report.coverage);
    if (options.writeCoverage) {
      writeBaseline(tier, exercised, coverageFile);
      lines.push(
        `[contract] wrote the ${tier} tier's ${exercised.length} exercised entries to ${coverageFileName}`,
      );
    }
    const verdict = judgeCoverage(exercised, readBaseline(coverageFile)[tier], usedByClient);
    for (const entry of verdict.lost) {
      lines.push(
        `[contract] FAIL coverage: the ${tier} tier (${TIER_RUNS[tier]}) no longer exercises ${entry}, which it did (${coverageFileName}); exercise it again, or if it is gone on purpose, record the run with \`${writeCommand(tier, dir)}\``,
      );
    }
    for (const operation of verdict.clientUnexercised) {
      lines.push(
        `[contract] FAIL coverage: the client uses ${operation} but no request of our client to it is in the ${tier} tier's traffic`,
      );
    }
    failures += verdict.lost.length + verdict.clientUnexercised.length;
    if (verdict.gained.length > 0) {
      lines.push(
        `[contract] the ${tier} tier now exercises ${verdict.gained.length} entries its committed list does not name (${verdict.gained.join(", ")}); record them with \`${writeCommand(tier, dir)}\``,
      );
    }
  }
  return { lines, exitCode: failures > 0 ? 1 : 0 };
}
