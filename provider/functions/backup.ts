/**
 * Cloud backup reads (docs/spec/api-spec.md, operations 37, 40, 42, 44, 46, 47, 50, 52, 54, 57, 58,
 * 60, 62, 63): snapshots of replica sets, sharded clusters and serverless instances, restore and
 * export jobs, the backup schedule, the compliance policy and the export buckets. Every list is read
 * through all its pages.
 */
import { z } from "zod";
import { collect } from "../client";
import { readIfExists } from "../framework/lifecycle";
import { idPartSchema } from "../framework/validation";
import { defineFunction } from "./define";

const project = { groupId: idPartSchema("groupId") };
const cluster = { ...project, clusterName: idPartSchema("clusterName") };
/** A serverless instance's name follows the cluster name rule. */
const instance = { ...project, instanceName: idPartSchema("clusterName") };
const snapshotId = idPartSchema("snapshotId");
const restoreJobId = idPartSchema("restoreJobId");

/** The snapshots of a replica set cluster (operation 54). */
export const getSnapshots = defineFunction("getSnapshots", z.strictObject(cluster), (client, args) =>
  collect(client.snapshots.listAll(args.groupId, args.clusterName)),
);

/** One snapshot of a replica set cluster (operation 60). */
export const getSnapshot = defineFunction(
  "getSnapshot",
  z.strictObject({ ...cluster, snapshotId }),
  (client, args) => client.snapshots.get(args.groupId, args.clusterName, args.snapshotId),
);

/** The snapshots of a sharded cluster (operation 58: one answer, the contract declares no paging). */
export const getShardedSnapshots = defineFunction(
  "getShardedSnapshots",
  z.strictObject(cluster),
  async (client, args) => (await client.snapshots.listSharded(args.groupId, args.clusterName)).results,
);

/** One snapshot of a sharded cluster (operation 57). */
export const getShardedSnapshot = defineFunction(
  "getShardedSnapshot",
  z.strictObject({ ...cluster, snapshotId }),
  (client, args) => client.snapshots.getSharded(args.groupId, args.clusterName, args.snapshotId),
);

/** The snapshots of a serverless instance (operation 63, list). */
export const getServerlessSnapshots = defineFunction(
  "getServerlessSnapshots",
  z.strictObject(instance),
  (client, args) => collect(client.serverlessBackups.listAllSnapshots(args.groupId, args.instanceName)),
);

/** One snapshot of a serverless instance (operation 63, get). */
export const getServerlessSnapshot = defineFunction(
  "getServerlessSnapshot",
  z.strictObject({ ...instance, snapshotId }),
  (client, args) => client.serverlessBackups.getSnapshot(args.groupId, args.instanceName, args.snapshotId),
);

/** The restore jobs of a cluster (operation 47). */
export const getRestoreJobs = defineFunction("getRestoreJobs", z.strictObject(cluster), (client, args) =>
  collect(client.restoreJobs.listAll(args.groupId, args.clusterName)),
);

/** One restore job of a cluster (operation 50). */
export const getRestoreJob = defineFunction(
  "getRestoreJob",
  z.strictObject({ ...cluster, restoreJobId }),
  (client, args) => client.restoreJobs.get(args.groupId, args.clusterName, args.restoreJobId),
);

/** The restore jobs of a serverless instance (operation 62, list). */
export const getServerlessRestoreJobs = defineFunction(
  "getServerlessRestoreJobs",
  z.strictObject(instance),
  (client, args) => collect(client.serverlessBackups.listAllRestoreJobs(args.groupId, args.instanceName)),
);

/** One restore job of a serverless instance (operation 62, get). */
export const getServerlessRestoreJob = defineFunction(
  "getServerlessRestoreJob",
  z.strictObject({ ...instance, restoreJobId }),
  (client, args) =>
    client.serverlessBackups.getRestoreJob(args.groupId, args.instanceName, args.restoreJobId),
);

/** The snapshot export jobs of a cluster (operation 44). */
export const getExportJobs = defineFunction("getExportJobs", z.strictObject(cluster), (client, args) =>
  collect(client.exportJobs.listAll(args.groupId, args.clusterName)),
);

/** One snapshot export job (operation 46). */
export const getExportJob = defineFunction(
  "getExportJob",
  z.strictObject({ ...cluster, exportJobId: idPartSchema("exportJobId") }),
  (client, args) => client.exportJobs.get(args.groupId, args.clusterName, args.exportJobId),
);

/** A cluster's backup schedule (operation 52). */
export const getBackupSchedule = defineFunction(
  "getBackupSchedule",
  z.strictObject(cluster),
  (client, args) => client.backupSchedules.get(args.groupId, args.clusterName),
);

/**
 * The project's backup compliance policy (operation 42), or undefined when the project has none (the
 * API answers 404 then: a project without a policy is a normal state, not an error).
 */
export const getBackupCompliancePolicy = defineFunction(
  "getBackupCompliancePolicy",
  z.strictObject(project),
  (client, args) => readIfExists(() => client.compliancePolicy.get(args.groupId)),
);

/** The project's snapshot export buckets (operation 37). */
export const getExportBuckets = defineFunction("getExportBuckets", z.strictObject(project), (client, args) =>
  collect(client.exportBuckets.listAll(args.groupId)),
);

/** One snapshot export bucket (operation 40). */
export const getExportBucket = defineFunction(
  "getExportBucket",
  z.strictObject({ ...project, exportBucketId: idPartSchema("exportBucketId") }),
  (client, args) => client.exportBuckets.get(args.groupId, args.exportBucketId),
);
