/**
 * Backup policy items, shared by the backup schedule and the backup compliance policy: their
 * schema, the frequencies each frequency type allows, retention in days, and the rule for the
 * read-only item ids.
 */
import { FREQUENCY_INTERVALS, RETENTION_UNITS } from "../../api/vocabulary";
import type { EmulatorState, JsonObject } from "../core/contract";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { hex24, int, invalidAttribute, type ObjectSchema, oneOf, required } from "../core/validation";

const DAYS_PER_UNIT: Record<string, number> = { days: 1, weeks: 7, months: 31, years: 366 };

/** Allowed frequencyInterval per frequencyType (the vocabulary's FREQUENCY_INTERVALS), by any name. */
const ALLOWED_INTERVALS: Readonly<Record<string, readonly number[]>> = FREQUENCY_INTERVALS;

export function policyItemFields(frequencyTypes: readonly string[]): ObjectSchema {
  return {
    id: hex24(),
    frequencyInterval: required(int({ min: 0 })),
    frequencyType: required(oneOf(frequencyTypes)),
    retentionUnit: required(oneOf(RETENTION_UNITS)),
    retentionValue: required(int({ min: 1 })),
  };
}

export function retentionDays(item: JsonObject): number {
  return (DAYS_PER_UNIT[String(item.retentionUnit).toLowerCase()] ?? 1) * Number(item.retentionValue);
}

/**
 * Checks frequency intervals and gives each item its id. An item id is read-only (the contract's
 * DiskBackupApiPolicyItem), so a client need not send it: an item without an id keeps the id of the
 * existing item with the same frequencyType and frequencyInterval (the pair that identifies an item),
 * and a new pair gets a new id. A request may still carry an id to name an item that exists (a client
 * echoing the last response); any other id is refused with ATTRIBUTE_READ_ONLY.
 */
export function settlePolicyItems(
  state: EmulatorState,
  items: JsonObject[],
  existing: readonly JsonObject[],
  path: string,
): JsonObject[] {
  const existingIds = existing.map((item) => String(item.id));
  const samePair = (item: JsonObject) =>
    existing.find(
      (old) =>
        old.frequencyType === item.frequencyType &&
        Number(old.frequencyInterval) === Number(item.frequencyInterval),
    );
  return items.map((item, i) => {
    const itemPath = `${path}[${i}]`;
    const allowed = ALLOWED_INTERVALS[String(item.frequencyType)] ?? [];
    if (!allowed.includes(Number(item.frequencyInterval))) {
      invalidAttribute(
        `${itemPath}.frequencyInterval`,
        `for ${String(item.frequencyType)} the allowed values are ${allowed.join(", ")}`,
      );
    }
    if (typeof item.id === "string" && !existingIds.includes(item.id)) {
      throw apiError("ATTRIBUTE_READ_ONLY", [`${itemPath}.id`]);
    }
    if (typeof item.id === "string") return { ...item };
    const kept = samePair(item)?.id;
    return { ...item, id: typeof kept === "string" ? kept : mintId(state) };
  });
}
