/**
 * CloudBackupSchedule: the live schedule in input form, how each writable field compares, the PATCH
 * body of the fields to change, and the outputs.
 *
 * Policy items (framework/backupPolicy.ts) are identified by frequencyType + frequencyInterval, never
 * by position.
 */
import {
  type BackupSchedule,
  type BackupScheduleInput,
  policiesForRequest,
} from "../../client/backupSchedules";
import {
  alignPolicyItems,
  type PolicyItemWithId,
  policyItemFromApi,
  samePolicies,
  withoutId,
} from "../../framework/backupPolicy";
import { type Comparison, valuesEqual } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import {
  type CloudBackupScheduleInputs,
  SCHEDULE_INSTRUCTIONS,
  SCHEDULE_WRITABLE_FIELDS,
  type ScheduleWritableField,
} from "./schema";

export interface PolicyWithId {
  id?: string;
  policyItems: PolicyItemWithId[];
}

/** A copy policy item in input form (its read-only id dropped). */
export interface LiveCopyPolicyItem {
  frequencyType: string;
  retentionUnit?: string;
  retentionValue?: number;
}

export interface LiveCopySetting {
  cloudProvider: string;
  regionName: string;
  copyPolicyItems?: LiveCopyPolicyItem[];
  frequencies?: string[];
  lastNumberOfSnapshots?: number;
  shouldCopyOplogs: boolean;
  zoneId: string;
}

/** The writable fields of the live schedule, in input form (policies keep their ids). */
export interface LiveScheduleFields {
  autoCopySettingsEnabled?: boolean;
  autoExportEnabled?: boolean;
  copyPolicyItemsEnabled?: boolean;
  copySettings?: LiveCopySetting[];
  export?: { exportBucketId: string; frequencyType: string };
  extraRetentionSettings?: { frequencyType: string; retentionDays: number }[];
  policies?: PolicyWithId[];
  referenceHourOfDay?: number;
  referenceMinuteOfHour?: number;
  restoreWindowDays?: number;
  useOrgAndGroupNamesInExportPrefix?: boolean;
}

/** The live schedule: its writable fields and what the service computes. */
export interface LiveSchedule {
  fields: LiveScheduleFields;
  clusterId: string | undefined;
  nextSnapshot: string | undefined;
}

/** Outputs stored in state: the identity and instructions as given, the live fields, the computed ones. */
export type CloudBackupScheduleOutputs = Pick<
  CloudBackupScheduleInputs,
  "groupId" | "clusterName" | "importId" | "resetOnDelete" | (typeof SCHEDULE_INSTRUCTIONS)[number]
> &
  LiveScheduleFields & {
    /** The cluster's id (read-only). */
    clusterId?: string;
    /** When the next scheduled snapshot is taken (read-only). */
    nextSnapshot?: string;
    /** The writable fields the program sets (managed); the others keep the service's values. */
    managedFields: ScheduleWritableField[];
  };

/** The id and importId: `<groupId>/<clusterName>`. */
export function scheduleId(groupId: string, clusterName: string): string {
  return formatId([groupId, clusterName]);
}

export function describeSchedule(where: { groupId: string; clusterName: string }): string {
  return `backup schedule of cluster ${where.clusterName} in project ${where.groupId}`;
}

// The live schedule ----------------------------------------------------------------------------------

function str(value: unknown): string {
  return String(value ?? "");
}

/** A copy policy item from the API in input form: no id, retention only where the API has one. */
function copyPolicyItemFromApi(item: Record<string, unknown>): LiveCopyPolicyItem {
  const result: LiveCopyPolicyItem = { frequencyType: str(item.frequencyType) };
  if (item.retentionUnit !== undefined) result.retentionUnit = str(item.retentionUnit).toLowerCase();
  if (item.retentionValue !== undefined) result.retentionValue = Number(item.retentionValue);
  return result;
}

