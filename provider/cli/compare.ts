/**
 * `compare`: how the live configuration of two stacks of one program differs, resource by resource
 * (matched by type and name), leaving out ids and the values stack config sets per environment, which
 * are listed instead. A team sees what promotion carries over and what differs on purpose.
 *
 * The live configuration is each stack's refresh preview (the inputs each resource's `read` returns,
 * nothing written), so an object changed out of band in one environment shows as a difference.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import { inputsOf } from "./drift";
import { nameOfUrn, type OperationEvents, type Progress, refreshPreview, shortType } from "./engine";
import { type JsonValue, leafDifferences, shown } from "./values";

export const COMPARE_REPORT_VERSION = 1;

/** A config key whose value differs between the two stacks (secrets as `[secret]`). */
export interface PerEnvironmentValue {
  key: string;
  values: [JsonValue, JsonValue];
}

export interface ComparedField {
  path: string;
  /** The value in each stack, in the order the stacks were given; absent sides are null. */
  values: [JsonValue, JsonValue];
  /** The config key that sets this field per environment; absent for a real difference. */
  setBy?: string;
}

export interface ComparedResource {
  type: string;
  typeToken: string;
  name: string;
  /** `differs`: some field differs beyond config; `per-environment`: only config-set fields differ; `only-in`: one stack lacks it. */
  status: "differs" | "per-environment" | "only-in";
  /** For `only-in`: the stack that has the resource. */
  onlyIn?: string;
  fields: ComparedField[];
}

export interface CompareReport {
  version: typeof COMPARE_REPORT_VERSION;
  stacks: [string, string];
  perEnvironment: PerEnvironmentValue[];
  summary: { differingResources: number; differingFields: number; perEnvironmentFields: number };
  resources: ComparedResource[];
}

/** The live inputs of one stack's resource, without the engine's own input. */
export interface LiveResource {
  typeToken: string;
  name: string;
  inputs: Record<string, JsonValue>;
}

/**
 * The live resources of one stack by `type::name`, the type short for this package's resources so a
 * stack of the dynamic form and one of the native form (engine.ts, platformTypeName) match.
 */
export function liveResources(refresh: OperationEvents): Map<string, LiveResource> {
  const live = new Map<string, LiveResource>();
  for (const { metadata } of refresh.steps.values()) {
    if (metadata.op === "delete" || metadata.new == null) continue;
    const name = nameOfUrn(metadata.urn);
    live.set(`${shortType(metadata.type)}::${name}`, {
      typeToken: metadata.type,
      name,
      inputs: inputsOf(metadata.new),
    });
  }
  return live;
}

/** Fields that name an object rather than configure it: they differ between environments by nature. */
const ID_FIELDS = new Set(["groupId", "importId", "id"]);
const HEX_ID = /^[0-9a-f]{24}$/;

function isIdentifier(path: string, a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  const last = /([A-Za-z_$][\w$]*)$/.exec(path)?.[1] ?? "";
  if (ID_FIELDS.has(last)) return true;
  return typeof a === "string" && typeof b === "string" && HEX_ID.test(a) && HEX_ID.test(b);
}

/** Config as `stack.getAllConfig()` answers it: values are strings (objects as JSON text). */
export type StackConfig = Record<string, { value: string; secret?: boolean }>;

/** The config keys whose values differ between the two stacks. */
export function perEnvironmentValues(a: StackConfig, b: StackConfig): PerEnvironmentValue[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const show = (entry: StackConfig[string] | undefined): JsonValue =>
    entry === undefined ? null : entry.secret === true ? "[secret]" : entry.value;
  return keys
    .filter(
      (key) => a[key]?.value !== b[key]?.value || (a[key]?.secret ?? false) !== (b[key]?.secret ?? false),
    )
    .map((key) => ({ key, values: [show(a[key]), show(b[key])] }));
}

