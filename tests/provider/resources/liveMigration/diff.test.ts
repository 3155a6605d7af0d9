import { diffInputs } from "../../../../provider/framework/diff";
import { LIVE_MIGRATION_PROPERTIES } from "../../../../provider/resources/liveMigration/resource";

const olds = {
  groupId: "5f1a000000000000000000a1",
  destination: { clusterName: "demo-cluster", hostnameSchemaType: "PUBLIC" },
  source: {
    clusterName: "rs",
    groupId: "65f0c0ffee0000000000aa01",
    managedAuthentication: false,
    ssl: true,
    password: "p",
  },
  migrationHosts: ["host-0"],
  dropDestinationData: false,
  cutover: false,
  status: "WORKING",
  liveMigrationId: "65f0c0ffee0000000000abcd",
};
const diff = (news: Record<string, unknown>) => diffInputs(olds, news, LIVE_MIGRATION_PROPERTIES);

describe("LiveMigration diff", () => {
  test("what is migrated replaces the migration", () => {
    expect(diff({ ...olds, source: { ...olds.source, password: "q" } }).replaces).toEqual(["source"]);
    expect(diff({ ...olds, dropDestinationData: true }).replaces).toEqual(["dropDestinationData"]);
    expect(
      diff({ ...olds, destination: { ...olds.destination, hostnameSchemaType: "VPC_PEERING" } }).replaces,
    ).toEqual(["destination"]);
  });

  test("cutover and timeouts update in place; outputs are never compared", () => {
    expect(diff({ ...olds, cutover: true })).toEqual({
      changes: true,
      replaces: [],
      detailedDiff: { cutover: "update" },
    });
    expect(diff({ ...olds, status: "COMPLETE" }).changes).toBe(false);
  });
});
