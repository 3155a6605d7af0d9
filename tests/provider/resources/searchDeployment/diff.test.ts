import { UNKNOWN } from "../../../../provider/framework/validation";
import { resource as searchDeploymentResource } from "../../../../provider/resources/searchDeployment/resource";

const provider = searchDeploymentResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});

const INPUTS = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
};
const STATE = {
  ...INPUTS,
  deploymentId: "65f0c0ffee0000000000abcd",
  stateName: "IDLE",
  encryptionAtRestProvider: "NONE",
};
const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);

describe("SearchDeployment diff", () => {
  test("no change", async () => {
    expect(await diff({ ...INPUTS })).toEqual({ changes: false, replaces: [] });
  });

  test.each([
    ["groupId", "5f1a000000000000000000a2"],
    ["clusterName", "sharded-cluster"],
  ])("a change of %s replaces the deployment", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [field] });
  });

  test.each([
    ["instanceSize", { instanceSize: "S40_LOWCPU_NVME", nodeCount: 2 }],
    ["nodeCount", { instanceSize: "S30_HIGHCPU_NVME", nodeCount: 4 }],
  ])("a change of specs (%s) updates in place", async (_label, spec) => {
    expect(await diff({ ...INPUTS, specs: [spec] })).toEqual({ changes: true, replaces: [] });
  });

  test("timeouts update in place without an API call; importId never diffs", async () => {
    expect(await diff({ ...INPUTS, timeouts: { update: "3h" } })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ ...INPUTS, importId: "5f1a000000000000000000a1/demo-cluster" })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("unknown values count as changes", async () => {
    expect(await diff({ ...INPUTS, clusterName: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["clusterName"],
    });
    expect(await diff({ ...INPUTS, specs: [{ instanceSize: UNKNOWN, nodeCount: 2 }] })).toEqual({
      changes: true,
      replaces: [],
    });
  });
});
