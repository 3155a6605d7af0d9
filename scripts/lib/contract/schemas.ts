/**
 * OpenAPI 3.0 schemas as JSON Schema (draft 2019-09) for ajv. OpenAPI 3.0 is not JSON Schema; the
 * differences that matter for the contract check are rewritten here, once, for every component:
 *
 * - `nullable: true` becomes `type: [T, "null"]` (and `null` joins an `enum`).
 * - `exclusiveMinimum/Maximum: true` (3.0 booleans) become the numeric 2019-09 form.
 * - `readOnly` properties must not be sent in requests, `writeOnly` properties must not come back in
 *   answers: in that direction the property schema becomes the `x-forbidden` keyword (an error naming
 *   the field), and it leaves `required` (OpenAPI 3.0: a required read-only field applies to answers).
 * - `discriminator` (ajv's own support refuses `mapping`, and the contract's subtypes `allOf` their base,
 *   which would recurse): the schema dispatches with `if {tag: const V} then <mapping[V]>`.
 * - Closed objects: the service refuses unknown fields (docs/spec/api-spec.md, "Errors": 400 "unknown or
 *   non-modifiable fields are rejected"), so an object schema with properties admits no others
 *   (`unevaluatedProperties: false`, which sees through allOf/oneOf/if-then). An `allOf` member is a
 *   fragment, not a whole object, so it is referenced in its open variant; a free-form `type: object`
 *   (no properties) stays open, and so does the first level of a fragment's properties (a subtype's
 *   allOf may redeclare a property of its base with a narrower schema).
 *
 * Each component has four variants: {request, answer} x {closed, open}, named
 * `<direction>_<closed|open>_<Component>` under `$defs` of one schema document.
 */

export type Direction = "request" | "answer";
type Node = Record<string, unknown>;

/** JSON Schema keywords OpenAPI 3.0 shares with 2019-09 and that are copied as they are. */
const COPIED = [
  "type",
  "enum",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
] as const;

export const FORBIDDEN_KEYWORD = "x-forbidden";

export function defName(direction: Direction, closed: boolean, component: string): string {
  return `${direction}_${closed ? "closed" : "open"}_${component}`;
}

export class SchemaConverter {
  constructor(
    /** `components.schemas` of the OpenAPI document. */
    private readonly components: Record<string, Node>,
    /** The `$id` the converted document is registered under in ajv. */
    readonly documentId: string,
  ) {}

