import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { retentionDaysOf } from "../../../../provider/resources/onDemandSnapshot/model";
import { resource as onDemandSnapshotResource } from "../../../../provider/resources/onDemandSnapshot/resource";
import { onDemandSnapshotInputsSchema } from "../../../../provider/resources/onDemandSnapshot/schema";

const provider = onDemandSnapshotResource.providerWith({
  client: () => {
    throw new Error("check and diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const INPUTS = { groupId: GROUP, clusterName: "demo-cluster", description: "nightly", retentionInDays: 3 };
const STATE = {
  ...INPUTS,
  snapshotId: "5f1b00000000000000000001",
  status: "completed",
  type: "replicaSet",
  createdAt: "2025-03-12T00:00:00Z",
  expiresAt: "2025-03-15T00:00:00Z",
};
const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);
const reasons = (news: Record<string, unknown>) =>
  checkWith(onDemandSnapshotInputsSchema, news).failures.map((failure) => failure.reason);

describe("OnDemandSnapshot check", () => {
  test("retentionInDays is required and at least 1 (the spec's limit)", () => {
    expect(reasons({ ...INPUTS, retentionInDays: undefined })).toEqual(["retentionInDays is required"]);
    expect(reasons({ ...INPUTS, retentionInDays: 0 })).toEqual(["retentionInDays must be at least 1"]);
    expect(reasons({ ...INPUTS, retentionInDays: 1.5 })).toEqual([
      "retentionInDays must be an integer; got number 1.5",
    ]);
  });

  test("importId must have three parts", () => {
    expect(reasons({ ...INPUTS, importId: `${GROUP}/demo-cluster` })).toEqual([
      `importId must look like <groupId>/<clusterName>/<snapshotId>; got "${GROUP}/demo-cluster"`,
    ]);
  });
});

describe("OnDemandSnapshot diff", () => {
  test("no change", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  test("a retention change updates in place", async () => {
    expect(await diff({ ...INPUTS, retentionInDays: 7 })).toEqual({ changes: true, replaces: [] });
  });

  test("a new description or cluster takes a new snapshot", async () => {
    expect(await diff({ ...INPUTS, description: "weekly" })).toEqual({
      changes: true,
      replaces: ["description"],
    });
    expect(await diff({ ...INPUTS, clusterName: "sharded-cluster" })).toEqual({
      changes: true,
      replaces: ["clusterName"],
    });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...INPUTS, retentionInDays: UNKNOWN })).toEqual({ changes: true, replaces: [] });
  });

  test("the retention the service has is the whole days from createdAt to expiresAt", () => {
    expect(retentionDaysOf(STATE)).toBe(3);
    expect(retentionDaysOf({ createdAt: undefined, expiresAt: STATE.expiresAt })).toBeUndefined();
  });
});
