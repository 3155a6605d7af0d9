/**
 * `compare`: how the live configuration of two stacks of one program differs, resource by resource
 * (matched by type and name), leaving out ids and the values stack config sets per environment, which
 * are listed instead. A team sees what promotion carries over and what differs on purpose.
 *
 * The live configuration is each stack's refresh preview (the inputs each resource's `read` returns,
 * nothing written), so an object changed out of band in one environment shows as a difference.
 */

import { nameOfUrn, shortType } from "../../protocol/urns";
import { inputsOf, type OperationEvents, type StackConfig } from "../engine";
import {
  byCodePoint,
  byTypeAndName,
  isObject,
  isSecretValue,
  type JsonValue,
  joinPath,
  leafDifferences,
  SECRET,
  shown,
} from "../report/values";

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
 * stack of the dynamic form and one of the native form (provider/protocol/urns.ts, shortType) match.
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

/** The config keys whose values differ between the two stacks. */
export function perEnvironmentValues(a: StackConfig, b: StackConfig): PerEnvironmentValue[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const show = (entry: StackConfig[string] | undefined): JsonValue =>
    entry === undefined ? null : entry.secret === true ? SECRET : entry.value;
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
  resources.sort(byTypeAndName);
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

/** How a field's value goes from one stack of a chain to the next. */
export interface ChainLink {
  from: string;
  to: string;
  /**
   * `same`; `per-environment`: each is its stack's value of config `setBy`; `differs`: otherwise;
   * `stops-following`: the value follows config `setBy` in `from` but not in `to` (the two stacks'
   * values are the same though the key's are not: a value carried over that config should set, which
   * `compare` of the two alone cannot see); `identifier`: both are ids, left out as `compare` leaves
   * them out.
   */
  status: "same" | "per-environment" | "differs" | "stops-following" | "identifier";
  setBy?: string;
}

/** A field that stops following per-environment config somewhere along the chain. */
export interface ChainField {
  path: string;
  /** Its value in each stack of the chain, in order (null where it is not set). */
  values: JsonValue[];
  /** One per neighbour pair, in order. */
  links: ChainLink[];
  /** The first pair where it differs beyond config or stops following it. */
  stopsAt: { from: string; to: string };
}

export interface ChainResource {
  type: string;
  typeToken: string;
  name: string;
  /** The stacks that have the resource, in chain order. */
  presentIn: string[];
  /** The first pair where the resource (a field of it, or its presence) stops following config. */
  stopsAt: { from: string; to: string };
  /** Empty when the resource is not in every stack. */
  fields: ChainField[];
}

export interface ChainReport {
  version: typeof COMPARE_REPORT_VERSION;
  stacks: string[];
  /** Each neighbour pair's comparison, as `compare` of those two stacks reports it. */
  links: CompareReport[];
  /** The resources that stop following per-environment config somewhere, with where. */
  resources: ChainResource[];
  summary: {
    links: number;
    linksDifferingBeyondConfig: number;
    differingResources: number;
    differingFields: number;
  };
}

/** Every leaf of a value by its path, walked as leafDifferences walks it (a secret is a leaf), shown. */
function leafValues(
  value: JsonValue | undefined,
  path = "",
  into = new Map<string, JsonValue>(),
): Map<string, JsonValue> {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      leafValues(item, joinPath(path, index), into);
    });
  } else if (isObject(value) && !isSecretValue(value)) {
    for (const [key, item] of Object.entries(value)) leafValues(item, joinPath(path, key), into);
  } else if (value !== undefined) {
    into.set(path, shown(value) ?? null);
  }
  return into;
}

/**
 * Stacks along a promotion chain (dev, staging, prod): each neighbour pair compared as `compare` of
 * two compares them, and for every resource that stops following per-environment config somewhere,
 * each such field's value along the chain and the first pair where it stops. A field stops following
 * config where it differs beyond it (as `compare` of the pair says), and also where a value some pair
 * attributes to a config key is not that key's value in the next stack (prod kept staging's size
 * while its config says another): what only the chain shows.
 */
