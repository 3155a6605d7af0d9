/**
 * Policy violations beside drift: the engine's policy events (shaped as the Automation API's
 * `PolicyEvent`, as CLI 3.259 sends them with the platform's pack) collected from the program's
 * preview, the report's `policy` section, the exit codes, the rendered forms, the options, and the
 * fleet report's summary and table.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { EngineEvent, PolicyEvent, PreviewOptions, Stack } from "@pulumi/pulumi/automation";
import Ajv2020 from "ajv/dist/2020";
import { type DriftReport, driftReport, exitCodeOf } from "../../../../provider/cli/drift/drift";
import { fleetExitCode, fleetReport } from "../../../../provider/cli/drift/fleet";
import { policyFindings, violationOf } from "../../../../provider/cli/drift/policyFindings";
import {
  renderFleetText,
  renderMarkdown,
  renderText,
  stackSummaryLine,
} from "../../../../provider/cli/drift/render";
import { CliError, type OperationEvents, programPreview } from "../../../../provider/cli/engine";
import { commandOptions } from "../../../../provider/cli/options";

const ALERT_URN = "urn:pulumi:prod::app::pulumi-nodejs:dynamic/platform:AlertConfiguration::deploy-failed";
const SEARCH_URN = "urn:pulumi:prod::app::platform:index:SearchDeployment::search";
const HTTPS_MESSAGE =
  'Webhooks over plain HTTP expose alert details.\nAlertConfiguration "deploy-failed": notifications[0].webhookUrl is http://hooks.example.com/alerts, not an https:// URL (rule alert-https-urls). Fix: use the endpoint\'s https:// URL';
const BACKUP_MESSAGE =
  'A cluster needs a backup schedule.\nSearchDeployment "search": clusterName names cluster g/Cluster0, which has no CloudBackupSchedule (rule backup-schedule-per-cluster). Fix: declare one';

function policyEvent(
  policyName: string,
  enforcementLevel: string,
  message: string,
  resourceUrn?: string,
): PolicyEvent {
  return {
    ...(resourceUrn === undefined ? {} : { resourceUrn }),
    message,
    color: "never",
    policyName,
    policyPackName: "cluster-platform",
    policyPackVersion: "0.1.0",
    policyPackVersionTag: "0.1.0",
    // The engine sends the pack's level as it is ("advisory"), wider than the exported type says.
    enforcementLevel: enforcementLevel as PolicyEvent["enforcementLevel"],
  };
}

const mandatoryHttps = policyEvent("alert-https-urls", "mandatory", HTTPS_MESSAGE, ALERT_URN);
const advisoryBackup = policyEvent("backup-schedule-per-cluster", "advisory", BACKUP_MESSAGE, SEARCH_URN);
const HTTPS_ONE_LINE = HTTPS_MESSAGE.replace("\n", " ");
const BACKUP_ONE_LINE = BACKUP_MESSAGE.replace("\n", " ");

const noSteps = (policy?: OperationEvents["policy"]): OperationEvents => ({
  steps: new Map(),
  errors: [],
  ...(policy === undefined ? {} : { policy }),
});

/** The report of a stack without drift whose preview ran the pack: these events, failed or not. */
function reportWith(events: PolicyEvent[], failed: boolean): DriftReport {
  return driftReport(
    "prod",
    noSteps(),
    noSteps({ packs: ["./pack/pulumi-analyzer-launch"], events, failed }),
  );
}

