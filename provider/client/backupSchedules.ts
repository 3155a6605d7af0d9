/** Cloud backup schedule of a cluster (operations 51-53). */
import { z } from "zod";
import { apiPath } from "./request";
import { AnyObject, entity, type JsonObject } from "./schemas";
import type { Transport } from "./transport";

export const BackupScheduleSchema = entity({
  clusterId: z.string().optional(),
  clusterName: z.string().optional(),
  autoExportEnabled: z.boolean().optional(),
  copySettings: z.array(AnyObject).optional(),
  export: AnyObject.optional(),
  extraRetentionSettings: z.array(AnyObject).optional(),
  policies: z
    .array(entity({ id: z.string().optional(), policyItems: z.array(AnyObject).optional() }))
    .optional(),
  referenceHourOfDay: z.number().optional(),
  referenceMinuteOfHour: z.number().optional(),
  restoreWindowDays: z.number().optional(),
  useOrgAndGroupNamesInExportPrefix: z.boolean().optional(),
  nextSnapshot: z.string().optional(),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

/** Send only the fields to change. */
export interface BackupScheduleInput {
  autoExportEnabled?: boolean;
  copySettings?: JsonObject[];
  export?: JsonObject;
  extraRetentionSettings?: JsonObject[];
  /** At most one item. */
  policies?: JsonObject[];
  referenceHourOfDay?: number;
  referenceMinuteOfHour?: number;
  restoreWindowDays?: number;
  useOrgAndGroupNamesInExportPrefix?: boolean;
  deleteCopiedBackups?: JsonObject[];
  updateSnapshots?: boolean;
}

export function backupSchedulesApi(t: Transport) {
  const path = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/backup/schedule`;
  return {
    /** 51: resets the schedule; answers the schedule reset to defaults. */
    delete: (groupId: string, clusterName: string) =>
      t.call(
        {
          id: "51",
          operation: "Deleting backup schedule",
          method: "DELETE",
          path: path(groupId, clusterName),
        },
        BackupScheduleSchema.optional(),
      ),
    /** 52 */
    get: (groupId: string, clusterName: string) =>
      t.call(
        { id: "52", operation: "Reading backup schedule", method: "GET", path: path(groupId, clusterName) },
        BackupScheduleSchema,
      ),
    /** 53 */
    update: (groupId: string, clusterName: string, body: BackupScheduleInput) =>
      t.call(
        {
          id: "53",
          operation: "Updating backup schedule",
          method: "PATCH",
          path: path(groupId, clusterName),
          body,
        },
        BackupScheduleSchema,
      ),
  };
}
export type BackupSchedulesApi = ReturnType<typeof backupSchedulesApi>;
