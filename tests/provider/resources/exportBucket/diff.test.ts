import { UNKNOWN } from "../../../../provider/framework/validation";
import { createExportBucketProvider } from "../../../../provider/resources/exportBucket/provider";

const provider = createExportBucketProvider({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const INPUTS = {
  groupId: GROUP,
  bucketName: "exports",
  cloudProvider: "AWS",
  iamRoleId: "5f1a000000000000000000c1",
};
const STATE = { ...INPUTS, exportBucketId: "5f1a0000000000000000d001" };
const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);

describe("ExportBucket diff", () => {
  it("no change", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  it("a new name or project replaces, creating the new bucket first", async () => {
    expect(await diff({ ...INPUTS, bucketName: "exports-2" })).toEqual({
      changes: true,
      replaces: ["bucketName"],
    });
    expect(await diff({ ...INPUTS, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  it("a new role under the same name replaces, deleting the old bucket first (names are unique)", async () => {
    expect(await diff({ ...INPUTS, iamRoleId: "5f1a000000000000000000c2" })).toEqual({
      changes: true,
      replaces: ["iamRoleId"],
      deleteBeforeReplace: true,
    });
  });

  it("timeouts update in place; importId is never a change", async () => {
    expect(await diff({ ...INPUTS, timeouts: { delete: "1h" } })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ ...INPUTS, importId: `${GROUP}/5f1a0000000000000000d001` })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  it("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...INPUTS, bucketName: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["bucketName"],
    });
  });
});
