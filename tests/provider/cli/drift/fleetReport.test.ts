/**
 * The report of drift over many stacks (provider/cli/drift/fleet.ts): order and summary, the exit codes,
 * the merge of a matrix's slices, reading a slice's report back, and the text and markdown forms.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { DRIFT_REPORT_VERSION, type DriftReport } from "../../../../provider/cli/drift/drift";
import {
  type FleetEntry,
  type FleetFailOn,
  fleetExitCode,
  fleetReport,
  mergeFleetReports,
  NO_REPORT,
  parseFleetReport,
  readFleetReport,
} from "../../../../provider/cli/drift/fleet";
import {
  MARKDOWN_SECTIONS_LIMIT,
  renderFleetMarkdown,
  renderFleetText,
} from "../../../../provider/cli/drift/render";
import { CliError } from "../../../../provider/cli/engine";

const DNS = "pulumi-nodejs:dynamic/platform:CustomDns";

/** A stack's drift report: `drifted` resources changed (a field each), `missing` gone, `pending` to update. */
function report(
  stack: string,
  counts: { drifted?: number; missing?: number; pending?: number } = {},
): DriftReport {
  const { drifted = 0, missing = 0, pending = 0 } = counts;
  const resource = (name: string) => ({
    urn: `urn:pulumi:${stack}::app::${DNS}::${name}`,
    type: "CustomDns",
    typeToken: DNS,
    name,
  });
  const drift = [
    ...Array.from({ length: drifted }, (_, i) => ({
      ...resource(`changed${i}`),
      status: "changed" as const,
      fields: [{ path: "enabled", state: true, live: false, secret: false }],
    })),
    ...Array.from({ length: missing }, (_, i) => ({
      ...resource(`gone${i}`),
      status: "missing" as const,
      fields: [],
    })),
  ];
  const pendingChanges = Array.from({ length: pending }, (_, i) => ({
    ...resource(`planned${i}`),
    operation: "update" as const,
    fields: [{ path: "enabled", state: true, program: false, secret: false }],
  }));
  return {
    version: DRIFT_REPORT_VERSION,
    stack,
    summary: {
      driftedResources: drifted + missing,
      driftedFields: drifted,
      missingResources: missing,
      pendingResources: pending,
      pendingFields: pending,
    },
    drift,
    pendingChanges,
  };
}

const DRIFT: FleetFailOn = { findings: "drift", errors: false };

/** One stack of each kind the issue names: clean, drifted, missing a resource, failing. */
const entries: FleetEntry[] = [
  { project: "web", stack: "prod", report: report("prod", { missing: 1 }) },
  { project: "api", stack: "staging", report: report("staging", { drifted: 2 }) },
  { project: "api", stack: "dev", report: report("dev") },
  {
    project: "web",
    stack: "ops",
    error:
      "Reading alert configuration failed: GET /groups/5f1a…a2/alertConfigs answered 401 UNAUTHENTICATED",
  },
];

