/**
 * Restore jobs of clusters with cloud backup and of serverless instances: the record, the table and
 * lookups, the view, the rules of each delivery type, and cancelling. A job has no state field: it is
 * finished (finishedAt set) once the delay has passed. Download jobs can be cancelled; automated and
 * point-in-time restores cannot. Served by operations 47-50 (clusters) and 62 (serverless).
 */
import { EARLIEST_RESTORE_SECONDS, MIN_OPLOG_INC, RESTORE_DELIVERY_TYPES } from "../../api/vocabulary";
import {
  type ClusterRecord,
  type EmulatorState,
  type Failable,
  type JsonObject,
  type OperationRequest,
  param,
} from "../core/contract";
import { isoDate, MS_PER_DAY } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { isForcedFailure } from "../core/forcedFailures";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecycleEnd } from "../core/lifecycle";
import {
  hex24,
  int,
  invalidAttribute,
  missingAttribute,
  oneOf,
  required,
  str,
  validateBody,
} from "../core/validation";
import {
  belongsTo,
  recordsOfCluster,
  requireBackupCluster,
  requireCluster,
  requireServerlessInstance,
} from "./clusters";
import { findSnapshot, type SnapshotRecord, serverlessSnapshots } from "./snapshots";

const DOWNLOAD_LINK_LIFETIME_MS = MS_PER_DAY;

export interface RestoreJobRecord extends JsonObject {
  id: string;
  groupId: string;
  clusterName: string;
  serverless: boolean;
  deliveryType: string;
  snapshotId: string | null;
  targetClusterName: string | null;
  targetGroupId: string | null;
  oplogTs: number | null;
  oplogInc: number | null;
  pointInTimeUTCSeconds: number | null;
  /** When the restored data is from (snapshot time or the requested point in time). */
  timestampMs: number;
  createdMs: number;
  cancelled: boolean;
  /** Replica set names of the snapshot (download components). */
  replicaSetNames: string[];
}

const TABLE = "restoreJobs";

function restoreJobTable(state: EmulatorState): Record<string, RestoreJobRecord> {
  return table<RestoreJobRecord>(state, TABLE);
}

/** A restore job that failed: failed true, never finished. */
export const restoreJobFailure: Failable = {
  table: TABLE,
  groupField: "groupId",
  failureState: () => "failed",
};

/** A job as the API shows it: finished (finishedAt, download URLs) once the delay has passed. */
export function renderRestoreJob(
  job: RestoreJobRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
  const failed = isForcedFailure(job);
  const finished = !job.cancelled && !failed && lifecycleDone(job.createdMs, req.now, req.asyncDelayMs);
  const finishedMs = lifecycleEnd(job.createdMs, req.asyncDelayMs);
  const isDownload = job.deliveryType === "download";
  const expiresMs = finishedMs + DOWNLOAD_LINK_LIFETIME_MS;
  const shown: JsonObject = {
    id: job.id,
    deliveryType: job.deliveryType,
    cancelled: job.cancelled,
    failed,
    expired: isDownload && finished && req.now >= expiresMs,
    timestamp: isoDate(job.timestampMs),
  };
  for (const key of [
    "snapshotId",
    "targetClusterName",
    "targetGroupId",
    "oplogTs",
    "oplogInc",
    "pointInTimeUTCSeconds",
  ] as const) {
    const value = job[key];
    if (value !== null) shown[key] = value;
  }
  if (job.oplogTs !== null) {
    shown.desiredTimestamp = { date: isoDate(job.oplogTs * 1000), increment: job.oplogInc ?? 1 };
  }
  if (finished) shown.finishedAt = isoDate(finishedMs);
  // Every job shows deliveryUrl, empty but for a finished download, as the service's do
  // (docs/api-choices.md, "Restore jobs").
  shown.deliveryUrl = [];
  if (isDownload) {
    shown.expiresAt = isoDate(expiresMs);
    const url = (rs: string) => `https://restore.platform.local/${job.id}/${rs}.tar.gz`;
    shown.deliveryUrl = finished ? job.replicaSetNames.map(url) : [];
    if (!job.serverless) {
      // downloadUrl is a string in the contract (DiskBackupRestoreMember), never null: it appears
      // once the job has finished and the file exists.
      shown.components = job.replicaSetNames.map((rs) => ({
        replicaSetName: rs,
        ...(finished ? { downloadUrl: url(rs) } : {}),
        privateDownloadDeliveryUrls: [],
      }));
      shown.privateDownloadDeliveryUrls = [];
    }
  }
  return shown;
}

const createBody = {
  deliveryType: required(oneOf(RESTORE_DELIVERY_TYPES)),
  snapshotId: hex24(),
  targetClusterName: str({ pattern: /^[a-zA-Z0-9][a-zA-Z0-9-]*$/ }),
  targetGroupId: hex24(),
  oplogTs: int({ min: EARLIEST_RESTORE_SECONDS }),
  oplogInc: int({ min: MIN_OPLOG_INC }),
  pointInTimeUTCSeconds: int({ min: EARLIEST_RESTORE_SECONDS }),
};

