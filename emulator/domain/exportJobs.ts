/**
 * Snapshot export jobs: the record, the table and lookup, the lifecycle Queued -> InProgress ->
 * Successful with its progress, the view, and the create rule: a job exports a snapshot of the
 * cluster to an export bucket of the project, under a prefix named after the organization, project
 * and cluster (by ids, or by names when the cluster's backup schedule says so). Served by
 * operations 44-46.
 */
import { LIFECYCLE_STATES } from "../../api/vocabulary";
import type { ClusterRecord, EmulatorState, Failable, JsonObject, OperationRequest } from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { isForcedFailure } from "../core/forcedFailures";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecycleEnd, lifecyclePhase } from "../core/lifecycle";
import { arr, hex24, obj, required, str, validateBody } from "../core/validation";
import { backupScheduleTable } from "./backupSchedules";
import { belongsTo, clusterKey, recordsOfCluster } from "./clusters";
import { findExportBucket } from "./exportBuckets";
import { findSnapshot } from "./snapshots";

/** Collections a job reports; the emulator holds no data, so every export counts the same. */
const TOTAL_COLLECTIONS = 3;

export interface ExportJobRecord extends JsonObject {
  id: string;
  groupId: string;
  clusterName: string;
  snapshotId: string;
  exportBucketId: string;
  customData: JsonObject[];
  createdMs: number;
  prefix: string;
  components: JsonObject[];
}

/**
 * Collections exported so far: none while Queued (the first half of the delay), then in proportion to
 * the time passed, all of them once Successful; so clients can show progress.
 */
function exportedCollections(startedMs: number, nowMs: number, delayMs: number): number {
  if (lifecycleDone(startedMs, nowMs, delayMs)) return TOTAL_COLLECTIONS;
  const fraction = (nowMs - startedMs) / delayMs;
  return fraction < 0.5 ? 0 : Math.min(TOTAL_COLLECTIONS - 1, Math.floor(TOTAL_COLLECTIONS * fraction));
}

const TABLE = "exportJobs";

function exportJobTable(state: EmulatorState): Record<string, ExportJobRecord> {
  return table<ExportJobRecord>(state, TABLE);
}

/** An export job that failed: state Failed, no finishedAt. */
export const exportJobFailure: Failable = {
  table: TABLE,
  groupField: "groupId",
  failureState: () => "Failed",
};

/** A job as the API shows it: its state, its progress, and finishedAt once Successful. */
export function renderExportJob(
  job: ExportJobRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
  const failed = isForcedFailure(job);
  const done = !failed && lifecycleDone(job.createdMs, req.now, req.asyncDelayMs);
  const shown: JsonObject = {
    id: job.id,
    snapshotId: job.snapshotId,
    exportBucketId: job.exportBucketId,
    customData: job.customData,
    createdAt: isoDate(job.createdMs),
    prefix: job.prefix,
    state: failed
      ? "Failed"
      : lifecyclePhase(LIFECYCLE_STATES.exportJob.steps, job.createdMs, req.now, req.asyncDelayMs),
    exportStatus: {
      exportedCollections: failed ? 0 : exportedCollections(job.createdMs, req.now, req.asyncDelayMs),
      totalCollections: TOTAL_COLLECTIONS,
    },
    components: job.components,
  };
  if (done) shown.finishedAt = isoDate(lifecycleEnd(job.createdMs, req.asyncDelayMs));
  return shown;
}

export function exportJobsOfCluster(state: EmulatorState, cluster: ClusterRecord): ExportJobRecord[] {
  return recordsOfCluster(exportJobTable(state), cluster);
}

/** The cluster's export job `exportId`, or 404 EXPORT_JOB_NOT_FOUND. */
export function findExportJob(
  state: EmulatorState,
  cluster: ClusterRecord,
  exportId: string,
): ExportJobRecord {
  const job = exportJobTable(state)[exportId];
  if (!job || !belongsTo(job, cluster)) {
    throw apiError("EXPORT_JOB_NOT_FOUND", [exportId], { args: [exportId, cluster.name] });
  }
  return job;
}

/** Creates a job from a create body (45): a snapshot of the cluster, a bucket of its project. */
export function createExportJob(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: Pick<OperationRequest, "body" | "now">,
): ExportJobRecord {
  const body = validateBody(req.body, {
    exportBucketId: required(hex24()),
    snapshotId: required(hex24()),
    customData: arr(obj({ key: required(str({ minLength: 1 })), value: required(str()) })),
  });
  const snapshot = findSnapshot(state, cluster, body.snapshotId as string, ["replicaSet", "shardedCluster"]);
  const bucket = findExportBucket(state, cluster.groupId, body.exportBucketId as string);
  const id = mintId(state);
  const schedule = backupScheduleTable(state)[clusterKey(cluster.groupId, cluster.name)];
  const project = state.projects[cluster.groupId];
  const owner =
    schedule?.useOrgAndGroupNamesInExportPrefix && project
      ? `${state.orgs[project.orgId]?.name ?? project.orgId}/${project.name}`
      : `${project?.orgId ?? ""}/${cluster.groupId}`;
  const job: ExportJobRecord = {
    id,
    groupId: cluster.groupId,
    clusterName: cluster.name,
    snapshotId: snapshot.id,
    exportBucketId: bucket._id,
    customData: (body.customData as JsonObject[] | undefined) ?? [],
    createdMs: req.now,
    // The contract's pattern: /exported_snapshots/{ORG-NAME}/{PROJECT-NAME}/{CLUSTER-NAME}/
    // {SNAPSHOT-INITIATION-DATE}/{TIMESTAMP} (ids unless useOrgAndGroupNamesInExportPrefix).
    prefix: `/exported_snapshots/${owner}/${cluster.name}/${isoDate(snapshot.createdMs).replace(/:/g, "")}/${Math.floor(req.now / 1000)}`,
    components: snapshot.members.map((m) => ({
      exportId: mintId(state),
      replicaSetName: m.replicaSetName ?? null,
    })),
  };
  exportJobTable(state)[id] = job;
  return job;
}
