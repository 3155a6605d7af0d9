/**
 * Compares an emulator answer with a recorded one (tests/contract/recordings/expectations.ts) and
 * names each difference, in words the allowed list (allowed.ts) matches: `status`, `header <name>`,
 * `field <name>`.
 */
import renameMap from "../../../api/openapi/rename-map.json";
import type { RecordedExpectation, Shape } from "./expectations";

/** The service's property names -> ours (api/openapi/rename-map.json), the renames the vendored
 * contract applies; the emulator answers our names under every service name. */
const OUR_NAMES: Readonly<Record<string, string>> = renameMap.properties;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

export interface Difference {
  /** The exchange's name. */
  exchange: string;
  /** What differs: "status", "header location", "field state". */
  subject: string;
  detail: string;
}

const OBJECT_ID = /^[0-9a-f]{24}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function shapeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Why `value` does not have `shape`, or undefined when it does. */
function shapeMismatch(shape: Shape, value: unknown): string | undefined {
  if (typeof shape === "object") {
    return value === shape.value
      ? undefined
      : `recorded ${JSON.stringify(shape.value)}, emulator ${JSON.stringify(value)}`;
  }
  if (shape === "id") {
    return typeof value === "string" && OBJECT_ID.test(value)
      ? undefined
      : `recorded an object id, emulator ${JSON.stringify(value)}`;
  }
  if (shape === "date") {
    return typeof value === "string" && INSTANT.test(value)
      ? undefined
      : `recorded an ISO instant, emulator ${JSON.stringify(value)}`;
  }
  const actual = shapeOf(value);
  return actual === shape ? undefined : `recorded ${shape}, emulator ${actual}`;
}

function header(answer: Answer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `template` with `{name}` replaced from `values`. */
export function expand(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A request body with `{name}` in its string values replaced from `values` (ids earlier answers gave). */
export function expandBody(body: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof body === "string") return expand(body, values);
  if (Array.isArray(body)) return body.map((item) => expandBody(item, values));
  if (body !== null && typeof body === "object") {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, expandBody(value, values)]));
  }
  return body;
}

export function compareAnswer(
  expected: RecordedExpectation,
  answer: Answer,
  values: Readonly<Record<string, string>>,
): Difference[] {
  const differences: Difference[] = [];
  const differ = (subject: string, detail: string) =>
    differences.push({ exchange: expected.name, subject, detail });
  if (answer.status !== expected.status) {
    const code = (answer.json as { errorCode?: unknown } | null)?.errorCode;
    differ(
      "status",
      `recorded ${expected.status}, emulator ${answer.status}${typeof code === "string" ? ` ${code}` : ""}`,
    );
    // An error answer has none of the recorded fields: naming each would only repeat the status.
    if (answer.status >= 400) return differences;
  }
  if (expected.headers.rateLimit) {
    for (const name of ["ratelimit-limit", "ratelimit-remaining"]) {
      const value = header(answer, name);
      if (value === undefined || !/^\d+$/.test(value))
        differ(`header ${name}`, `recorded a count, emulator ${value ?? "none"}`);
    }
  }
  if (expected.headers.location !== undefined) {
    const location = header(answer, "location");
    const wanted = expand(expected.headers.location, values);
    if (location === undefined || !location.endsWith(wanted)) {
      differ("header location", `recorded …${wanted}, emulator ${location ?? "none"}`);
    }
  }
  if (expected.elements !== undefined) {
    compareElements(expected.elements, answer.json, differ);
    return differences;
  }
  if (expected.fields === undefined) return differences;
  const body = answer.json;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    differ("body", `recorded an object, emulator ${shapeOf(body)}`);
    return differences;
  }
  compareFields(expected.fields, body as Record<string, unknown>, "", differ);
  return differences;
}

type Differ = (subject: string, detail: string) => void;

/** Names each recorded field `record` lacks or shows in another shape (`prefix` names an element). */
function compareFields(
  fields: Readonly<Record<string, Shape>>,
  record: Record<string, unknown>,
  prefix: string,
  differ: Differ,
): void {
  for (const [field, shape] of Object.entries(fields)) {
    const ours = OUR_NAMES[field] ?? field;
    if (!(ours in record)) {
      differ(`field ${prefix}${field}`, `recorded, emulator leaves ${ours} out`);
      continue;
    }
    const mismatch = shapeMismatch(shape, record[ours]);
    if (mismatch) differ(`field ${prefix}${field}`, mismatch);
  }
}

/** A recorded JSON array: every element has the recorded shape or fields (`[]` names an element). */
function compareElements(
  elements: Shape | Readonly<Record<string, Shape>>,
  body: unknown,
  differ: Differ,
): void {
  if (!Array.isArray(body)) {
    differ("body", `recorded an array, emulator ${shapeOf(body)}`);
    return;
  }
  if (body.length === 0) {
    differ("body", "recorded elements, emulator an empty array");
    return;
  }
  const isShape = typeof elements === "string" || "value" in elements;
  for (const element of body) {
    if (isShape) {
      const mismatch = shapeMismatch(elements as Shape, element);
      if (mismatch) differ("element", mismatch);
    } else if (element === null || typeof element !== "object" || Array.isArray(element)) {
      differ("element", `recorded an object, emulator ${shapeOf(element)}`);
    } else {
      compareFields(
        elements as Readonly<Record<string, Shape>>,
        element as Record<string, unknown>,
        "[]",
        differ,
      );
    }
  }
}
