/**
 * SearchDeployment (search nodes) through the real Pulumi CLI against the in-process emulator:
 * create, a clean preview and refresh, an update in place, an out-of-band change seen by refresh, a
 * replacing change (another cluster), adoption by importId, and a destroy that leaves no nodes.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack } from "./harness";

const GROUP = "5f1a000000000000000000a1";

// Each test drives whole `pulumi up/refresh/destroy` runs.
jest.setTimeout(10 * 60_000);

/** The top-level properties a `--diff` output shows as changed (`      ~ specs : [`). */
function changedProperties(stdout: string): string[] {
  return stdout
    .split("\n")
    .map((line) => /^ {6}[-+~] (\w+)\s*:/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe("SearchDeployment through the real engine", () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;

  const specsOn = async (clusterName: string) =>
    (await client.searchDeployments.get(GROUP, clusterName)).specs;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "demo-private-key-0000-0000-000000000001",
    });
    stack = await E2EStack.create({
      program: join(__dirname, "programs", "searchDeployment"),
      config: {
        "platform:baseUrl": emu.baseUrl,
        "platform:publicKey": "demo-public-key",
        groupId: GROUP,
        clusterName: "demo-cluster",
        instanceSize: "S30_HIGHCPU_NVME",
        nodeCount: "2",
      },
      secrets: { "platform:privateKey": "demo-private-key-0000-0000-000000000001" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emu?.close();
  });

  test("pulumi up creates the nodes and waits until IDLE", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 2 created");
    expect(result.stdout).toContain("platform: search nodes of cluster demo-cluster: UPDATING");
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({
      nodesId: `${GROUP}/demo-cluster`,
      stateName: "IDLE",
      specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
    });
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }]);
  });

  test("pulumi preview and refresh show no change after up", async () => {
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("a new node count updates the nodes in place", async () => {
    await stack.setConfig("nodeCount", "4");
    const result = await stack.up();
    expect(result.stdout).toContain("~ 1 updated");
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh detects an out-of-band resize as exactly the specs; up converges it back", async () => {
    await client.searchDeployments.update(GROUP, "demo-cluster", {
      specs: [{ instanceSize: "S40_LOWCPU_NVME", nodeCount: 4 }],
    });
    await new Promise((resolve) => setTimeout(resolve, 400)); // let the emulator's change finish (asyncDelayMs 300)
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("~ 1 updated");
    expect(changedProperties(refresh.stdout)).toEqual(["specs"]);
    const up = await stack.up();
    expect(up.stdout).toContain("~ 1 updated");
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("another cluster replaces the nodes: the old cluster has none left", async () => {
    await stack.setConfig("clusterName", "sharded-cluster");
    const result = await stack.up();
    expect(result.stdout).toContain("+-1 replaced");
    expect(await specsOn("demo-cluster")).toBeUndefined();
    expect(await specsOn("sharded-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("creating where nodes exist fails with a hint; importId adopts them", async () => {
    await stack.destroy();
    await client.searchDeployments.create(GROUP, "demo-cluster", {
      specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }],
    });
    await stack.setConfig("clusterName", "demo-cluster");
    const refused = await stack.pulumi(["up", "--yes", "--skip-preview"], { allowFailure: true });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain(`set importId: "${GROUP}/demo-cluster"`);

    await stack.setConfig("importId", `${GROUP}/demo-cluster`);
    const adopted = await stack.up();
    expect(adopted.stdout).toContain("+ 1 created");
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("pulumi destroy leaves no search nodes", async () => {
    const result = await stack.destroy();
    expect(result.stdout).toContain("- 2 deleted");
    expect(await client.searchDeployments.get(GROUP, "demo-cluster")).not.toHaveProperty("specs");
    expect(await client.searchDeployments.get(GROUP, "sharded-cluster")).not.toHaveProperty("specs");
  });
});
