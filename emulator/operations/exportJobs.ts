/**
 * Snapshot export jobs (44-46): Queued -> InProgress -> Successful. A job needs a snapshot of the
 * cluster and an export bucket of the project.
 */

import { LIFECYCLE_STATES } from "../../api/vocabulary";
import {
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  param,
} from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecycleEnd, lifecyclePhase } from "../core/lifecycle";
import { arr, hex24, obj, required, str, validateBody } from "../core/validation";
import { backupScheduleTable } from "../domain/backupSchedule";
import { belongsTo, recordsOfCluster, requireBackupCluster } from "../domain/clusters";
import { findExportBucket } from "../domain/exportBucket";
import { isForcedFailure } from "../domain/failures";
import { findSnapshot } from "../domain/snapshot";
import { defineOperation, entity, list } from "./define";

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

function exportJobTable(state: EmulatorState): Record<string, ExportJobRecord> {
  return table<ExportJobRecord>(state, "exportJobs");
}

function render(job: ExportJobRecord, req: OperationRequest): JsonObject {
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

const jobPath = (groupId: string, clusterName: string, id: string) =>
  `/groups/${groupId}/clusters/${clusterName}/backup/exports/${id}`;
const PATH = "/groups/{groupId}/clusters/{clusterName}/backup/exports";
const ROLES = ["GROUP_PLATFORM_ADMIN"] as const;

export const exportJobOperations: OperationDef[] = [
  defineOperation({
    id: "44",
    name: "List snapshot export jobs",
    method: "GET",
    path: PATH,
    roles: [...ROLES],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      return list(
        recordsOfCluster(exportJobTable(state), cluster).map((j) => render(j, req)),
        (item) => jobPath(cluster.groupId, cluster.name, String(item.id)),
      );
    },
  }),
  defineOperation({
    id: "45",
    name: "Create a snapshot export job",
    method: "POST",
    path: PATH,
    roles: [...ROLES],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      const body = validateBody(req.body, {
        exportBucketId: required(hex24()),
        snapshotId: required(hex24()),
        customData: arr(obj({ key: required(str({ minLength: 1 })), value: required(str()) })),
      });
      const snapshot = findSnapshot(state, cluster, body.snapshotId as string, [
        "replicaSet",
        "shardedCluster",
      ]);
      const bucket = findExportBucket(state, cluster.groupId, body.exportBucketId as string);
      const id = mintId(state);
      const schedule = backupScheduleTable(state)[`${cluster.groupId}/${cluster.name}`];
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
      return entity(render(job, req), jobPath(cluster.groupId, cluster.name, id));
    },
  }),
  defineOperation({
    id: "46",
    name: "Get a snapshot export job",
    method: "GET",
    path: `${PATH}/{exportId}`,
    roles: [...ROLES],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      const exportId = param(req.params, "exportId");
      const job = exportJobTable(state)[exportId];
      if (!job || !belongsTo(job, cluster)) {
        throw apiError("EXPORT_JOB_NOT_FOUND", [exportId], { args: [exportId, cluster.name] });
      }
      return entity(render(job, req), jobPath(cluster.groupId, cluster.name, exportId));
    },
  }),
];
