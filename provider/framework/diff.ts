/**
 * Diffing inputs: structural comparison and the per-resource field classification.
 *
 * Every resource declares, for each of its inputs, what a change of that input means:
 *
 * | effect           | meaning                                                                          |
 * |------------------|----------------------------------------------------------------------------------|
 * | `"replace"`      | the API cannot change it in place: a change deletes and recreates the object      |
 * | `"update"`       | the API changes it in place                                                      |
 * | `"output"`       | computed by the API; never compared (listed so the table documents the state)     |
 * | `"ignore-drift"` | an input whose changes need no action (`importId` after adoption)                 |
 *
 * An input without a classification is a programming error: {@link diffInputs} throws.
 */

import type { z } from "zod";
import { sameSecret } from "./masking";
import type { PlatformProvider } from "./types";
import { checkWith, containsUnknown, PROVIDER_KEY } from "./validation";

/** What a change of one input means. */
export type ChangeEffect = "replace" | "update" | "output" | "ignore-drift";

/** How two values of a field are compared. Default: structural deep equality. */
export type Comparison =
  /** Deep equality; lists compare in order. */
  | "deep"
  /** A list whose order does not matter (compared as a multiset). */
  | "set"
  /** A string holding JSON, compared by parsed structure (search index definitions, audit filters). */
  | "json-string"
  /** A credential the API returns masked: equal when the visible suffix matches (see masking.ts). */
  | "masked"
  /** A custom comparison: `(stateValue, inputValue) => equal`. */
  | ((stateValue: unknown, inputValue: unknown) => boolean);

/** The full form of a classification entry. */
export interface FieldRule {
  effect: ChangeEffect;
  compare?: Comparison;
  /**
   * The API fills the value in when the user leaves it out: an input absent from the program is not
   * a change, whatever the state holds.
   */
  computedIfAbsent?: boolean;
  /** A replace caused by this field must delete the old object first (its identity is unique). */
  deleteBeforeReplace?: boolean;
}

/** The per-resource table: input (and output) name -> effect, or the full rule. */
export type Classification = Readonly<Record<string, ChangeEffect | FieldRule>>;

/** The result of {@link diffInputs}: the shape of Pulumi's DiffResult plus the detail. */
export interface InputDiff {
  changes: boolean;
  /** Inputs whose change forces a replacement. */
  replaces: string[];
  /** Every changed input and its effect (not forwarded to the engine by dynamic providers; for logs and tests). */
  detailedDiff: Record<string, "update" | "replace">;
  deleteBeforeReplace?: boolean;
}

/** Options of {@link deepEqual}, applied by key name at any depth. */
export interface EqualOptions {
  /** Keys holding masked credentials (compared with sameSecret, input on the right). */
  maskedKeys?: readonly string[];
  /** Keys holding JSON strings (compared by parsed structure). */
  jsonStringKeys?: readonly string[];
  /** Keys holding lists whose order does not matter. */
  setKeys?: readonly string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a JSON string; a string that is not JSON stays as it is (so it still compares by text). */
function parseJsonString(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Unordered list equality: every element of `a` pairs with a distinct equal element of `b`. */
function setEqual(a: unknown, b: unknown, options: EqualOptions): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return deepEqual(a, b, options);
  if (a.length !== b.length) return false;
  const unused = [...b];
  for (const item of a) {
    const index = unused.findIndex((candidate) => deepEqual(item, candidate, options));
    if (index < 0) return false;
    unused.splice(index, 1);
  }
  return true;
}

/**
 * Structural equality of JSON-like values: object key order is irrelevant; a key holding
 * `undefined` equals an absent key; lists compare in order (unless their key is in `setKeys`).
 * `null` is a value (it equals only `null`). With masked keys, the right-hand side is the user's value.
 */
export function deepEqual(left: unknown, right: unknown, options: EqualOptions = {}): boolean {
  if (left === right) return true;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => deepEqual(item, right[index], options));
  }
  if (!isPlainObject(left) || !isPlainObject(right)) return false;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    const a = left[key];
    const b = right[key];
    if (a === undefined && b === undefined) continue;
    if (options.maskedKeys?.includes(key)) {
      if (!sameSecret(b, a)) return false;
    } else if (options.jsonStringKeys?.includes(key)) {
      if (!deepEqual(parseJsonString(a), parseJsonString(b), options)) return false;
    } else if (options.setKeys?.includes(key)) {
      if (!setEqual(a, b, options)) return false;
    } else if (!deepEqual(a, b, options)) {
      return false;
    }
  }
  return true;
}

