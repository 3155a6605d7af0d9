import { diffInputs } from "../../../../provider/framework/diff";
import { OUTAGE_SIMULATION_PROPERTIES } from "../../../../provider/resources/outageSimulation/resource";

const EAST = { cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" };
const WEST = { cloudProvider: "AWS", regionName: "US_WEST_2", type: "REGION" };
const olds = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  outageFilters: [EAST, WEST],
  state: "SIMULATING",
};
const diff = (news: Record<string, unknown>) => diffInputs(olds, news, OUTAGE_SIMULATION_PROPERTIES);

describe("OutageSimulation diff", () => {
  test("every field of the simulation replaces it, ending the old one first", () => {
    expect(diff({ ...olds, clusterName: "other" })).toMatchObject({
      replaces: ["clusterName"],
      deleteBeforeReplace: true,
    });
    expect(diff({ ...olds, outageFilters: [EAST] })).toMatchObject({
      replaces: ["outageFilters"],
      deleteBeforeReplace: true,
    });
  });

  test("filters in another order are no change; timeouts update in place", () => {
    expect(diff({ ...olds, outageFilters: [WEST, EAST] }).changes).toBe(false);
    expect(diff({ ...olds, timeouts: { delete: "1h" } })).toEqual({
      changes: true,
      replaces: [],
      detailedDiff: { timeouts: "update" },
    });
  });
});