describe("a violation from an engine policy event", () => {
  test("names the resource by short type and name, the rule, the pack, the level and the message on one line", () => {
    expect(violationOf(mandatoryHttps)).toEqual({
      urn: ALERT_URN,
      resource: "AlertConfiguration deploy-failed",
      rule: "alert-https-urls",
      pack: "cluster-platform",
      level: "mandatory",
      message: HTTPS_ONE_LINE,
    });
    expect(violationOf(advisoryBackup).resource).toBe("SearchDeployment search");
  });

  test("the engine's `warning` and `advisory` are advisory; colour codes are stripped", () => {
    const coloured = policyEvent("r", "warning", "\u001b[31mred\u001b[0m <{%reset%}>text", SEARCH_URN);
    expect(violationOf(coloured)).toMatchObject({ level: "advisory", message: "red text" });
  });

  test("a violation of the stack as a whole has no URN and names the stack", () => {
    expect(violationOf(policyEvent("one-resource-per-singleton", "mandatory", "two", ""))).toEqual({
      resource: "(stack)",
      rule: "one-resource-per-singleton",
      pack: "cluster-platform",
      level: "mandatory",
      message: "two",
    });
  });
});

describe("the report's policy section", () => {
  test("counts the levels, sorts by resource then rule, and says the preview failed on a mandatory one", () => {
    expect(policyFindings(["pack"], [advisoryBackup, mandatoryHttps], true)).toEqual({
      packs: ["pack"],
      advisory: 1,
      mandatory: 1,
      previewFailed: true,
      violations: [violationOf(mandatoryHttps), violationOf(advisoryBackup)],
    });
  });

  test("a preview that did not fail, or failed without a mandatory violation, is not failed on policy", () => {
    expect(policyFindings(["pack"], [mandatoryHttps], false).previewFailed).toBe(false);
    expect(policyFindings(["pack"], [advisoryBackup], true).previewFailed).toBe(false);
  });

  test("drift's report holds it only when the preview ran packs", () => {
    expect(driftReport("prod", noSteps(), noSteps())).not.toHaveProperty("policy");
    expect(reportWith([], false).policy).toEqual({
      packs: ["./pack/pulumi-analyzer-launch"],
      advisory: 0,
      mandatory: 0,
      previewFailed: false,
      violations: [],
    });
  });

  test("validates against docs/drift-report.schema.json, alone and in a fleet report", () => {
    const schema = JSON.parse(
      readFileSync(join(__dirname, "../../../../docs/drift-report.schema.json"), "utf8"),
    );
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const report = reportWith([mandatoryHttps, advisoryBackup, policyEvent("r", "mandatory", "m")], true);
    expect(validate(report)).toBe(true);
    expect(validate(fleetReport([{ project: "app", stack: "prod", report }]))).toBe(true);
    const policy = report.policy as NonNullable<DriftReport["policy"]>;
    const badLevel = { ...policy, violations: [{ ...policy.violations[0], level: "warning" }] };
    expect(validate({ ...report, policy: badLevel })).toBe(false);
  });
});

describe("exit codes with violations", () => {
  const mandatory = reportWith([mandatoryHttps], true);
  const advisory = reportWith([advisoryBackup], false);

  test("a mandatory violation counts as drift does: 2 with drift and changes, 0 with never", () => {
    expect([
      exitCodeOf(mandatory, "drift"),
      exitCodeOf(mandatory, "changes"),
      exitCodeOf(mandatory, "never"),
    ]).toEqual([2, 2, 0]);
  });

  test("an advisory violation counts as a pending change does: 2 with changes only", () => {
    expect([
      exitCodeOf(advisory, "drift"),
      exitCodeOf(advisory, "changes"),
      exitCodeOf(advisory, "never"),
    ]).toEqual([0, 2, 0]);
  });

  test("over many stacks, the worst stack's", () => {
    const report = fleetReport([
      { project: "app", stack: "dev", report: advisory },
      { project: "app", stack: "prod", report: mandatory },
    ]);
    expect(fleetExitCode(report, { findings: "drift", errors: false })).toBe(2);
    expect(
      fleetExitCode(fleetReport([{ project: "app", stack: "dev", report: advisory }]), {
        findings: "drift",
        errors: false,
      }),
    ).toBe(0);
  });
});

