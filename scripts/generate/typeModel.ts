/**
 * The types of a resource's properties, read from its zod schemas: the one model the SDK classes, the
 * docs tables and the package schema are written from (scripts/generate/).
 *
 * A zod schema validates; read as a type it says what a program may write. The reading follows the
 * input side: an optional or defaulted field may be left out, a preprocess step is transparent, a
 * transform's input is what the program writes. Where a schema cannot say what it accepts (a custom
 * check, a transform from `unknown`), its metadata does: `.meta({ typeOf: <zod schema> })` names the
 * schema to read instead. `.meta({ id: "Name" })` names a type (it becomes an exported interface and
 * a named schema type), `.meta({ description })` or `.describe()` documents it.
 *
 * Schemas are read through zod's public API only: its classes (`instanceof z.ZodOptional`) and their
 * accessors (`.unwrap()`, `.in`/`.out`, `.shape`, `.element`, `.valueType`, `.options`, `.values`,
 * `.format`), and the public `def` for the three facts no accessor gives (a default's value, an
 * object's catchall, an intersection's sides); never the internal `_zod`.
 */
import { z } from "zod";

/** A type, as the generators see it. */
export type TypeNode = (
  | { kind: "string" | "number" | "integer" | "boolean" | "any" }
  | { kind: "literal"; value: string | number | boolean }
  | { kind: "enum"; values: readonly (string | number)[] }
  | { kind: "array"; items: TypeNode }
  | { kind: "map"; values: TypeNode }
  | { kind: "object"; properties: readonly PropertyNode[]; open: boolean }
  | { kind: "union"; options: readonly TypeNode[] }
) & {
  /** The type's name (`.meta({ id })`): an exported SDK type, a named schema type. */
  name?: string;
  description?: string;
};

/** A property of an object type. */
export interface PropertyNode {
  name: string;
  type: TypeNode;
  /** The program may leave it out. */
  optional: boolean;
  /** The value check fills in when it is left out. */
  defaultValue?: unknown;
  description?: string;
}

/** A zod schema, as zod's accessors return the schemas inside one (`.unwrap()`, `.shape`, `.options`). */
type Schema = z.core.$ZodType;

/** What the readers look for in a schema's metadata. */
interface TypeMeta {
  id?: string;
  description?: string;
  /** A schema to read instead of this one (its type, for what the schema cannot express). */
  typeOf?: Schema;
}

function metaOf(schema: Schema): TypeMeta {
  return (z.globalRegistry.get(schema) as TypeMeta | undefined) ?? {};
}

/** A schema with its wrappers (optional, default, pipes) taken off, and what they said. */
interface Unwrapped {
  schema: Schema;
  optional: boolean;
  defaultValue?: unknown;
  /** The outermost description: what the property holding the schema is. */
  description?: string;
  /** The name given with `.meta({ id })`, and the description given with it: what the type is. */
  name?: string;
  typeDescription?: string;
}

/**
 * Takes off the wrappers that do not change what a program writes: optional, default, readonly,
 * preprocess and transform pipes (read on the input side), lazy. The outermost description and name win.
 */
export function unwrap(schema: Schema): Unwrapped {
  const result: Unwrapped = { schema, optional: false };
  let node: Schema = schema;
  for (;;) {
    const meta = metaOf(node);
    if (meta.description !== undefined && result.description === undefined)
      result.description = meta.description;
    if (meta.id !== undefined && result.name === undefined) {
      result.name = meta.id;
      if (meta.description !== undefined) result.typeDescription = meta.description;
    }
    if (meta.typeOf !== undefined) {
      node = meta.typeOf;
      continue;
    }
    if (node instanceof z.ZodOptional) {
      result.optional = true;
      node = node.unwrap();
    } else if (node instanceof z.ZodDefault || node instanceof z.ZodPrefault) {
      result.optional = true;
      // The value check fills in: zod's public `def` (no accessor method gives it).
      if (!("defaultValue" in result)) result.defaultValue = node.def.defaultValue;
      node = node.unwrap();
    } else if (
      node instanceof z.ZodReadonly ||
      node instanceof z.ZodNonOptional ||
      node instanceof z.ZodCatch ||
      node instanceof z.ZodLazy
    ) {
      node = node.unwrap();
    } else if (node instanceof z.ZodPipe) {
      // The input side: a preprocess pipe's `in` is a transform (any value), so its `out` says
      // what is accepted; a pipe into a transform is read by its `in`.
      node = node.in instanceof z.ZodTransform ? node.out : node.in;
    } else {
      result.schema = node;
      return result;
    }
  }
}

/** A node with the name and the type's own description, when the schema names it. */
function named<T extends TypeNode>(node: T, unwrapped: Pick<Unwrapped, "name" | "typeDescription">): T {
  const result: T = { ...node };
  if (unwrapped.name !== undefined) result.name = unwrapped.name;
  if (unwrapped.typeDescription !== undefined) result.description = unwrapped.typeDescription;
  return result;
}

/** zod's number formats that hold integers only. */
const INTEGER_FORMATS: readonly string[] = ["safeint", "int32", "uint32"];

/** Whether a property's schema accepts only `undefined` (a field another variant has, refused here). */
function refusesEveryValue(schema: Schema): boolean {
  return unwrap(schema).schema instanceof z.ZodUndefined;
}

/** Whether a schema accepts any value (an object's catchall that leaves it open). */
function acceptsAnything(schema: Schema): boolean {
  return schema instanceof z.ZodUnknown || schema instanceof z.ZodAny;
}

