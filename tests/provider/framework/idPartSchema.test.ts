import { z } from "zod";
import { checkWith, idPartSchema, UNKNOWN } from "../../../provider/framework/validation";

const schema = z.strictObject({
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  iamRoleId: idPartSchema("roleId"),
});
const valid = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  iamRoleId: "5f1a000000000000000000c1",
};

describe("idPartSchema", () => {
  test("accepts values that follow the rules of ids.ts", () => {
    expect(checkWith(schema, valid)).toEqual({ inputs: valid, failures: [] });
  });

  test("fails with the rule's words, named by the input (also when the rule has another name)", () => {
    expect(
      checkWith(schema, { groupId: "demo-project", clusterName: "-x", iamRoleId: "arn:aws:iam::1:role/x" })
        .failures,
    ).toEqual([
      { property: "groupId", reason: "groupId must be 24 hexadecimal digits (a-f, 0-9)" },
      {
        property: "clusterName",
        reason: "clusterName must start with a letter or digit and contain only letters, digits and dashes",
      },
      { property: "iamRoleId", reason: "iamRoleId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
  });

  test("leaves a value unknown during preview alone", () => {
    expect(checkWith(schema, { ...valid, groupId: UNKNOWN })).toEqual({
      inputs: { ...valid, groupId: UNKNOWN },
      failures: [],
    });
  });

  test("refuses a rule name ids.ts does not have", () => {
    expect(() => idPartSchema("bucketName")).toThrow(
      "no id part rule named bucketName in ID_PART_RULES (provider/framework/ids.ts)",
    );
  });
});
