// OnDemandSnapshot, SnapshotExportJob and RestoreJob end to end, in one stack: a snapshot of
// demo-cluster, its export to a bucket, and its restore into old-cluster. Every input the test
// changes between `pulumi up`s comes from stack config.
import * as pulumi from "@pulumi/pulumi";
import {
  ExportBucket,
  type ExportCustomData,
  OnDemandSnapshot,
  RestoreJob,
  SnapshotExportJob,
} from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");
const source = { groupId, clusterName: "demo-cluster" };

const snapshot = new OnDemandSnapshot("snapshot", {
  ...source,
  description: config.require("description"),
  retentionInDays: config.requireNumber("retentionInDays"),
});

const bucket = new ExportBucket("bucket", {
  groupId,
  bucketName: "backup-jobs-exports",
  iamRoleId: config.require("iamRoleId"),
});

const exportJob = new SnapshotExportJob("export", {
  ...source,
  snapshotId: snapshot.snapshotId,
  exportBucketId: bucket.exportBucketId,
  customData: config.requireObject<ExportCustomData[]>("customData"),
  timeouts: config.getObject("jobTimeouts"),
});

const restore = new RestoreJob("restore", {
  ...source,
  deliveryType: "automated",
  snapshotId: snapshot.snapshotId,
  targetGroupId: groupId,
  targetClusterName: "old-cluster",
  timeouts: config.getObject("jobTimeouts"),
});

// Adoption: when the test sets the adopt* keys, objects made outside Pulumi are taken over by importId.
const adoptSnapshot = config.get("adoptSnapshot");
const adoptedSnapshot = adoptSnapshot
  ? new OnDemandSnapshot("adopted-snapshot", { ...source, retentionInDays: 2, importId: adoptSnapshot })
  : undefined;
const adoptExport = config.getObject<{ importId: string; snapshotId: string }>("adoptExport");
const adoptedExport = adoptExport
  ? new SnapshotExportJob("adopted-export", {
      ...source,
      snapshotId: adoptExport.snapshotId,
      exportBucketId: bucket.exportBucketId,
      importId: adoptExport.importId,
    })
  : undefined;
const adoptRestore = config.getObject<{ importId: string; snapshotId: string }>("adoptRestore");
const adoptedRestore = adoptRestore
  ? new RestoreJob("adopted-restore", {
      ...source,
      deliveryType: "download",
      snapshotId: adoptRestore.snapshotId,
      importId: adoptRestore.importId,
    })
  : undefined;

export const snapshotId = snapshot.snapshotId;
export const snapshotStatus = snapshot.status;
export const snapshotExpiresAt = snapshot.expiresAt;
export const exportJobId = exportJob.exportJobId;
export const exportState = exportJob.state;
export const exportStatus = exportJob.exportStatus;
export const restoreJobId = restore.restoreJobId;
export const restoreState = restore.state;
export const restoreId = restore.id;
export const adoptedSnapshotRetention = adoptedSnapshot?.retentionInDays;
export const adoptedExportState = adoptedExport?.state;
export const adoptedRestoreState = adoptedRestore?.state;
