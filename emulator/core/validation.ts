/**
 * The one body validator every operation uses. A body is described by a small schema; validation
 * is strict as the service is: unknown fields -> INVALID_ATTRIBUTE, read-only fields ->
 * ATTRIBUTE_READ_ONLY, missing required -> MISSING_ATTRIBUTE, a value outside an enumeration ->
 * INVALID_ENUM_VALUE, a wrong type or a value outside a limit -> INVALID_ATTRIBUTE. Every error names
 * the field by its path (e.g. `notifications[0].emailEnabled`) in the detail and in `parameters`.
 */
import type { Json, JsonObject } from "./contract";
import { parseInputDate } from "./dates";
import { apiError } from "./errors";
import { HEX24 } from "./ids";

interface FieldFlags {
  /** Must be present (not enforced at the top level of a partial update). */
  required?: boolean;
  /** Returned by the service but never accepted in a request. */
  readOnly?: boolean;
}

export type Schema = FieldFlags &
  (
    | { kind: "string"; enum?: readonly string[]; minLength?: number; maxLength?: number; pattern?: RegExp }
    | { kind: "date" }
    | { kind: "boolean" }
    | { kind: "integer"; min?: number; max?: number; allowed?: readonly number[] }
    | { kind: "number"; min?: number }
    | { kind: "array"; items: Schema; minItems?: number; maxItems?: number }
    | { kind: "object"; fields: Record<string, Schema> }
    /** An object whose keys are free (e.g. a mapping of field names). */
    | { kind: "freeform" }
    /** Any JSON value. */
    | { kind: "any" }
    /** One of several object shapes told apart by a string field (e.g. notifications by typeName). */
    | { kind: "tagged"; tag: string; variants: Record<string, Record<string, Schema>> }
    /** Checks a schema cannot express; throws ApiError itself. */
    | { kind: "custom"; check: (value: Json, path: string) => void }
  );

export type ObjectSchema = Record<string, Schema>;

// Small constructors so schemas read like the spec's field tables.
export const str = (o: Omit<Extract<Schema, { kind: "string" }>, "kind"> = {}): Schema => ({
  kind: "string",
  ...o,
});
export const oneOf = (values: readonly string[]): Schema => ({ kind: "string", enum: values });
export const date = (): Schema => ({ kind: "date" });
export const bool = (): Schema => ({ kind: "boolean" });
export const int = (o: Omit<Extract<Schema, { kind: "integer" }>, "kind"> = {}): Schema => ({
  kind: "integer",
  ...o,
});
export const num = (o: { min?: number } = {}): Schema => ({ kind: "number", ...o });
export const arr = (items: Schema, o: { minItems?: number; maxItems?: number } = {}): Schema => ({
  kind: "array",
  items,
  ...o,
});
export const obj = (fields: ObjectSchema): Schema => ({ kind: "object", fields });
export const freeform = (): Schema => ({ kind: "freeform" });
export const anyJson = (): Schema => ({ kind: "any" });
export const custom = (check: (value: Json, path: string) => void): Schema => ({ kind: "custom", check });
export const required = (s: Schema): Schema => ({ ...s, required: true });
export const readOnly = (s: Schema): Schema => ({ ...s, readOnly: true });

export const INT32_MAX = 2_147_483_647;
export const hex24 = (): Schema => str({ pattern: HEX24 });

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function invalidAttribute(path: string, why: string): never {
  throw apiError("INVALID_ATTRIBUTE", [path], { args: [path, why] });
}

