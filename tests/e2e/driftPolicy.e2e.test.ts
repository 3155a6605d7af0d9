/**
 * `pulumi-cluster-platform drift --policy-pack <launcher>` from the built package on the policy
 * program (tests/e2e/programs/policy) breaking one mandatory and one advisory rule: the report lists
 * both beside drift, says the preview failed on the mandatory one, and exits 2; the fleet report
 * (`--all-stacks`) has the stack's violation row.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DriftReport } from "../../provider/cli/drift/drift";
import type { FleetReport } from "../../provider/cli/drift/fleet";
import { repoRoot, runProcess } from "./harness";
import { startPlatformE2E } from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const LAUNCHER = join(repoRoot, "provider", "policy", "pack", "pulumi-analyzer-launch");
const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
/** The engine's message of a violation: the rule's description, then what the rule said. */
const WEBHOOK_MESSAGE =
  "Webhook and Microsoft Teams notifications carry alert details (and a webhook secret) over the network: plain HTTP exposes them. " +
  'AlertConfiguration "deploy-failed": notifications[0].webhookUrl is http://hooks.example.com/alerts, not an https:// URL (rule alert-https-urls). Fix: use the endpoint\'s https:// URL';
const BACKUP_MESSAGE = `A cluster whose search or backup objects a stack manages holds data the team relies on: it needs a backup schedule with at least one policy item. SearchDeployment "search": clusterName names cluster ${GROUP}/Cluster0, which has no CloudBackupSchedule with a policy item in this stack (rule backup-schedule-per-cluster). Fix: declare a CloudBackupSchedule for the cluster with at least one policy item`;

describe("drift with the policy pack through the real engine", () => {
  const e2e = startPlatformE2E({
    program: "policy",
    config: { fixed: false, groupId: GROUP, clusterName: "Cluster0" },
  });
  /** The pack's config: the singleton rule off, so one mandatory and one advisory rule are broken. */
  let policyConfig: string;

  beforeAll(() => {
    policyConfig = join(e2e.stack.workDir, "policy-config.json");
    writeFileSync(policyConfig, JSON.stringify({ "one-resource-per-singleton": "disabled" }));
  });

  const run = async (...args: string[]) => {
    const result = await runProcess(
      "node",
      [
        MAIN,
        "drift",
        "--cwd",
        e2e.stack.programDir,
        "--policy-pack",
        LAUNCHER,
        "--policy-pack-config",
        policyConfig,
        ...args,
      ],
      repoRoot,
      e2e.stack.env,
    );
    process.stdout.write(
      `\n$ pulumi-cluster-platform drift ${args.join(" ")}\n${result.stdout}${result.stderr}`,
    );
    return result;
  };

  test("the JSON report lists the violations and says the preview failed on the mandatory one", async () => {
    const result = await run("--stack", "test", "--json");
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as DriftReport;
    expect(report.drift).toEqual([]);
    expect(report.policy).toEqual({
      packs: [LAUNCHER],
      advisory: 1,
      mandatory: 1,
      previewFailed: true,
      violations: [
        {
          urn: expect.stringMatching(/::deploy-failed$/),
          resource: "AlertConfiguration deploy-failed",
          rule: "alert-https-urls",
          pack: "cluster-platform",
          level: "mandatory",
          message: WEBHOOK_MESSAGE,
        },
        {
          urn: expect.stringMatching(/::search$/),
          resource: "SearchDeployment search",
          rule: "backup-schedule-per-cluster",
          pack: "cluster-platform",
          level: "advisory",
          message: BACKUP_MESSAGE,
        },
      ],
    });
  });

  test("the text report has a row per violation", async () => {
    const result = await run("--stack", "test");
    expect(result.code).toBe(2);
    const section = result.stdout.split("\nPolicy violations")[1]?.split("\n") ?? [];
    expect(section).toEqual([
      ` (${LAUNCHER})`,
      "",
      "  resource                          rule                         level      message",
      `  AlertConfiguration deploy-failed  alert-https-urls             mandatory  ${WEBHOOK_MESSAGE}`,
      `  SearchDeployment search           backup-schedule-per-cluster  advisory   ${BACKUP_MESSAGE}`,
      "",
      "The preview failed on the mandatory violations: the pending changes above are only what the engine planned before it stopped",
      "",
    ]);
    expect(result.stdout.split("\n")[2]).toBe(
      "2 policy violations in stack test (1 mandatory: the preview failed on it, so pending changes are incomplete)",
    );
  });

  test("the fleet report has the stack's violation row", async () => {
    const result = await run("--all-stacks", "--json");
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as FleetReport;
    expect(report.summary).toEqual({
      stacks: 1,
      checked: 1,
      failed: 0,
      drifted: 0,
      // The creates the engine planned before the pack stopped the preview.
      withPendingChanges: 1,
      driftedResources: 0,
      missingResources: 0,
      pendingResources: 4,
      withPolicyViolations: 1,
      advisoryViolations: 1,
      mandatoryViolations: 1,
    });
    const text = await run("--all-stacks");
    expect(text.stdout.split("\n").slice(0, 4)).toEqual([
      "1 stack: no drift, 1 with pending changes, 1 with policy violations",
      "",
      expect.stringMatching(
        /^ {2}stack +drifted resources +missing +pending changes +policy violations +error$/,
      ),
      expect.stringMatching(/^ {2}e2e-policy\/test +0 +0 +4 +2 \(1 mandatory\)$/),
    ]);
  });
});
