import { checkWith } from "../../../../provider/framework/validation";
import { describeProgress, inputsFromLive } from "../../../../provider/resources/snapshotExportJob/model";
import { resource as snapshotExportJobResource } from "../../../../provider/resources/snapshotExportJob/resource";
import { snapshotExportJobInputsSchema } from "../../../../provider/resources/snapshotExportJob/schema";

const provider = snapshotExportJobResource.providerWith({
  client: () => {
    throw new Error("check and diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const INPUTS = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  snapshotId: "5f1b00000000000000000001",
  exportBucketId: "5f1b00000000000000000002",
  customData: [{ key: "team", value: "bi" }],
};
const STATE = { ...INPUTS, exportJobId: "5f1b00000000000000000003", state: "Successful" };
const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);
const reasons = (news: Record<string, unknown>) =>
  checkWith(snapshotExportJobInputsSchema, news).failures.map((failure) => failure.reason);

describe("SnapshotExportJob check", () => {
  test("names the field and the rule", () => {
    expect(reasons({ ...INPUTS, snapshotId: undefined })).toEqual(["snapshotId is required"]);
    expect(reasons({ ...INPUTS, exportBucketId: "bucket" })).toEqual([
      "exportBucketId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
    expect(reasons({ ...INPUTS, customData: [{ key: "", value: "x" }] })).toEqual([
      "customData[0].key must be at least 1 character",
    ]);
  });
});

describe("SnapshotExportJob diff", () => {
  test("no change", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  test.each([
    ["snapshotId", "5f1b00000000000000000009"],
    ["exportBucketId", "5f1b00000000000000000009"],
    ["customData", [{ key: "team", value: "ops" }]],
  ])("any change of %s runs a new export (replace)", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [field] });
  });

  test("timeouts change in place without a new export", async () => {
    expect(await diff({ ...INPUTS, timeouts: { create: "5h" } })).toEqual({ changes: true, replaces: [] });
  });
});

describe("SnapshotExportJob model", () => {
  test("progress reads exported / total collections when the service says both", () => {
    expect(describeProgress({ exportedCollections: 1, totalCollections: 3 })).toBe(
      "1/3 collections exported",
    );
    expect(describeProgress({ exportedCollections: undefined, totalCollections: 3 })).toBeUndefined();
  });

  test("read takes the live snapshot, bucket and labels", () => {
    const live = {
      exportJobId: "5f1b00000000000000000003",
      state: "Successful",
      snapshotId: INPUTS.snapshotId,
      exportBucketId: INPUTS.exportBucketId,
      customData: [{ key: "team", value: "ops" }],
      prefix: undefined,
      exportStatus: { exportedCollections: 3, totalCollections: 3 },
      stateReason: undefined,
      createdAt: undefined,
      finishedAt: undefined,
    };
    expect(inputsFromLive(INPUTS, live, INPUTS)).toEqual({
      ...INPUTS,
      customData: [{ key: "team", value: "ops" }],
    });
  });
});
