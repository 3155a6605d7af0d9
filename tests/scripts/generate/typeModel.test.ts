/**
 * How the generators read a zod schema as a type (scripts/generate/typeModel.ts), through zod's
 * public classes and accessors: each kind of schema the declarations use, and the wrappers taken off.
 */
import { z } from "zod";
import { inputProperties, typeOf, unwrap } from "../../../scripts/generate/typeModel";

describe("typeOf", () => {
  test("scalars, formats and value sets", () => {
    expect(typeOf(z.string())).toEqual({ kind: "string" });
    expect(typeOf(z.email())).toEqual({ kind: "string" });
    expect(typeOf(z.iso.datetime())).toEqual({ kind: "string" });
    expect(typeOf(z.number())).toEqual({ kind: "number" });
    expect(typeOf(z.int())).toEqual({ kind: "integer" });
    expect(typeOf(z.int32())).toEqual({ kind: "integer" });
    // As the package schema has always typed it (typeModel.ts says why).
    expect(typeOf(z.number().int())).toEqual({ kind: "number" });
    expect(typeOf(z.boolean())).toEqual({ kind: "boolean" });
    expect(typeOf(z.literal("a"))).toEqual({ kind: "literal", value: "a" });
    expect(typeOf(z.literal(["a", "b"]))).toEqual({ kind: "enum", values: ["a", "b"] });
    expect(typeOf(z.enum(["x", "y"]))).toEqual({ kind: "enum", values: ["x", "y"] });
    expect(typeOf(z.unknown())).toEqual({ kind: "any" });
    expect(typeOf(z.custom<string>(() => true))).toEqual({ kind: "any" });
  });

  test("collections, objects, unions and intersections", () => {
    expect(typeOf(z.array(z.string()))).toEqual({ kind: "array", items: { kind: "string" } });
    expect(typeOf(z.record(z.string(), z.number()))).toEqual({ kind: "map", values: { kind: "number" } });
    expect(typeOf(z.strictObject({ a: z.string(), b: z.number().optional(), gone: z.undefined() }))).toEqual({
      kind: "object",
      properties: [
        { name: "a", type: { kind: "string" }, optional: false },
        { name: "b", type: { kind: "number" }, optional: true },
      ],
      open: false,
    });
    expect(typeOf(z.looseObject({}))).toEqual({ kind: "object", properties: [], open: true });
    expect(typeOf(z.union([z.literal("a"), z.literal("b"), z.string()]))).toEqual({
      kind: "union",
      options: [{ kind: "literal", value: "a" }, { kind: "literal", value: "b" }, { kind: "string" }],
    });
    expect(typeOf(z.union([z.literal("a"), z.literal("b")]))).toEqual({ kind: "enum", values: ["a", "b"] });
    expect(typeOf(z.object({ a: z.string() }).and(z.object({ b: z.boolean() })))).toEqual({
      kind: "object",
      properties: [
        { name: "a", type: { kind: "string" }, optional: false },
        { name: "b", type: { kind: "boolean" }, optional: false },
      ],
      open: false,
    });
  });

  test("names and descriptions from the metadata; typeOf read instead of the schema", () => {
    const named = z
      .strictObject({ n: z.string().describe("The n.") })
      .meta({ id: "Thing", description: "A thing." });
    expect(typeOf(named)).toEqual({
      kind: "object",
      name: "Thing",
      description: "A thing.",
      properties: [{ name: "n", type: { kind: "string" }, optional: false, description: "The n." }],
      open: false,
    });
    expect(typeOf(z.custom<number>(() => true).meta({ typeOf: z.number() }))).toEqual({ kind: "number" });
  });

  test("a schema it cannot read is refused, naming its kind and the way out", () => {
    expect(() => typeOf(z.date())).toThrow(
      "scripts/generate/typeModel.ts cannot read a zod date as a type; give it .meta({ typeOf })",
    );
  });
});

describe("unwrap", () => {
  test("takes off optional, default, prefault, readonly, catch, lazy and pipes, keeping what they say", () => {
    const read = (schema: z.ZodType) => {
      const { schema: inner, ...rest } = unwrap(schema);
      return { ...rest, type: typeOf(inner) };
    };
    expect(read(z.string().optional())).toEqual({ optional: true, type: { kind: "string" } });
    expect(read(z.number().default(3))).toEqual({
      optional: true,
      defaultValue: 3,
      type: { kind: "number" },
    });
    expect(read(z.array(z.string()).default(() => ["a"]))).toEqual({
      optional: true,
      defaultValue: ["a"],
      type: { kind: "array", items: { kind: "string" } },
    });
    expect(read(z.string().prefault("p"))).toEqual({
      optional: true,
      defaultValue: "p",
      type: { kind: "string" },
    });
    expect(read(z.string().readonly())).toEqual({ optional: false, type: { kind: "string" } });
    expect(read(z.string().catch("c"))).toEqual({ optional: false, type: { kind: "string" } });
    expect(read(z.lazy(() => z.boolean()))).toEqual({ optional: false, type: { kind: "boolean" } });
    // The input side: a preprocess reads by what it feeds; a transform by what it takes.
    expect(read(z.preprocess((value) => value, z.number()))).toEqual({
      optional: false,
      type: { kind: "number" },
    });
    expect(read(z.string().transform((value) => value.length))).toEqual({
      optional: false,
      type: { kind: "string" },
    });
    expect(read(z.string().describe("inner").optional())).toEqual({
      optional: true,
      description: "inner",
      type: { kind: "string" },
    });
    expect(unwrap(z.string().optional().describe("outer")).description).toBe("outer");
  });
});

test("inputProperties: the union of an inputs schema's object shapes", () => {
  const inputs = z.union([
    z.strictObject({ kind: z.literal("a"), shared: z.string(), onlyA: z.number() }),
    z.strictObject({ kind: z.literal("b"), shared: z.string().optional() }),
  ]);
  expect(inputProperties(inputs)).toEqual([
    { name: "kind", type: { kind: "enum", values: ["a", "b"] }, optional: false },
    { name: "shared", type: { kind: "string" }, optional: true },
    { name: "onlyA", type: { kind: "number" }, optional: true },
  ]);
});
