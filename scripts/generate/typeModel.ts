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

/** What the readers look for in a schema's metadata. */
interface TypeMeta {
  id?: string;
  description?: string;
  /** A schema to read instead of this one (its type, for what the schema cannot express). */
  typeOf?: z.ZodType;
}

/** zod 4's definition object: a discriminated view of a schema's structure. */
type Definition = Record<string, unknown> & { type: string };

function definitionOf(schema: z.ZodType): Definition {
  return (schema as unknown as { _zod: { def: Definition } })._zod.def;
}

function metaOf(schema: z.ZodType): TypeMeta {
  return (z.globalRegistry.get(schema) as TypeMeta | undefined) ?? {};
}

/** A schema with its wrappers (optional, default, pipes) taken off, and what they said. */
interface Unwrapped {
  schema: z.ZodType;
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
export function unwrap(schema: z.ZodType): Unwrapped {
  const result: Unwrapped = { schema, optional: false };
  let node = schema;
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
    const def = definitionOf(node);
    switch (def.type) {
      case "optional":
        result.optional = true;
        node = def.innerType as z.ZodType;
        continue;
      case "default":
      case "prefault": {
        result.optional = true;
        if (!("defaultValue" in result)) {
          const value = def.defaultValue;
          result.defaultValue = typeof value === "function" ? (value as () => unknown)() : value;
        }
        node = def.innerType as z.ZodType;
        continue;
      }
      case "readonly":
      case "nonoptional":
      case "catch":
        node = def.innerType as z.ZodType;
        continue;
      case "lazy":
        node = (def.getter as () => z.ZodType)();
        continue;
      case "pipe": {
        // The input side: a preprocess pipe's `in` is a transform (any value), so its `out` says
        // what is accepted; a pipe into a transform is read by its `in`.
        const input = def.in as z.ZodType;
        node = definitionOf(input).type === "transform" ? (def.out as z.ZodType) : input;
        continue;
      }
      default:
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

/** Whether a property's schema accepts only `undefined` (a field another variant has, refused here). */
function refusesEveryValue(schema: z.ZodType): boolean {
  return definitionOf(unwrap(schema).schema).type === "undefined";
}

/** The type a program writes for a schema. */
export function typeOf(schema: z.ZodType): TypeNode {
  const unwrapped = unwrap(schema);
  const def = definitionOf(unwrapped.schema);
  switch (def.type) {
    case "string":
      return named({ kind: "string" }, unwrapped);
    case "number": {
      const format = def.format;
      const integer = format === "safeint" || format === "int32" || format === "uint32";
      return named({ kind: integer ? "integer" : "number" }, unwrapped);
    }
    case "int":
      return named({ kind: "integer" }, unwrapped);
    case "boolean":
      return named({ kind: "boolean" }, unwrapped);
    case "literal": {
      const values = def.values as readonly (string | number | boolean)[];
      if (values.length === 1) return named({ kind: "literal", value: values[0] as string }, unwrapped);
      return named({ kind: "enum", values: values as readonly (string | number)[] }, unwrapped);
    }
    case "enum":
      return named(
        { kind: "enum", values: Object.values(def.entries as Record<string, string | number>) },
        unwrapped,
      );
    case "array":
      return named({ kind: "array", items: typeOf(def.element as z.ZodType) }, unwrapped);
    case "record":
      return named({ kind: "map", values: typeOf(def.valueType as z.ZodType) }, unwrapped);
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const properties: PropertyNode[] = [];
      for (const [name, fieldSchema] of Object.entries(shape)) {
        if (refusesEveryValue(fieldSchema)) continue;
        const field = unwrap(fieldSchema);
        const property: PropertyNode = { name, type: typeOf(fieldSchema), optional: field.optional };
        if ("defaultValue" in field) property.defaultValue = field.defaultValue;
        if (field.description !== undefined) property.description = field.description;
        properties.push(property);
      }
      const catchall = def.catchall as z.ZodType | undefined;
      const open = catchall !== undefined && ["unknown", "any"].includes(definitionOf(catchall).type);
      return named({ kind: "object", properties, open }, unwrapped);
    }
    case "union":
      return named(unionOf((def.options as z.ZodType[]).map(typeOf)), unwrapped);
    case "intersection":
      return named(mergeObjects([typeOf(def.left as z.ZodType), typeOf(def.right as z.ZodType)]), unwrapped);
    case "unknown":
    case "any":
    case "custom":
    case "transform":
      return named({ kind: "any" }, unwrapped);
    default:
      throw new Error(
        `scripts/generate/typeModel.ts cannot read a zod ${def.type} as a type; give it .meta({ typeOf })`,
      );
  }
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
export function inputProperties(schema: z.ZodType): PropertyNode[] {
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
