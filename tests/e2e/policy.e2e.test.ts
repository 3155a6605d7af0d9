/**
 * The platform's policy pack through the real Pulumi CLI (docs/policy.md), on a TypeScript program
 * (dynamic form), a YAML and a Python program (native plugin): `pulumi preview
 * --policy-pack <launcher>` on a program breaking four rules fails on the two mandatory ones, with no
 * request to the emulator, and warns of the two advisory ones; bad policy config fails the preview
 * naming the key; the fixed program passes. The launcher (provider/policy/pack/pulumi-analyzer-launch)
 * is what this toolchain's Node.js host, older than the CLI's policy support, needs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type E2EStack, emulatorStack, repoRoot, runProcess } from "./harness";
import { setConfig, startPlatformE2E } from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const LAUNCHER = join(repoRoot, "provider", "policy", "pack", "pulumi-analyzer-launch");
const CHECK_CONFIG = join(repoRoot, "provider", "policy", "pack", "check-config.js");
const PACK = "cluster-platform@v0.1.0";
const TEAM_CONFIG = { "search-nodes-in-production": { production: true, minNodeCount: 3 } };

/** The violation lines of a preview's "Policies:" block, trimmed. */
function violationLines(stdout: string): string[] {
  const block = stdout.split("\nPolicies:\n")[1]?.split("\n\n")[0] ?? "";
  return block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("- [") || /\(rule [a-z-]+\)\. Fix: /.test(line));
}

/** The violation lines of the programs breaking the four rules, in the form `token` writes type tokens. */
function expectedViolations(token: (type: string) => string): string[] {
  return [
    `- [mandatory]  alert-https-urls  (${token("AlertConfiguration")}: deploy-failed)`,
    'AlertConfiguration "deploy-failed": notifications[0].webhookUrl is http://hooks.example.com/alerts, not an https:// URL (rule alert-https-urls). Fix: use the endpoint\'s https:// URL',
    `- [mandatory]  one-resource-per-singleton  (${token("Auditing")}: audit-again)`,
    `Auditing "audit-again": groupId ${GROUP} is the same as Auditing "audit"'s: one Auditing exists per groupId (rule one-resource-per-singleton). Fix: keep one Auditing resource for ${GROUP} (delete this one, or merge its settings into "audit")`,
    `- [advisory]  backup-schedule-per-cluster  (${token("SearchDeployment")}: search)`,
    `SearchDeployment "search": clusterName names cluster ${GROUP}/Cluster0, which has no CloudBackupSchedule with a policy item in this stack (rule backup-schedule-per-cluster). Fix: declare a CloudBackupSchedule for the cluster with at least one policy item`,
    `- [advisory]  search-nodes-in-production  (${token("SearchDeployment")}: search)`,
    'SearchDeployment "search": specs[0].nodeCount is 2, below 3 in production (rule search-nodes-in-production). Fix: set nodeCount to 3 or more',
  ];
}

/** `pulumi preview` with the pack and a policy config file; counts the requests the emulator got. */
async function previewWithPack(stack: E2EStack, emulator: RunningEmulator, policyConfig: object) {
  const file = join(stack.workDir, "policy-config.json");
  writeFileSync(file, JSON.stringify(policyConfig));
  emulator.core.requestLog.clear();
  const result = await stack.pulumi(["preview", "--policy-pack", LAUNCHER, "--policy-pack-config", file], {
    allowFailure: true,
  });
  return { ...result, requests: emulator.core.requestLog.list().length };
}

/** A Pulumi YAML interpolation, `${name}`. */
function yamlReference(name: string): string {
  return `\${${name}}`;
}