/** A copy setting from the API in input form: the optional parts only where the API has them. */
function copySettingFromApi(copy: Record<string, unknown>): LiveCopySetting {
  const result: LiveCopySetting = {
    cloudProvider: str(copy.cloudProvider),
    regionName: str(copy.regionName),
    shouldCopyOplogs: copy.shouldCopyOplogs === true,
    zoneId: str(copy.zoneId),
  };
  if (Array.isArray(copy.copyPolicyItems)) {
    result.copyPolicyItems = (copy.copyPolicyItems as Record<string, unknown>[]).map(copyPolicyItemFromApi);
  }
  if (Array.isArray(copy.frequencies)) result.frequencies = copy.frequencies.map(str);
  if (typeof copy.lastNumberOfSnapshots === "number")
    result.lastNumberOfSnapshots = copy.lastNumberOfSnapshots;
  return result;
}

/**
 * The live schedule in input form. Policy items are ordered like `reference` (the program's or the
 * previous state's policies) where they match.
 */
export function fromApi(
  schedule: BackupSchedule,
  reference?: CloudBackupScheduleOutputs["policies"],
): LiveSchedule {
  const fields: LiveScheduleFields = {};
  for (const key of ["autoCopySettingsEnabled", "autoExportEnabled", "copyPolicyItemsEnabled"] as const) {
    const value = schedule[key];
    if (value !== undefined) fields[key] = value;
  }
  if (schedule.copySettings !== undefined)
    fields.copySettings = schedule.copySettings.map(copySettingFromApi);
  if (
    schedule.export !== undefined &&
    schedule.export !== null &&
    schedule.export.exportBucketId !== undefined
  ) {
    fields.export = {
      exportBucketId: str(schedule.export.exportBucketId),
      frequencyType: str(schedule.export.frequencyType),
    };
  }
  if (schedule.extraRetentionSettings !== undefined) {
    fields.extraRetentionSettings = schedule.extraRetentionSettings.map((extra) => ({
      frequencyType: str(extra.frequencyType),
      retentionDays: Number(extra.retentionDays),
    }));
  }
  if (schedule.policies !== undefined) {
    fields.policies = schedule.policies.map((policy, index) => {
      const items = (policy.policyItems ?? []).map(policyItemFromApi);
      const result: PolicyWithId = { policyItems: alignPolicyItems(items, reference?.[index]?.policyItems) };
      if (policy.id !== undefined) result.id = policy.id;
      return result;
    });
  }
  for (const key of [
    "referenceHourOfDay",
    "referenceMinuteOfHour",
    "restoreWindowDays",
    "useOrgAndGroupNamesInExportPrefix",
  ] as const) {
    const value = schedule[key];
    if (value !== undefined) (fields as Record<string, unknown>)[key] = value;
  }
  return { fields, clusterId: schedule.clusterId, nextSnapshot: schedule.nextSnapshot };
}

// Comparison and the PATCH body ---------------------------------------------------------------------

/** How each writable field compares (state value, input value). */
export const FIELD_COMPARISON: Readonly<Record<ScheduleWritableField, Comparison>> = {
  autoCopySettingsEnabled: "deep",
  autoExportEnabled: "deep",
  copyPolicyItemsEnabled: "deep",
  copySettings: "set",
  export: "deep",
  extraRetentionSettings: "set",
  policies: samePolicies,
  referenceHourOfDay: "deep",
  referenceMinuteOfHour: "deep",
  restoreWindowDays: "deep",
  useOrgAndGroupNamesInExportPrefix: "deep",
};

/** The writable fields the program sets whose live value differs: what a PATCH must send. */
export function fieldsToChange(
  inputs: CloudBackupScheduleInputs,
  live: LiveScheduleFields,
): ScheduleWritableField[] {
  return SCHEDULE_WRITABLE_FIELDS.filter((field) => {
    const wanted = inputs[field];
    return wanted !== undefined && !valuesEqual(live[field], wanted, FIELD_COMPARISON[field]);
  });
}

/**
 * The PATCH body for `fields`: those fields, plus the update-only instructions when given, and always
 * `policies`, which the contract's request schema requires (api/openapi/openapi-v2.yml,
 * DiskBackupSnapshotSchedule20240805): the program's policies when it changes them, else the live
 * ones unchanged. Policy items never carry their ids, read-only in the contract: the service keeps an
 * item's id by its frequencyType + frequencyInterval (docs/api-choices.md, Backup schedule), so
 * existing items, and the snapshots taken by them, stay the same items. The policy id is sent (it is
 * writable and names the schedule's one policy).
 */