/** Validates a restore request against the rules of its delivery type and creates the job. */
export function createRestoreJob(
  state: EmulatorState,
  req: OperationRequest,
  source: ClusterRecord,
  scope: RestoreScope,
): RestoreJobRecord {
  scope.beforeCreate?.(state, source, req.now);
  const body = validateBody(req.body, createBody);
  const deliveryType = body.deliveryType as string;
  const needsTarget = scope.serverless || deliveryType !== "download";
  if (needsTarget && body.targetClusterName === undefined) missingAttribute("targetClusterName");
  if (needsTarget && body.targetGroupId === undefined) missingAttribute("targetGroupId");
  if (deliveryType !== "pointInTime" && body.snapshotId === undefined) missingAttribute("snapshotId");
  if ((body.oplogTs === undefined) !== (body.oplogInc === undefined)) {
    missingAttribute(body.oplogTs === undefined ? "oplogTs" : "oplogInc");
  }
  const byOplog = body.oplogTs !== undefined;
  const byTime = body.pointInTimeUTCSeconds !== undefined;
  if (deliveryType === "pointInTime") {
    if (!byOplog && !byTime) missingAttribute("pointInTimeUTCSeconds");
    if (byOplog && byTime)
      invalidAttribute("pointInTimeUTCSeconds", "give either pointInTimeUTCSeconds or oplogTs and oplogInc");
  } else if (byOplog || byTime) {
    invalidAttribute(byTime ? "pointInTimeUTCSeconds" : "oplogTs", `only for deliveryType pointInTime`);
  }
  const snapshot =
    body.snapshotId === undefined ? undefined : scope.snapshotOf(state, source, body.snapshotId as string);
  if (needsTarget) requireCluster(state, body.targetGroupId as string, body.targetClusterName as string);
  const seconds = (body.pointInTimeUTCSeconds ?? body.oplogTs) as number | undefined;
  if (seconds !== undefined && seconds * 1000 > req.now) {
    invalidAttribute(byTime ? "pointInTimeUTCSeconds" : "oplogTs", "must not be in the future");
  }
  const job: RestoreJobRecord = {
    id: mintId(state),
    groupId: source.groupId,
    clusterName: source.name,
    serverless: scope.serverless,
    deliveryType,
    snapshotId: snapshot?.id ?? null,
    targetClusterName: (body.targetClusterName as string | undefined) ?? null,
    targetGroupId: (body.targetGroupId as string | undefined) ?? null,
    oplogTs: (body.oplogTs as number | undefined) ?? null,
    oplogInc: (body.oplogInc as number | undefined) ?? null,
    pointInTimeUTCSeconds: (body.pointInTimeUTCSeconds as number | undefined) ?? null,
    timestampMs: seconds !== undefined ? seconds * 1000 : (snapshot?.createdMs ?? req.now),
    createdMs: req.now,
    cancelled: false,
    replicaSetNames: snapshot
      ? snapshot.members.length > 0
        ? snapshot.members.map((m) => String(m.replicaSetName))
        : [snapshot.replicaSetName]
      : [],
  };
  restoreJobTable(state)[job.id] = job;
  return job;
}

/** Where restore jobs live: a cluster with cloud backup (47-50) or a serverless instance (62). */
export interface RestoreScope {
  serverless: boolean;
  /** The path's cluster or serverless instance (404/400 when it is neither). */
  source(state: EmulatorState, req: OperationRequest): ClusterRecord;
  /** Runs before a create reads its body. */
  beforeCreate?(state: EmulatorState, cluster: ClusterRecord, nowMs: number): void;
  /** The snapshot a job restores from, of the kinds this scope has. */
  snapshotOf(state: EmulatorState, cluster: ClusterRecord, id: string): SnapshotRecord;
}

export const CLUSTER_SCOPE: RestoreScope = {
  serverless: false,
  source: requireBackupCluster,
  snapshotOf: (state, cluster, id) => findSnapshot(state, cluster, id, ["replicaSet", "shardedCluster"]),
};

export const SERVERLESS_SCOPE: RestoreScope = {
  serverless: true,
  source: requireServerlessInstance,
  // The service's daily snapshot exists whether or not anyone listed it.
  beforeCreate: serverlessSnapshots,
  snapshotOf: (state, cluster, id) => findSnapshot(state, cluster, id, ["serverless"]),
};

export function jobsOf(
  state: EmulatorState,
  cluster: ClusterRecord,
  scope: RestoreScope,
): RestoreJobRecord[] {
  return recordsOfCluster(restoreJobTable(state), cluster).filter((j) => j.serverless === scope.serverless);
}

/** The path's restore job of the cluster in this scope, or 404 RESTORE_JOB_NOT_FOUND. */
export function findJob(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
  scope: RestoreScope,
): RestoreJobRecord {
  const id = param(req.params, "restoreJobId");
  const job = restoreJobTable(state)[id];
  if (!job || !belongsTo(job, cluster) || job.serverless !== scope.serverless) {
    throw apiError("RESTORE_JOB_NOT_FOUND", [id], { args: [id, cluster.name] });
  }
  return job;
}

/** Cancels a download job (49); automated and point-in-time restores cannot be cancelled. */
export function cancelRestoreJob(job: RestoreJobRecord): void {
  if (job.deliveryType !== "download") {
    throw apiError("CANNOT_CANCEL_AUTOMATED_RESTORE", [job.id], { args: [job.id, job.deliveryType] });
  }
  job.cancelled = true;
}