describe("the policy pack through the real engine (TypeScript, dynamic form)", () => {
  const e2e = startPlatformE2E({
    program: "policy",
    config: { fixed: false, groupId: GROUP, clusterName: "Cluster0" },
  });

  const preview = (policyConfig: object) => previewWithPack(e2e.stack, e2e.emulator, policyConfig);

  test("mandatory violations fail the preview before any request; advisory ones warn", async () => {
    const result = await preview(TEAM_CONFIG);
    expect(result.code).toBe(1);
    expect(result.requests).toBe(0);
    expect(result.stdout).toContain(`❌ ${PACK}`);
    expect(violationLines(result.stdout)).toEqual(
      expectedViolations((type) => `pulumi-nodejs:dynamic/platform:${type}`),
    );
  });

  test("a setting of the wrong type fails the preview naming the key (the CLI checks configSchema)", async () => {
    const result = await preview({ "search-nodes-in-production": { minNodeCount: "three" } });
    expect(result.code).toBe(1);
    expect(result.requests).toBe(0);
    expect(result.stdout).toContain(
      "error: validating policy config: cluster-platform 0.1.0  search-nodes-in-production: minNodeCount: Invalid type. Expected: integer, given: string",
    );
  });

  test("a setting the rule does not have fails the preview naming the rule and the key", async () => {
    const result = await preview({ "search-nodes-in-production": { minNodes: 3 } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'Error: policy rule search-nodes-in-production failed: policy config of search-nodes-in-production: unknown key "minNodes" (known: production, minNodeCount)',
    );
  });

  test("an unknown rule id: the CLI drops it without a word, check-config.js names it", async () => {
    const config = { ...TEAM_CONFIG, "no-such-rule": "mandatory" };
    const result = await preview(config);
    // The same four violations as without the unknown id: the CLI ran the preview as if it were absent.
    expect(violationLines(result.stdout)).toHaveLength(8);
    expect(result.stdout).not.toContain("no-such-rule");
    const file = join(e2e.stack.workDir, "policy-config.json");
    const check = await runProcess("node", [CHECK_CONFIG, file], e2e.stack.workDir, e2e.stack.env);
    expect(check.code).toBe(1);
    expect(check.stderr).toBe(
      `${file}: no-such-rule: no rule of this pack has this id (rules: all, backup-schedule-per-cluster, backup-compliance-in-production, snapshot-retention-within-compliance, alert-has-notification, alert-https-urls, auditing-in-production, search-nodes-in-production, export-bucket-private-networking, live-migration-cutover-approval, one-resource-per-singleton)\n`,
    );
  });

  test("the fixed program passes, with no violation", async () => {
    await setConfig(e2e.stack, "fixed", true);
    const result = await preview(TEAM_CONFIG);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`✅ ${PACK}`);
    expect(violationLines(result.stdout)).toEqual([]);
  });
});

/**
 * A program on the native plugin through the pack: breaking the four rules it fails on the mandatory
 * ones before any request and warns of the advisory ones; after `fix` it passes.
 */
function describeNativeProgram(
  language: "YAML" | "Python",
  options: { program: string; native: "yaml" | "python"; config: Record<string, string> },
  fix: (stack: E2EStack) => Promise<void>,
): void {
  describe(`the policy pack through the real engine (${language} on the native plugin)`, () => {
    let emulator: RunningEmulator;
    let stack: E2EStack;

    beforeAll(async () => {
      emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
      stack = await emulatorStack(emulator, {
        program: join(__dirname, "programs", options.program),
        native: options.native,
        config: options.config,
      });
    });

    afterAll(async () => {
      stack?.dispose();
      await emulator?.close();
    });

    test(`the same rules judge a ${language} program: mandatory fail before any request, advisory warn`, async () => {
      const result = await previewWithPack(stack, emulator, TEAM_CONFIG);
      expect(result.code).toBe(1);
      expect(result.requests).toBe(0);
      expect(violationLines(result.stdout)).toEqual(expectedViolations((type) => `platform:index:${type}`));
    });

    test(`the fixed ${language} program passes`, async () => {
      await fix(stack);
      const result = await previewWithPack(stack, emulator, TEAM_CONFIG);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`✅ ${PACK}`);
      expect(violationLines(result.stdout)).toEqual([]);
    });
  });
}

// YAML has no conditionals: the fix edits the program copy's Pulumi.yaml.
describeNativeProgram(
  "YAML",
  { program: "policy-yaml", native: "yaml", config: { groupId: GROUP, clusterName: "Cluster0" } },
  async (stack) => {
    const file = join(stack.programDir, "Pulumi.yaml");
    const project = parseDocument(readFileSync(file, "utf8"));
    project.setIn(
      ["resources", "deploy-failed", "properties", "notifications", 0, "webhookUrl"],
      "https://hooks.example.com/alerts",
    );
    project.deleteIn(["resources", "audit-again"]);
    project.setIn(["resources", "search", "properties", "specs", 0, "nodeCount"], 3);
    project.setIn(["resources", "schedule"], {
      type: "platform:index:CloudBackupSchedule",
      properties: {
        groupId: yamlReference("groupId"),
        clusterName: yamlReference("clusterName"),
        policies: [
          {
            policyItems: [
              { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
            ],
          },
        ],
      },
    });
    writeFileSync(file, project.toString());
  },
);

describeNativeProgram(
  "Python",
  {
    program: "policy-python",
    native: "python",
    config: { fixed: "false", groupId: GROUP, clusterName: "Cluster0" },
  },
  (stack) => stack.setConfig("fixed", "true"),
);
