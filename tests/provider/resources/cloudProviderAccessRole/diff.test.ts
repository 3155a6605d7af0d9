import { resource as cloudProviderAccessRoleResource } from "../../../../provider/resources/cloudProviderAccessRole/resource";

const GROUP = "5f1a000000000000000000a1";
const ARN = "arn:aws:iam::123456789012:role/a";
const provider = cloudProviderAccessRoleResource.providerWith({
  client: () => {
    throw new Error("diff sends no request");
  },
});
const olds = {
  groupId: GROUP,
  iamAssumedRoleArn: ARN,
  roleId: "5f1a000000000000000000c9",
  authorizedDate: "2026-01-01T00:00:00Z",
};

describe("CloudProviderAccessRole diff", () => {
  test("a first ARN or a new one updates in place (authorizes)", async () => {
    expect(
      await provider.diff("x", { groupId: GROUP, roleId: "r" }, { groupId: GROUP, iamAssumedRoleArn: ARN }),
    ).toEqual({
      changes: true,
      replaces: [],
    });
    expect(await provider.diff("x", olds, { groupId: GROUP, iamAssumedRoleArn: `${ARN}2` })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("removing the ARN replaces the role; so does another project", async () => {
    expect(await provider.diff("x", olds, { groupId: GROUP })).toEqual({
      changes: true,
      replaces: ["iamAssumedRoleArn"],
    });
    expect(await provider.diff("x", olds, { groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId", "iamAssumedRoleArn"],
    });
  });

  test("timeouts update without a request; importId and outputs change nothing", async () => {
    expect(
      await provider.diff("x", olds, { groupId: GROUP, iamAssumedRoleArn: ARN, timeouts: { create: "1m" } }),
    ).toEqual({
      changes: true,
      replaces: [],
    });
    expect(
      await provider.diff("x", olds, { groupId: GROUP, iamAssumedRoleArn: ARN, importId: `${GROUP}/r` }),
    ).toEqual({
      changes: false,
      replaces: [],
    });
  });
});
