/**
 * Backup policy items, shared by CloudBackupSchedule (a cluster's schedule, operations 51-53) and
 * BackupCompliancePolicy (the project's minimum, operations 41-43): the item's input schema and
 * rules, and its mapping between the API and input form.
 *
 * An item is identified by frequencyType + frequencyInterval, never by position: the service may
 * return items in another order, and their ids are read-only outputs. Outputs keep the items in the
 * order of the program (or of the previous state), so a refresh right after an update changes nothing.
 */
import { z } from "zod";
import { FREQUENCY_INTERVALS, RETENTION_UNITS, SNAPSHOT_FREQUENCY_TYPES } from "../../api/vocabulary";
import { deepEqual } from "./diff";

// Input schema ----------------------------------------------------------------------------------------

/** Reports a frequencyInterval its frequencyType does not allow. */
export function refineFrequencyInterval(
  item: { frequencyType: string; frequencyInterval: number },
  ctx: z.RefinementCtx,
): void {
  const allowed: readonly number[] | undefined =
    FREQUENCY_INTERVALS[item.frequencyType as keyof typeof FREQUENCY_INTERVALS];
  if (allowed === undefined || allowed.includes(item.frequencyInterval)) return;
  const shown =
    item.frequencyType === "monthly" ? "1 to 28, or 40 (the last day of the month)" : allowed.join(", ");
  ctx.addIssue({
    code: "custom",
    path: ["frequencyInterval"],
    message: `must be one of ${shown} for frequencyType ${item.frequencyType}; got ${item.frequencyInterval}`,
  });
}

const positiveInt = z.number().int().positive();

/**
 * A scheduled policy item (hourly, daily, weekly, monthly, yearly snapshots and their retention). It
 * has no name of its own: each resource names it in its SDK (`.meta({ id })` on this schema).
 */
export const policyItemSchema = z
  .strictObject({
    frequencyInterval: positiveInt.describe(
      "hourly: 1, 2, 4, 6, 8 or 12 (hours); daily: 1; weekly: 1-7 (day of the week); monthly: 1-28 or 40 (the last day); yearly: 1-12 (month).",
    ),
    frequencyType: z.enum(SNAPSHOT_FREQUENCY_TYPES),
    retentionUnit: z.enum(RETENTION_UNITS),
    retentionValue: positiveInt.describe("Positive."),
  })
  .superRefine(refineFrequencyInterval);
export type PolicyItem = z.output<typeof policyItemSchema>;

/**
 * The read-only id the service gives each policy item: a field of the items in the outputs only. For
 * the outputs' types (`{ ...policyItemSchema.shape, id: readOnlyItemIdSchema }`); never checks inputs.
 */
export const readOnlyItemIdSchema = z.string().optional().describe("The item's id (read-only).");

/** The key that identifies a policy item: the service may return items in another order. */
export function policyItemKey(item: { frequencyType?: unknown; frequencyInterval?: unknown }): string {
  return `${String(item.frequencyType)}/${String(item.frequencyInterval)}`;
}

/** Reports items that repeat a frequencyType+frequencyInterval pair (the pair identifies an item). */
export function refineUniquePolicyItems(
  items: readonly { frequencyType: string; frequencyInterval: number }[],
  path: (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = policyItemKey(item);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return;
    }
    ctx.addIssue({
      code: "custom",
      path: [...path, index],
      message:
        `repeats frequencyType ${item.frequencyType} with frequencyInterval ${item.frequencyInterval} ` +
        `(already at index ${first}); each pair may appear once`,
    });
  });
}

// Mapping ---------------------------------------------------------------------------------------------

/**
 * A policy item as the service holds it (values as the API returns them, which check would accept or
 * an out-of-band change set) plus its read-only id.
 */
export interface PolicyItemWithId {
  frequencyInterval: number;
  frequencyType: string;
  retentionUnit: string;
  retentionValue: number;
  id?: string;
}

/** The value without its read-only `id`. */
export function withoutId<T extends { id?: unknown }>(item: T): Omit<T, "id"> {
  const { id: _id, ...rest } = item;
  return rest;
}

function asItems(value: unknown): Record<string, unknown>[] | undefined {
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : undefined;
}

/**
 * Whether two lists of policy items hold the same items: matched by frequencyType +
 * frequencyInterval, whatever their order; ids (read-only outputs) are not compared.
 */
export function samePolicyItems(stateValue: unknown, inputValue: unknown): boolean {
  const left = asItems(stateValue);
  const right = asItems(inputValue);
  if (left === undefined || right === undefined) return deepEqual(stateValue, inputValue);
  if (left.length !== right.length) return false;
  const byKey = new Map(left.map((item) => [policyItemKey(item), withoutId(item)]));
  if (byKey.size !== left.length) return false;
  return right.every((item) => {
    const match = byKey.get(policyItemKey(item));
    return match !== undefined && deepEqual(match, withoutId(item));
  });
}

/** Whether two policy lists are the same (policy ids ignored, items matched by identity). */
export function samePolicies(stateValue: unknown, inputValue: unknown): boolean {
  const left = asItems(stateValue);
  const right = asItems(inputValue);
  if (left === undefined || right === undefined) return deepEqual(stateValue, inputValue);
  if (left.length !== right.length) return false;
  return left.every((policy, index) => samePolicyItems(policy.policyItems, right[index]?.policyItems));
}

/**
 * The live items in the order of `reference` (the program's or the previous state's): matched items
 * first, in reference order, then the live items the reference does not have, in live order.
 */
export function alignPolicyItems<T extends { frequencyType: string; frequencyInterval: number }>(
  live: readonly T[],
  reference: readonly { frequencyType: unknown; frequencyInterval: unknown }[] | undefined,
): T[] {
  if (reference === undefined) return [...live];
  const remaining = [...live];
  const aligned: T[] = [];
  for (const wanted of reference) {
    const index = remaining.findIndex((item) => policyItemKey(item) === policyItemKey(wanted));
    if (index >= 0) aligned.push(...remaining.splice(index, 1));
  }
  return [...aligned, ...remaining];
}

/** A policy item from the API in input form (plus its id). */
export function policyItemFromApi(item: Record<string, unknown>): PolicyItemWithId {
  const result: PolicyItemWithId = {
    frequencyInterval: Number(item.frequencyInterval),
    frequencyType: String(item.frequencyType),
    retentionUnit: String(item.retentionUnit).toLowerCase(),
    retentionValue: Number(item.retentionValue),
  };
  if (typeof item.id === "string") result.id = item.id;
  return result;
}
