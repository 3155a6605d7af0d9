/**
 * The stack backupJobs.e2e.test.ts and recoverJobs.e2e.test.ts share: an on-demand snapshot of
 * demo-cluster, its export to a bucket, and its restore into old-cluster. The export and the restore
 * take the snapshot's id (and the export the bucket's) from its outputs, so the engine creates them
 * after it and replaces them with it.
 */
import { type DeclaredResource, fromOutput } from "./platformStack";

export const GROUP = "5f1a000000000000000000a1";
export const CLUSTER = "demo-cluster";
export const ROLE = "5f1a000000000000000000c1";
/** Every snapshot and job of the stack is of this cluster. */
export const SOURCE = { groupId: GROUP, clusterName: CLUSTER };

/** What the tests change between `up`s. */
export interface BackupJobsChanges {
  description: string;
  retentionInDays?: number;
  /** The export's and the restore's timeouts. */
  jobTimeouts?: Record<string, string>;
}

export function snapshot({ description, retentionInDays = 3 }: BackupJobsChanges): DeclaredResource {
  return { type: "OnDemandSnapshot", args: { ...SOURCE, description, retentionInDays } };
}

export function exportJob({ jobTimeouts }: BackupJobsChanges): DeclaredResource {
  return {
    type: "SnapshotExportJob",
    args: {
      ...SOURCE,
      snapshotId: fromOutput("snapshot", "snapshotId"),
      exportBucketId: fromOutput("bucket", "exportBucketId"),
      customData: [{ key: "team", value: "bi" }],
      timeouts: jobTimeouts,
    },
  };
}

export function restoreJob({ jobTimeouts }: BackupJobsChanges): DeclaredResource {
  return {
    type: "RestoreJob",
    args: {
      ...SOURCE,
      deliveryType: "automated",
      snapshotId: fromOutput("snapshot", "snapshotId"),
      targetGroupId: GROUP,
      targetClusterName: "old-cluster",
      timeouts: jobTimeouts,
    },
  };
}

/** The stack's objects by logical name. */
export function backupJobs(changes: BackupJobsChanges): Record<string, DeclaredResource> {
  return {
    snapshot: snapshot(changes),
    bucket: {
      type: "ExportBucket",
      args: { groupId: GROUP, bucketName: "backup-jobs-exports", iamRoleId: ROLE },
    },
    export: exportJob(changes),
    restore: restoreJob(changes),
  };
}
