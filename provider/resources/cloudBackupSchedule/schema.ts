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
import { importIdSchema } from "../../framework/adoption";
import {
  policyItemSchema,
  readOnlyItemIdSchema,
  refineUniquePolicyItems,
} from "../../framework/backupPolicy";
import { parseId } from "../../framework/ids";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The parts of the id and of importId, in order. */
export const SCHEDULE_ID_PARTS = ["groupId", "clusterName"] as const;

const positiveInt = z.number().int().positive();
const nonEmpty = z.string().min(1, "must not be empty");
const hex24 = z.string().regex(HEX24.pattern, HEX24.rule);

/** The cloud provider of a copy setting (and of copies to delete). */
const cloudProviderSchema = z
  .enum(CLOUD_PROVIDERS)
  .meta({ id: "BackupCloudProvider", description: "The cloud provider of a region copies go to." });

const schedulePolicyItemSchema = policyItemSchema.meta({
  id: "SchedulePolicyItem",
  description: "A policy item; frequencyType + frequencyInterval identify it (each pair once per policy).",
});

const policySchema = z
  .strictObject({
    policyItems: z
      .array(schedulePolicyItemSchema)
      .min(1)
      .describe("At least one item. The policy's id and the items' ids are outputs."),
  })
  .superRefine((policy, ctx) => refineUniquePolicyItems(policy.policyItems, ["policyItems"], ctx))
  .meta({ id: "SchedulePolicy", description: "The schedule's policy: its items." });

/** A policy as stored: its id and its items' ids are read-only outputs (the output's type; never a check). */
export const policyOutputSchema = z
  .object({
    id: z.string().optional().describe("The policy's id (read-only)."),
    policyItems: z.array(
      z.object({ ...policyItemSchema.shape, id: readOnlyItemIdSchema }).meta({
        id: "SchedulePolicyItemOutput",
        description: "A policy item as stored: with its read-only id.",
      }),
    ),
  })
  .meta({
    id: "SchedulePolicyOutput",
    description: "A policy as stored: with its read-only id and its items' ids.",
  });

/**
 * A copy policy item (the contract's DiskBackupCopyPolicyItem): which snapshots are copied and how long
 * the copies are kept. A scheduled kind needs its retention (DiskBackupTimeBasedCopyPolicyItem); an
 * on-demand item takes none (DiskBackupOnDemandCopyPolicyItem). Its id is an output.
 */
const copyPolicyItemSchema = z
  .strictObject({
    frequencyType: z.enum(COPY_POLICY_ITEM_FREQUENCY_TYPES),
    retentionUnit: z
      .enum(RETENTION_UNITS)
      .optional()
      .describe("Required for a scheduled kind; left out for ondemand."),
    retentionValue: positiveInt
      .optional()
      .describe("Positive; required for a scheduled kind; left out for ondemand."),
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
  })
  .meta({
    id: "CopyPolicyItem",
    description: "Which snapshots a copy setting copies and how long the copies are kept.",
  });

const copySettingSchema = z
  .strictObject({
    cloudProvider: cloudProviderSchema,
    regionName: nonEmpty,
    copyPolicyItems: z
      .array(copyPolicyItemSchema)
      .max(COPY_POLICY_ITEMS_MAX)
      .optional()
      .describe(
        `Which snapshots are copied and how long the copies are kept; at most ${COPY_POLICY_ITEMS_MAX}.`,
      ),
    // Deprecated in the contract in favour of copyPolicyItems.
    frequencies: z
      .array(
        z.enum(COPY_FREQUENCIES).meta({
          id: "SnapshotFrequency",
          description: "A kind of snapshot, upper case, as the service names it.",
        }),
      )
      .optional()
      .describe("Which snapshots are copied (deprecated by the service for copyPolicyItems)."),
    lastNumberOfSnapshots: z
      .number()
      .int()
      .min(COPY_LAST_NUMBER_OF_SNAPSHOTS.min)
      .max(COPY_LAST_NUMBER_OF_SNAPSHOTS.max)
      .optional()
      .describe(
        `Copy only the latest this many snapshots, ${COPY_LAST_NUMBER_OF_SNAPSHOTS.min}-${COPY_LAST_NUMBER_OF_SNAPSHOTS.max}.`,
      ),
    shouldCopyOplogs: z.boolean().default(false).describe("Default false."),
    zoneId: hex24.describe("The replication zone (24 hexadecimal digits) whose snapshots are copied."),
  })
  .meta({ id: "CopySetting", description: "Copies of snapshots to another region." });

const extraRetentionSchema = z
  .strictObject({
    frequencyType: z
      .enum(EXTRA_RETENTION_FREQUENCY_TYPES)
      .describe("Upper case, as the service takes it: HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY or ON_DEMAND."),
    retentionDays: positiveInt.describe("Positive."),
  })
  .meta({ id: "ExtraRetentionSetting", description: "A longer retention for one kind of snapshot." });

/** monthly or yearly: the only export frequencies the service takes (the contract's AutoExportPolicyView). */
const exportFrequencySchema = z.enum(AUTO_EXPORT_FREQUENCY_TYPES).meta({
  id: "ExportFrequency",
  description:
    "How often snapshots are exported automatically: monthly or yearly (the service takes no other).",
});

const exportSchema = z
  .strictObject({
    exportBucketId: idPartSchema("exportBucketId").describe(
      "An export bucket of the project: an ExportBucket's `exportBucketId` output (which makes the schedule depend on it).",
    ),
    frequencyType: exportFrequencySchema,
  })
  .meta({ id: "ScheduleExport", description: "Where and how often snapshots are exported automatically." });

/** The export setting as stored (the output's type; never a check). */
export const exportOutputSchema = exportSchema.meta({
  id: "ScheduleExportOutput",
  description: "An export setting as stored.",
});

const deleteCopiedBackupSchema = z
  .strictObject({
    cloudProvider: cloudProviderSchema,
    regionName: nonEmpty,
    zoneId: hex24.describe("24 hexadecimal digits."),
  })
  .meta({ id: "CopiedBackupsToDelete", description: "The copies of one region to delete." });

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
    importId: importIdSchema(SCHEDULE_ID_PARTS).optional(),
  })
  .superRefine((inputs, ctx) => {
    // That importId names the cluster of the inputs (its format is importIdSchema's).
    if (inputs.importId === undefined || containsUnknown(inputs.importId)) return;
    let parts: Record<(typeof SCHEDULE_ID_PARTS)[number], string>;
    try {
      parts = parseId(inputs.importId, SCHEDULE_ID_PARTS, "importId");
    } catch {
      return; // importIdSchema already named the format
    }
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