export function compareChain(
  names: readonly string[],
  live: ReadonlyArray<Map<string, LiveResource>>,
  configs: readonly StackConfig[],
): ChainReport {
  const links = names
    .slice(1)
    .map((to, index) =>
      compareLive(
        [names[index] as string, to],
        [live[index] as Map<string, LiveResource>, live[index + 1] as Map<string, LiveResource>],
        [configs[index] as StackConfig, configs[index + 1] as StackConfig],
      ),
    );
  const pairOf = (index: number) => ({ from: names[index] as string, to: names[index + 1] as string });
  const keys = [...new Set(live.flatMap((resources) => [...resources.keys()]))].sort();
  const resources: ChainResource[] = [];
  for (const key of keys) {
    const present = live.map((resources) => resources.get(key));
    const some = present.find((resource) => resource !== undefined) as LiveResource;
    const identity = { type: shortType(some.typeToken), typeToken: some.typeToken, name: some.name };
    const presentIn = names.filter((_, index) => present[index] !== undefined);
    if (presentIn.length < names.length) {
      const gap = links.findIndex(
        (_, index) => (present[index] === undefined) !== (present[index + 1] === undefined),
      );
      resources.push({ ...identity, presentIn, stopsAt: pairOf(gap), fields: [] });
      continue;
    }
    const compared = links.map((link) =>
      link.resources.find((resource) => resource.type === identity.type && resource.name === identity.name),
    );
    /** Each field some pair reports, with the config key a pair attributes it to, if any. */
    const reported = new Map<string, string | undefined>();
    for (const resource of compared) {
      for (const field of resource?.fields ?? []) {
        if (!reported.has(field.path) || field.setBy !== undefined) reported.set(field.path, field.setBy);
      }
    }
    const leaves = present.map((resource) => leafValues((resource as LiveResource).inputs));
    const fields: ChainField[] = [];
    for (const [path, key] of [...reported].sort(([a], [b]) => byCodePoint(a, b))) {
      const values = leaves.map((leaf) => leaf.get(path) ?? null);
      const follows = values.map(
        (value, index) =>
          key !== undefined && configScalars(configs[index]?.[key]?.value ?? "").includes(String(value)),
      );
      const chainLinks = links.map((_, index): ChainLink => {
        const pair = pairOf(index);
        if (JSON.stringify(values[index]) === JSON.stringify(values[index + 1])) {
          return follows[index] === true && follows[index + 1] === false
            ? { ...pair, status: "stops-following", setBy: key as string }
            : { ...pair, status: "same" };
        }
        const field = compared[index]?.fields.find((candidate) => candidate.path === path);
        if (field === undefined) return { ...pair, status: "identifier" };
        return field.setBy === undefined
          ? { ...pair, status: "differs" }
          : { ...pair, status: "per-environment", setBy: field.setBy };
      });
      const stop = chainLinks.findIndex(
        (link) => link.status === "differs" || link.status === "stops-following",
      );
      if (stop >= 0) fields.push({ path, values, links: chainLinks, stopsAt: pairOf(stop) });
    }
    if (fields.length === 0) continue;
    const first = Math.min(...fields.map((field) => names.indexOf(field.stopsAt.from)));
    resources.push({ ...identity, presentIn, stopsAt: pairOf(first), fields });
  }
  resources.sort(byTypeAndName);
  return {
    version: COMPARE_REPORT_VERSION,
    stacks: [...names],
    links,
    resources,
    summary: {
      links: links.length,
      linksDifferingBeyondConfig: links.filter((link) => link.summary.differingResources > 0).length,
      differingResources: resources.length,
      differingFields: resources.reduce((sum, resource) => sum + resource.fields.length, 0),
    },
  };
}