describe("the rendered reports", () => {
  const report = reportWith([advisoryBackup, mandatoryHttps], true);

  test("text: a summary line, then a row per violation, then why the preview stopped", () => {
    expect(renderText(report)).toBe(
      [
        "No drift in stack prod",
        "No pending changes in stack prod",
        "2 policy violations in stack prod (1 mandatory: the preview failed on it, so pending changes are incomplete)",
        "",
        "Policy violations (./pack/pulumi-analyzer-launch)",
        "",
        "  resource                          rule                         level      message",
        `  AlertConfiguration deploy-failed  alert-https-urls             mandatory  ${HTTPS_ONE_LINE}`,
        `  SearchDeployment search           backup-schedule-per-cluster  advisory   ${BACKUP_ONE_LINE}`,
        "",
        "The preview failed on the mandatory violations: the pending changes above are only what the engine planned before it stopped",
        "",
      ].join("\n"),
    );
  });

  test("the progress line: every summary on one line, the later ones lower case", () => {
    expect(stackSummaryLine(reportWith([], false))).toBe(
      "No drift in stack prod; no pending changes in stack prod; no policy violations in stack prod",
    );
  });

  test("text: a pack that found nothing says so on one line", () => {
    expect(renderText(reportWith([], false))).toBe(
      "No drift in stack prod\nNo pending changes in stack prod\nNo policy violations in stack prod\n",
    );
  });

  test("markdown: the section with a table, and the heading warns", () => {
    expect(renderMarkdown(report)).toBe(
      [
        "## ⚠️ Drift report for stack `prod`",
        "",
        "**No drift in stack prod**",
        "",
        "No pending changes in stack prod",
        "",
        "2 policy violations in stack prod (1 mandatory: the preview failed on it, so pending changes are incomplete)",
        "",
        "### Policy violations (`./pack/pulumi-analyzer-launch`)",
        "",
        "| resource | rule | level | message |",
        "| --- | --- | --- | --- |",
        `| \`AlertConfiguration deploy-failed\` | \`alert-https-urls\` | \`mandatory\` | \`${HTTPS_ONE_LINE.replace(/`/g, "'")}\` |`,
        `| \`SearchDeployment search\` | \`backup-schedule-per-cluster\` | \`advisory\` | \`${BACKUP_ONE_LINE}\` |`,
        "",
        "**The preview failed on the mandatory violations: the pending changes above are only what the engine planned before it stopped.**",
        "",
      ].join("\n"),
    );
  });

  test("fleet: a summary part, a column of violations, and the stack's section", () => {
    const fleet = fleetReport([
      { project: "app", stack: "dev", report: reportWith([], false) },
      { project: "app", stack: "prod", report },
      { project: "app", stack: "qa", error: "no such stack" },
    ]);
    expect(fleet.summary).toEqual({
      stacks: 3,
      checked: 2,
      failed: 1,
      drifted: 0,
      withPendingChanges: 0,
      driftedResources: 0,
      missingResources: 0,
      pendingResources: 0,
      withPolicyViolations: 1,
      advisoryViolations: 1,
      mandatoryViolations: 1,
    });
    expect(renderFleetText(fleet).split("\n").slice(0, 7)).toEqual([
      "3 stacks: no drift, no pending changes, 1 with policy violations, 1 could not be checked",
      "",
      "  stack     drifted resources  missing  pending changes  policy violations  error",
      "  app/dev   0                  0        0                0",
      "  app/prod  0                  0        0                2 (1 mandatory)",
      "  app/qa    -                  -        -                -                  no such stack",
      "",
    ]);
    expect(renderFleetText(fleet)).toContain("=== app/prod ===\nNo drift in stack prod");
    expect(renderFleetText(fleet)).not.toContain("=== app/dev ===");
  });

  test("fleet without packs: no policy column or summary fields", () => {
    const fleet = fleetReport([
      { project: "app", stack: "dev", report: driftReport("dev", noSteps(), noSteps()) },
    ]);
    expect(fleet.summary).not.toHaveProperty("withPolicyViolations");
    expect(renderFleetText(fleet).split("\n")[2]).toBe(
      "  stack    drifted resources  missing  pending changes  error",
    );
  });
});

