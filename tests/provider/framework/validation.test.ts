import { z } from "zod";
import {
  checkWith,
  containsUnknown,
  isUnknown,
  parseInputs,
  propertyPath,
  UNKNOWN,
} from "../../../provider/framework/validation";

const schema = z.strictObject({
  groupId: z.string().regex(/^[a-f0-9]{24}$/, "must be 24 hexadecimal digits"),
  bucketName: z.string().min(3, "must be 3 to 63 characters").max(63, "must be 3 to 63 characters"),
  type: z.enum(["search", "vectorSearch"]).default("search"),
  specs: z.array(z.object({ instanceSize: z.string(), nodeCount: z.number().int().min(2) })).length(1),
  tags: z.array(z.string()).max(2).optional(),
  enabled: z.boolean().default(true),
});

const valid = {
  groupId: "5f1a000000000000000000a1",
  bucketName: "my-bucket",
  specs: [{ instanceSize: "S20", nodeCount: 2 }],
};

describe("unknown values", () => {
  test("isUnknown and containsUnknown", () => {
    expect(UNKNOWN).toBe("04da6b54-80e4-46f7-96ec-b56ff0331ba9");
    expect(isUnknown(UNKNOWN)).toBe(true);
    expect(isUnknown("x")).toBe(false);
    expect(containsUnknown({ a: [{ b: UNKNOWN }] })).toBe(true);
    expect(containsUnknown({ a: [{ b: "x" }] })).toBe(false);
  });
});

describe("propertyPath", () => {
  test("writes Pulumi property paths", () => {
    expect(propertyPath(["notifications", 0, "typeName"])).toBe("notifications[0].typeName");
    expect(propertyPath(["a"])).toBe("a");
    expect(propertyPath([])).toBe("");
  });

  test("quotes keys that are not plain names, so an empty key still names a property", () => {
    expect(propertyPath([""])).toBe('[""]');
    expect(propertyPath(["definition", "a b", 0, "x.y"])).toBe('definition["a b"][0]["x.y"]');
  });

  test("an unknown empty key fails with a named, non-empty property", () => {
    const outcome = checkWith(z.strictObject({ a: z.string() }), { a: "x", "": 1 });
    expect(outcome.failures).toEqual([
      { property: '[""]', reason: '[""] is not a known input (check its spelling)' },
    ]);
  });
});

describe("checkWith", () => {
  test("valid inputs are normalized with defaults, __provider preserved", () => {
    expect(checkWith(schema, { ...valid, __provider: "serialized" })).toEqual({
      inputs: { ...valid, type: "search", enabled: true, __provider: "serialized" },
      failures: [],
    });
  });

  test("failures name the field and the rule in a sentence", () => {
    const result = checkWith(schema, {
      ...valid,
      bucketName: "ab",
      specs: [],
      groupId: "XYZ",
      type: "text",
      tags: ["a", "b", "c"],
    });
    expect(result.failures).toEqual([
      { property: "groupId", reason: "groupId must be 24 hexadecimal digits" },
      { property: "bucketName", reason: "bucketName must be 3 to 63 characters" },
      { property: "type", reason: 'type must be one of "search", "vectorSearch"' },
      { property: "specs", reason: "specs must contain exactly 1 item" },
      { property: "tags", reason: "tags must contain at most 2 items" },
    ]);
    // With failures, inputs are returned as given.
    expect(result.inputs.bucketName).toBe("ab");
  });

  test("nested paths, required fields, wrong types and unknown keys", () => {
    const result = checkWith(schema, {
      groupId: "5f1a000000000000000000a1",
      specs: [{ instanceSize: 20, nodeCount: 1 }],
      enabled: "yes",
      colour: "blue",
    });
    expect(result.failures).toEqual([
      { property: "bucketName", reason: "bucketName is required" },
      { property: "specs[0].instanceSize", reason: "specs[0].instanceSize must be a string; got number 20" },
      { property: "specs[0].nodeCount", reason: "specs[0].nodeCount must be at least 2" },
      { property: "enabled", reason: 'enabled must be a boolean (true or false); got the string "yes"' },
      { property: "colour", reason: "colour is not a known input (check its spelling)" },
    ]);
  });

  test("unknown values are never a failure and other fields are still validated", () => {
    const preview = checkWith(schema, { ...valid, groupId: UNKNOWN, specs: UNKNOWN });
    expect(preview.failures).toEqual([]);
    // Known fields are normalized (defaults applied), unknown ones pass through untouched.
    expect(preview.inputs).toEqual({
      ...valid,
      groupId: UNKNOWN,
      specs: UNKNOWN,
      type: "search",
      enabled: true,
    });

    const nested = checkWith(schema, { ...valid, specs: [{ instanceSize: UNKNOWN, nodeCount: UNKNOWN }] });
    expect(nested.failures).toEqual([]);

    const mixed = checkWith(schema, { ...valid, groupId: UNKNOWN, bucketName: "ab" });
    expect(mixed.failures).toEqual([
      { property: "bucketName", reason: "bucketName must be 3 to 63 characters" },
    ]);
  });

  test("a refinement over a value holding an unknown is skipped", () => {
    const refined = z.strictObject({
      window: z
        .object({ start: z.number(), end: z.number() })
        .refine((w) => w.end > w.start, "end must be after start"),
    });
    expect(checkWith(refined, { window: { start: 5, end: 1 } }).failures).toEqual([
      { property: "window", reason: "window end must be after start" },
    ]);
    expect(checkWith(refined, { window: { start: UNKNOWN, end: 1 } }).failures).toEqual([]);
  });

  test("a transform never rewrites an unknown value", () => {
    const upper = z.strictObject({ region: z.string().transform((r) => r.toUpperCase()) });
    expect(checkWith(upper, { region: UNKNOWN }).inputs).toEqual({ region: UNKNOWN });
    expect(checkWith(upper, { region: "us_east_1" }).inputs).toEqual({ region: "US_EAST_1" });
  });
});

describe("parseInputs", () => {
  test("returns typed, normalized inputs", () => {
    expect(parseInputs(schema, { ...valid, __provider: "x" })).toEqual({
      ...valid,
      type: "search",
      enabled: true,
    });
  });

  test("throws every failure in one message", () => {
    expect(() => parseInputs(schema, { ...valid, bucketName: "ab", specs: [] })).toThrow(
      "invalid inputs: bucketName must be 3 to 63 characters; specs must contain exactly 1 item",
    );
  });
});