export function toPatchBody(
  inputs: CloudBackupScheduleInputs,
  live: LiveScheduleFields,
  fields: readonly ScheduleWritableField[],
): BackupScheduleInput {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field !== "policies") body[field] = inputs[field];
  }
  body.policies = fields.includes("policies")
    ? policiesForRequest(
        (inputs.policies ?? []).map((policy, index) => ({ ...policy, id: live.policies?.[index]?.id })),
      )
    : policiesForRequest(live.policies);
  if (fields.length > 0) {
    for (const key of SCHEDULE_INSTRUCTIONS) {
      if (inputs[key] !== undefined) body[key] = inputs[key];
    }
  }
  return body as unknown as BackupScheduleInput;
}

// Outputs and inputs ---------------------------------------------------------------------------------

/** The writable fields the program sets: the ones this resource manages. */
export function managedFieldsOf(inputs: CloudBackupScheduleInputs): ScheduleWritableField[] {
  return SCHEDULE_WRITABLE_FIELDS.filter((field) => inputs[field] !== undefined);
}

/**
 * The managed fields recorded in the state (`managedFields` output). `read` receives only the
 * stored outputs, which hold every live field, so the list is what tells it which fields are inputs.
 * State without the list (none exists today) counts every field as managed.
 */
export function storedManagedFields(props: Record<string, unknown>): ScheduleWritableField[] {
  const stored = props.managedFields;
  if (!Array.isArray(stored)) return [...SCHEDULE_WRITABLE_FIELDS];
  return SCHEDULE_WRITABLE_FIELDS.filter((field) => stored.includes(field));
}

export function toOutputs(
  inputs: CloudBackupScheduleInputs,
  live: LiveSchedule,
  managed: readonly ScheduleWritableField[] = managedFieldsOf(inputs),
): CloudBackupScheduleOutputs {
  const outputs: CloudBackupScheduleOutputs = {
    groupId: inputs.groupId,
    clusterName: inputs.clusterName,
    resetOnDelete: inputs.resetOnDelete,
    ...live.fields,
    managedFields: [...managed],
  };
  if (inputs.importId !== undefined) outputs.importId = inputs.importId;
  for (const key of SCHEDULE_INSTRUCTIONS) {
    if (inputs[key] !== undefined) Object.assign(outputs, { [key]: inputs[key] });
  }
  if (live.clusterId !== undefined) outputs.clusterId = live.clusterId;
  if (live.nextSnapshot !== undefined) outputs.nextSnapshot = live.nextSnapshot;
  return outputs;
}

/** The inputs that are not writable fields, from the stored outputs (for read and delete). */
export function previousInputs(props: Record<string, unknown>): CloudBackupScheduleInputs {
  const inputs: Record<string, unknown> = {
    groupId: props.groupId,
    clusterName: props.clusterName,
    resetOnDelete: props.resetOnDelete !== false,
  };
  for (const key of ["importId", ...SCHEDULE_INSTRUCTIONS] as const) {
    if (props[key] !== undefined) inputs[key] = props[key];
  }
  // The stored outputs were written by this provider from checked inputs: the keys have these types.
  return inputs as unknown as CloudBackupScheduleInputs;
}

/**
 * The inputs `read` reports: the identity and instructions as before, and the managed fields as the
 * service holds them (ids dropped). Fields the program does not set stay out, so the engine's own
 * comparison of stored and program inputs never shows them as removed.
 */
export function inputsFromLive(
  previous: CloudBackupScheduleInputs,
  live: LiveSchedule,
  managed: readonly ScheduleWritableField[],
): Record<string, unknown> {
  const inputs: Record<string, unknown> = { ...previous };
  for (const field of managed) {
    const value = live.fields[field];
    if (value === undefined) continue;
    inputs[field] =
      field === "policies"
        ? (value as PolicyWithId[]).map((policy) => ({ policyItems: policy.policyItems.map(withoutId) }))
        : value;
  }
  return inputs;
}