  /** The whole converted document: every component in its four variants. */
  document(): Node {
    const defs: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(this.components)) {
      for (const direction of ["request", "answer"] as const) {
        for (const closed of [true, false]) {
          defs[defName(direction, closed, name)] = this.convert(schema, direction, closed);
        }
      }
    }
    return { $id: this.documentId, $defs: defs };
  }

  /** An inline schema (a parameter's, a media type's) converted in its closed variant. */
  convertInline(schema: unknown, direction: Direction): unknown {
    return this.absolute(this.convert(schema, direction, true));
  }

  /** Makes the document-local `#/$defs/...` references of an inline schema absolute. */
  private absolute(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.absolute(item));
    if (typeof schema !== "object" || schema === null) return schema;
    const out: Node = {};
    for (const [key, value] of Object.entries(schema)) {
      out[key] =
        key === "$ref" && typeof value === "string" && value.startsWith("#")
          ? `${this.documentId}${value}`
          : this.absolute(value);
    }
    return out;
  }

  private componentName(ref: string): string {
    const prefix = "#/components/schemas/";
    if (!ref.startsWith(prefix)) throw new Error(`unsupported $ref ${ref} (only ${prefix}*)`);
    const name = ref.slice(prefix.length);
    if (!(name in this.components)) throw new Error(`$ref ${ref} names no component`);
    return name;
  }

  private refTo(ref: string, direction: Direction, closed: boolean): Node {
    return { $ref: `#/$defs/${defName(direction, closed, this.componentName(ref))}` };
  }

  /** The schema a node stands for: itself, or the component its `$ref` names. */
  private resolve(node: unknown): Node | undefined {
    if (typeof node !== "object" || node === null) return undefined;
    const ref = (node as Node).$ref;
    return typeof ref === "string" ? this.components[this.componentName(ref)] : (node as Node);
  }

  private forbiddenIn(node: unknown, direction: Direction): "read-only" | "write-only" | undefined {
    const own = node as Node;
    const target = this.resolve(node);
    const flag = direction === "request" ? "readOnly" : "writeOnly";
    if (own?.[flag] === true || target?.[flag] === true)
      return direction === "request" ? "read-only" : "write-only";
    return undefined;
  }

  private convert(schema: unknown, direction: Direction, closed: boolean): unknown {
    if (typeof schema !== "object" || schema === null) return schema;
    const node = schema as Node;
    // OpenAPI 3.0: the siblings of a $ref are ignored.
    if (typeof node.$ref === "string") return this.refTo(node.$ref, direction, closed);
    const out: Node = {};
    for (const key of COPIED) if (key in node) out[key] = node[key];
    if (node.exclusiveMinimum === true && typeof node.minimum === "number") {
      out.exclusiveMinimum = node.minimum;
      delete out.minimum;
    }
    if (node.exclusiveMaximum === true && typeof node.maximum === "number") {
      out.exclusiveMaximum = node.maximum;
      delete out.maximum;
    }
    const forbiddenNames = new Set<string>();
    if (isRecord(node.properties)) {
      const properties: Node = {};
      for (const [name, property] of Object.entries(node.properties)) {
        const forbidden = this.forbiddenIn(property, direction);
        if (forbidden) {
          forbiddenNames.add(name);
          properties[name] = { [FORBIDDEN_KEYWORD]: forbidden };
        } else {
          // A fragment's or a discriminated base's property may be narrowed by a subtype (the search
          // index subtypes redeclare `latestDefinition`): that level is left open for the subtype.
          properties[name] = this.convert(property, direction, closed && !isRecord(node.discriminator));
        }
      }
      out.properties = properties;
    }
    if (Array.isArray(node.required)) {
      const required = node.required.filter((name) => !forbiddenNames.has(String(name)));
      if (required.length > 0) out.required = required;
    }
    if (node.items !== undefined) out.items = this.convert(node.items, direction, true);
    if (node.additionalProperties !== undefined) {
      out.additionalProperties =
        typeof node.additionalProperties === "boolean"
          ? node.additionalProperties
          : this.convert(node.additionalProperties, direction, true);
    }
    const allOf: unknown[] = [];
    if (Array.isArray(node.allOf)) {
      for (const member of node.allOf) allOf.push(this.convert(member, direction, false));
    }
    const discriminator = isRecord(node.discriminator) ? node.discriminator : undefined;
    // A discriminated schema reached as an allOf member is the base of one of its own subtypes: it
    // does not dispatch again (that would recurse), it only contributes its properties.
    if (discriminator && closed) {
      const tag = String(discriminator.propertyName);
      const mapping = isRecord(discriminator.mapping)
        ? (discriminator.mapping as Record<string, string>)
        : implicitMapping(node.oneOf);
      for (const [value, ref] of Object.entries(mapping)) {
        allOf.push({
          if: { properties: { [tag]: { const: value } }, required: [tag] },
          // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a promise.
          then: this.refTo(ref, direction, false),
        });
      }
    } else if (!discriminator) {
      const hasOwnProperties = isRecord(node.properties);
      for (const keyword of ["oneOf", "anyOf"] as const) {
        const members = node[keyword];
        if (Array.isArray(members))
          out[keyword] = members.map((member) => this.convert(member, direction, !hasOwnProperties));
      }
    }
    if (allOf.length > 0) out.allOf = allOf;
    if (node.not !== undefined) out.not = this.convert(node.not, direction, false);
    const objectLike =
      node.type === "object" ||
      isRecord(node.properties) ||
      Array.isArray(node.allOf) ||
      discriminator !== undefined;
    const freeForm =
      !isRecord(node.properties) &&
      !Array.isArray(node.allOf) &&
      !Array.isArray(node.oneOf) &&
      !Array.isArray(node.anyOf) &&
      discriminator === undefined;
    if (closed && objectLike && !freeForm && node.additionalProperties === undefined) {
      out.unevaluatedProperties = false;
    }
    if (node.nullable === true) {
      const composed = "allOf" in out || "oneOf" in out || "anyOf" in out || "not" in out;
      if (composed || out.type === undefined) return { anyOf: [{ type: "null" }, out] };
      out.type = [out.type, "null"];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
    return out;
  }
}

function implicitMapping(oneOf: unknown): Record<string, string> {
  const mapping: Record<string, string> = {};
  if (!Array.isArray(oneOf)) return mapping;
  for (const member of oneOf) {
    const ref = isRecord(member) ? member.$ref : undefined;
    if (typeof ref === "string") mapping[ref.slice(ref.lastIndexOf("/") + 1)] = ref;
  }
  return mapping;
}

function isRecord(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