/** The type a program writes for a schema. */
export function typeOf(schema: Schema): TypeNode {
  const unwrapped = unwrap(schema);
  const node = unwrapped.schema;
  // A format (z.email(), z.iso.datetime(), ...) is a ZodStringFormat, not a ZodString.
  if (node instanceof z.ZodString || node instanceof z.ZodStringFormat)
    return named({ kind: "string" }, unwrapped);
  if (node instanceof z.ZodNumber) {
    // An integer when the schema is one of zod's integer formats (z.int(), z.int32(), z.uint32()).
    // `z.number().int()` stays a number here although its `.format` says "safeint": the package
    // schema has always typed those fields `number`, and typing them `integer` changes the native Go
    // and Python SDK types (pulumi.Float64 -> pulumi.Int), a change to make on purpose, not here.
    const integer = node instanceof z.ZodNumberFormat && INTEGER_FORMATS.includes(node.format ?? "");
    return named({ kind: integer ? "integer" : "number" }, unwrapped);
  }
  if (node instanceof z.ZodBoolean) return named({ kind: "boolean" }, unwrapped);
  if (node instanceof z.ZodLiteral) {
    const values = [...node.values] as (string | number | boolean)[];
    if (values.length === 1) return named({ kind: "literal", value: values[0] as string }, unwrapped);
    return named({ kind: "enum", values: values as (string | number)[] }, unwrapped);
  }
  if (node instanceof z.ZodEnum) {
    return named({ kind: "enum", values: node.options as (string | number)[] }, unwrapped);
  }
  if (node instanceof z.ZodArray) return named({ kind: "array", items: typeOf(node.element) }, unwrapped);
  if (node instanceof z.ZodRecord) return named({ kind: "map", values: typeOf(node.valueType) }, unwrapped);
  if (node instanceof z.ZodObject) {
    const properties: PropertyNode[] = [];
    for (const [name, fieldSchema] of Object.entries(node.shape as Record<string, Schema>)) {
      if (refusesEveryValue(fieldSchema)) continue;
      const field = unwrap(fieldSchema);
      const property: PropertyNode = { name, type: typeOf(fieldSchema), optional: field.optional };
      if ("defaultValue" in field) property.defaultValue = field.defaultValue;
      if (field.description !== undefined) property.description = field.description;
      properties.push(property);
    }
    // What `.loose()`/`.catchall()` set: zod's public `def` (no accessor method gives it).
    const catchall = node.def.catchall;
    const open = catchall !== undefined && acceptsAnything(catchall);
    return named({ kind: "object", properties, open }, unwrapped);
  }
  if (node instanceof z.ZodUnion) return named(unionOf(node.options.map(typeOf)), unwrapped);
  if (node instanceof z.ZodIntersection) {
    // The two sides: zod's public `def` (no accessor method gives them).
    return named(mergeObjects([typeOf(node.def.left), typeOf(node.def.right)]), unwrapped);
  }
  if (acceptsAnything(node) || node instanceof z.ZodCustom || node instanceof z.ZodTransform) {
    return named({ kind: "any" }, unwrapped);
  }
  throw new Error(
    `scripts/generate/typeModel.ts cannot read a zod ${node instanceof z.ZodType ? node.type : "schema"} as a type; give it .meta({ typeOf })`,
  );
}

/** A union: nested unions flattened, equal options once, literals of one kind as an enum. */
function unionOf(options: readonly TypeNode[]): TypeNode {
  const flat: TypeNode[] = [];
  for (const option of options) {
    const members = option.kind === "union" && option.name === undefined ? option.options : [option];
    for (const member of members) {
      if (!flat.some((known) => JSON.stringify(known) === JSON.stringify(member))) flat.push(member);
    }
  }
  if (flat.length === 1) return flat[0] as TypeNode;
  const literals = flat.filter((option) => option.kind === "literal" || option.kind === "enum");
  if (literals.length === flat.length) {
    const values = literals.flatMap((option) =>
      option.kind === "literal"
        ? [option.value as string | number]
        : option.kind === "enum"
          ? option.values
          : [],
    );
    return { kind: "enum", values: [...new Set(values)] };
  }
  return { kind: "union", options: flat };
}

/** The objects of an intersection as one object (a property of both keeps the first one's type). */
function mergeObjects(parts: readonly TypeNode[]): TypeNode {
  const properties: PropertyNode[] = [];
  let open = false;
  for (const part of parts) {
    if (part.kind !== "object") return { kind: "any" };
    open ||= part.open;
    for (const property of part.properties) {
      if (!properties.some((known) => known.name === property.name)) properties.push(property);
    }
  }
  return { kind: "object", properties, open };
}

/**
 * The top-level properties of a resource's inputs schema: the union of its object shapes (through
 * preprocess pipes and unions: SearchIndex's text and vector shapes), a property optional when any
 * shape lets it out, its type the union of the shapes' types.
 */
export function inputProperties(schema: Schema): PropertyNode[] {
  const shapes: PropertyNode[][] = [];
  const collect = (node: TypeNode): void => {
    if (node.kind === "object") shapes.push([...node.properties]);
    else if (node.kind === "union") for (const option of node.options) collect(option);
    else throw new Error(`an inputs schema must be an object or a union of objects, not ${node.kind}`);
  };
  collect(typeOf(schema));
  const byName = new Map<string, PropertyNode>();
  for (const shape of shapes) {
    for (const property of shape) {
      const known = byName.get(property.name);
      if (known === undefined) {
        byName.set(property.name, { ...property });
        continue;
      }
      known.type = unionOf([known.type, property.type]);
      known.optional ||= property.optional;
      if (known.description === undefined && property.description !== undefined)
        known.description = property.description;
    }
  }
  for (const property of byName.values()) {
    if (shapes.some((shape) => !shape.some((member) => member.name === property.name)))
      property.optional = true;
  }
  return [...byName.values()];
}
