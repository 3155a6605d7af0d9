/**
 * Snapshot export buckets as the other nouns see them: the record, the lookup, and which backup
 * schedules auto-export to a bucket (a bucket in use cannot be deleted).
 */

import type { EmulatorState, JsonObject } from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { type BackupScheduleRecord, backupScheduleTable } from "./backupSchedule";

export interface ExportBucketRecord extends JsonObject {
  _id: string;
  groupId: string;
  bucketName: string;
  cloudProvider: string;
  /** The cloud provider access role: `iamRoleId` (AWS) or `roleId` (AZURE, GCP) in the API. */
  iamRoleId: string;
  /** AZURE: the storage account's service URL and the role's tenant; AWS: private networking. */
  serviceUrl: string | null;
  tenantId: string | null;
  requirePrivateNetworking: boolean | null;
}

export function exportBucketTable(state: EmulatorState): Record<string, ExportBucketRecord> {
  return table<ExportBucketRecord>(state, "exportBuckets");
}

export function findExportBucket(state: EmulatorState, groupId: string, id: string): ExportBucketRecord {
  const bucket = exportBucketTable(state)[id];
  if (!bucket || bucket.groupId !== groupId) {
    throw apiError("EXPORT_BUCKET_NOT_FOUND", [id], { args: [id, groupId] });
  }
  return bucket;
}

/** The backup schedules of the bucket's project that auto-export to it (a bucket in use cannot be
 * deleted). */
export function schedulesExportingTo(
  state: EmulatorState,
  bucket: ExportBucketRecord,
): BackupScheduleRecord[] {
  return Object.values(backupScheduleTable(state)).filter(
    (s) => s.groupId === bucket.groupId && s.autoExportEnabled && s.export?.exportBucketId === bucket._id,
  );
}

/** The export buckets of a project that use a cloud provider access role (the role's feature usages;
 * a role in use cannot be deauthorized). */
export function bucketsUsingRole(
  state: EmulatorState,
  groupId: string,
  roleId: string,
): ExportBucketRecord[] {
  return Object.values(exportBucketTable(state)).filter(
    (b) => b.groupId === groupId && b.iamRoleId === roleId,
  );
}
