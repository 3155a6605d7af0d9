/**
 * The quickstart example (what `npm run demo` runs) through the real Pulumi CLI against the
 * emulator: it converges, a preview and a refresh right after show nothing, and destroy leaves only
 * what the program says it leaves (the compliance policy, kept on purpose; schedules and project
 * settings always exist).
 */
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { collect, createClient } from "../../provider/client";
import { type E2EStack, emulatorStack, repoRoot } from "./harness";

const groupId = "5f1a000000000000000000a1";

describe("examples/quickstart through the real engine", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    stack = await emulatorStack(emulator, {
      program: join(repoRoot, "examples", "quickstart"),
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  test("pulumi up creates all nine resources (eight kinds) and every wait reaches its done state", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 10 created");
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({
      textIndexStatus: "READY",
      vectorIndexStatus: "READY",
      searchNodesState: "IDLE",
      complianceState: "ACTIVE",
      customDnsEnabled: true,
      auditConfigurationType: "FILTER_JSON",
    });
  });

  test("preview and refresh right after up show no change", async () => {
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("the webhook secret is stored encrypted, never in plain text", async () => {
    const state = await stack.pulumi(["stack", "export"], { quiet: true });
    expect(state.stdout).not.toContain("quickstart-webhook-secret-0001");
    expect(state.stdout).not.toContain(DEFAULT_SEED.orgOwnerKey.privateKey);
  });

  test("pulumi destroy removes what the stack created", async () => {
    const result = await stack.destroy();
    expect(result.code).toBe(0);
    const client = createClient({
      baseUrl: emulator.baseUrl,
      ...DEFAULT_SEED.orgOwnerKey,
    });
    try {
      expect(await client.searchIndexes.list(groupId, "demo-cluster")).toEqual([]);
      expect(await client.searchDeployments.get(groupId, "demo-cluster")).toEqual({});
      expect(await collect(client.alertConfigs.listAll(groupId))).toEqual([]);
      expect(await collect(client.exportBuckets.listAll(groupId))).toEqual([]);
      expect(await client.customDns.get(groupId)).toMatchObject({ enabled: false });
      expect(await client.auditing.get(groupId)).toMatchObject({ enabled: false });
    } finally {
      await client.close();
    }
  });
});