describe("the fleet report", () => {
  const fleet = fleetReport(entries);

  test("stacks in project then stack order, with the summary over them", () => {
    expect(fleet.stacks.map((entry) => `${entry.project}/${entry.stack}`)).toEqual([
      "api/dev",
      "api/staging",
      "web/ops",
      "web/prod",
    ]);
    expect(fleet.summary).toEqual({
      stacks: 4,
      checked: 3,
      failed: 1,
      drifted: 2,
      withPendingChanges: 0,
      driftedResources: 3,
      missingResources: 1,
      pendingResources: 0,
    });
  });

  test("exit code: the worst checked stack; a stack that failed counts only with errors or when none was checked", () => {
    expect(fleetExitCode(fleet, DRIFT)).toBe(2);
    expect(fleetExitCode(fleet, { findings: "never", errors: false })).toBe(0);
    expect(fleetExitCode(fleet, { findings: "drift", errors: true })).toBe(1);
    expect(fleetExitCode(fleet, { findings: "never", errors: true })).toBe(1);
    const cleanAndFailed = fleetReport([entries[2] as FleetEntry, entries[3] as FleetEntry]);
    expect(fleetExitCode(cleanAndFailed, DRIFT)).toBe(0);
    expect(fleetExitCode(fleetReport([entries[3] as FleetEntry]), { findings: "never", errors: false })).toBe(
      1,
    );
    expect(fleetExitCode(fleetReport([]), DRIFT)).toBe(1);
    const pendingOnly = fleetReport([
      { project: "api", stack: "dev", report: report("dev", { pending: 1 }) },
    ]);
    expect(fleetExitCode(pendingOnly, DRIFT)).toBe(0);
    expect(fleetExitCode(pendingOnly, { findings: "changes", errors: false })).toBe(2);
  });

  test("the slices of a matrix merge into the report of one run over the same stacks", () => {
    const merged = mergeFleetReports([
      { name: "slice-2.json", report: fleetReport(entries.slice(2)) },
      { name: "slice-1.json", report: fleetReport(entries.slice(0, 2)) },
    ]);
    expect(merged).toEqual(fleet);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(fleet));
    expect(renderFleetText(merged)).toBe(renderFleetText(fleet));
    expect(renderFleetMarkdown(merged)).toBe(renderFleetMarkdown(fleet));
  });

  test("a listed stack no slice reported is a failed row; a stack in two slices is an error", () => {
    const merged = mergeFleetReports(
      [{ name: "slice-1.json", report: fleetReport(entries.slice(0, 2)) }],
      [
        { project: "api", stack: "dev" },
        { project: "web", stack: "prod" },
      ],
    );
    expect(merged.stacks.map((entry) => ("error" in entry ? entry.error : "checked"))).toEqual([
      NO_REPORT,
      "checked",
      "checked",
    ]);
    expect(() =>
      mergeFleetReports([
        { name: "a.json", report: fleetReport(entries.slice(0, 2)) },
        { name: "b.json", report: fleetReport(entries.slice(1, 3)) },
      ]),
    ).toThrow("stack api/staging is in both a.json and b.json");
  });

  test("reading a slice's report back: its JSON round-trips; anything else is refused with the file named", () => {
    expect(parseFleetReport(JSON.stringify(fleet), "r.json")).toEqual(fleet);
    expect(() => parseFleetReport("{", "r.json")).toThrow(/^r\.json is not JSON/);
    expect(() => parseFleetReport(JSON.stringify(report("prod")), "one.json")).toThrow(
      "one.json is the report of one stack",
    );
    expect(() => parseFleetReport(JSON.stringify({ ...fleet, version: 2 }), "r.json")).toThrow(
      "r.json has version 2; this tool reads version 1",
    );
    expect(() =>
      parseFleetReport(JSON.stringify({ ...fleet, stacks: [{ project: "api", stack: "dev" }] }), "r.json"),
    ).toThrow("r.json: stack entry 0 has no project, stack and report or error");
  });

  test("a slice's report file: read and checked; one that cannot be read is refused with the file named", () => {
    const folder = mkdtempSync(join(tmpdir(), "fleet-report-"));
    const file = join(folder, "r.json");
    writeFileSync(file, JSON.stringify(fleet));
    expect(readFleetReport(file)).toEqual(fleet);
    const missing = join(folder, "missing.json");
    expect(() => readFleetReport(missing)).toThrow(
      new CliError(`${missing}: ENOENT: no such file or directory, open '${missing}'`),
    );
    rmSync(folder, { recursive: true });
  });

  test("the JSON validates against docs/drift-report.schema.json, as the report of one stack does", () => {
    const schema = JSON.parse(
      readFileSync(join(__dirname, "../../../../docs/drift-report.schema.json"), "utf8"),
    );
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(JSON.parse(JSON.stringify(fleet)))).toBe(true);
    expect(validate(report("prod", { drifted: 1, missing: 1, pending: 1 }))).toBe(true);
    expect(validate({ ...fleet, stacks: [{ project: "api", stack: "dev" }] })).toBe(false);
    expect(validate({ ...fleet, summary: { ...fleet.summary, stacks: -1 } })).toBe(false);
  });
});

