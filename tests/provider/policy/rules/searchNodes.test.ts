import { searchNodesInProduction } from "../../../../provider/policy/rules/searchNodes";
import { FORMS, violationsOf } from "../policyArgs";

const props = (nodeCount: number) => ({
  groupId: "5f1a000000000000000000a1",
  clusterName: "Cluster0",
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount }],
});

describe.each(FORMS)("search-nodes-in-production (%s form)", (_form, token) => {
  const deployment = token("SearchDeployment");

  test("passes the default minimum of 2 nodes in production", async () => {
    expect(
      await violationsOf(searchNodesInProduction, deployment, "search", props(2), { production: true }),
    ).toEqual([]);
  });

  test("reports fewer nodes than the team's minimum", async () => {
    expect(
      await violationsOf(searchNodesInProduction, deployment, "search", props(2), {
        production: true,
        minNodeCount: 3,
      }),
    ).toEqual([
      'SearchDeployment "search": specs[0].nodeCount is 2, below 3 in production (rule search-nodes-in-production). Fix: set nodeCount to 3 or more',
    ]);
  });

  test("checks nothing outside production", async () => {
    expect(
      await violationsOf(searchNodesInProduction, deployment, "search", props(2), { minNodeCount: 3 }),
    ).toEqual([]);
  });
});
