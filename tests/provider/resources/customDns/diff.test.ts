import { UNKNOWN } from "../../../../provider/framework/validation";
import { resource as customDnsResource } from "../../../../provider/resources/customDns/resource";

const provider = customDnsResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const STATE = { groupId: GROUP, enabled: true };
const diff = (news: Record<string, unknown>) => provider.diff(GROUP, { ...STATE }, news);

describe("CustomDns diff", () => {
  test("no change; importId is never a change", async () => {
    expect(await diff({ groupId: GROUP, enabled: true })).toEqual({ changes: false, replaces: [] });
    expect(await diff({ groupId: GROUP, enabled: true, importId: GROUP })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("enabled updates in place; a project change replaces", async () => {
    expect(await diff({ groupId: GROUP, enabled: false })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ groupId: "5f1a000000000000000000a2", enabled: true })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ groupId: GROUP, enabled: UNKNOWN })).toEqual({ changes: true, replaces: [] });
  });
});