describe("the fleet report as text and markdown", () => {
  const fleet = fleetReport(entries);

  test("text: the summary line, a table of every stack, then the section of each stack with findings", () => {
    expect(renderFleetText(fleet)).toBe(
      [
        "4 stacks: 2 drifted, no pending changes, 1 could not be checked",
        "",
        "  stack        drifted resources  missing  pending changes  error",
        "  api/dev      0                  0        0",
        "  api/staging  2                  0        0",
        "  web/ops      -                  -        -                Reading alert configuration failed: GET /groups/5f1a…a2/alertConfigs answered 401 UNAUTHENTICATED",
        "  web/prod     1                  1        0",
        "",
        "=== api/staging ===",
        "2 resources drifted in stack staging: 2 fields",
        "No pending changes in stack staging",
        "",
        "Drift: the live service differs from the last applied state (changed outside Pulumi)",
        "",
        "CustomDns changed0: 1 field changed",
        "  field    state  live",
        "  enabled  true   false",
        "",
        "CustomDns changed1: 1 field changed",
        "  field    state  live",
        "  enabled  true   false",
        "",
        "=== web/prod ===",
        "1 resource drifted in stack prod: 0 fields, 1 missing",
        "No pending changes in stack prod",
        "",
        "Drift: the live service differs from the last applied state (changed outside Pulumi)",
        "",
        "CustomDns gone0: MISSING (deleted outside Pulumi)",
        "",
      ].join("\n"),
    );
  });

  test("markdown: the table, then each stack with findings one heading level below the single report's", () => {
    const markdown = renderFleetMarkdown(fleet);
    expect(markdown.split("\n").slice(0, 10)).toEqual([
      "## ⚠️ Drift report for 4 stacks",
      "",
      "**4 stacks: 2 drifted, no pending changes, 1 could not be checked**",
      "",
      "| stack | drifted resources | missing | pending changes | error |",
      "| --- | --- | --- | --- | --- |",
      "| `api/dev` | 0 | 0 | 0 |  |",
      "| `api/staging` | 2 | 0 | 0 |  |",
      "| `web/ops` | - | - | - | Reading alert configuration failed: GET /groups/5f1a…a2/alertConfigs answered 401 UNAUTHENTICATED |",
      "| `web/prod` | 1 | 1 | 0 |  |",
    ]);
    expect(markdown).toContain(
      "### ⚠️ `api/staging`\n\n**2 resources drifted in stack staging: 2 fields**\n\nNo pending changes in stack staging\n\n#### Drift (changed outside Pulumi)\n\n##### `CustomDns` changed0\n\n| field | state | live |",
    );
    expect(markdown).toContain("##### `CustomDns` gone0: **missing** (deleted outside Pulumi)");
    expect(markdown).not.toContain("`api/dev`\n");
  });

  test("the summary line when no stack could be checked, or there was none", () => {
    expect(renderFleetText(fleetReport([entries[3] as FleetEntry])).split("\n")[0]).toBe(
      "1 stack: none could be checked",
    );
    expect(renderFleetText(fleetReport([]))).toBe(
      "No stacks to check\n\n  stack  drifted resources  missing  pending changes  error\n",
    );
  });

  test("markdown of a clean fleet says so", () => {
    const clean = renderFleetMarkdown(fleetReport([entries[2] as FleetEntry]));
    expect(clean.split("\n")[0]).toBe("## ✅ Drift report for 1 stack");
    expect(clean.split("\n")[2]).toBe("**1 stack: no drift, no pending changes**");
  });

  test("markdown too long for one comment leaves out the last sections and says how many", () => {
    const many = fleetReport(
      Array.from({ length: 400 }, (_, i) => ({
        project: "app",
        stack: `env${String(i).padStart(3, "0")}`,
        report: report(`env${i}`, { drifted: 3 }),
      })),
    );
    const markdown = renderFleetMarkdown(many);
    expect(markdown.length).toBeLessThanOrEqual(MARKDOWN_SECTIONS_LIMIT + 200);
    const shown = markdown.split("\n").filter((line) => line.startsWith("### ⚠️")).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(400);
    expect(markdown).toContain(
      `_${400 - shown} more stack sections left out to keep this comment within GitHub's limit: the JSON report has them._`,
    );
    expect(markdown.split("\n").filter((line) => line.startsWith("| `app/env")).length).toBe(400);
  });
});
