#!/usr/bin/env node
/**
 * pulumi-cluster-platform: the package's command-line tool (docs/cli.md). `drift` reports what
 * changed outside Pulumi and what the program would change, for a CI job or a pull request, on one
 * stack or many (fleetRun.ts); `compare` shows how two stacks' live configuration differs beyond
 * per-environment config, or where it stops following it along a chain; `stacks` lists stacks for a
 * CI job matrix and `merge` puts its slices' reports together (stackListing.ts, fleet.ts);
 * `export` writes a program that adopts every object of a live project.
 * `recover` resolves what an interrupted run left in a stack's state (recover.ts).
 * `migrate` moves a stack from the dynamic form to the native plugin, state only (migrate.ts).
 *
 * Exit codes: 0 nothing to report, 2 findings (per --fail-on), 1 error (its cause on one line; over
 * many stacks, when none could be checked or --fail-on asks for errors).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { platformClient, setConfigValues } from "../framework/settings";
import { lookupResource } from "../runtime";
import { compareChain, compareLive, liveResources } from "./compare/compare";
import { renderChainText, renderCompareText } from "./compare/render";
import { driftReport, exitCodeOf } from "./drift/drift";
import {
  type FleetFailOn,
  type FleetReport,
  fleetExitCode,
  mergeFleetReports,
  type NamedReport,
  readFleetReport,
  stackLabel,
} from "./drift/fleet";
import { driftFleet, FleetSession, readLiveStacks } from "./drift/fleetRun";
import {
  fleetSummaryLine,
  renderFleetMarkdown,
  renderFleetText,
  renderMarkdown,
  renderText,
  stackSummaryLine,
} from "./drift/render";
import { readStackListing, stackListing } from "./drift/stackListing";
import { CliError, openStack, type Progress, programPreview, refreshPreview } from "./engine";
import { checkExportOptions, connectionSettings, type ExportOptions, exportProject } from "./export/export";
import { migrateStack, renderMigration } from "./migrate/migrate";
import {
  type CommandOptions,
  type CompareOptions,
  commandOptions,
  type DriftOptions,
  type FleetDriftOptions,
  type MergeOptions,
  type MigrateOptions,
  type RecoverOptions,
  type ReportOutput,
  type StacksOptions,
  USAGE,
} from "./options";
import {
  configureFromStack,
  type FindCreated,
  needsDecision,
  recoverStack,
  renderRecovery,
  repairFileCheckpoint,
} from "./recover/recover";

const progress: Progress = (line) => process.stderr.write(`${line}\n`);

async function drift(options: DriftOptions): Promise<number> {
  const stack = await openStack(options.stack, options.cwd, { select: false });
  progress(`Reading the live state of stack ${stack.name} (refresh preview, nothing is written)`);
  const refresh = await refreshPreview(stack, progress);
  progress(`Comparing the program with the state of stack ${stack.name} (preview)`);
  const preview = await programPreview(stack, progress, options.policy);
  const report = driftReport(stack.name, refresh, preview);
  printReport(report, options, renderText, renderMarkdown);
  const code = exitCodeOf(report, options.failOn);
  progress(`${stackSummaryLine(report)} (exit ${code})`);
  return code;
}

/**
 * Prints a report on stdout: its JSON with --json, else `text`; with --markdown (and a `markdown`
 * form), writes that to the file first.
 */
function printReport<R>(
  report: R,
  options: { json: boolean; markdown?: string | undefined },
  text: (report: R) => string,
  markdown?: (report: R) => string,
): void {
  if (options.markdown !== undefined && markdown !== undefined) {
    writeFileSync(options.markdown, markdown(report));
    progress(`Wrote the markdown report to ${options.markdown}`);
  }
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : text(report));
}

/** Prints a report over many stacks (drift over several, merge): stdout, markdown, exit code. */
function fleetOutput(report: FleetReport, options: ReportOutput<FleetFailOn>): number {
  printReport(report, options, renderFleetText, renderFleetMarkdown);
  const code = fleetExitCode(report, options.failOn);
  progress(`${fleetSummaryLine(report)} (exit ${code})`);
  return code;
}

/** drift over several stacks (docs/cli.md, "Many stacks"): the report of all of them, on stdout. */
async function driftFleetCommand(options: FleetDriftOptions): Promise<number> {
  const report = await driftFleet(options.selection, {
    concurrency: options.concurrency,
    progress,
    policy: options.policy,
  });
  return fleetOutput(report, options);
}

