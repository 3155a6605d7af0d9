/**
 * The one id format of every resource in this package: the parts that locate the object in the API,
 * joined with `/` in a fixed order, e.g. `5f1a000000000000000000a1/demo-cluster/65f0c0ffee0000000000abcd`.
 *
 * `/` is the only separator. Cluster names contain dashes, so a dash is never a separator. No part may
 * contain `/` (the API's own path rules exclude it for every part used here). The same format is the
 * resource's Pulumi id and its `importId` input (see docs/resources.md).
 */

import { CLUSTER_NAME, HEX24 } from "../../api/ids";

/** How one part of an id is validated. */
export interface IdPartRule {
  /** The pattern the part must match. */
  pattern: RegExp;
  /** The rule in words, used in error messages: "must be ...". */
  rule: string;
}

/**
 * Validation of the id parts whose rules the API specification states. Parts not listed here only
 * need to be non-empty and free of `/`. Resource authors add a part here when the spec gives its rule.
 */
export const ID_PART_RULES: Readonly<Record<string, IdPartRule>> = {
  groupId: HEX24,
  projectId: HEX24,
  orgId: HEX24,
  clusterName: CLUSTER_NAME,
  alertConfigId: HEX24,
  alertId: HEX24,
  indexId: HEX24,
  exportBucketId: HEX24,
  exportJobId: HEX24,
  restoreJobId: HEX24,
  snapshotId: HEX24,
  roleId: HEX24,
  liveMigrationId: HEX24,
  validationId: HEX24,
};

/** The expected format in words: `<groupId>/<clusterName>/<indexId>`. */
export function describeIdFormat(partNames: readonly string[]): string {
  return partNames.map((name) => `<${name}>`).join("/");
}

/** Joins id parts with `/`. Throws when a part is empty or contains `/`. */
export function formatId(parts: readonly string[]): string {
  for (const [index, part] of parts.entries()) {
    if (typeof part !== "string" || part === "") {
      throw new Error(`id part ${index + 1} is empty; every part of an id must be a non-empty string`);
    }
    if (part.includes("/")) {
      throw new Error(`id part ${index + 1} ("${part}") contains "/", the id separator`);
    }
  }
  return parts.join("/");
}

/**
 * Splits an id into its named parts and validates each one.
 *
 * @param id the id (or importId) to parse
 * @param partNames the names of the parts, in order (`["groupId", "clusterName", "indexId"]`)
 * @param label what the id is called in error messages ("importId", "id")
 * @throws Error naming the expected format, e.g.
 *   `importId must look like <groupId>/<clusterName>/<indexId>; got "abc" (1 part, expected 3)`
 */
export function parseId<const Names extends readonly string[]>(
  id: string,
  partNames: Names,
  label = "id",
): Record<Names[number], string> {
  const format = describeIdFormat(partNames);
  if (typeof id !== "string" || id === "") {
    throw new Error(`${label} must look like ${format}; got ${JSON.stringify(id)}`);
  }
  const parts = id.split("/");
  if (parts.length !== partNames.length) {
    const count = `${parts.length} part${parts.length === 1 ? "" : "s"}, expected ${partNames.length}`;
    throw new Error(`${label} must look like ${format}; got ${JSON.stringify(id)} (${count})`);
  }
  const result: Record<string, string> = {};
  for (const [index, name] of partNames.entries()) {
    const part = parts[index] ?? "";
    const problem = idPartProblem(name, part);
    if (problem !== undefined) {
      throw new Error(`${label} must look like ${format}; got ${JSON.stringify(id)}: ${problem}`);
    }
    result[name] = part;
  }
  return result as Record<Names[number], string>;
}

/** Why `value` is not a valid id part called `name` ("groupId must be 24 hexadecimal digits ..."), or undefined. */
export function idPartProblem(name: string, value: string): string | undefined {
  if (value === "") return `${name} is empty`;
  const rule = ID_PART_RULES[name];
  if (rule !== undefined && !rule.pattern.test(value)) {
    return `${name} ${rule.rule}; got ${JSON.stringify(value)}`;
  }
  return undefined;
}
