import { UNKNOWN } from "../../../../provider/framework/validation";
import { resource as auditingResource } from "../../../../provider/resources/auditing/resource";

const provider = auditingResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const INPUTS = {
  groupId: GROUP,
  enabled: true,
  auditAuthorizationSuccess: false,
  auditFilter: '{"atype":"authenticate"}',
};
const STATE = { ...INPUTS, configurationType: "FILTER_JSON" };
const diff = (news: Record<string, unknown>) => provider.diff(GROUP, { ...STATE }, news);

describe("Auditing diff", () => {
  test("no change", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  test("a project change replaces", async () => {
    expect(await diff({ ...INPUTS, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  test.each([
    ["enabled", false],
    ["auditAuthorizationSuccess", true],
    ["auditFilter", '{"atype":"authCheck"}'],
  ])("%s updates in place", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [] });
  });

  test("the filter compares as JSON, not as text", async () => {
    expect(await diff({ ...INPUTS, auditFilter: '{ "atype" : "authenticate" }' })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("importId is never a change; the output configurationType is not compared", async () => {
    expect(await diff({ ...INPUTS, importId: GROUP })).toEqual({ changes: false, replaces: [] });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...INPUTS, groupId: UNKNOWN })).toEqual({ changes: true, replaces: ["groupId"] });
  });
});
