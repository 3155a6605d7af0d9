/**
 * `compare` as people read it in a CI log: two stacks, or each stack of a promotion chain. The JSON
 * form is the report object itself.
 */
import { plural, textTable } from "../report/tables";
import { cell } from "../report/values";
import type { ChainLink, ChainReport, CompareReport } from "./compare";

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

function linkText(link: ChainLink): string {
  switch (link.status) {
    case "same":
      return `same as ${link.from}`;
    case "per-environment":
      return `config ${link.setBy}`;
    case "differs":
      return `DIFFERS from ${link.from}`;
    case "stops-following":
      return `same as ${link.from}: does NOT follow config ${link.setBy}`;
    case "identifier":
      return "an id (left out)";
  }
}

/**
 * `compare` along a chain: the first line says where it stops following per-environment config;
 * then each resource that does, each field's value in every stack with how it came from the stack
 * before; then each neighbour pair as `compare` of two prints it.
 */
export function renderChainText(report: ChainReport): string {
  const chain = report.stacks.join(" -> ");
  /** The pairs where something stops following config, in chain order. */
  const stopping = new Set<string>();
  for (const resource of report.resources) {
    if (resource.fields.length === 0) stopping.add(resource.stopsAt.from);
    for (const field of resource.fields) {
      for (const link of field.links) {
        if (link.status === "differs" || link.status === "stops-following") stopping.add(link.from);
      }
    }
  }
  const stops = report.stacks
    .slice(0, -1)
    .map((from, index) => (stopping.has(from) ? `${from} -> ${report.stacks[index + 1]}` : undefined))
    .filter((link): link is string => link !== undefined);
  const { differingResources, differingFields } = report.summary;
  const lines = [
    stops.length === 0
      ? `Stacks ${chain} differ only in per-environment config`
      : `Stacks ${chain} differ beyond per-environment config at ${stops.join(", ")} (${plural(differingResources, "resource")}, ${plural(differingFields, "field")})`,
  ];
  if (report.resources.length > 0) lines.push("", "Where values stop following per-environment config:");
  for (const resource of report.resources) {
    const at = `${resource.stopsAt.from} -> ${resource.stopsAt.to}`;
    lines.push("");
    if (resource.fields.length === 0) {
      lines.push(
        `${resource.type} ${resource.name}: only in ${resource.presentIn.join(", ")} (stops at ${at})`,
      );
      continue;
    }
    lines.push(`${resource.type} ${resource.name}: stops following per-environment config at ${at}`);
    for (const field of resource.fields) {
      lines.push(`  ${field.path} (stops at ${field.stopsAt.from} -> ${field.stopsAt.to})`);
      lines.push(
        ...textTable(
          report.stacks.map((stack, index) => [
            stack,
            cell(field.values[index]),
            index === 0 ? "" : linkText(field.links[index - 1] as ChainLink),
          ]),
        ).map((line) => `  ${line}`),
      );
    }
  }
  for (const link of report.links) {
    lines.push("", `--- ${link.stacks.join(" -> ")} ---`, renderCompareText(link).trimEnd());
  }
  return `${lines.join("\n")}\n`;
}
