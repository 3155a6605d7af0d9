import { UNKNOWN } from "../../../../provider/framework/validation";
import { inputsFromLive, mismatchedFields, toBody } from "../../../../provider/resources/exportBucket/model";
import { resource as exportBucketResource } from "../../../../provider/resources/exportBucket/resource";

const provider = exportBucketResource.providerWith({
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
  test("no change", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  test("a new name or project replaces, creating the new bucket first", async () => {
    expect(await diff({ ...INPUTS, bucketName: "exports-2" })).toEqual({
      changes: true,
      replaces: ["bucketName"],
    });
    expect(await diff({ ...INPUTS, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  test("a new role under the same name replaces, deleting the old bucket first (names are unique)", async () => {
    expect(await diff({ ...INPUTS, iamRoleId: "5f1a000000000000000000c2" })).toEqual({
      changes: true,
      replaces: ["iamRoleId"],
      deleteBeforeReplace: true,
    });
  });

  test("timeouts update in place; importId is never a change", async () => {
    expect(await diff({ ...INPUTS, timeouts: { delete: "1h" } })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ ...INPUTS, importId: `${GROUP}/5f1a0000000000000000d001` })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...INPUTS, bucketName: UNKNOWN })).toEqual({
      changes: true,
      replaces: ["bucketName"],
    });
  });
});

describe("ExportBucket body and read per provider", () => {
  const GROUP_ID = "5f1a000000000000000000a1";
  const ROLE_ID = "5f1a000000000000000000c1";
  const AZURE = {
    groupId: GROUP_ID,
    bucketName: "exports",
    cloudProvider: "AZURE" as const,
    roleId: ROLE_ID,
    serviceUrl: "https://exportsaccount.blob.core.windows.net/exports",
  };

  test("the body carries the fields of the provider's variant only", () => {
    expect(toBody(AZURE)).toEqual({
      bucketName: "exports",
      cloudProvider: "AZURE",
      roleId: ROLE_ID,
      serviceUrl: "https://exportsaccount.blob.core.windows.net/exports",
    });
  });

  test("read: the live fields; requirePrivateNetworking false is not copied into inputs that left it out", () => {
    const aws = {
      groupId: GROUP_ID,
      bucketName: "exports",
      cloudProvider: "AWS" as const,
      iamRoleId: ROLE_ID,
    };
    const live = {
      exportBucketId: "65f0c0ffee0000000000abcd",
      bucketName: "exports",
      cloudProvider: "AWS",
      iamRoleId: ROLE_ID,
    };
    expect(inputsFromLive(aws, { ...live, requirePrivateNetworking: false })).toEqual(aws);
    expect(inputsFromLive(aws, { ...live, requirePrivateNetworking: true })).toEqual({
      ...aws,
      requirePrivateNetworking: true,
    });
    const azureLive = {
      ...live,
      cloudProvider: "AZURE",
      iamRoleId: undefined,
      roleId: ROLE_ID,
      serviceUrl: AZURE.serviceUrl,
    };
    expect(inputsFromLive(AZURE, azureLive)).toEqual(AZURE);
    expect(mismatchedFields(AZURE, { ...azureLive, roleId: "5f1a000000000000000000c2" })).toEqual([
      `roleId is "5f1a000000000000000000c2" (the input says "${ROLE_ID}")`,
    ]);
  });
});
