import { SEARCH_NODE_INSTANCE_SIZES } from "../../../../api/vocabulary";
import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { searchDeploymentInputsSchema } from "../../../../provider/resources/searchDeployment/schema";

const GROUP = "5f1a000000000000000000a1";
const BASE = { groupId: GROUP, clusterName: "demo-cluster" };
const SPEC = { instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 };

function check(news: Record<string, unknown>) {
  return checkWith(searchDeploymentInputsSchema, news);
}

function reasons(news: Record<string, unknown>): string[] {
  return check(news).failures.map((failure) => failure.reason);
}

describe("SearchDeployment check", () => {
  test("accepts one spec", () => {
    expect(check({ ...BASE, specs: [SPEC] })).toEqual({ inputs: { ...BASE, specs: [SPEC] }, failures: [] });
  });

  test.each([...SEARCH_NODE_INSTANCE_SIZES])("accepts instance size %s", (instanceSize) => {
    expect(check({ ...BASE, specs: [{ ...SPEC, instanceSize }] }).failures).toEqual([]);
  });

  test.each(["S10_HIGHCPU_NVME", "S90_HIGHCPU_NVME", "S70_STORAGE_NVME", "M10", "s30_highcpu_nvme"])(
    "rejects instance size %s",
    (instanceSize) => {
      expect(reasons({ ...BASE, specs: [{ ...SPEC, instanceSize }] })).toEqual([
        "specs[0].instanceSize must be a search node size: S20_HIGHCPU_NVME … S80_HIGHCPU_NVME, S30_LOWCPU_NVME … S140_LOWCPU_NVME or S40_STORAGE_NVME … S90_STORAGE_NVME",
      ]);
    },
  );

  test.each([
    [1, "specs[0].nodeCount must be at least 2"],
    [33, "specs[0].nodeCount must be at most 32"],
    [2.5, "specs[0].nodeCount must be an integer; got number 2.5"],
  ])("rejects nodeCount %p", (nodeCount, reason) => {
    expect(reasons({ ...BASE, specs: [{ ...SPEC, nodeCount }] })).toEqual([reason]);
  });

  test("accepts nodeCount 2 and 32", () => {
    expect(check({ ...BASE, specs: [{ ...SPEC, nodeCount: 32 }] }).failures).toEqual([]);
  });

  test("requires exactly one spec", () => {
    expect(reasons({ ...BASE, specs: [] })).toEqual(["specs must contain exactly 1 item"]);
    expect(reasons({ ...BASE, specs: [SPEC, SPEC] })).toEqual(["specs must contain exactly 1 item"]);
    expect(reasons({ ...BASE })).toEqual(["specs is required"]);
  });

  test("rejects unknown fields in a spec and at the top", () => {
    expect(reasons({ ...BASE, specs: [{ ...SPEC, region: "x" }], color: 1 })).toEqual([
      "specs[0].region is not a known input (check its spelling)",
      "color is not a known input (check its spelling)",
    ]);
  });

  test("validates groupId, clusterName, importId and timeouts", () => {
    expect(reasons({ groupId: "x", clusterName: "a_b", specs: [SPEC] })).toEqual([
      "groupId must be 24 hexadecimal digits (a-f, 0-9)",
      "clusterName must start with a letter or digit and contain only letters, digits and dashes",
    ]);
    expect(check({ ...BASE, specs: [SPEC], importId: `${GROUP}/demo-cluster` }).failures).toEqual([]);
    expect(reasons({ ...BASE, specs: [SPEC], importId: `${GROUP}-demo-cluster` })).toEqual([
      `importId must look like <groupId>/<clusterName>; got "${GROUP}-demo-cluster"`,
    ]);
    expect(reasons({ ...BASE, specs: [SPEC], timeouts: { craete: "1h" } })).toEqual([
      "timeouts.craete is not a known input (check its spelling)",
    ]);
  });

  test("accepts deleteOnCreateFailure as a boolean only", () => {
    expect(check({ ...BASE, specs: [SPEC], deleteOnCreateFailure: true }).failures).toEqual([]);
    expect(reasons({ ...BASE, specs: [SPEC], deleteOnCreateFailure: "yes" })).toEqual([
      'deleteOnCreateFailure must be a boolean (true or false); got the string "yes"',
    ]);
  });

  test("never fails on unknown values", () => {
    expect(
      check({ ...BASE, clusterName: UNKNOWN, specs: [{ instanceSize: UNKNOWN, nodeCount: 2 }] }).failures,
    ).toEqual([]);
    expect(check({ ...BASE, specs: UNKNOWN }).failures).toEqual([]);
  });
});