/** Every scalar a config value holds (a JSON object's leaves too), as text. */
function configScalars(value: string): string[] {
  try {
    const parsed = JSON.parse(value) as JsonValue;
    if (typeof parsed === "object" && parsed !== null) {
      return leafDifferences(Array.isArray(parsed) ? [] : {}, parsed).map((leaf) => String(leaf.after));
    }
  } catch {
    // Not JSON: the text itself.
  }
  return [value];
}

/** The key whose value in each stack is that stack's value of the field, if any. */
function configKeyFor(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  keys: readonly string[],
  configs: [StackConfig, StackConfig],
): string | undefined {
  if (a === undefined || b === undefined || typeof a === "object" || typeof b === "object") return undefined;
  return keys.find(
    (key) =>
      configScalars(configs[0][key]?.value ?? "").includes(String(a)) &&
      configScalars(configs[1][key]?.value ?? "").includes(String(b)),
  );
}

/** The comparison of two stacks' live resources. */
export function compareLive(
  names: [string, string],
  live: [Map<string, LiveResource>, Map<string, LiveResource>],
  configs: [StackConfig, StackConfig],
): CompareReport {
  const perEnvironment = perEnvironmentValues(configs[0], configs[1]);
  const perEnvironmentKeys = perEnvironment.map((entry) => entry.key);
  const resources: ComparedResource[] = [];
  const keys = [...new Set([...live[0].keys(), ...live[1].keys()])].sort();
  for (const key of keys) {
    const [a, b] = [live[0].get(key), live[1].get(key)];
    const either = (a ?? b) as LiveResource;
    const identity = { type: shortType(either.typeToken), typeToken: either.typeToken, name: either.name };
    if (a === undefined || b === undefined) {
      resources.push({
        ...identity,
        status: "only-in",
        onlyIn: a === undefined ? names[1] : names[0],
        fields: [],
      });
      continue;
    }
    const fields: ComparedField[] = [];
    for (const leaf of leafDifferences(a.inputs, b.inputs)) {
      if (isIdentifier(leaf.path, leaf.before, leaf.after)) continue;
      const field: ComparedField = {
        path: leaf.path,
        values: [shown(leaf.before) ?? null, shown(leaf.after) ?? null],
      };
      const setBy = configKeyFor(leaf.before, leaf.after, perEnvironmentKeys, configs);
      if (setBy !== undefined) field.setBy = setBy;
      fields.push(field);
    }
    if (fields.length === 0) continue;
    const status = fields.some((field) => field.setBy === undefined) ? "differs" : "per-environment";
    resources.push({ ...identity, status, fields });
  }
  resources.sort((x, y) => (x.type === y.type ? x.name.localeCompare(y.name) : x.type.localeCompare(y.type)));
  const differing = resources.filter((resource) => resource.status !== "per-environment");
  return {
    version: COMPARE_REPORT_VERSION,
    stacks: names,
    perEnvironment,
    summary: {
      differingResources: differing.length,
      differingFields: resources.flatMap((r) => r.fields).filter((f) => f.setBy === undefined).length,
      perEnvironmentFields: resources.flatMap((r) => r.fields).filter((f) => f.setBy !== undefined).length,
    },
    resources,
  };
}

/** Reads both stacks (refresh previews, nothing written) and compares them. */
export async function compareStacks(stacks: [Stack, Stack], progress: Progress): Promise<CompareReport> {
  const live: Array<Map<string, LiveResource>> = [];
  const configs: StackConfig[] = [];
  for (const stack of stacks) {
    progress(`Reading the live state of stack ${stack.name} (refresh preview, nothing is written)`);
    live.push(liveResources(await refreshPreview(stack, progress)));
    configs.push(await stack.getAllConfig());
  }
  return compareLive(
    [stacks[0].name, stacks[1].name],
    live as [Map<string, LiveResource>, Map<string, LiveResource>],
    configs as [StackConfig, StackConfig],
  );
}
