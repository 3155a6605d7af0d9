import { checkWith } from "../../../../provider/framework/validation";
import { peeringOnlyOffProblem } from "../../../../provider/resources/privateIpMode/model";
import { privateIpModeInputsSchema } from "../../../../provider/resources/privateIpMode/schema";

const GROUP = "5f1a000000000000000000a1";
const failures = (news: Record<string, unknown>) => checkWith(privateIpModeInputsSchema, news).failures;

describe("PrivateIpMode inputs", () => {
  test("groupId and enabled are required; importId names the same project", () => {
    expect(failures({ groupId: GROUP, enabled: true })).toEqual([]);
    expect(failures({ groupId: GROUP })).toEqual([{ property: "enabled", reason: "enabled is required" }]);
    expect(failures({ groupId: "x", enabled: true })).toEqual([
      { property: "groupId", reason: "groupId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
    expect(failures({ groupId: GROUP, enabled: true, importId: "5f1a000000000000000000a2" })).toEqual([
      {
        property: "importId",
        reason: `importId must be <groupId>, the same project as groupId (${GROUP}); got "5f1a000000000000000000a2"`,
      },
    ]);
  });
});

describe("the Peering-Only rule", () => {
  test("names every cluster below 5.0 with its full version (else its major version)", () => {
    expect(
      peeringOnlyOffProblem(GROUP, [
        { name: "new", dbVersion: "7.0.12" },
        { name: "old", dbVersion: "4.4.29" },
        { name: "older", dbMajorVersion: "4.0" },
        { name: "edge", dbVersion: "5.0.0" },
      ]),
    ).toBe(
      `enabled cannot be false while a cluster of project ${GROUP} runs a database version below 5.0: ` +
        "old (4.4.29), older (4.0); upgrade them first, or keep enabled: true",
    );
  });

  test("no problem when every cluster runs 5.0 or later, or the project has none", () => {
    expect(
      peeringOnlyOffProblem(GROUP, [
        { name: "a", dbVersion: "5.0.1" },
        { name: "b", dbMajorVersion: "8.0" },
      ]),
    ).toBe(undefined);
    expect(peeringOnlyOffProblem(GROUP, [])).toBe(undefined);
  });
});
