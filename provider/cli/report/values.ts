/**
 * Values as the command-line tool reports them: property paths, the leaf differences between two
 * JSON-like values, and the one rule for secrets (a secret or a credential the API masks is never
 * shown, only `[secret]`).
 */
import { isMasked } from "../../framework/masking";
import { propertyPath } from "../../framework/validation";
import { isSecret, UNKNOWN } from "../../protocol/values";

/** What the report prints in place of a secret value: the value itself never leaves the engine. */
export const SECRET = "[secret]";
/** What the report prints for a value the engine cannot know before it applies the program ({@link UNKNOWN}). */
export const UNKNOWN_LABEL = "[unknown]";

/** A JSON value as the engine reports it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One leaf that differs between two values: its path and the value on each side (absent: undefined). */
export interface LeafDifference {
  path: string;
  before: JsonValue | undefined;
  after: JsonValue | undefined;
}

/** True for a value the engine marks secret (`[secret]`, or the signature object of serialized state). */
export function isSecretValue(value: unknown): boolean {
  if (value === SECRET) return true;
  return isSecret(value);
}

/** True for anything that must print as `[secret]`: an engine secret or a masked credential. */
function mustHide(value: unknown): boolean {
  return isSecretValue(value) || isMasked(value);
}

/** The value as a report shows it: secrets and masked credentials as `[secret]`, unknowns as `[unknown]`. */
export function shown(value: JsonValue | undefined): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (mustHide(value)) return SECRET;
  if (value === UNKNOWN) return UNKNOWN_LABEL;
  if (Array.isArray(value)) return value.map((item) => shown(item) ?? null);
  if (typeof value === "object" && value !== null) {
    const result: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      const itemShown = shown(item);
      if (itemShown !== undefined) result[key] = itemShown;
    }
    return result;
  }
  return value;
}

/** Appends a key to a property path the way Pulumi's diffs write them: `a.b`, `a[0]`, `a["x-y"]`. */
export function joinPath(path: string, key: string | number): string {
  const step = propertyPath([key]);
  return path === "" || step.startsWith("[") ? `${path}${step}` : `${path}.${step}`;
}

/** A JSON object (not null, not an array). */
export function isObject(value: unknown): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The leaves that differ between `before` and `after`, in path order. Objects compare key by key,
 * arrays index by index. A secret is a leaf compared as it is: two secrets the engine blinded look
 * the same, so a change inside a secret is not seen here (the caller knows it from the engine).
 */
export function leafDifferences(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  path = "",
): LeafDifference[] {
  if (!isSecretValue(before) && !isSecretValue(after)) {
    if (isObject(before) && isObject(after)) {
      const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
      return keys.flatMap((key) => leafDifferences(before[key], after[key], joinPath(path, key)));
    }
    if (Array.isArray(before) && Array.isArray(after)) {
      const length = Math.max(before.length, after.length);
      return Array.from({ length }, (_, index) =>
        leafDifferences(before[index], after[index], joinPath(path, index)),
      ).flat();
    }
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}

/** Code point order: the same on every machine, whatever its locale. */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The order of a report's resources: by type, then name. */
export function byTypeAndName(a: { type: string; name: string }, b: { type: string; name: string }): number {
  return a.type === b.type ? a.name.localeCompare(b.name) : a.type.localeCompare(b.type);
}

/** A value for a table cell: JSON, secrets hidden, absent as `(absent)`. */
export function cell(value: JsonValue | undefined): string {
  const visible = shown(value);
  if (visible === undefined) return "(absent)";
  if (typeof visible === "string")
    return visible === SECRET || visible === UNKNOWN_LABEL ? visible : JSON.stringify(visible);
  return JSON.stringify(visible);
}
