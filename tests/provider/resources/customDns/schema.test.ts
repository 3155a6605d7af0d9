import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { customDnsInputsSchema } from "../../../../provider/resources/customDns/schema";

const GROUP = "5f1a000000000000000000a1";

function check(news: Record<string, unknown>) {
  return checkWith(customDnsInputsSchema, news);
}

describe("CustomDns check", () => {
  test("accepts groupId and enabled", () => {
    expect(check({ groupId: GROUP, enabled: true })).toEqual({
      inputs: { groupId: GROUP, enabled: true },
      failures: [],
    });
  });

  test("requires enabled (the API requires it on every update)", () => {
    expect(check({ groupId: GROUP }).failures).toEqual([
      { property: "enabled", reason: "enabled is required" },
    ]);
  });

  test("rejects enabled that is not a boolean", () => {
    expect(check({ groupId: GROUP, enabled: "true" }).failures).toEqual([
      { property: "enabled", reason: 'enabled must be a boolean (true or false); got the string "true"' },
    ]);
  });

  test("rejects a groupId that is not 24 hex digits", () => {
    expect(check({ groupId: "5F1A000000000000000000A1", enabled: true }).failures).toEqual([
      { property: "groupId", reason: "groupId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
  });

  test("rejects unknown inputs", () => {
    expect(check({ groupId: GROUP, enabled: true, clusterName: "demo-cluster" }).failures).toEqual([
      { property: "clusterName", reason: "clusterName is not a known input (check its spelling)" },
    ]);
  });

  test("accepts importId naming the same project and rejects another", () => {
    expect(check({ groupId: GROUP, enabled: false, importId: GROUP }).failures).toEqual([]);
    expect(check({ groupId: GROUP, enabled: false, importId: `${GROUP}/x` }).failures).toEqual([
      {
        property: "importId",
        reason: `importId must look like <groupId>; got "${GROUP}/x"`,
      },
    ]);
  });

  test("treats unknown values (preview) as unknown, not as errors", () => {
    expect(check({ groupId: UNKNOWN, enabled: UNKNOWN })).toEqual({
      inputs: { groupId: UNKNOWN, enabled: UNKNOWN },
      failures: [],
    });
  });
});
