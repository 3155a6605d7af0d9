import { UNKNOWN } from "../../../../provider/framework/validation";
import { inputsFromLive, restoreStateOf, toBody } from "../../../../provider/resources/restoreJob/model";
import { resource as restoreJobResource } from "../../../../provider/resources/restoreJob/resource";

const provider = restoreJobResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const INPUTS = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  serverless: false,
  deliveryType: "pointInTime",
  targetGroupId: GROUP,
  targetClusterName: "old-cluster",
  pointInTimeUTCSeconds: 1_700_000_000,
};
const STATE = {
  ...INPUTS,
  restoreJobId: "5f1b00000000000000000009",
  state: "finished",
  finishedAt: "2025-03-12T00:00:04Z",
  timestamp: "2023-11-14T22:13:20Z",
  deliveryUrl: [],
};
const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);

describe("RestoreJob diff", () => {
  test("the same inputs: no change, whatever the outputs hold", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  test.each([
    ["targetClusterName", "sharded-cluster"],
    ["pointInTimeUTCSeconds", 1_700_000_001],
    ["deliveryType", "automated"],
    ["serverless", true],
  ])("a change of %s runs a new restore (replace)", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [field] });
  });

  test("timeouts update without a new restore; importId is never a change", async () => {
    expect(await diff({ ...INPUTS, timeouts: { create: "1h" } })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ ...INPUTS, importId: `${GROUP}/demo-cluster/5f1b00000000000000000009` })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...INPUTS, targetClusterName: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["targetClusterName"],
    });
  });
});

describe("RestoreJob model", () => {
  test("sends only the fields given", () => {
    expect(toBody({ ...INPUTS, deliveryType: "pointInTime" })).toEqual({
      deliveryType: "pointInTime",
      targetGroupId: GROUP,
      targetClusterName: "old-cluster",
      pointInTimeUTCSeconds: 1_700_000_000,
    });
  });

  test("read keeps out what the service fills in by itself", () => {
    const live = {
      restoreJobId: "5f1b00000000000000000009",
      state: "finished",
      job: {
        id: "5f1b00000000000000000009",
        deliveryType: "pointInTime",
        snapshotId: "5f1b00000000000000000001",
        targetGroupId: GROUP,
        targetClusterName: "old-cluster",
        pointInTimeUTCSeconds: 1_700_000_000,
        desiredTimestamp: { date: "2023-11-14T22:13:20Z", increment: 1 },
      },
    };
    const where = { groupId: GROUP, clusterName: "demo-cluster" };
    expect(inputsFromLive({ ...INPUTS, deliveryType: "pointInTime" }, live, where)).toEqual(INPUTS);
  });

  test.each([
    [{ failed: true, finishedAt: "x" }, "failed"],
    [{ cancelled: true }, "cancelled"],
    [{ finishedAt: "x", expired: true }, "expired"],
    [{ finishedAt: "x", expired: false }, "finished"],
    [{}, "inProgress"],
  ])("state from the flags %j is %s", (flags, state) => {
    expect(restoreStateOf(flags)).toBe(state);
  });
});
