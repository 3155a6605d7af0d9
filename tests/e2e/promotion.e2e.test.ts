/**
 * examples/promotion through the real engine: one program and its three stack files (dev, staging,
 * prod, each its own seeded project). Dev is brought up and reports no drift; the same program goes
 * to staging; prod's preview is the approval artifact; `compare` reports exactly the values config
 * sets per environment and nothing else, then a change made out of band in one environment as a
 * real difference.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import type { CompareReport } from "../../provider/cli/compare/compare";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack, repoRoot, runProcess } from "./harness";

const EXAMPLE = join(repoRoot, "examples", "promotion");
const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
const STAGING_GROUP = "5f1a0000000000000000e0d2";

/** The config of examples/promotion/Pulumi.<env>.yaml, as `pulumi config set-all` pairs. */
function stackFileConfig(env: string): string[] {
  const file = parse(readFileSync(join(EXAMPLE, `Pulumi.${env}.yaml`), "utf8")) as {
    config: Record<string, string>;
  };
  return Object.entries(file.config).flatMap(([key, value]) => ["--plaintext", `${key}=${value}`]);
}

describe("examples/promotion: dev, then staging, then prod's preview; compare", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;
  let client: PlatformClient;

  /** `pulumi <args> --stack <env>` in the example's working copy (all three stacks share its backend). */
  const pulumi = (env: string, ...args: string[]) => stack.pulumi([...args, "--stack", env]);
  const cli = async (...args: string[]) => {
    const result = await runProcess("node", [MAIN, ...args, "--cwd", stack.programDir], repoRoot, stack.env);
    process.stdout.write(`\n$ pulumi-cluster-platform ${args.join(" ")}\n${result.stdout}${result.stderr}`);
    return result;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: DEFAULT_SEED.orgOwnerKey.publicKey,
      privateKey: DEFAULT_SEED.orgOwnerKey.privateKey,
    });
    // The credentials come from the environment, as the README's CI pipeline passes them.
    stack = await E2EStack.create({
      program: EXAMPLE,
      stackName: "dev",
      env: {
        PLATFORM_PUBLIC_KEY: DEFAULT_SEED.orgOwnerKey.publicKey,
        PLATFORM_PRIVATE_KEY: DEFAULT_SEED.orgOwnerKey.privateKey,
      },
    });
    for (const env of ["dev", "staging", "prod"]) {
      if (env !== "dev") await stack.pulumi(["stack", "init", env], { quiet: true });
      await pulumi(
        env,
        "config",
        "set-all",
        ...stackFileConfig(env),
        "--plaintext",
        `platform:baseUrl=${emulator.baseUrl}`,
      );
    }
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  test("dev: up, then drift is green", async () => {
    expect((await pulumi("dev", "up", "--yes", "--skip-preview")).stdout).toContain("+ 6 created");
    expect((await cli("drift", "--stack", "dev")).code).toBe(0);
  });

  test("staging: the same program, its own values", async () => {
    expect((await pulumi("staging", "up", "--yes", "--skip-preview")).stdout).toContain("+ 6 created");
    const nodes = await client.searchDeployments.get(STAGING_GROUP, "app-cluster");
    expect(nodes.specs).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }]);
  });

  test("prod: the preview shown for approval creates the six resources with prod's values", async () => {
    const preview = await pulumi("prod", "preview", "--diff");
    expect(preview.stdout).toContain("+ 6 to create");
    expect(preview.stdout).toContain("S40_HIGHCPU_NVME");
    expect(preview.stdout).toContain("platform-oncall@example.com");
  });

  test("compare dev and staging: exactly the per-environment values, nothing else", async () => {
    const result = await cli("compare", "--stack", "dev", "--stack", "staging", "--json");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as CompareReport;
    expect(report.perEnvironment).toEqual([
      { key: "platform-promotion:alertDelayMin", values: ["0", "5"] },
      {
        key: "platform-promotion:alertEmail",
        values: ["dev-team@example.com", "platform-staging@example.com"],
      },
      { key: "platform-promotion:backupRetentionDays", values: ["3", "7"] },
      { key: "platform-promotion:groupId", values: ["5f1a0000000000000000e0d1", "5f1a0000000000000000e0d2"] },
      { key: "platform-promotion:searchInstanceSize", values: ["S20_HIGHCPU_NVME", "S30_HIGHCPU_NVME"] },
    ]);
    expect(
      report.resources.flatMap((resource) =>
        resource.fields.map((field) => `${resource.type} ${resource.name}: ${field.path} by ${field.setBy}`),
      ),
    ).toEqual([
      "AlertConfiguration deployment-failures: notifications[0].delayMin by platform-promotion:alertDelayMin",
      "AlertConfiguration deployment-failures: notifications[0].emailAddress by platform-promotion:alertEmail",
      "CloudBackupSchedule backups: policies[0].policyItems[0].retentionValue by platform-promotion:backupRetentionDays",
      "SearchDeployment search-nodes: specs[0].instanceSize by platform-promotion:searchInstanceSize",
    ]);
    expect(report.summary).toEqual({ differingResources: 0, differingFields: 0, perEnvironmentFields: 4 });
    const text = await cli("compare", "--stack", "dev", "--stack", "staging");
    expect(text.stdout.split("\n")[0]).toBe(
      "Stacks dev and staging differ only in per-environment config (4 fields)",
    );
  });

  test("a change made out of band in staging is a real difference: exit 2", async () => {
    await client.auditing.update(STAGING_GROUP, { auditFilter: JSON.stringify({ atype: "authCheck" }) });
    const result = await cli("compare", "--stack", "dev", "--stack", "staging", "--json");
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout) as CompareReport;
    expect(report.resources.filter((resource) => resource.status === "differs")).toEqual([
      {
        type: "Auditing",
        typeToken: "pulumi-nodejs:dynamic/platform:Auditing",
        name: "audit",
        status: "differs",
        fields: [{ path: "auditFilter", values: ['{"atype":"authenticate"}', '{"atype":"authCheck"}'] }],
      },
    ]);
    expect(report.summary).toEqual({ differingResources: 1, differingFields: 1, perEnvironmentFields: 4 });
  });
});
