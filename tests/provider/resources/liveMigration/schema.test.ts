import { checkWith } from "../../../../provider/framework/validation";
import { toBody } from "../../../../provider/resources/liveMigration/model";
import {
  type LiveMigrationInputs,
  liveMigrationInputsSchema,
} from "../../../../provider/resources/liveMigration/schema";

const GROUP = "5f1a000000000000000000a1";
const base = {
  groupId: GROUP,
  destination: { clusterName: "demo-cluster", hostnameSchemaType: "PUBLIC" },
  source: { clusterName: "rs", groupId: "65f0c0ffee0000000000aa01", managedAuthentication: false, ssl: true },
  migrationHosts: ["host-0"],
};
const check = (news: Record<string, unknown>) => checkWith(liveMigrationInputsSchema, news);

describe("LiveMigration inputs", () => {
  test("defaults: no cutover, no dropping of destination data", () => {
    expect(check(base)).toEqual({
      inputs: { ...base, dropDestinationData: false, cutover: false },
      failures: [],
    });
  });

  test("rules name the field", () => {
    expect(check({ ...base, migrationHosts: [] }).failures).toEqual([
      { property: "migrationHosts", reason: "migrationHosts must contain exactly 1 item" },
    ]);
    expect(check({ ...base, source: { ...base.source, groupId: "x" } }).failures).toEqual([
      { property: "source.groupId", reason: "source.groupId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
    expect(
      check({ ...base, source: { clusterName: "rs", groupId: "65f0c0ffee0000000000aa01" } }).failures.map(
        (f) => f.property,
      ),
    ).toEqual(["source.managedAuthentication", "source.ssl"]);
    expect(
      check({
        ...base,
        sharding: {
          createSupportingIndexes: true,
          shardingEntries: [{ collection: "c", database: "d", shardCollection: { key: [] } }],
        },
      }).failures,
    ).toEqual([
      {
        property: "sharding.shardingEntries[0].shardCollection.key",
        reason: "sharding.shardingEntries[0].shardCollection.key must contain at least 1 item",
      },
    ]);
  });

  test("the request body: the destination's project is groupId; cutover and timeouts are not sent", () => {
    const inputs = check({ ...base, cutover: true, timeouts: { create: "1h" } })
      .inputs as LiveMigrationInputs;
    expect(toBody(inputs)).toEqual({
      destination: { clusterName: "demo-cluster", hostnameSchemaType: "PUBLIC", groupId: GROUP },
      source: base.source,
      dropDestinationData: false,
      migrationHosts: ["host-0"],
    });
  });
});
