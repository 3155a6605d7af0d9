/** Cloud backup schedule of a cluster (operations 51-53). */
import { z } from "zod";
import { apiPath } from "./request";
import { AnyObject, entity, type JsonObject } from "./schemas";
import type { Transport } from "./transport";

export const BackupScheduleSchema = entity({
  clusterId: z.string().optional(),
  clusterName: z.string().optional(),
  autoCopySettingsEnabled: z.boolean().optional(),
  autoExportEnabled: z.boolean().optional(),
  copyPolicyItemsEnabled: z.boolean().optional(),
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

/**
 * The fields to change, and always `policies`: the contract's request schema requires it
 * (api/openapi/openapi-v2.yml, DiskBackupSnapshotSchedule20240805); to leave them as they are, send
 * the live ones (`policiesForRequest(live.policies)`).
 */
export interface BackupScheduleInput {
  autoCopySettingsEnabled?: boolean;
  autoExportEnabled?: boolean;
  copyPolicyItemsEnabled?: boolean;
  copySettings?: JsonObject[];
  export?: JsonObject;
  extraRetentionSettings?: JsonObject[];
  /** At most one item; items without their read-only ids (`policiesForRequest`). */
  policies: JsonObject[];
  referenceHourOfDay?: number;
  referenceMinuteOfHour?: number;
  restoreWindowDays?: number;
  useOrgAndGroupNamesInExportPrefix?: boolean;
  deleteCopiedBackups?: JsonObject[];
  updateSnapshots?: boolean;
  deleteCopySnapshots?: boolean;
  updateCopySnapshots?: boolean;
}

/**
 * Policies as a request carries them. Item ids are read-only in the contract (DiskBackupApiPolicyItem),
 * so items go without them: the service keeps an item's id by its frequencyType + frequencyInterval
 * (docs/api-choices.md, Backup schedule). The policy id, writable, names the schedule's one policy.
 */
export function policiesForRequest(
  policies: readonly { id?: string; policyItems?: readonly object[] }[] | undefined,
): JsonObject[] {
  return (policies ?? []).map((policy) => {
    const sent: JsonObject = {
      policyItems: (policy.policyItems ?? []).map((item) => {
        const { id: _readOnly, ...rest } = item as { id?: unknown };
        return rest as JsonObject; // a policy item's fields are JSON values (API answer or checked inputs)
      }),
    };
    if (policy.id !== undefined) sent.id = policy.id;
    return sent;
  });
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
