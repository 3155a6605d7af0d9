/**
 * The drift report as people read it: plain text for a CI log (a summary line first, then a table
 * per resource) and markdown for a pull-request comment. The JSON form is the report object itself.
 */
import type { CompareReport } from "./compare";
import type { DriftReport, FieldReport, PendingResource } from "./drift";
import { cell } from "./values";

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

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
  const noun = pendingResources === 1 ? "resource" : "resources";
  return `${pendingResources} ${noun} with pending changes in stack ${report.stack}: ${plural(pendingFields, "field")}`;
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

function textTable(rows: string[][]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows.map((row) =>
    `  ${row.map((value, column) => value.padEnd(widths[column] ?? 0)).join("  ")}`.trimEnd(),
  );
}

/** The report for a CI log. */
export function renderText(report: DriftReport): string {
  const lines = [driftSummary(report), pendingSummary(report)];
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
  return `${lines.join("\n")}\n`;
}

function markdownCell(value: string): string {
  return `\`${value.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;
}

function markdownTable(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(markdownCell).join(" | ")} |`),
  ];
}

/** The report as a pull-request comment. */
export function renderMarkdown(report: DriftReport): string {
  const clean = report.drift.length === 0 && report.pendingChanges.length === 0;
  const lines = [
    `## ${clean ? "✅" : "⚠️"} Drift report for stack \`${report.stack}\``,
    "",
    `**${driftSummary(report)}**`,
    "",
    pendingSummary(report),
  ];
  if (report.drift.length > 0) {
    lines.push("", "### Drift (changed outside Pulumi)");
    for (const resource of report.drift) {
      lines.push("");
      if (resource.status === "missing") {
        lines.push(`#### \`${resource.type}\` ${resource.name}: **missing** (deleted outside Pulumi)`);
        continue;
      }
      lines.push(`#### \`${resource.type}\` ${resource.name}`, "");
      lines.push(
        ...markdownTable(
          ["field", "state", "live"],
          resource.fields.map((field) => rowOf(field, "live")),
        ),
      );
    }
  }
  if (report.pendingChanges.length > 0) {
    lines.push("", "### Pending changes (the program differs from the state)");
    for (const resource of report.pendingChanges) {
      lines.push("", `#### \`${resource.type}\` ${resource.name}: ${OPERATION_TEXT[resource.operation]}`);
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
  return `${lines.join("\n")}\n`;
}

/** `compare` for a CI log: the per-environment config first, then each resource that differs. */
export function renderCompareText(report: CompareReport): string {
  const [a, b] = report.stacks;
  const { differingResources, differingFields, perEnvironmentFields } = report.summary;
  const lines = [
    differingResources === 0
      ? `Stacks ${a} and ${b} differ only in per-environment config (${plural(perEnvironmentFields, "field")})`
      : `Stacks ${a} and ${b} differ beyond per-environment config: ${plural(differingResources, "resource")}, ${plural(differingFields, "field")}`,
    "",
    `Set per environment by config (${a} / ${b}):`,
    ...(report.perEnvironment.length === 0
      ? ["  (none)"]
      : textTable([
          ["key", a, b],
          ...report.perEnvironment.map((entry) => [entry.key, cell(entry.values[0]), cell(entry.values[1])]),
        ])),
  ];
  for (const resource of report.resources) {
    lines.push("");
    if (resource.status === "only-in") {
      lines.push(`${resource.type} ${resource.name}: only in stack ${resource.onlyIn}`);
      continue;
    }
    const what = resource.status === "differs" ? "differs" : "differs only by config";
    lines.push(`${resource.type} ${resource.name}: ${what}`);
    lines.push(
      ...textTable([
        ["field", a, b, "set by"],
        ...resource.fields.map((field) => [
          field.path,
          cell(field.values[0]),
          cell(field.values[1]),
          field.setBy === undefined ? "DIFFERS" : `config ${field.setBy}`,
        ]),
      ]),
    );
  }
  return `${lines.join("\n")}\n`;
}
