/**
 * The drift report of one stack or many as people read it: plain text for a CI log (a summary line
 * first, then a table per resource) and markdown for a pull-request comment. The JSON form is the
 * report object itself.
 */

import { markdownTable, markdownText, plural, textTable } from "../report/tables";
import { cell } from "../report/values";
import type { DriftReport, FieldReport, PendingResource } from "./drift";
import { type CheckedStack, type FleetReport, isChecked, stackLabel } from "./fleet";
import { type PolicyFindings, policySummary } from "./policyFindings";

/** `3 resources drifted in stack prod: 5 fields` (and how many of them are missing). */
export function driftSummary(report: DriftReport): string {
  const { driftedResources, driftedFields, missingResources } = report.summary;
  if (driftedResources === 0) return `No drift in stack ${report.stack}`;
  const missing = missingResources > 0 ? `, ${missingResources} missing` : "";
  return `${plural(driftedResources, "resource")} drifted in stack ${report.stack}: ${plural(driftedFields, "field")}${missing}`;
}

/** `1 resource with pending changes in stack prod: 2 fields` */
export function pendingSummary(report: DriftReport): string {
  const { pendingResources, pendingFields } = report.summary;
  if (pendingResources === 0) return `No pending changes in stack ${report.stack}`;
  return `${plural(pendingResources, "resource")} with pending changes in stack ${report.stack}: ${plural(pendingFields, "field")}`;
}

const OPERATION_TEXT: Record<PendingResource["operation"], string> = {
  create: "to create (in the program, not in the state)",
  update: "to update",
  replace: "to REPLACE",
  delete: "to delete (in the state, no longer in the program)",
};

/** A field row: path (with the replacement called out), then the two values. */
function rowOf(field: FieldReport, valueKey: "live" | "program"): [string, string, string] {
  const path = field.replaces === true ? `${field.path} (forces replacement)` : field.path;
  return [path, cell(field.state), cell(field[valueKey])];
}

/** A violation's row: resource, rule, level, message. */
function policyRows(policy: PolicyFindings): string[][] {
  return policy.violations.map((violation) => [
    violation.resource,
    violation.rule,
    violation.level,
    violation.message,
  ]);
}

const POLICY_COLUMNS = ["resource", "rule", "level", "message"];

/** Why a preview stopped at its mandatory violations: its pending changes are not all there. */
const PREVIEW_FAILED_ON_POLICY =
  "The preview failed on the mandatory violations: the pending changes above are only what the engine planned before it stopped";

/** The summaries of a stack's report: drift, pending changes, and policy violations when packs ran. */
function summaries(report: DriftReport): string[] {
  const lines = [driftSummary(report), pendingSummary(report)];
  if (report.policy !== undefined) lines.push(policySummary(report.stack, report.policy));
  return lines;
}

/** The summaries on one progress line: `No drift in stack dev; no pending changes in stack dev`. */
export function stackSummaryLine(report: DriftReport): string {
  return summaries(report).join("; ").replace(/; No /g, "; no ");
}

/** The report for a CI log. */
export function renderText(report: DriftReport): string {
  const lines = summaries(report);
  if (report.drift.length > 0) {
    lines.push("", "Drift: the live service differs from the last applied state (changed outside Pulumi)");
    for (const resource of report.drift) {
      lines.push("");
      if (resource.status === "missing") {
        lines.push(`${resource.type} ${resource.name}: MISSING (deleted outside Pulumi)`);
        continue;
      }
      lines.push(`${resource.type} ${resource.name}: ${plural(resource.fields.length, "field")} changed`);
      lines.push(
        ...textTable([["field", "state", "live"], ...resource.fields.map((field) => rowOf(field, "live"))]),
      );
    }
  }
  if (report.pendingChanges.length > 0) {
    lines.push("", "Pending changes: the program differs from the last applied state");
    for (const resource of report.pendingChanges) {
      lines.push("", `${resource.type} ${resource.name}: ${OPERATION_TEXT[resource.operation]}`);
      if (resource.fields.length > 0) {
        lines.push(
          ...textTable([
            ["field", "state", "program"],
            ...resource.fields.map((field) => rowOf(field, "program")),
          ]),
        );
      }
    }
  }
  if (report.policy !== undefined && report.policy.violations.length > 0) {
    lines.push("", `Policy violations (${report.policy.packs.join(", ")})`, "");
    lines.push(...textTable([POLICY_COLUMNS, ...policyRows(report.policy)]));
    if (report.policy.previewFailed) lines.push("", PREVIEW_FAILED_ON_POLICY);
  }
  return `${lines.join("\n")}\n`;
}

function hasFindings(report: DriftReport): boolean {
  return (
    report.drift.length > 0 || report.pendingChanges.length > 0 || (report.policy?.violations.length ?? 0) > 0
  );
}

/** The report as a pull-request comment. */
export function renderMarkdown(report: DriftReport): string {
  const heading = `## ${hasFindings(report) ? "⚠️" : "✅"} Drift report for stack \`${report.stack}\``;
  return `${[heading, "", ...markdownBody(report, 3)].join("\n")}\n`;
}

/**
 * A stack's report under its heading: the summary lines, then a heading of `level` per part and one
 * level below per resource (a fleet's report nests each stack's one level deeper).
 */