/** The listing of the stacks for a CI job matrix, on stdout; every named stack must be there. */
async function stacksCommand(options: StacksOptions): Promise<number> {
  const session = await FleetSession.start();
  const { targets, failed } = await session.targetsOf(options.selection);
  const firstFailure = failed[0];
  if (firstFailure !== undefined) throw new CliError(`${stackLabel(firstFailure)}: ${firstFailure.error}`);
  const listing = stackListing(
    targets.map((target) => ({ project: target.project, stack: target.stack, cwd: target.folder.dir })),
    options.slices,
  );
  process.stdout.write(`${JSON.stringify(listing, null, 2)}\n`);
  progress(`${listing.stacks.length} stacks in ${listing.slices.length} slices`);
  return 0;
}

/** The slices' reports as one (docs/cli.md, "Past one machine"). */
async function merge(options: MergeOptions): Promise<number> {
  const parts: NamedReport[] = [];
  for (const file of options.reports) {
    try {
      parts.push({ name: file, report: readFleetReport(file) });
    } catch (error) {
      // A slice's job that died leaves no file or a broken one: with the listing, its stacks are
      // reported (as not checked); without it, nothing would say which stacks are missing.
      if (options.stacksFrom === undefined || !(error instanceof CliError)) throw error;
      progress(`${error.message}; its stacks are reported as not checked`);
    }
  }
  const expected = options.stacksFrom === undefined ? undefined : readStackListing(options.stacksFrom).stacks;
  return fleetOutput(mergeFleetReports(parts, expected), options);
}

/**
 * Exit 0 when the stacks differ only in per-environment config, 2 when anything else differs (along
 * a chain: between any two neighbours).
 */
async function compare(options: CompareOptions): Promise<number> {
  const stacks = await readLiveStacks(options.cwd, options.stacks, {
    concurrency: options.concurrency,
    progress,
  });
  const names = stacks.map((stack) => stack.name);
  const live = stacks.map((stack) => liveResources(stack.refresh));
  const configs = stacks.map((stack) => stack.config);
  if (stacks.length > 2) {
    const report = compareChain(names, live, configs);
    printReport(report, options, renderChainText);
    return report.summary.differingResources === 0 ? 0 : 2;
  }
  const pair = <T>(items: T[]) => [items[0], items[1]] as [T, T];
  const report = compareLive(pair(names), pair(live), pair(configs));
  printReport(report, options, renderCompareText);
  return report.summary.differingResources === 0 ? 0 : 2;
}

/** Exit 0 when the program was written. Connection: the options, else PLATFORM_* variables. */
async function exportCommand(options: ExportOptions): Promise<number> {
  checkExportOptions(options);
  setConfigValues(connectionSettings(options, process.env));
  const client = platformClient();
  try {
    await exportProject(options, { client, provider: lookupResource, progress });
  } finally {
    await client.close();
  }
  return 0;
}

/** Finds an object by the natural key of its resource type (the same lookup create uses). */
const findCreated: FindCreated = async (typeName, inputs, lookup) => {
  const implementation = lookupResource(typeName);
  if (implementation.findCreated === undefined) return "no-natural-key";
  return implementation.findCreated(inputs, lookup);
};

/** Exit 0 when the stack is ready for pulumi up (whether or not there was anything to do). */
async function recover(options: RecoverOptions): Promise<number> {
  const stack = await openStack(options.stack, options.cwd, {
    select: true,
    repair: { mend: repairFileCheckpoint, progress },
  });
  await configureFromStack(stack);
  const report = await recoverStack(stack, findCreated, progress);
  printReport(report, options, renderRecovery);
  // An undecided pending create stays in the state: the next up would make another object.
  return needsDecision(report) ? 1 : 0;
}

/** Exit 0 when the stack now holds the native resources and the program's preview replaces nothing. */
async function migrate(options: MigrateOptions): Promise<number> {
  const stack = await openStack(options.stack, options.cwd, { select: true });
  const backup = options.backup ?? join(options.cwd, `${stack.name}.dynamic-state.json`);
  printReport(await migrateStack(stack, backup, progress), options, renderMigration);
  return 0;
}

async function run(options: CommandOptions): Promise<number> {
  switch (options.command) {
    case "help":
      process.stdout.write(USAGE);
      return 0;
    case "drift":
      return drift(options);
    case "drift-fleet":
      return driftFleetCommand(options);
    case "compare":
      return compare(options);
    case "stacks":
      return stacksCommand(options);
    case "merge":
      return merge(options);
    case "export":
      return exportCommand(options);
    case "recover":
      return recover(options);
    case "migrate":
      return migrate(options);
  }
}

async function main(): Promise<void> {
  let code: number;
  try {
    code = await run(commandOptions(process.argv.slice(2)));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message.split("\n").join(" ")}\n`);
    code = 1;
  }
  process.exitCode = code;
}

void main();