/** A stack whose preview sends these events, then resolves or rejects; records the options it got. */
function fakeStack(events: EngineEvent[], failure?: Error): { stack: Stack; options: PreviewOptions[] } {
  const options: PreviewOptions[] = [];
  const stack = {
    name: "dev",
    preview: async (given: PreviewOptions) => {
      options.push(given);
      for (const event of events) given.onEvent?.(event);
      if (failure !== undefined) throw failure;
      return {};
    },
  };
  // Only `name` and `preview` are read by programPreview: the rest of Stack is not needed here.
  return { stack: stack as unknown as Stack, options };
}

const at = (sequence: number, event: Partial<EngineEvent>): EngineEvent => ({
  sequence,
  timestamp: 0,
  ...event,
});

describe("collecting the policy events of the program's preview", () => {
  const policy = { packs: ["/abs/pack"], configs: ["/abs/config.json"], asGiven: ["pack"] };

  test("passes the packs and their configs, and keeps the engine's policy events", async () => {
    const { stack, options } = fakeStack([at(1, { policyEvent: advisoryBackup })]);
    const events = await programPreview(stack, () => {}, policy);
    expect(options[0]).toMatchObject({ policyPacks: ["/abs/pack"], policyPackConfigs: ["/abs/config.json"] });
    expect(events.policy).toEqual({ packs: ["pack"], events: [advisoryBackup], failed: false });
  });

  test("a preview failed with a mandatory violation is a result, failed on policy", async () => {
    const { stack } = fakeStack(
      [at(1, { policyEvent: mandatoryHttps }), at(2, { policyEvent: advisoryBackup })],
      new Error("code: 255\n stderr: error: preview failed"),
    );
    const events = await programPreview(stack, () => {}, policy);
    expect(events.policy).toEqual({
      packs: ["pack"],
      events: [mandatoryHttps, advisoryBackup],
      failed: true,
    });
  });

  test("a preview failed without a mandatory violation is still an error, naming its cause", async () => {
    const { stack } = fakeStack(
      [
        at(1, { policyEvent: advisoryBackup }),
        at(2, { diagnosticEvent: { message: "the program threw", color: "never", severity: "error" } }),
      ],
      new Error("code: 255"),
    );
    await expect(programPreview(stack, () => {}, policy)).rejects.toEqual(new CliError("the program threw"));
  });

  test("without packs the preview gets no policy options and the events no policy part", async () => {
    const { stack, options } = fakeStack([at(1, { policyEvent: advisoryBackup })]);
    const events = await programPreview(stack, () => {});
    expect(Object.keys(options[0] ?? {})).toEqual(["onEvent"]);
    expect(events).not.toHaveProperty("policy");
  });
});

describe("--policy-pack and --policy-pack-config", () => {
  test("repeatable, resolved for the preview and kept as given for the report", () => {
    expect(
      commandOptions([
        "drift",
        "--stack",
        "prod",
        "--policy-pack",
        "pack-a",
        "--policy-pack",
        "pack-b",
        "--policy-pack-config",
        "a.json",
        "--policy-pack-config",
        "b.json",
      ]),
    ).toMatchObject({
      command: "drift",
      policy: {
        packs: [resolve("pack-a"), resolve("pack-b")],
        configs: [resolve("a.json"), resolve("b.json")],
        asGiven: ["pack-a", "pack-b"],
      },
    });
    expect(commandOptions(["drift", "--all-stacks", "--policy-pack", "p"])).toMatchObject({
      command: "drift-fleet",
      policy: { packs: [resolve("p")], configs: [], asGiven: ["p"] },
    });
  });

  test("a config for no pack, or a count that does not match, is refused naming the flags", () => {
    expect(() => commandOptions(["drift", "--policy-pack-config", "a.json"])).toThrow(
      new CliError(
        "--policy-pack-config must be given once per --policy-pack (in the same order), got 1 for 0 packs",
      ),
    );
  });
});
