/**
 * Input validation with zod, shaped for Pulumi `check`.
 *
 * - Failures name the input by its property path (`notifications[0].typeName`) and give the rule in a
 *   sentence: "specs must contain exactly 1 item", "bucketName must be 3 to 63 characters".
 * - During preview, values not known yet reach `check` and `diff` as the string {@link UNKNOWN}. A field
 *   holding it (at any depth) is not validated and never fails; it is passed through untouched.
 * - The returned inputs are normalized (defaults applied), so `diff` compares like with like.
 *
 * Messages: a schema's own message (`z.string().min(3, "must be 3 to 63 characters")`) is a predicate
 * phrase without the field name; the field path is put in front of it. Without one, the framework
 * writes the sentence from the rule (see {@link ruleMessage}).
 */
import { z } from "zod";
import { UNKNOWN } from "../protocol/values";
import { ID_PART_RULES } from "./ids";
import { PROVIDER_KEY, withoutProviderKey } from "./shim";

/**
 * Re-exported for the resources: UNKNOWN, the value Pulumi sends for "not known until apply" during
 * preview (provider/protocol/values.ts); PROVIDER_KEY, the reserved input holding the provider text
 * (shim.ts), never validated and always preserved, and withoutProviderKey, a bag without it.
 */
export { PROVIDER_KEY, UNKNOWN, withoutProviderKey };

/** A failure as Pulumi's `check` returns it. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** What {@link checkWith} returns: the shape of Pulumi's CheckResult. */
export interface CheckOutcome {
  inputs: Record<string, unknown>;
  failures: CheckFailure[];
}

/** True when the value is Pulumi's preview placeholder for an unknown value. */
export function isUnknown(value: unknown): value is typeof UNKNOWN {
  return value === UNKNOWN;
}

/** True when the value is, or contains at any depth, an unknown value. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (typeof value === "object" && value !== null) return Object.values(value).some(containsUnknown);
  return false;
}

/** A key Pulumi's property path syntax can write bare (`typeName`); others are quoted (`["a b"]`). */
const BARE_KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * A path as Pulumi writes property paths: `notifications[0].typeName`. A key that is not a plain
 * name (empty, with spaces or dots) is written quoted in brackets, `[""]`, so a failure always names
 * a non-empty property.
 */
export function propertyPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else if (!BARE_KEY.test(String(key))) text += `[${JSON.stringify(String(key))}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}

function plural(count: number | bigint, word: string): string {
  return `${count} ${word}${count === 1 || count === 1n ? "" : "s"}`;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

const EXPECTED_WORDS: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean (true or false)",
  array: "a list",
  object: "an object",
  record: "an object",
};

const SIZE_UNITS: Readonly<Record<string, string>> = { string: "character", array: "item", set: "item" };

/**
 * The framework's sentence for a zod rule, as a predicate phrase without the field name
 * ("must contain exactly 1 item"). Returns undefined for issue kinds zod words well enough.
 */
export function ruleMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return `must be ${EXPECTED_WORDS[issue.expected] ?? issue.expected}; got ${describeType(issue.input)}`;
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const bound = small ? issue.minimum : issue.maximum;
      const unit = SIZE_UNITS[issue.origin];
      if (unit !== undefined) {
        const verb = issue.origin === "string" ? "must be" : "must contain";
        if (issue.exact) return `${verb} exactly ${plural(bound, unit)}`;
        return `${verb} ${small ? "at least" : "at most"} ${plural(bound, unit)}`;
      }
      if (issue.inclusive === false) return `must be ${small ? "greater" : "less"} than ${bound}`;
      return `must be ${small ? "at least" : "at most"} ${bound}`;
    }
    case "invalid_format":
      if (issue.format === "regex" && issue.pattern !== undefined) return `must match ${issue.pattern}`;
      return `must be a valid ${issue.format}`;
    case "invalid_value":
      return `must be ${issue.values.length === 1 ? "" : "one of "}${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    case "invalid_union":
      return "does not match any of the allowed forms";
    default:
      return undefined;
  }
}

