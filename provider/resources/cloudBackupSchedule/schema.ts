/**
 * Inputs of the CloudBackupSchedule resource: a cluster's backup schedule (operations 51-53), a
 * singleton every cluster with cloud backup has.
 *
 * Each writable field is optional: a field the program sets is managed (converged and compared), a
 * field it leaves out keeps whatever the service holds. `deleteCopiedBackups`, `updateSnapshots`,
 * `deleteCopySnapshots` and `updateCopySnapshots` are instructions for the update that carries them
 * (SCHEDULE_INSTRUCTIONS), not properties of the schedule: the service never returns them, so they
 * are never compared with the live schedule.
 */
import { z } from "zod";
import { HEX24 } from "../../../api/ids";
import {
  AUTO_EXPORT_FREQUENCY_TYPES,
  CLOUD_PROVIDERS,
  COPY_FREQUENCIES,
  COPY_LAST_NUMBER_OF_SNAPSHOTS,
  COPY_POLICY_ITEM_FREQUENCY_TYPES,
  COPY_POLICY_ITEMS_MAX,
  EXTRA_RETENTION_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
  RETENTION_UNITS,
} from "../../../api/vocabulary";
import { policyItemSchema, refineUniquePolicyItems } from "../../framework/backupPolicy";
import { parseId } from "../../framework/ids";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The parts of the id and of importId, in order. */
export const SCHEDULE_ID_PARTS = ["groupId", "clusterName"] as const;

const positiveInt = z.number().int().positive();
const nonEmpty = z.string().min(1, "must not be empty");
const hex24 = z.string().regex(HEX24.pattern, HEX24.rule);

const policySchema = z
  .strictObject({
    /** The policy's items; the policy id and the item ids are outputs. */
    policyItems: z.array(policyItemSchema).min(1),
  })
  .superRefine((policy, ctx) => refineUniquePolicyItems(policy.policyItems, ["policyItems"], ctx));

/**
 * A copy policy item (the contract's DiskBackupCopyPolicyItem): which snapshots are copied and how long
 * the copies are kept. A scheduled kind needs its retention (DiskBackupTimeBasedCopyPolicyItem); an
 * on-demand item takes none (DiskBackupOnDemandCopyPolicyItem). Its id is an output.
 */
const copyPolicyItemSchema = z
  .strictObject({
    frequencyType: z.enum(COPY_POLICY_ITEM_FREQUENCY_TYPES),
    retentionUnit: z.enum(RETENTION_UNITS).optional(),
    retentionValue: positiveInt.optional(),
  })
  .superRefine((item, ctx) => {
    for (const field of ["retentionUnit", "retentionValue"] as const) {
      const given = item[field] !== undefined;
      if (item.frequencyType === ON_DEMAND_FREQUENCY_TYPE && given) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `must be left out for frequencyType ${ON_DEMAND_FREQUENCY_TYPE} (an on-demand copy keeps the snapshot's own retention)`,
        });
      } else if (item.frequencyType !== ON_DEMAND_FREQUENCY_TYPE && !given) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `is required for frequencyType ${item.frequencyType}`,
        });
      }
    }
  });

const copySettingSchema = z.strictObject({
  cloudProvider: z.enum(CLOUD_PROVIDERS),
  regionName: nonEmpty,
  /** Which snapshots are copied and how long the copies are kept; at most 6. */
  copyPolicyItems: z.array(copyPolicyItemSchema).max(COPY_POLICY_ITEMS_MAX).optional(),
  /**
   * Which snapshots are copied: HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY, ON_DEMAND. Deprecated in the
   * contract in favour of copyPolicyItems.
   */
  frequencies: z.array(z.enum(COPY_FREQUENCIES)).optional(),
  /** Copy only the latest this many snapshots, 1-500. */
  lastNumberOfSnapshots: z
    .number()
    .int()
    .min(COPY_LAST_NUMBER_OF_SNAPSHOTS.min)
    .max(COPY_LAST_NUMBER_OF_SNAPSHOTS.max)
    .optional(),
  shouldCopyOplogs: z.boolean().default(false),
  /** The replication zone (24 hex) of the cluster whose snapshots are copied. */
  zoneId: hex24,
});

const extraRetentionSchema = z.strictObject({
  /** Upper case, HOURLY ... ON_DEMAND: the snapshot kind the setting applies to (the contract's ExtraRetentionSetting). */
  frequencyType: z.enum(EXTRA_RETENTION_FREQUENCY_TYPES),
  retentionDays: positiveInt,
});

