// Cloud backup end to end: the cluster's backup schedule under a compliance policy, an export
// bucket, an on-demand snapshot taken before a risky change, that snapshot exported to the bucket,
// and restored into a second cluster to check it. Written for the emulator's default seed (project
// backup-example, 5f1a0000000000000000e201, with clusters orders-cluster and orders-restore); set
// the stack config below to run it against your own project.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.get("groupId") ?? "5f1a0000000000000000e201";
const clusterName = config.get("clusterName") ?? "orders-cluster";
// Where the snapshot is restored: a second cluster, so the source stays untouched.
const restoreClusterName = config.get("restoreClusterName") ?? "orders-restore";
// An AWS access role already authorized in the project (the seed has this one).
const iamRoleId = config.get("iamRoleId") ?? "5f1a0000000000000000e2c1";
// Days the on-demand snapshot is kept: changing it moves its expiration in place (no new snapshot).
const snapshotRetentionDays = config.getNumber("snapshotRetentionDays") ?? 7;

// The compliance policy: what every schedule of the project must at least keep.
const compliance = new platform.BackupCompliancePolicy("compliance", {
  groupId,
  authorizedEmail: "security@example.com",
  authorizedUserFirstName: "Dana",
  authorizedUserLastName: "Reyes",
  copyProtectionEnabled: false,
  encryptionAtRestEnabled: false,
  pitEnabled: false,
  onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
  scheduledPolicyItems: [
    { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
  ],
  // The service refuses to disable a compliance policy without a support request: destroy leaves it.
  keepEnabledOnDelete: true,
});

const exportBucket = new platform.ExportBucket("exports", {
  groupId,
  bucketName: "orders-backup-exports",
  cloudProvider: "AWS",
  iamRoleId,
});

// The schedule keeps more than the policy asks, and exports a monthly snapshot to the bucket.
const schedule = new platform.CloudBackupSchedule(
  "orders-schedule",
  {
    groupId,
    clusterName,
    referenceHourOfDay: 2,
    referenceMinuteOfHour: 0,
    restoreWindowDays: 7,
    autoExportEnabled: true,
    export: { exportBucketId: exportBucket.exportBucketId, frequencyType: "monthly" },
    policies: [
      {
        policyItems: [
          { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 2 },
          { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 14 },
          { frequencyType: "weekly", frequencyInterval: 6, retentionUnit: "weeks", retentionValue: 8 },
          { frequencyType: "monthly", frequencyInterval: 40, retentionUnit: "months", retentionValue: 12 },
        ],
      },
    ],
  },
  { dependsOn: [compliance] },
);

// A snapshot before the schema migration: create waits until it is completed.
const beforeMigration = new platform.OnDemandSnapshot(
  "before-migration",
  {
    groupId,
    clusterName,
    description: "before the orders schema migration",
    retentionInDays: snapshotRetentionDays,
  },
  { dependsOn: [schedule] },
);

// Its export to the bucket: waits until every collection is exported (progress shows how many).
const migrationExport = new platform.SnapshotExportJob("before-migration-export", {
  groupId,
  clusterName,
  snapshotId: beforeMigration.snapshotId,
  exportBucketId: exportBucket.exportBucketId,
  customData: [{ key: "reason", value: "orders-schema-migration" }],
});

// Its restore into the second cluster, to check the snapshot can be restored. It runs once: later
// applies that do not change it never run it again.
const restoreCheck = new platform.RestoreJob("before-migration-restore", {
  groupId,
  clusterName,
  deliveryType: "automated",
  snapshotId: beforeMigration.snapshotId,
  targetGroupId: groupId,
  targetClusterName: restoreClusterName,
});

export const complianceState = compliance.state;
export const nextSnapshot = schedule.nextSnapshot;
export const exportBucketId = exportBucket.exportBucketId;
export const snapshotId = beforeMigration.snapshotId;
export const snapshotStatus = beforeMigration.status;
export const snapshotExpiresAt = beforeMigration.expiresAt;
export const exportState = migrationExport.state;
export const exportPrefix = migrationExport.prefix;
export const restoreState = restoreCheck.state;
export const restoreFinishedAt = restoreCheck.finishedAt;
