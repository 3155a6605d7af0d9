import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { auditingInputsSchema } from "../../../../provider/resources/auditing/schema";

const GROUP = "5f1a000000000000000000a1";

function check(news: Record<string, unknown>) {
  return checkWith(auditingInputsSchema, news);
}

describe("Auditing check", () => {
  test("applies the service's defaults to every field left out", () => {
    expect(check({ groupId: GROUP })).toEqual({
      inputs: { groupId: GROUP, enabled: false, auditAuthorizationSuccess: false, auditFilter: "{}" },
      failures: [],
    });
  });

  test("normalizes an audit filter given as text to canonical JSON", () => {
    const result = check({
      groupId: GROUP,
      enabled: true,
      auditFilter: '{ "users": [1, 2], "atype": "authenticate" }',
    });
    expect(result.failures).toEqual([]);
    expect(result.inputs.auditFilter).toBe('{"atype":"authenticate","users":[1,2]}');
  });

  test("accepts an audit filter given as an object and serializes it canonically", () => {
    const result = check({ groupId: GROUP, auditFilter: { b: { d: 1, c: 2 }, a: true } });
    expect(result.failures).toEqual([]);
    expect(result.inputs.auditFilter).toBe('{"a":true,"b":{"c":2,"d":1}}');
  });

  test.each([
    ["text that is not JSON", "{atype:", 'got "{atype:"'],
    ["JSON that is not an object", "[1,2]", 'got "[1,2]"'],
    ["a number", 5, "got number"],
    ["a list", [1], "got a list"],
  ])("rejects an audit filter that is %s", (_label, auditFilter, got) => {
    expect(check({ groupId: GROUP, auditFilter }).failures).toEqual([
      {
        property: "auditFilter",
        reason: `auditFilter must be a JSON object, given as JSON text ('{"atype":"authenticate"}') or as an object; ${got}`,
      },
    ]);
  });

  test("rejects a groupId that is not 24 hex digits", () => {
    expect(check({ groupId: "demo-project" }).failures).toEqual([
      { property: "groupId", reason: "groupId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
  });

  test("requires groupId", () => {
    expect(check({}).failures).toEqual([{ property: "groupId", reason: "groupId is required" }]);
  });

  test("rejects flags that are not booleans", () => {
    expect(check({ groupId: GROUP, enabled: "yes", auditAuthorizationSuccess: 1 }).failures).toEqual([
      { property: "enabled", reason: 'enabled must be a boolean (true or false); got the string "yes"' },
      {
        property: "auditAuthorizationSuccess",
        reason: "auditAuthorizationSuccess must be a boolean (true or false); got number 1",
      },
    ]);
  });

  test("rejects the output-only configurationType and misspelled inputs", () => {
    expect(check({ groupId: GROUP, configurationType: "FILTER_JSON", enable: true }).failures).toEqual([
      {
        property: "configurationType",
        reason: "configurationType is not a known input (check its spelling)",
      },
      { property: "enable", reason: "enable is not a known input (check its spelling)" },
    ]);
  });

  test("accepts importId naming the same project and rejects another", () => {
    expect(check({ groupId: GROUP, importId: GROUP }).failures).toEqual([]);
    expect(check({ groupId: GROUP, importId: "5f1a000000000000000000a2" }).failures).toEqual([
      {
        property: "importId",
        reason: `importId must be <groupId>, the same project as groupId (${GROUP}); got "5f1a000000000000000000a2"`,
      },
    ]);
  });

  test("treats unknown values (preview) as unknown, not as errors, and still normalizes the rest", () => {
    expect(check({ groupId: UNKNOWN, enabled: true, auditFilter: UNKNOWN, importId: GROUP })).toEqual({
      inputs: {
        groupId: UNKNOWN,
        enabled: true,
        auditAuthorizationSuccess: false,
        auditFilter: UNKNOWN,
        importId: GROUP,
      },
      failures: [],
    });
  });
});
