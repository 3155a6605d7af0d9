/**
 * SearchDeployment (search nodes) through the real Pulumi CLI against the in-process emulator:
 * create, a clean preview and refresh, an update in place, an out-of-band change seen by refresh, a
 * replacing change (another cluster), adoption by importId, and a destroy that leaves no nodes.
 */
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectFailingRun,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  resourceOutputs,
  setResource,
  settle,
  startPlatformE2E,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const TYPE = "pulumi-nodejs:dynamic/platform:SearchDeployment";
const nodes = (changes: { clusterName: string; nodeCount: number; importId?: string }): DeclaredResource => ({
  type: "SearchDeployment",
  args: {
    groupId: GROUP,
    clusterName: changes.clusterName,
    specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: changes.nodeCount }],
    importId: changes.importId,
    timeouts: { create: "2m", update: "2m", delete: "2m" },
  },
});

describe("SearchDeployment through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: { nodes: nodes({ clusterName: "demo-cluster", nodeCount: 2 }) },
  });

  const specsOn = async (clusterName: string) =>
    (await e2e.client.searchDeployments.get(GROUP, clusterName)).specs;

  test("pulumi up creates the nodes and waits until IDLE", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created", "platform: search nodes of cluster demo-cluster: UPDATING");
    expect((await resourceOutputs(stack)).nodes).toMatchObject({
      id: `${GROUP}/demo-cluster`,
      stateName: "IDLE",
      specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
    });
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }]);
    await expectSmallCredentialFreeProviders(stack, TYPE);
  });

  test("pulumi preview and refresh show no change after up", async () => {
    await expectCleanPreviewAndRefresh(e2e.stack);
  });

  test("a new node count updates the nodes in place", async () => {
    const { stack } = e2e;
    await setResource(stack, "nodes", nodes({ clusterName: "demo-cluster", nodeCount: 4 }));
    await expectUp(stack, "~ 1 updated");
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh detects an out-of-band resize as exactly the specs; up converges it back", async () => {
    const { stack, client } = e2e;
    await client.searchDeployments.update(GROUP, "demo-cluster", {
      specs: [{ instanceSize: "S40_LOWCPU_NVME", nodeCount: 4 }],
    });
    await settle();
    await expectRefreshReportsOnly(stack, ["specs"]);
    await expectUp(stack, "~ 1 updated");
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("another cluster replaces the nodes: the old cluster has none left", async () => {
    const { stack } = e2e;
    await setResource(stack, "nodes", nodes({ clusterName: "sharded-cluster", nodeCount: 4 }));
    await expectUp(stack, "+-1 replaced");
    expect(await specsOn("demo-cluster")).toBeUndefined();
    expect(await specsOn("sharded-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("creating where nodes exist fails with a hint; importId adopts them", async () => {
    const { stack, client } = e2e;
    await stack.destroy();
    await client.searchDeployments.create(GROUP, "demo-cluster", {
      specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }],
    });
    await setResource(stack, "nodes", nodes({ clusterName: "demo-cluster", nodeCount: 4 }));
    expect(await expectFailingRun(stack, "up")).toContain(`set importId: "${GROUP}/demo-cluster"`);

    await setResource(
      stack,
      "nodes",
      nodes({ clusterName: "demo-cluster", nodeCount: 4, importId: `${GROUP}/demo-cluster` }),
    );
    await expectUp(stack, "+ 1 created");
    expect(await specsOn("demo-cluster")).toEqual([{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }]);
    await expectCleanPreviewAndRefresh(stack);
  });

  test("pulumi destroy leaves no search nodes", async () => {
    const { stack, client } = e2e;
    await expectDestroyDeletes(stack, 2);
    expect(await client.searchDeployments.get(GROUP, "demo-cluster")).not.toHaveProperty("specs");
    expect(await client.searchDeployments.get(GROUP, "sharded-cluster")).not.toHaveProperty("specs");
  });
});
