import { diffInputs } from "../../../../provider/framework/diff";
import { LIVE_MIGRATION_LINK_TOKEN_PROPERTIES } from "../../../../provider/resources/liveMigrationLinkToken/resource";

const olds = { orgId: "5f1a00000000000000000001", accessListIps: ["203.0.113.10"], linkToken: "token" };
const diff = (news: Record<string, unknown>) => diffInputs(olds, news, LIVE_MIGRATION_LINK_TOKEN_PROPERTIES);

describe("LiveMigrationLinkToken diff", () => {
  test("any change replaces the link, removing the old one first", () => {
    expect(diff({ orgId: olds.orgId, accessListIps: [] })).toMatchObject({
      replaces: ["accessListIps"],
      deleteBeforeReplace: true,
    });
    expect(diff({ orgId: "5f1a00000000000000000002", accessListIps: olds.accessListIps })).toMatchObject({
      replaces: ["orgId"],
      deleteBeforeReplace: true,
    });
  });

  test("the same inputs are no change, whatever the stored token", () => {
    expect(diff({ orgId: olds.orgId, accessListIps: ["203.0.113.10"] }).changes).toBe(false);
  });
});