const exportSchema = z.strictObject({
  /** An export bucket of the project (24 hex): the ExportBucket resource's exportBucketId. */
  exportBucketId: idPartSchema("exportBucketId"),
  /** monthly or yearly: the only export frequencies the service takes (the contract's AutoExportPolicyView). */
  frequencyType: z.enum(AUTO_EXPORT_FREQUENCY_TYPES),
});

const deleteCopiedBackupSchema = z.strictObject({
  cloudProvider: z.enum(CLOUD_PROVIDERS),
  regionName: nonEmpty,
  zoneId: hex24,
});

export const cloudBackupScheduleInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    clusterName: idPartSchema("clusterName"),
    /** Copy snapshots to the regions of `copySettings` automatically (service 2024-08-05). */
    autoCopySettingsEnabled: z.boolean().optional(),
    autoExportEnabled: z.boolean().optional(),
    /** Whether `copySettings[].copyPolicyItems` decide which snapshots are copied. */
    copyPolicyItemsEnabled: z.boolean().optional(),
    copySettings: z.array(copySettingSchema).optional(),
    export: exportSchema.optional(),
    extraRetentionSettings: z.array(extraRetentionSchema).optional(),
    policies: z.array(policySchema).max(1).optional(),
    referenceHourOfDay: z.number().int().min(0).max(23).optional(),
    referenceMinuteOfHour: z.number().int().min(0).max(59).optional(),
    /** Continuous backup only. */
    restoreWindowDays: positiveInt.optional(),
    useOrgAndGroupNamesInExportPrefix: z.boolean().optional(),
    /** Update-only: copied snapshots to delete when their copy setting is removed. Never drift. */
    deleteCopiedBackups: z.array(deleteCopiedBackupSchema).optional(),
    /** Update-only: apply a retention change to existing snapshots too. Never drift. */
    updateSnapshots: z.boolean().optional(),
    /** Update-only: delete the copies of a copy setting the update removes. Never drift. */
    deleteCopySnapshots: z.boolean().optional(),
    /** Update-only: apply a copy retention change to existing copies too. Never drift. */
    updateCopySnapshots: z.boolean().optional(),
    /**
     * What delete does. True (default): reset the schedule to the service's defaults. False: leave it
     * as it is and only remove it from the stack (needed while the project has a backup compliance
     * policy, which forbids the reset).
     */
    resetOnDelete: z.boolean().default(true),
    /** Adoption, `<groupId>/<clusterName>`: create always adopts the cluster's schedule, with or without this. */
    importId: z.string().optional(),
  })
  .superRefine((inputs, ctx) => {
    if (inputs.importId === undefined || containsUnknown(inputs.importId)) return;
    try {
      const parts = parseId(inputs.importId, SCHEDULE_ID_PARTS, "importId");
      const sameGroup = containsUnknown(inputs.groupId) || parts.groupId === inputs.groupId;
      const sameCluster = containsUnknown(inputs.clusterName) || parts.clusterName === inputs.clusterName;
      if (!sameGroup || !sameCluster) {
        ctx.addIssue({
          code: "custom",
          path: ["importId"],
          message:
            `importId names ${inputs.importId} but groupId/clusterName are ${inputs.groupId}/${inputs.clusterName}; ` +
            "they must name the same cluster",
        });
      }
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["importId"], message: (error as Error).message });
    }
  });

export type CloudBackupScheduleInputs = z.output<typeof cloudBackupScheduleInputsSchema>;

/** The writable fields of the schedule: what the program can manage and an update can send. */
export const SCHEDULE_WRITABLE_FIELDS = [
  "autoCopySettingsEnabled",
  "autoExportEnabled",
  "copyPolicyItemsEnabled",
  "copySettings",
  "export",
  "extraRetentionSettings",
  "policies",
  "referenceHourOfDay",
  "referenceMinuteOfHour",
  "restoreWindowDays",
  "useOrgAndGroupNamesInExportPrefix",
] as const;
export type ScheduleWritableField = (typeof SCHEDULE_WRITABLE_FIELDS)[number];

/**
 * Instructions for the update that carries them (write-only in the contract): sent with a real change,
 * stored as given, never compared with the live schedule (the service never returns them).
 */
export const SCHEDULE_INSTRUCTIONS = [
  "deleteCopiedBackups",
  "updateSnapshots",
  "deleteCopySnapshots",
  "updateCopySnapshots",
] as const;
