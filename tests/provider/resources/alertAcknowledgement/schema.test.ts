import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { alertAcknowledgementInputsSchema } from "../../../../provider/resources/alertAcknowledgement/schema";

const GROUP = "5f1a000000000000000000a1";
const ALERT = "5f1a0000000000000000e420";
const VALID = { groupId: GROUP, alertId: ALERT, acknowledgedUntil: "2030-01-31T12:00:00Z" };
const check = (inputs: Record<string, unknown>) => checkWith(alertAcknowledgementInputsSchema, inputs);

describe("AlertAcknowledgement inputs", () => {
  test("accepts a time with a zone, with or without seconds and fractions, and a comment", () => {
    for (const acknowledgedUntil of [
      "2030-01-31T12:00Z",
      "2030-01-31T12:00:00.123Z",
      "2030-01-31T13:00:00+01:00",
    ]) {
      expect(check({ ...VALID, acknowledgedUntil })).toEqual({
        inputs: { ...VALID, acknowledgedUntil },
        failures: [],
      });
    }
    expect(check({ ...VALID, acknowledgementComment: "x".repeat(200) }).failures).toEqual([]);
  });

  test("names each field and its rule", () => {
    expect(check({ groupId: "g", alertId: "a", acknowledgedUntil: "tomorrow" }).failures).toEqual([
      { property: "groupId", reason: "groupId must be 24 hexadecimal digits (a-f, 0-9)" },
      { property: "alertId", reason: "alertId must be 24 hexadecimal digits (a-f, 0-9)" },
      {
        property: "acknowledgedUntil",
        reason:
          "acknowledgedUntil must be an ISO 8601 date and time with a zone, such as 2030-01-31T12:00:00Z",
      },
    ]);
    expect(check({ groupId: GROUP, alertId: ALERT }).failures).toEqual([
      { property: "acknowledgedUntil", reason: "acknowledgedUntil is required" },
    ]);
  });

  test("a time without a zone, or one that does not exist, fails", () => {
    expect(check({ ...VALID, acknowledgedUntil: "2030-01-31T12:00:00" }).failures).toHaveLength(1);
    expect(check({ ...VALID, acknowledgedUntil: "2030-02-31T12:00:00Z" }).failures).toEqual([]);
    expect(check({ ...VALID, acknowledgedUntil: "2030-13-01T12:00:00Z" }).failures).toEqual([
      { property: "acknowledgedUntil", reason: "acknowledgedUntil must be a date that exists" },
    ]);
  });

  test("the comment is at most 200 characters", () => {
    expect(check({ ...VALID, acknowledgementComment: "x".repeat(201) }).failures).toEqual([
      { property: "acknowledgementComment", reason: "acknowledgementComment must be at most 200 characters" },
    ]);
  });

  test("importId has the id format and names the same alert", () => {
    expect(check({ ...VALID, importId: ALERT }).failures).toEqual([
      {
        property: "importId",
        reason: `importId must look like <groupId>/<alertId>; got "${ALERT}"`,
      },
    ]);
    expect(check({ ...VALID, importId: `${GROUP}/5f1a0000000000000000e421` }).failures).toEqual([
      {
        property: "importId",
        reason: `importId names alertId 5f1a0000000000000000e421 but the alertId input is ${ALERT}; they must name the same alert`,
      },
    ]);
    expect(check({ ...VALID, importId: `${GROUP}/${ALERT}` }).failures).toEqual([]);
  });

  test("an unknown alertId (preview) is not judged", () => {
    expect(check({ ...VALID, alertId: UNKNOWN, importId: `${GROUP}/${ALERT}` }).failures).toEqual([]);
  });

  test("an unknown input is named", () => {
    expect(check({ ...VALID, comment: "x" }).failures).toEqual([
      { property: "comment", reason: "comment is not a known input (check its spelling)" },
    ]);
  });
});