function markdownBody(report: DriftReport, level: number): string[] {
  const part = "#".repeat(level);
  const item = "#".repeat(level + 1);
  const [drift, ...others] = summaries(report);
  const lines = [`**${drift}**`, ...others.flatMap((line) => ["", line])];
  if (report.drift.length > 0) {
    lines.push("", `${part} Drift (changed outside Pulumi)`);
    for (const resource of report.drift) {
      lines.push("");
      if (resource.status === "missing") {
        lines.push(`${item} \`${resource.type}\` ${resource.name}: **missing** (deleted outside Pulumi)`);
        continue;
      }
      lines.push(`${item} \`${resource.type}\` ${resource.name}`, "");
      lines.push(
        ...markdownTable(
          ["field", "state", "live"],
          resource.fields.map((field) => rowOf(field, "live")),
        ),
      );
    }
  }
  if (report.pendingChanges.length > 0) {
    lines.push("", `${part} Pending changes (the program differs from the state)`);
    for (const resource of report.pendingChanges) {
      lines.push("", `${item} \`${resource.type}\` ${resource.name}: ${OPERATION_TEXT[resource.operation]}`);
      if (resource.fields.length > 0) {
        lines.push(
          "",
          ...markdownTable(
            ["field", "state", "program"],
            resource.fields.map((field) => rowOf(field, "program")),
          ),
        );
      }
    }
  }
  if (report.policy !== undefined && report.policy.violations.length > 0) {
    lines.push(
      "",
      `${part} Policy violations (${report.policy.packs.map((pack) => `\`${pack}\``).join(", ")})`,
    );
    lines.push("", ...markdownTable(POLICY_COLUMNS, policyRows(report.policy)));
    if (report.policy.previewFailed) lines.push("", `**${PREVIEW_FAILED_ON_POLICY}.**`);
  }
  return lines;
}

/** `5 stacks: 2 drifted, 1 with pending changes, 1 could not be checked` */
export function fleetSummaryLine(report: FleetReport): string {
  const { stacks, checked, failed, drifted, withPendingChanges } = report.summary;
  if (stacks === 0) return "No stacks to check";
  if (checked === 0) return `${plural(stacks, "stack")}: none could be checked`;
  const parts = [
    drifted === 0 ? "no drift" : `${drifted} drifted`,
    withPendingChanges === 0 ? "no pending changes" : `${withPendingChanges} with pending changes`,
  ];
  const { withPolicyViolations } = report.summary;
  if (withPolicyViolations !== undefined) {
    parts.push(
      withPolicyViolations === 0 ? "no policy violations" : `${withPolicyViolations} with policy violations`,
    );
  }
  if (failed > 0) parts.push(`${failed} could not be checked`);
  return `${plural(stacks, "stack")}: ${parts.join(", ")}`;
}

/**
 * The summary table, its header first: a row per stack with its counts, or its error (`-` for the
 * counts it has none of); with policy packs, each stack's violations (`2 (1 mandatory)`) before the error.
 */
function fleetTable(report: FleetReport): string[][] {
  const policy = (cell: string) => (report.summary.withPolicyViolations === undefined ? [] : [cell]);
  const rows = report.stacks.map((entry) => {
    if (!isChecked(entry)) return [stackLabel(entry), "-", "-", "-", ...policy("-"), entry.error];
    const { summary, policy: found } = entry.report;
    const mandatory = found !== undefined && found.mandatory > 0 ? ` (${found.mandatory} mandatory)` : "";
    const violations = found === undefined ? "-" : `${found.violations.length}${mandatory}`;
    const counts = [summary.driftedResources, summary.missingResources, summary.pendingResources];
    return [stackLabel(entry), ...counts.map(String), ...policy(violations), ""];
  });
  return [
    ["stack", "drifted resources", "missing", "pending changes", ...policy("policy violations"), "error"],
    ...rows,
  ];
}

/** The stacks with something to report (drift or pending changes): the ones with a section. */
function fleetSections(report: FleetReport): CheckedStack[] {
  return report.stacks.filter(isChecked).filter((entry) => hasFindings(entry.report));
}

/**
 * Many stacks' report for a CI log: the summary line, a table of every stack, then the section of
 * each stack with something to report, as `drift` on that stack alone prints it.
 */
export function renderFleetText(report: FleetReport): string {
  const lines = [fleetSummaryLine(report), "", ...textTable(fleetTable(report))];
  for (const entry of fleetSections(report)) {
    lines.push("", `=== ${stackLabel(entry)} ===`, renderText(entry.report).trimEnd());
  }
  return `${lines.join("\n")}\n`;
}

/**
 * GitHub refuses a comment over 65,536 characters; the markdown report stops adding stack sections
 * before this many and says how many it left out (the JSON report has them all).
 */
export const MARKDOWN_SECTIONS_LIMIT = 60_000;

/** Many stacks' report as one pull-request or issue comment. */
export function renderFleetMarkdown(report: FleetReport): string {
  const clean = report.summary.failed === 0 && fleetSections(report).length === 0;
  const [header, ...rows] = fleetTable(report);
  const lines = [
    `## ${clean ? "✅" : "⚠️"} Drift report for ${plural(report.summary.stacks, "stack")}`,
    "",
    `**${fleetSummaryLine(report)}**`,
    "",
    // The stack as code, the other cells as text (an error message).
    ...markdownTable(header as string[], rows, (value, column) =>
      column === 0 ? `\`${value}\`` : markdownText(value),
    ),
  ];
  let length = lines.join("\n").length;
  const sections = fleetSections(report);
  for (const [index, entry] of sections.entries()) {
    const section = ["", `### ⚠️ \`${stackLabel(entry)}\``, "", ...markdownBody(entry.report, 4)];
    const sectionLength = section.join("\n").length + 1;
    if (length + sectionLength > MARKDOWN_SECTIONS_LIMIT) {
      const left = sections.length - index;
      lines.push(
        "",
        `_${plural(left, "more stack section")} left out to keep this comment within GitHub's limit: the JSON report has them._`,
      );
      break;
    }
    lines.push(...section);
    length += sectionLength;
  }
  return `${lines.join("\n")}\n`;
}