export function missingAttribute(path: string): never {
  throw apiError("MISSING_ATTRIBUTE", [path]);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

function checkValue(schema: Schema, value: Json, path: string): void {
  switch (schema.kind) {
    case "string": {
      if (typeof value !== "string") invalidAttribute(path, "expected a string");
      if (schema.enum && !schema.enum.includes(value)) {
        throw apiError("INVALID_ENUM_VALUE", [value, path], { args: [value, path, schema.enum.join(", ")] });
      }
      if (schema.minLength !== undefined && value.length < schema.minLength)
        invalidAttribute(path, `at least ${schema.minLength} characters required`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        invalidAttribute(path, `at most ${schema.maxLength} characters allowed`);
      if (schema.pattern && !schema.pattern.test(value))
        invalidAttribute(path, `must match ${schema.pattern.source}`);
      return;
    }
    case "date":
      if (typeof value !== "string" || parseInputDate(value) === undefined)
        invalidAttribute(path, "expected an ISO 8601 date-time");
      return;
    case "boolean":
      if (typeof value !== "boolean") invalidAttribute(path, "expected a boolean");
      return;
    case "integer": {
      if (typeof value !== "number" || !Number.isInteger(value))
        invalidAttribute(path, "expected an integer");
      if (schema.allowed && !schema.allowed.includes(value))
        invalidAttribute(path, `allowed values are ${schema.allowed.join(", ")}`);
      if (schema.min !== undefined && value < schema.min)
        invalidAttribute(path, `must be at least ${schema.min}`);
      const max = schema.max ?? INT32_MAX;
      if (value > max) invalidAttribute(path, `must be at most ${max}`);
      return;
    }
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) invalidAttribute(path, "expected a number");
      if (schema.min !== undefined && value < schema.min)
        invalidAttribute(path, `must be at least ${schema.min}`);
      return;
    case "array": {
      if (!Array.isArray(value)) invalidAttribute(path, "expected an array");
      if (schema.minItems !== undefined && value.length < schema.minItems)
        invalidAttribute(path, `at least ${schema.minItems} item(s) required`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        invalidAttribute(
          path,
          schema.maxItems === schema.minItems
            ? `exactly ${schema.maxItems} item(s) required`
            : `at most ${schema.maxItems} item(s) allowed`,
        );
      value.forEach((item, i) => {
        checkValue(schema.items, item, `${path}[${i}]`);
      });
      return;
    }
    case "object":
      if (!isObject(value)) invalidAttribute(path, "expected an object");
      checkObject(schema.fields, value, path, false);
      return;
    case "freeform":
      if (!isObject(value)) invalidAttribute(path, "expected an object");
      return;
    case "any":
      return;
    case "tagged": {
      if (!isObject(value)) invalidAttribute(path, "expected an object");
      const tagPath = join(path, schema.tag);
      const tagValue = value[schema.tag];
      if (tagValue === undefined || tagValue === null) missingAttribute(tagPath);
      const names = Object.keys(schema.variants);
      if (typeof tagValue !== "string" || !names.includes(tagValue)) {
        throw apiError("INVALID_ENUM_VALUE", [describe(tagValue), tagPath], {
          args: [describe(tagValue), tagPath, names.join(", ")],
        });
      }
      const variant = schema.variants[tagValue] as ObjectSchema;
      checkObject({ ...variant, [schema.tag]: str() }, value, path, false);
      return;
    }
    case "custom":
      schema.check(value, path);
      return;
  }
}

function checkObject(fields: ObjectSchema, value: JsonObject, path: string, partial: boolean): void {
  for (const key of Object.keys(value)) {
    const field = fields[key];
    const fieldPath = join(path, key);
    if (!field) invalidAttribute(fieldPath, "unknown attribute");
    if (field.readOnly) {
      throw apiError("ATTRIBUTE_READ_ONLY", [fieldPath]);
    }
  }
  for (const [key, field] of Object.entries(fields)) {
    const fieldValue = value[key];
    const fieldPath = join(path, key);
    // null is read as "not given": the service treats an explicit null like an absent field.
    if (fieldValue === undefined || fieldValue === null) {
      if (field.required && !partial) missingAttribute(fieldPath);
      continue;
    }
    checkValue(field, fieldValue, fieldPath);
  }
}

export interface ValidateOptions {
  /** A partial update (PATCH): top-level required fields may be left out. */
  partial?: boolean;
}

/**
 * Validates a request body against an object schema and returns it as an object without the
 * fields given as null. Throws ApiError naming the first invalid field.
 */
export function validateBody(
  body: Json | undefined,
  schema: ObjectSchema,
  options: ValidateOptions = {},
): JsonObject {
  const value: Json = body === undefined ? {} : body;
  if (!isObject(value)) {
    throw apiError("VALIDATION_ERROR");
  }
  checkObject(schema, value, "", options.partial ?? false);
  const cleaned: JsonObject = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    if (fieldValue !== null) cleaned[key] = fieldValue;
  }
  return cleaned;
}

/**
 * The body without the read-only fields that repeat the request's path (`echoes`: field -> the path's
 * value), so the validator accepts them as the service does: the vendor's client sends `groupId` in
 * alert configuration bodies and `clusterName` in the backup schedule PATCH, and the service answers
 * 201/200 (docs/api-choices.md, "Read-only fields that repeat the path"). A value that differs from
 * the path's is left in, and the validator refuses it as ATTRIBUTE_READ_ONLY.
 */
export function withoutPathEchoes(
  body: Json | undefined,
  echoes: Readonly<Record<string, string>>,
): Json | undefined {
  if (!isObject(body)) return body;
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(body)) {
    if (echoes[key] === undefined || value !== echoes[key]) kept[key] = value;
  }
  return kept;
}

/** Rejects any body: for operations that take none (cutover, start without filters...). */
export function expectNoBody(body: Json | undefined): void {
  if (body === undefined || body === null) return;
  if (isObject(body) && Object.keys(body).length === 0) return;
  const first = isObject(body) ? (Object.keys(body)[0] as string) : "body";
  invalidAttribute(first, "this operation takes no request body");
}

// Query parameters ------------------------------------------------------------------------------

function invalidQuery(name: string, why: string): never {
  throw apiError("INVALID_QUERY_PARAMETER", [name], { args: [name, why] });
}

export function queryBoolean(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (raw === "true") return true;
  if (raw === "false") return false;
  return invalidQuery(name, "expected true or false");
}

export function queryInteger(
  query: URLSearchParams,
  name: string,
  limits: { min?: number; max?: number } = {},
): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw)) return invalidQuery(name, "expected an integer");
  const value = Number(raw);
  if (limits.min !== undefined && value < limits.min) invalidQuery(name, `must be at least ${limits.min}`);
  if (limits.max !== undefined && value > limits.max) invalidQuery(name, `must be at most ${limits.max}`);
  return value;
}

export function queryEnum(
  query: URLSearchParams,
  name: string,
  values: readonly string[],
): string | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!values.includes(raw)) invalidQuery(name, `allowed values are ${values.join(", ")}`);
  return raw;
}

export { invalidQuery };

/** Validates a whole body against any schema (e.g. a tagged one told apart by providerName). */
export function validateBodyAs(body: Json | undefined, schema: Schema): JsonObject {
  const value: Json = body === undefined ? {} : body;
  if (!isObject(value)) throw apiError("VALIDATION_ERROR");
  checkValue(schema, value, "");
  return value;
}
