import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { outageSimulationInputsSchema } from "../../../../provider/resources/outageSimulation/schema";

const base = { groupId: "5f1a000000000000000000a1", clusterName: "demo-cluster" };
const check = (news: Record<string, unknown>) => checkWith(outageSimulationInputsSchema, news);

describe("OutageSimulation inputs", () => {
  test("filters get type REGION by default", () => {
    expect(
      check({ ...base, outageFilters: [{ cloudProvider: "GCP", regionName: "CENTRAL_US" }] }).inputs,
    ).toEqual({
      ...base,
      outageFilters: [{ cloudProvider: "GCP", regionName: "CENTRAL_US", type: "REGION" }],
    });
  });

  test("at least one filter; each names a provider, a region and REGION", () => {
    expect(check({ ...base, outageFilters: [] }).failures).toEqual([
      { property: "outageFilters", reason: "outageFilters must contain at least 1 item" },
    ]);
    expect(
      check({ ...base, outageFilters: [{ cloudProvider: "AWS", regionName: "", type: "ZONE" }] }).failures,
    ).toEqual([
      {
        property: "outageFilters[0].regionName",
        reason: "outageFilters[0].regionName must be at least 1 character",
      },
      { property: "outageFilters[0].type", reason: 'outageFilters[0].type must be "REGION"' },
    ]);
    expect(
      check({ ...base, clusterName: "-bad", outageFilters: [{ cloudProvider: "AWS", regionName: "X" }] })
        .failures[0]?.property,
    ).toBe("clusterName");
  });

  test("an unknown cluster name during preview is not an error", () => {
    expect(
      check({ ...base, clusterName: UNKNOWN, outageFilters: [{ cloudProvider: "AWS", regionName: "X" }] })
        .failures,
    ).toEqual([]);
  });
});
