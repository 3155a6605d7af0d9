import type { PlatformClient } from "../../../../provider/client";
import { resource as privateIpModeResource } from "../../../../provider/resources/privateIpMode/resource";

const GROUP = "5f1a000000000000000000a1";
const provider = privateIpModeResource.providerWith({
  client: () => {
    throw new Error("diff sends no request");
  },
});
const olds = { groupId: GROUP, enabled: true };

describe("PrivateIpMode diff", () => {
  test("enabled updates in place; another project replaces; importId changes nothing", async () => {
    expect(await provider.diff(GROUP, olds, { groupId: GROUP, enabled: false })).toEqual({
      changes: true,
      replaces: [],
    });
    expect(await provider.diff(GROUP, olds, { groupId: "5f1a000000000000000000a2", enabled: true })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
    expect(await provider.diff(GROUP, olds, { ...olds, importId: GROUP })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("check of enabled: true asks the service nothing", async () => {
    const noClient = privateIpModeResource.providerWith({ client: () => ({}) as PlatformClient });
    expect((await noClient.check({}, { groupId: GROUP, enabled: true })).failures).toEqual([]);
  });
});
