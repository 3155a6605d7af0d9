import { describeIdFormat, formatId, idPartProblem, parseId } from "../../../provider/framework/ids";

const GROUP = "5f1a000000000000000000a1";
const INDEX = "65f0c0ffee0000000000abcd";

describe("ids", () => {
  test("formatId joins with slashes and keeps dashes of cluster names", () => {
    expect(formatId([GROUP, "demo-cluster", INDEX])).toBe(`${GROUP}/demo-cluster/${INDEX}`);
  });

  test("formatId rejects empty parts and parts containing the separator", () => {
    expect(() => formatId([GROUP, ""])).toThrow(
      "id part 2 is empty; every part of an id must be a non-empty string",
    );
    expect(() => formatId([GROUP, "a/b"])).toThrow('id part 2 ("a/b") contains "/", the id separator');
  });

  test("parseId returns named parts", () => {
    expect(parseId(`${GROUP}/my-cluster-1/${INDEX}`, ["groupId", "clusterName", "indexId"])).toEqual({
      groupId: GROUP,
      clusterName: "my-cluster-1",
      indexId: INDEX,
    });
  });

  test("parseId round-trips formatId", () => {
    const names = ["groupId", "clusterName"] as const;
    const parts = parseId(formatId([GROUP, "a-b-c"]), names);
    expect(formatId([parts.groupId, parts.clusterName])).toBe(`${GROUP}/a-b-c`);
  });

  test("a wrong number of parts names the expected format", () => {
    expect(() => parseId("abc", ["groupId", "clusterName", "indexId"], "importId")).toThrow(
      'importId must look like <groupId>/<clusterName>/<indexId>; got "abc" (1 part, expected 3)',
    );
    // The ambiguous dash-joined form of other providers is rejected, not guessed at.
    expect(() => parseId(`${GROUP}-demo-cluster`, ["groupId", "clusterName"], "importId")).toThrow(
      `importId must look like <groupId>/<clusterName>; got "${GROUP}-demo-cluster" (1 part, expected 2)`,
    );
  });

  test("each part is validated by its rule", () => {
    expect(() => parseId(`XYZ/demo-cluster`, ["groupId", "clusterName"], "importId")).toThrow(
      'importId must look like <groupId>/<clusterName>; got "XYZ/demo-cluster": groupId must be 24 hexadecimal digits (a-f, 0-9); got "XYZ"',
    );
    expect(() => parseId(`${GROUP}/-bad`, ["groupId", "clusterName"])).toThrow(
      'clusterName must start with a letter or digit and contain only letters, digits and dashes; got "-bad"',
    );
    expect(() => parseId(`${GROUP}/`, ["groupId", "name"])).toThrow("name is empty");
    expect(parseId(`${GROUP}/any name`, ["groupId", "name"])).toEqual({ groupId: GROUP, name: "any name" });
  });

  test("describeIdFormat and idPartProblem", () => {
    expect(describeIdFormat(["groupId", "clusterName"])).toBe("<groupId>/<clusterName>");
    expect(idPartProblem("groupId", GROUP)).toBeUndefined();
    expect(idPartProblem("orgId", "nope")).toBe('orgId must be 24 hexadecimal digits (a-f, 0-9); got "nope"');
  });
});
