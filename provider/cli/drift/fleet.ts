/**
 * The report of `drift` over many stacks (docs/cli.md, "Many stacks"): for each stack, its own drift
 * report (drift.ts, the same as `drift` on that stack alone) or the one line saying why it could not
 * be checked; a summary over all of them; the exit code. The reports of the slices of a CI job
 * matrix merge into the report one command over the same stacks gives: the report holds facts only
 * (nothing about when, where or with which `--fail-on` it ran), in a fixed order.
 */
import { readFileSync } from "node:fs";
import { CliError } from "../engine";
import { byCodePoint, isObject } from "../report/values";
import { DRIFT_REPORT_VERSION, type DriftReport, exitCodeOf, type FailOn } from "./drift";

/** A stack of a fleet: the Pulumi project it belongs to (its name in Pulumi.yaml) and its name. */
export interface StackRef {
  project: string;
  stack: string;
}

export interface CheckedStack extends StackRef {
  report: DriftReport;
}

export interface FailedStack extends StackRef {
  /** Why the stack could not be checked, on one line (what `drift` on it alone prints after `error:`). */
  error: string;
}

export type FleetEntry = CheckedStack | FailedStack;

export interface FleetSummary {
  stacks: number;
  /** Stacks whose report was made. */
  checked: number;
  /** Stacks that could not be checked (their `error`). */
  failed: number;
  /** Checked stacks with drift (changed or missing resources). */
  drifted: number;
  /** Checked stacks with pending changes. */
  withPendingChanges: number;
  driftedResources: number;
  missingResources: number;
  pendingResources: number;
  /** Present when a stack's preview ran policy packs: checked stacks with violations, and the counts. */
  withPolicyViolations?: number;
  advisoryViolations?: number;
  mandatoryViolations?: number;
}

export interface FleetReport {
  version: typeof DRIFT_REPORT_VERSION;
  summary: FleetSummary;
  /** Sorted by project, then stack (code point order, the same on every machine). */
  stacks: FleetEntry[];
}

/** `--fail-on` over many stacks: which findings exit 2, and whether a stack that could not be checked exits 1. */
export interface FleetFailOn {
  findings: FailOn;
  errors: boolean;
}

export function isChecked(entry: FleetEntry): entry is CheckedStack {
  return "report" in entry;
}

/** `project/stack`: how a stack is named in a fleet's report and on the command line. */
export function stackLabel(ref: StackRef): string {
  return `${ref.project}/${ref.stack}`;
}

export function compareRefs(a: StackRef, b: StackRef): number {
  return byCodePoint(a.project, b.project) || byCodePoint(a.stack, b.stack);
}

/** The fleet report of these stacks' results, in the report's order, with its summary. */
export function fleetReport(entries: readonly FleetEntry[]): FleetReport {
  const stacks = [...entries].sort(compareRefs);
  const reports = stacks.filter(isChecked).map((entry) => entry.report);
  const sum = (count: (report: DriftReport) => number) => reports.reduce((total, r) => total + count(r), 0);
  const summary: FleetSummary = {
    stacks: stacks.length,
    checked: reports.length,
    failed: stacks.length - reports.length,
    drifted: reports.filter((report) => report.drift.length > 0).length,
    withPendingChanges: reports.filter((report) => report.pendingChanges.length > 0).length,
    driftedResources: sum((report) => report.summary.driftedResources),
    missingResources: sum((report) => report.summary.missingResources),
    pendingResources: sum((report) => report.summary.pendingResources),
  };
  if (reports.some((report) => report.policy !== undefined)) {
    summary.withPolicyViolations = reports.filter(
      (report) => (report.policy?.violations.length ?? 0) > 0,
    ).length;
    summary.advisoryViolations = sum((report) => report.policy?.advisory ?? 0);
    summary.mandatoryViolations = sum((report) => report.policy?.mandatory ?? 0);
  }
  return { version: DRIFT_REPORT_VERSION, summary, stacks };
}

/**
 * The exit code over many stacks: 1 when no stack could be checked, or when one could not and
 * `failOn.errors` asks for it; else the worst of the checked stacks' codes (`drift` on one stack's,
 * exitCodeOf): a stack that could not be checked does not hide the others' drift.
 */
export function fleetExitCode(report: FleetReport, failOn: FleetFailOn): 0 | 1 | 2 {
  if (report.summary.checked === 0) return 1;
  if (failOn.errors && report.summary.failed > 0) return 1;
  return report.stacks.some((entry) => isChecked(entry) && exitCodeOf(entry.report, failOn.findings) === 2)
    ? 2
    : 0;
}

/** What a slice's report file held, for {@link mergeFleetReports}. */
export interface NamedReport {
  /** The file it was read from, for messages. */
  name: string;
  report: FleetReport;
}

/** Why a stack the listing holds has no entry in any of the slices' reports. */
export const NO_REPORT = "no report: the job of its slice did not write one (see that job's log)";

/**
 * The reports of the slices of one run as the report of one command over all of them. A stack in
 * two reports is an error (the slices overlap). With `expected` (the listing the slices were cut
 * from), a listed stack no report holds becomes a failed entry ({@link NO_REPORT}), so a slice whose
 * job died cannot make its stacks disappear from the result.
 */
export function mergeFleetReports(
  parts: readonly NamedReport[],
  expected?: readonly StackRef[],
): FleetReport {
  const seen = new Map<string, string>();
  const entries: FleetEntry[] = [];
  for (const { name, report } of parts) {
    for (const entry of report.stacks) {
      const label = stackLabel(entry);
      const other = seen.get(label);
      if (other !== undefined) throw new CliError(`stack ${label} is in both ${other} and ${name}`);
      seen.set(label, name);
      entries.push(entry);
    }
  }
  for (const ref of expected ?? []) {
    if (!seen.has(stackLabel(ref)))
      entries.push({ project: ref.project, stack: ref.stack, error: NO_REPORT });
  }
  return fleetReport(entries);
}

/**
 * A fleet report read back from its JSON text (a slice's `drift --json`), checked for the shape
 * merge relies on; `name` names the file in errors.
 */
export function parseFleetReport(text: string, name: string): FleetReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${name} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isObject(value)) throw new CliError(`${name} is not a drift report`);
  if (typeof value.stack === "string" && !("stacks" in value)) {
    throw new CliError(
      `${name} is the report of one stack: merge takes the reports of drift over several stacks (drift --stacks-from ... --slice ...)`,
    );
  }
  if (value.version !== DRIFT_REPORT_VERSION) {
    throw new CliError(
      `${name} has version ${JSON.stringify(value.version)}; this tool reads version ${DRIFT_REPORT_VERSION}`,
    );
  }
  const stacks = value.stacks;
  if (!Array.isArray(stacks)) throw new CliError(`${name} has no list of stacks`);
  for (const [index, entry] of stacks.entries()) {
    const wellFormed =
      isObject(entry) &&
      typeof entry.project === "string" &&
      typeof entry.stack === "string" &&
      (typeof entry.error === "string" || (isObject(entry.report) && Array.isArray(entry.report.drift)));
    if (!wellFormed)
      throw new CliError(`${name}: stack entry ${index} has no project, stack and report or error`);
  }
  // Checked above as far as merging and rendering go; the rest is the drift report's own shape.
  return value as unknown as FleetReport;
}

/** A slice's report read from its file: one that cannot be read is a CliError naming it, as a bad one is. */
export function readFleetReport(file: string): FleetReport {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new CliError(`${file}: ${(error as Error).message}`);
  }
  return parseFleetReport(text, file);
}