/** The value at `path` inside `root`, and whether an unknown value sits on the way to it. */
function lookup(root: unknown, path: readonly PropertyKey[]): { value: unknown; unknownOnPath: boolean } {
  let value = root;
  for (const key of path) {
    if (isUnknown(value)) return { value, unknownOnPath: true };
    if (typeof value !== "object" || value === null) return { value: undefined, unknownOnPath: false };
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { value, unknownOnPath: isUnknown(value) };
}

/** Whether an issue is only a consequence of a value not being known yet (preview). */
function causedByUnknown(root: unknown, issue: z.core.$ZodIssue): boolean {
  const { value, unknownOnPath } = lookup(root, issue.path);
  if (unknownOnPath) return true;
  // A rule over a whole object or list (a refinement, a union) cannot be judged on partial values.
  return (issue.code === "custom" || issue.code === "invalid_union") && containsUnknown(value);
}

/** Turns zod issues into Pulumi check failures. */
export function toFailures(issues: readonly z.core.$ZodIssue[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        const property = propertyPath([...issue.path, key]);
        failures.push({ property, reason: `${property} is not a known input (check its spelling)` });
      }
      continue;
    }
    const property = propertyPath(issue.path);
    const lastKey = issue.path.length === 0 ? "" : String(issue.path[issue.path.length - 1]);
    const alreadyNamed =
      property === "" ||
      issue.message.startsWith(property) ||
      (lastKey !== "" && issue.message.startsWith(lastKey));
    failures.push({ property, reason: alreadyNamed ? issue.message : `${property} ${issue.message}` });
  }
  return failures;
}

/**
 * Validates and normalizes `news` (the `check` argument) against a resource's zod schema.
 *
 * - Returns `{ inputs, failures }` ready to return from `check`.
 * - Values that are unknown (preview) are passed through unvalidated; no failure is ever reported
 *   because of one. The other fields are still validated and normalized (top-level defaults applied).
 * - `__provider` is carried over unchanged.
 * - With real failures, `inputs` are the given inputs unchanged.
 */
export function checkWith(schema: z.ZodType, news: Record<string, unknown>): CheckOutcome {
  const raw = withoutProviderKey(news);
  const carry = (inputs: Record<string, unknown>): Record<string, unknown> =>
    PROVIDER_KEY in news ? { ...inputs, [PROVIDER_KEY]: news[PROVIDER_KEY] } : inputs;

  const parsed = schema.safeParse(raw, { error: ruleMessage });
  if (parsed.success) {
    const inputs = { ...(parsed.data as Record<string, unknown>) };
    // Transforms must not rewrite the placeholder: keep unknown-holding fields as given.
    for (const [key, value] of Object.entries(raw)) if (containsUnknown(value)) inputs[key] = value;
    return { inputs: carry(inputs), failures: [] };
  }

  const real = parsed.error.issues.filter((issue) => !causedByUnknown(raw, issue));
  if (real.length > 0) return { inputs: carry({ ...raw }), failures: toFailures(real) };
  return { inputs: carry(normalizeKnownFields(schema, raw)), failures: [] };
}

/**
 * Normalizes the known top-level fields of an object schema one by one (used when unknown values
 * keep the whole object from parsing): each known field goes through its own schema, so defaults
 * apply and a later diff compares like with like; unknown-holding fields stay as given.
 */
function normalizeKnownFields(schema: z.ZodType, raw: Record<string, unknown>): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return { ...raw };
  const shape = schema.shape as Record<string, z.ZodType>;
  const inputs: Record<string, unknown> = { ...raw };
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const value = raw[key];
    if (containsUnknown(value)) continue;
    const field = fieldSchema.safeParse(value);
    if (field.success) {
      if (field.data === undefined) delete inputs[key];
      else inputs[key] = field.data;
    }
  }
  return inputs;
}

/**
 * Parses inputs that must be fully known and valid (in create/update, after `check` passed).
 * Throws one error listing every failure, in the same words `check` uses.
 */
export function parseInputs<S extends z.ZodType>(schema: S, inputs: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(withoutProviderKey(inputs), { error: ruleMessage });
  if (parsed.success) return parsed.data;
  const reasons = toFailures(parsed.error.issues).map((failure) => failure.reason);
  throw new Error(`invalid inputs: ${reasons.join("; ")}`);
}

/**
 * Zod schema of an input that is an id part with a rule in ids.ts (`groupId`, `clusterName`,
 * `exportBucketId`, ...): a string matching the rule, failing with the rule's words
 * ("groupId must be 24 hexadecimal digits (a-f, 0-9)"). `ruleName` names the rule, so an input named
 * differently can use one (`iamRoleId` follows `roleId`).
 */
export function idPartSchema(ruleName: string): z.ZodString {
  const rule = ID_PART_RULES[ruleName];
  if (rule === undefined)
    throw new Error(`no id part rule named ${ruleName} in ID_PART_RULES (provider/framework/ids.ts)`);
  return z.string().regex(rule.pattern, rule.rule);
}
