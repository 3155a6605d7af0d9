/**
 * Inputs of the CloudBackupSchedule resource: a cluster's backup schedule (operations 51-53), a
 * singleton every cluster with cloud backup has.
 *
 * Each writable field is optional: a field the program sets is managed (converged and compared), a
 * field it leaves out keeps whatever the service holds. `deleteCopiedBackups` and `updateSnapshots`
 * are instructions for the update that carries them, not properties of the schedule: the service
 * never returns them, so they are never compared with the live schedule.
 */
import { z } from "zod";
import { HEX24 } from "../../../api/ids";
import {
  CLOUD_PROVIDERS,
  COPY_FREQUENCIES,
  EXPORT_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
  SNAPSHOT_FREQUENCY_TYPES,
} from "../../../api/vocabulary";
import { policyItemSchema, refineUniquePolicyItems } from "../../framework/backupPolicy";
import { parseId } from "../../framework/ids";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The parts of the id and of importId, in order. */
export const SCHEDULE_ID_PARTS = ["groupId", "clusterName"] as const;

/** Snapshot kinds an extra retention setting applies to: the scheduled ones and on-demand. */
export const EXTRA_RETENTION_FREQUENCY_TYPES = [
  ...SNAPSHOT_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
] as const;

const positiveInt = z.number().int().positive();
const nonEmpty = z.string().min(1, "must not be empty");
const hex24 = z.string().regex(HEX24.pattern, HEX24.rule);

const policySchema = z
  .strictObject({
    /** The policy's items; the policy id and the item ids are outputs. */
    policyItems: z.array(policyItemSchema).min(1),
  })
  .superRefine((policy, ctx) => refineUniquePolicyItems(policy.policyItems, ["policyItems"], ctx));

const copySettingSchema = z.strictObject({
  cloudProvider: z.enum(CLOUD_PROVIDERS),
  regionName: nonEmpty,
  /** Which snapshots are copied: HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY, ON_DEMAND. */
  frequencies: z.array(z.enum(COPY_FREQUENCIES)),
  shouldCopyOplogs: z.boolean().default(false),
  /** The replication zone (24 hex) of the cluster whose snapshots are copied. */
  zoneId: hex24,
});

const extraRetentionSchema = z.strictObject({
  frequencyType: z.enum(EXTRA_RETENTION_FREQUENCY_TYPES),
  retentionDays: positiveInt,
});

const exportSchema = z.strictObject({
  /** An export bucket of the project (24 hex): the ExportBucket resource's exportBucketId. */
  exportBucketId: idPartSchema("exportBucketId"),
  frequencyType: z.enum(EXPORT_FREQUENCY_TYPES),
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
    autoExportEnabled: z.boolean().optional(),
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
  "autoExportEnabled",
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