/** Whether a state value and an input value are equal under a field's comparison. */
export function valuesEqual(stateValue: unknown, inputValue: unknown, compare: Comparison = "deep"): boolean {
  switch (compare) {
    case "deep":
      return deepEqual(stateValue, inputValue);
    case "set":
      return setEqual(stateValue, inputValue, {});
    case "json-string":
      return deepEqual(parseJsonString(stateValue), parseJsonString(inputValue));
    case "masked":
      return sameSecret(inputValue, stateValue);
    default:
      return compare(stateValue, inputValue);
  }
}

function ruleOf(entry: ChangeEffect | FieldRule): FieldRule {
  return typeof entry === "string" ? { effect: entry } : entry;
}

/**
 * The inputs part of stored outputs (read and delete get only the outputs): the outputs without the
 * fields the classification marks "output". The stored outputs were written by the provider from
 * checked inputs, so the keys left have the inputs' types; this is the one place that says so.
 */
export function storedInputs<Inputs>(props: Record<string, unknown>, classification: Classification): Inputs {
  const inputs = Object.fromEntries(
    Object.entries(props).filter(([field]) => {
      const rule = classification[field];
      return rule === undefined || ruleOf(rule).effect !== "output";
    }),
  );
  return inputs as Inputs;
}

/** Throws when an input has no classification: every input must say what its change means. */
export function assertClassified(inputs: Record<string, unknown>, classification: Classification): void {
  const missing = Object.keys(inputs).filter(
    (key) => key !== PROVIDER_KEY && !Object.hasOwn(classification, key),
  );
  if (missing.length > 0) {
    throw new Error(
      `input${missing.length === 1 ? "" : "s"} ${missing.join(", ")} ha${missing.length === 1 ? "s" : "ve"} ` +
        `no classification (replace, update, output or ignore-drift); add ${missing.length === 1 ? "it" : "them"} ` +
        "to the resource's classification table",
    );
  }
}

/**
 * The inputs that differ between the state (`olds`, the stored outputs, which hold the inputs as
 * last applied) and the program (`news`), with their effect. Unknown values (preview) count as a change.
 * `__provider` is never compared.
 *
 * @throws Error when `news` has an input that the classification does not list
 */
export function changedInputs(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  classification: Classification,
): Record<string, "update" | "replace"> {
  assertClassified(news, classification);
  const changed: Record<string, "update" | "replace"> = {};
  for (const [field, entry] of Object.entries(classification)) {
    const rule = ruleOf(entry);
    if (rule.effect !== "replace" && rule.effect !== "update") continue;
    const inputValue = news[field];
    if (inputValue === undefined && rule.computedIfAbsent) continue;
    if (containsUnknown(inputValue) || !valuesEqual(olds[field], inputValue, rule.compare)) {
      changed[field] = rule.effect;
    }
  }
  return changed;
}

/**
 * Pulumi `diff` from a classification table: `changes`, the inputs that force `replaces`, and
 * `deleteBeforeReplace` when a replacing field (or `options.deleteBeforeReplace`) asks for it.
 */
export function diffInputs(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  classification: Classification,
  options: { deleteBeforeReplace?: boolean } = {},
): InputDiff {
  const detailedDiff = changedInputs(olds, news, classification);
  const replaces = Object.keys(detailedDiff).filter((field) => detailedDiff[field] === "replace");
  const result: InputDiff = { changes: Object.keys(detailedDiff).length > 0, replaces, detailedDiff };
  const deleteFirst =
    replaces.length > 0 &&
    (options.deleteBeforeReplace === true ||
      replaces.some((field) => {
        const entry = classification[field];
        return entry !== undefined && ruleOf(entry).deleteBeforeReplace === true;
      }));
  if (deleteFirst) result.deleteBeforeReplace = true;
  return result;
}

/**
 * The `check` and `diff` every resource has: validate with its zod schema, classify with its table.
 * The engine gets `changes` and `replaces`, plus `deleteBeforeReplace` when a replaced field asks for
 * it (a name that stays taken until the old object is gone); the detailed diff is not forwarded to
 * dynamic providers, so it is left out.
 */
export function checkAndDiff(
  schema: z.ZodType,
  classification: Classification,
): Pick<PlatformProvider, "check" | "diff"> {
  return {
    async check(_olds, news) {
      return checkWith(schema, news);
    },
    async diff(_id, olds, news) {
      const diff = diffInputs(olds, news, classification);
      return {
        changes: diff.changes,
        replaces: diff.replaces,
        ...(diff.deleteBeforeReplace ? { deleteBeforeReplace: true } : {}),
      };
    },
  };
}
