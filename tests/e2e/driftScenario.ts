/**
 * The scenario of `pulumi-cluster-platform drift` end to end, run by drift.smoke.e2e.test.ts on the
 * pinned Pulumi CLI and by driftNewestCli.e2e.test.ts on the newest one tools/pulumi-cli-newest pins:
 * the built command against a real stack on the emulator. A clean stack reports nothing (exit 0);
 * five fields changed out of band (an alert's notification delay, a search index's mappings, the
 * audit filter, the backup hour, the custom DNS flag) are reported as exactly those five (exit 2) and
 * `pulumi up` clears them; a secret changed out of band is reported without either value; a program
 * change is a pending change, not drift; an object deleted out of band is reported missing; a stack
 * that does not exist is an error on one line.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DriftReport } from "../../provider/cli/drift/drift";
import { policiesForRequest } from "../../provider/client/backupSchedules";
import type { RunResult } from "../../scripts/lib/pulumi-stack";
import { repoRoot, runProcess } from "./harness";
import {
  expectUp,
  type PlatformE2E,
  SECRET_SIG,
  setConfig,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const PAGER_KEY = "pd-e2e-service-key-0042";
const OTHER_PAGER_KEY = "pd-e2e-rotated-key-7319";
/** The built command-line tool. */
export const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");

export interface DriftScenarioOptions {
  /** Extra environment of every command of the stack, `pulumi` and `drift` alike (e.g. its PATH). */
  env?: Record<string, string>;
  /**
   * Called after each `drift --stack test` run of the scenario with its arguments (after `--cwd`) and
   * what it printed, before the scenario checks it: a check of its own, e.g. the same run on another
   * Pulumi CLI.
   */
  afterDrift?: (args: string[], result: RunResult, e2e: PlatformE2E) => Promise<void>;
}

/**
 * Registers the scenario's stack hooks and tests; call it at the top of a describe block. Returns the
 * suite's emulator, stack and client for tests of the caller's own.
 */
