/**
 * The drift report from engine step events (shaped as @pulumi/pulumi 3.270 with CLI 3.259 sends
 * them: a refresh preview's outputs event carries the result op, secrets arrive blinded alike on
 * both sides, dynamic resources carry no field list), the exit codes, and the rendered forms.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import Ajv2020 from "ajv/dist/2020";
import { type DriftReport, driftReport, exitCodeOf } from "../../../../provider/cli/drift/drift";
import { renderMarkdown, renderText, stackSummaryLine } from "../../../../provider/cli/drift/render";
import type { OperationEvents } from "../../../../provider/cli/engine";

const BLINDED = {
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: "[secret]",
};
const token = (type: string) => `pulumi-nodejs:dynamic/platform:${type}`;
const urn = (type: string, name: string) => `urn:pulumi:prod::app::${token(type)}::${name}`;

function step(
  op: StepEventMetadata["op"],
  type: string,
  name: string,
  oldInputs: Record<string, unknown> | undefined,
  newInputs: Record<string, unknown> | undefined,
  extra: Partial<StepEventMetadata> = {},
): [string, OperationEvents["steps"] extends Map<string, infer S> ? S : never] {
  const state = (inputs: Record<string, unknown>) => ({
    type: token(type),
    urn: urn(type, name),
    id: "id",
    parent: "",
    provider: "",
    inputs: { __provider: "exports.handler = ...", ...inputs },
    outputs: {},
  });
  const metadata: StepEventMetadata = {
    op,
    urn: urn(type, name),
    type: token(type),
    provider: "",
    old: oldInputs === undefined ? undefined : state(oldInputs),
    new: newInputs === undefined ? undefined : state(newInputs),
    detailedDiff: {},
    ...extra,
  };
  return [metadata.urn, { urn: metadata.urn, typeToken: metadata.type, ops: new Set([op]), metadata }];
}

const events = (...steps: ReturnType<typeof step>[]): OperationEvents => ({
  steps: new Map(steps),
  errors: [],
});

describe("drift", () => {
  const refresh = events(
    step("update", "CustomDns", "dns", { groupId: "g", enabled: true }, { groupId: "g", enabled: false }),
    step(
      "update",
      "SearchIndex",
      "movies",
      { definition: { mappings: { dynamic: false, fields: { title: { type: "string" } } } } },
      { definition: { mappings: { dynamic: true, fields: { title: { type: "string" } } } } },
    ),
    step(
      "update",
      "AlertConfiguration",
      "pager",
      { enabled: true, notifications: BLINDED },
      { enabled: true, notifications: BLINDED },
    ),
    step("delete", "Auditing", "audit", { enabled: true }, undefined),
    step("same", "CloudBackupSchedule", "backups", { referenceHourOfDay: 3 }, { referenceHourOfDay: 3 }),
    // The provider's diff said "same" although a value is written differently: the engine's verdict wins.
    step("same", "Auditing", "other", { auditFilter: '{"a":1}' }, { auditFilter: '{ "a": 1 }' }),
  );
  const report = driftReport("prod", refresh, events());

  test("each drifted resource with the leaf paths that differ; secrets as [secret]; missing objects", () => {
    expect(report.drift).toEqual([
      {
        urn: urn("AlertConfiguration", "pager"),
        type: "AlertConfiguration",
        typeToken: token("AlertConfiguration"),
        name: "pager",
        status: "changed",
        fields: [{ path: "notifications", state: "[secret]", live: "[secret]", secret: true }],
      },
      {
        urn: urn("Auditing", "audit"),
        type: "Auditing",
        typeToken: token("Auditing"),
        name: "audit",
        status: "missing",
        fields: [],
      },
      {
        urn: urn("CustomDns", "dns"),
        type: "CustomDns",
        typeToken: token("CustomDns"),
        name: "dns",
        status: "changed",
        fields: [{ path: "enabled", state: true, live: false, secret: false }],
      },
      {
        urn: urn("SearchIndex", "movies"),
        type: "SearchIndex",
        typeToken: token("SearchIndex"),
        name: "movies",
        status: "changed",
        fields: [{ path: "definition.mappings.dynamic", state: false, live: true, secret: false }],
      },
    ]);
    expect(report.summary).toEqual({
      driftedResources: 4,
      driftedFields: 3,
      missingResources: 1,
      pendingResources: 0,
      pendingFields: 0,
    });
  });

  test("a masked credential the API returns is never shown", () => {
    const masked = driftReport(
      "prod",
      events(
        step(
          "update",
          "AlertConfiguration",
          "hook",
          { notifications: [{ typeName: "WEBHOOK", webhookSecret: "whsec-1234" }] },
          { notifications: [{ typeName: "WEBHOOK", webhookSecret: "******9999" }] },
        ),
      ),
      events(),
    );
    expect(masked.drift[0]?.fields).toEqual([
      { path: "notifications[0].webhookSecret", state: "whsec-1234", live: "[secret]", secret: true },
    ]);
  });

  test("the text report: summary line first, then a table per resource", () => {
    expect(renderText(report)).toBe(
      [
        "4 resources drifted in stack prod: 3 fields, 1 missing",
        "No pending changes in stack prod",
        "",
        "Drift: the live service differs from the last applied state (changed outside Pulumi)",
        "",
        "AlertConfiguration pager: 1 field changed",
        "  field          state     live",
        "  notifications  [secret]  [secret]",
        "",
        "Auditing audit: MISSING (deleted outside Pulumi)",
        "",
        "CustomDns dns: 1 field changed",
        "  field    state  live",
        "  enabled  true   false",
        "",
        "SearchIndex movies: 1 field changed",
        "  field                        state  live",
        "  definition.mappings.dynamic  false  true",
        "",
      ].join("\n"),
    );
  });

  test("the progress line: the summaries on one line", () => {
    expect(stackSummaryLine(report)).toBe(
      "4 resources drifted in stack prod: 3 fields, 1 missing; no pending changes in stack prod",
    );
  });

  test("the markdown report: a table per resource", () => {
    const markdown = renderMarkdown(report);
    expect(markdown.split("\n").slice(0, 5)).toEqual([
      "## ⚠️ Drift report for stack `prod`",
      "",
      "**4 resources drifted in stack prod: 3 fields, 1 missing**",
      "",
      "No pending changes in stack prod",
    ]);
    expect(markdown).toContain(
      "#### `CustomDns` dns\n\n| field | state | live |\n| --- | --- | --- |\n| `enabled` | `true` | `false` |\n",
    );
    expect(markdown).toContain("#### `Auditing` audit: **missing** (deleted outside Pulumi)");
  });
});

describe("pending changes", () => {
  const preview = events(
    step("update", "CustomDns", "dns", { enabled: true }, { enabled: false }),
    step(
      "replace",
      "SearchIndex",
      "movies",
      { name: "a", database: "d" },
      { name: "b", database: "d" },
      { keys: ["name"] },
    ),
    step("create", "Auditing", "audit", undefined, { enabled: true }),
    step("delete", "CustomDns", "old", { enabled: true }, undefined),
    step("same", "CloudBackupSchedule", "backups", { referenceHourOfDay: 3 }, { referenceHourOfDay: 3 }),
  );
  const report = driftReport("prod", events(), preview);

  test("each resource the program would change, with the fields and the replacements called out", () => {
    expect(
      report.pendingChanges.map(({ type, name, operation, fields }) => ({ type, name, operation, fields })),
    ).toEqual([
      { type: "Auditing", name: "audit", operation: "create", fields: [] },
      {
        type: "CustomDns",
        name: "dns",
        operation: "update",
        fields: [{ path: "enabled", state: true, program: false, secret: false }],
      },
      { type: "CustomDns", name: "old", operation: "delete", fields: [] },
      {
        type: "SearchIndex",
        name: "movies",
        operation: "replace",
        fields: [{ path: "name", state: "a", program: "b", secret: false, replaces: true }],
      },
    ]);
    expect(renderText(report)).toContain(
      'SearchIndex movies: to REPLACE\n  field                      state  program\n  name (forces replacement)  "a"    "b"\n',
    );
  });

  test("exit codes per --fail-on: pending changes count only with `changes`", () => {
    expect(exitCodeOf(report, "drift")).toBe(0);
    expect(exitCodeOf(report, "changes")).toBe(2);
    expect(exitCodeOf(report, "never")).toBe(0);
    const drifted: DriftReport = driftReport(
      "prod",
      events(step("update", "CustomDns", "dns", { enabled: true }, { enabled: false })),
      events(),
    );
    expect(exitCodeOf(drifted, "drift")).toBe(2);
    expect(exitCodeOf(drifted, "changes")).toBe(2);
    expect(exitCodeOf(drifted, "never")).toBe(0);
    expect(exitCodeOf(driftReport("prod", events(), events()), "changes")).toBe(0);
  });
});

describe("the JSON form", () => {
  test("reports validate against docs/drift-report.schema.json", () => {
    const schema = JSON.parse(
      readFileSync(join(__dirname, "../../../../docs/drift-report.schema.json"), "utf8"),
    );
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const full = driftReport(
      "prod",
      events(
        step("update", "CustomDns", "dns", { enabled: true }, { enabled: false }),
        step("delete", "Auditing", "audit", { enabled: true }, undefined),
      ),
      events(step("replace", "SearchIndex", "movies", { name: "a" }, { name: "b" }, { keys: ["name"] })),
    );
    expect(validate(full)).toBe(true);
    expect(validate({ ...full, drift: [{ ...full.drift[0], status: "gone" }] })).toBe(false);
  });
});