export function describeDriftScenario(options: DriftScenarioOptions = {}): PlatformE2E {
  const e2e = startPlatformE2E({
    program: "drift",
    config: { groupId: GROUP, delayMin: 0 },
    secrets: { pagerDutyKey: PAGER_KEY },
    env: options.env,
  });

  /** Runs the built command against the stack, in the stack's environment. */
  const drift = async (...args: string[]) => {
    const result = await runProcess(
      "node",
      [MAIN, "drift", "--stack", "test", "--cwd", e2e.stack.programDir, ...args],
      repoRoot,
      e2e.stack.env,
    );
    process.stdout.write(
      `\n$ pulumi-cluster-platform drift ${args.join(" ")}\n${result.stdout}${result.stderr}`,
    );
    await options.afterDrift?.(args, result, e2e);
    return result;
  };
  const driftJson = async (...args: string[]) => {
    const result = await drift("--json", ...args);
    return { code: result.code, report: JSON.parse(result.stdout) as DriftReport, stderr: result.stderr };
  };
  /** `Type name: path state -> live` for every drifted field, the way a test can compare exactly. */
  const driftLines = (report: DriftReport) =>
    report.drift.flatMap((resource) =>
      resource.status === "missing"
        ? [`${resource.type} ${resource.name}: missing`]
        : resource.fields.map(
            (field) =>
              `${resource.type} ${resource.name}: ${field.path} ${JSON.stringify(field.state)} -> ${JSON.stringify(field.live)}`,
          ),
    );
  /**
   * `pulumi up --refresh`: a plain `up` compares the program with the state, which still holds the
   * values from before the out-of-band change, so it would change nothing.
   */
  const upWithRefresh = async (summary: string) => {
    const result = await e2e.stack.pulumi(["up", "--yes", "--skip-preview", "--refresh"]);
    expect(result.stdout).toContain(summary);
  };
  const alertIds = async () => {
    const outputs = await e2e.stack.outputs();
    return { failures: String(outputs.alertsId).split("/")[1], pager: String(outputs.pagerId).split("/")[1] };
  };

  test("a stack just brought up has no drift and no pending change: exit 0", async () => {
    await expectUp(e2e.stack, "+ 7 created");
    // `notifications` is a secret output when it holds a credential (the PagerDuty key), and plain
    // when it holds none (an email address): sdk/alertConfiguration.ts notificationsMayHoldCredentials.
    const alertType = "pulumi-nodejs:dynamic/platform:AlertConfiguration";
    expect((await storedResource(e2e.stack, alertType, "pager"))?.outputs.notifications).toHaveProperty(
      SECRET_SIG,
    );
    expect((await storedResource(e2e.stack, alertType, "failures"))?.outputs.notifications).toEqual([
      { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 0, intervalMin: 60 },
    ]);
    const { code, report } = await driftJson();
    expect(code).toBe(0);
    expect(report).toEqual({
      version: 1,
      stack: "test",
      summary: {
        driftedResources: 0,
        driftedFields: 0,
        missingResources: 0,
        pendingResources: 0,
        pendingFields: 0,
      },
      drift: [],
      pendingChanges: [],
    });
    const text = await drift();
    expect(text.code).toBe(0);
    expect(text.stdout).toBe("No drift in stack test\nNo pending changes in stack test\n");
    // Progress while it runs, on stderr.
    expect(text.stderr).toContain("Reading the live state of stack test");
    expect(text.stderr).toContain("  read CustomDns dns");
  });

  test("five fields changed out of band are reported as exactly those five: exit 2", async () => {
    const { client, stack } = e2e;
    const { failures } = await alertIds();
    await client.alertConfigs.update(GROUP, String(failures), {
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      notifications: [{ typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 10 }],
    });
    const indexId = String((await stack.outputs()).indexId);
    await client.searchIndexes.update(GROUP, CLUSTER, indexId, {
      mappings: { dynamic: true, fields: { title: { type: "string" } } },
    });
    await client.auditing.update(GROUP, { auditFilter: JSON.stringify({ atype: "authCheck" }) });
    await client.backupSchedules.update(GROUP, CLUSTER, {
      referenceHourOfDay: 7,
      policies: policiesForRequest((await client.backupSchedules.get(GROUP, CLUSTER)).policies),
    });
    await client.customDns.update(GROUP, { enabled: false });

    const markdownFile = join(stack.workDir, "drift.md");
    const { code, report } = await driftJson("--markdown", markdownFile);
    expect(code).toBe(2);
    expect(driftLines(report)).toEqual([
      "AlertConfiguration failures: notifications[0].delayMin 0 -> 10",
      'Auditing audit: auditFilter "{\\"atype\\":\\"authenticate\\"}" -> "{\\"atype\\":\\"authCheck\\"}"',
      "CloudBackupSchedule backups: referenceHourOfDay 3 -> 7",
      "CustomDns dns: enabled true -> false",
      "SearchIndex movies: definition.mappings.dynamic false -> true",
    ]);
    expect(report.summary).toEqual({
      driftedResources: 5,
      driftedFields: 5,
      missingResources: 0,
      pendingResources: 0,
      pendingFields: 0,
    });
    expect(report.pendingChanges).toEqual([]);

    const text = await drift();
    expect(text.code).toBe(2);
    expect(text.stdout.split("\n")[0]).toBe("5 resources drifted in stack test: 5 fields");
    expect(text.stdout).toContain(
      "CustomDns dns: 1 field changed\n  field    state  live\n  enabled  true   false\n",
    );

    expect(existsSync(markdownFile)).toBe(true);
    const markdown = readFileSync(markdownFile, "utf8");
    expect(markdown).toContain("**5 resources drifted in stack test: 5 fields**");
    expect(markdown).toContain("| `referenceHourOfDay` | `3` | `7` |");
  });

  test("after pulumi up --refresh (the state reads the drift, the program restores it) there is no drift: exit 0", async () => {
    await upWithRefresh("~ 5 updated");
    const { code, report } = await driftJson();
    expect(code).toBe(0);
    expect(report.drift).toEqual([]);
  });

  test("a secret changed out of band is reported changed without either value", async () => {
    const { pager } = await alertIds();
    await e2e.client.alertConfigs.update(GROUP, String(pager), {
      enabled: true,
      eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
      notifications: [{ typeName: "PAGER_DUTY", serviceKey: OTHER_PAGER_KEY }],
    });
    const json = await driftJson();
    expect(json.code).toBe(2);
    expect(json.report.drift).toEqual([
      {
        urn: expect.stringMatching(/::pager$/),
        type: "AlertConfiguration",
        typeToken: "pulumi-nodejs:dynamic/platform:AlertConfiguration",
        name: "pager",
        status: "changed",
        fields: [{ path: "notifications", state: "[secret]", live: "[secret]", secret: true }],
      },
    ]);
    const text = await drift("--markdown", join(e2e.stack.workDir, "secret.md"));
    const everything = [
      JSON.stringify(json),
      text.stdout,
      text.stderr,
      readFileSync(join(e2e.stack.workDir, "secret.md"), "utf8"),
    ].join("\n");
    for (const secret of [PAGER_KEY, OTHER_PAGER_KEY, PAGER_KEY.slice(-4), OTHER_PAGER_KEY.slice(-4)]) {
      expect(everything).not.toContain(secret);
    }
    expect(text.stdout).toContain("  notifications  [secret]  [secret]");
    await upWithRefresh("~ 1 updated");
  });

  test("a program change is a pending change, not drift: exit 0 unless --fail-on changes", async () => {
    await setConfig(e2e.stack, "dnsEnabled", false);
    const { code, report } = await driftJson();
    expect(code).toBe(0);
    expect(report.drift).toEqual([]);
    expect(report.pendingChanges).toEqual([
      {
        urn: expect.stringMatching(/::dns$/),
        type: "CustomDns",
        typeToken: "pulumi-nodejs:dynamic/platform:CustomDns",
        name: "dns",
        operation: "update",
        fields: [{ path: "enabled", state: true, program: false, secret: false }],
      },
    ]);
    expect((await drift("--fail-on", "changes")).code).toBe(2);
    expect((await drift("--fail-on", "never")).code).toBe(0);
    await setConfig(e2e.stack, "dnsEnabled", true);
  });

  test("an object deleted out of band is reported missing: exit 2", async () => {
    const indexId = String((await e2e.stack.outputs()).indexId);
    await e2e.client.searchIndexes.delete(GROUP, CLUSTER, indexId);
    const { code, report } = await driftJson();
    expect(code).toBe(2);
    expect(driftLines(report)).toEqual(["SearchIndex movies: missing"]);
    expect(report.summary.missingResources).toBe(1);
    const text = await drift();
    expect(text.stdout.split("\n")[0]).toBe("1 resource drifted in stack test: 0 fields, 1 missing");
    expect(text.stdout).toContain("SearchIndex movies: MISSING (deleted outside Pulumi)");
  });

  test("a stack that does not exist is an error on one line: exit 1", async () => {
    const result = await runProcess(
      "node",
      [MAIN, "drift", "--stack", "no-such-stack", "--cwd", e2e.stack.programDir],
      repoRoot,
      e2e.stack.env,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: stack no-such-stack: .*no-such-stack/);
  });

  return e2e;
}
