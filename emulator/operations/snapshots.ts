/**
 * Cloud backup snapshots (54-61) and serverless snapshots (63). On-demand snapshots move
 * queued -> inProgress -> completed. A sharded cluster's snapshot is a shardedCluster snapshot with
 * one member per shard and the config server. Serverless instances have no on-demand operation, so
 * each shows one scheduled, completed snapshot, created on first access.
 */

import { SNAPSHOT_RETENTION_UNITS } from "../../api/vocabulary";
import {
  type ClusterRecord,
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  param,
} from "../core/contract";
import { isoDate, MS_PER_DAY } from "../core/dates";
import { apiError } from "../core/errors";
import { int, oneOf, required, str, validateBody } from "../core/validation";
import { requireBackupCluster, requireServerlessInstance } from "../domain/clusters";
import {
  findSnapshot,
  newSnapshot,
  type SnapshotKind,
  type SnapshotRecord,
  serverlessSnapshots,
  snapshotStatus,
  snapshotsOfCluster,
  snapshotTable,
} from "../domain/snapshot";
import { defineOperation, entity, list, noContent } from "./define";

export function renderSnapshot(snapshot: SnapshotRecord, req: OperationRequest): JsonObject {
  const common: JsonObject = {
    id: snapshot.id,
    createdAt: isoDate(snapshot.createdMs),
    expiresAt: isoDate(snapshot.expiresMs),
    dbVersion: snapshot.dbVersion,
    snapshotType: snapshot.snapshotType,
    status: snapshotStatus(snapshot, req),
    storageSizeBytes: snapshot.storageSizeBytes,
  };
  // On-demand snapshots have no frequencyType: the contract's enum (hourly..yearly) has no on-demand
  // value, and snapshotType "onDemand" already says it (docs/api-choices.md).
  if (snapshot.frequencyType !== null) common.frequencyType = snapshot.frequencyType;
  if (snapshot.kind === "serverless") return { ...common, serverlessInstanceName: snapshot.clusterName };
  if (snapshot.description !== null) common.description = snapshot.description;
  common.policyItems = [];
  if (snapshot.kind === "shardedCluster") {
    return {
      ...common,
      type: "shardedCluster",
      configServerType: "EMBEDDED",
      members: snapshot.members,
      snapshotIds: snapshot.members.map((m) => m.id ?? null),
    };
  }
  return {
    ...common,
    type: "replicaSet",
    cloudProvider: snapshot.cloudProvider,
    copyRegions: [],
    replicaSetName: snapshot.replicaSetName,
  };
}

/** Days per unit of an expiration change (docs/api-choices.md: counted from createdAt). */
const DAYS_PER_RETENTION_UNIT: Record<(typeof SNAPSHOT_RETENTION_UNITS)[number], number> = {
  DAYS: 1,
  WEEKS: 7,
  MONTHS: 30,
  YEARS: 365,
};

const serverlessSnapshotPath = (cluster: ClusterRecord, snapshotId: string) =>
  `/groups/${cluster.groupId}/serverless/${cluster.name}/backup/snapshots/${snapshotId}`;
const snapshotPath = (s: JsonObject, groupId: string, clusterName: string) =>
  s.type === "shardedCluster"
    ? `/groups/${groupId}/clusters/${clusterName}/backup/snapshots/shardedCluster/${String(s.id)}`
    : `/groups/${groupId}/clusters/${clusterName}/backup/snapshots/${String(s.id)}`;

const CLUSTER_PATH = "/groups/{groupId}/clusters/{clusterName}/backup/snapshots";
const READ = ["GROUP_READ_ONLY", "GROUP_BACKUP_MANAGER"] as const;
const MANAGE = ["GROUP_BACKUP_MANAGER"] as const;
const ALL_CLUSTER_KINDS: readonly SnapshotKind[] = ["replicaSet", "shardedCluster"];

function listOf(state: EmulatorState, req: OperationRequest, kinds: readonly SnapshotKind[]) {
  const cluster = requireBackupCluster(state, req);
  const found = snapshotsOfCluster(state, cluster).filter((s) => kinds.includes(s.kind));
  return list(
    found.map((s) => renderSnapshot(s, req)),
    (item) => snapshotPath(item, cluster.groupId, cluster.name),
  );
}

function getOne(state: EmulatorState, req: OperationRequest, kinds: readonly SnapshotKind[]) {
  const cluster = requireBackupCluster(state, req);
  const shown = renderSnapshot(findSnapshot(state, cluster, param(req.params, "snapshotId"), kinds), req);
  return entity(shown, snapshotPath(shown, cluster.groupId, cluster.name));
}

function deleteOne(state: EmulatorState, req: OperationRequest, kinds: readonly SnapshotKind[]) {
  const cluster = requireBackupCluster(state, req);
  const snapshot = findSnapshot(state, cluster, param(req.params, "snapshotId"), kinds);
  delete snapshotTable(state)[snapshot.id];
  return noContent();
}

export const snapshotOperations: OperationDef[] = [
  defineOperation({
    id: "54",
    name: "List the snapshots of a cluster",
    method: "GET",
    path: CLUSTER_PATH,
    roles: [...READ],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => listOf(state, req, ALL_CLUSTER_KINDS),
  }),
  defineOperation({
    id: "55",
    name: "Take an on-demand snapshot",
    method: "POST",
    path: CLUSTER_PATH,
    roles: [...MANAGE],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      const body = validateBody(req.body, {
        description: str({ maxLength: 1000 }),
        retentionInDays: int({ min: 1 }),
      });
      const unfinished = snapshotsOfCluster(state, cluster).find(
        (s) => s.snapshotType === "onDemand" && snapshotStatus(s, req) !== "completed",
      );
      if (unfinished) {
        throw apiError("UNFINISHED_ON_DEMAND_SNAPSHOT", [unfinished.id], {
          args: [unfinished.id, cluster.name],
        });
      }
      const retentionInDays = (body.retentionInDays as number | undefined) ?? 1;
      const snapshot = newSnapshot(state, cluster, {
        kind: cluster.sharded ? "shardedCluster" : "replicaSet",
        createdMs: req.now,
        expiresMs: req.now + retentionInDays * MS_PER_DAY,
        description: (body.description as string | undefined) ?? null,
        frequencyType: null,
        snapshotType: "onDemand",
      });
      const shown = renderSnapshot(snapshot, req);
      return entity(shown, snapshotPath(shown, cluster.groupId, cluster.name));
    },
  }),
  defineOperation({
    id: "56",
    name: "Delete a sharded cluster snapshot",
    method: "DELETE",
    path: `${CLUSTER_PATH}/shardedCluster/{snapshotId}`,
    roles: [...MANAGE],
    rateLimited: true,
    handler: (req, state) => deleteOne(state, req, ["shardedCluster"]),
  }),
  defineOperation({
    id: "57",
    name: "Get a sharded cluster snapshot",
    method: "GET",
    path: `${CLUSTER_PATH}/shardedCluster/{snapshotId}`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => getOne(state, req, ["shardedCluster"]),
  }),
  defineOperation({
    id: "58",
    name: "List sharded cluster snapshots",
    method: "GET",
    path: `${CLUSTER_PATH}/shardedClusters`,
    roles: [...READ],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => listOf(state, req, ["shardedCluster"]),
  }),
  defineOperation({
    id: "59",
    name: "Delete a snapshot",
    method: "DELETE",
    path: `${CLUSTER_PATH}/{snapshotId}`,
    roles: [...MANAGE],
    rateLimited: true,
    handler: (req, state) => deleteOne(state, req, ALL_CLUSTER_KINDS),
  }),
  defineOperation({
    id: "60",
    name: "Get a snapshot",
    method: "GET",
    path: `${CLUSTER_PATH}/{snapshotId}`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => getOne(state, req, ALL_CLUSTER_KINDS),
  }),
  defineOperation({
    id: "61",
    name: "Change a snapshot's expiration",
    method: "PATCH",
    path: `${CLUSTER_PATH}/{snapshotId}`,
    roles: [...MANAGE],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      const snapshot = findSnapshot(state, cluster, param(req.params, "snapshotId"), ALL_CLUSTER_KINDS);
      const body = validateBody(req.body, {
        retentionUnit: required(oneOf(SNAPSHOT_RETENTION_UNITS)),
        retentionValue: required(int({ min: 1 })),
      });
      const days =
        DAYS_PER_RETENTION_UNIT[body.retentionUnit as (typeof SNAPSHOT_RETENTION_UNITS)[number]] *
        (body.retentionValue as number);
      snapshot.expiresMs = snapshot.createdMs + days * MS_PER_DAY;
      const shown = renderSnapshot(snapshot, req);
      return entity(shown, snapshotPath(shown, cluster.groupId, cluster.name));
    },
  }),
  defineOperation({
    id: "63-list",
    name: "List serverless snapshots",
    method: "GET",
    path: "/groups/{groupId}/serverless/{clusterName}/backup/snapshots",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const cluster = requireServerlessInstance(state, req);
      return list(
        serverlessSnapshots(state, cluster, req.now).map((s) => renderSnapshot(s, req)),
        (item) => serverlessSnapshotPath(cluster, String(item.id)),
      );
    },
  }),
  defineOperation({
    id: "63-get",
    name: "Get a serverless snapshot",
    method: "GET",
    path: "/groups/{groupId}/serverless/{clusterName}/backup/snapshots/{snapshotId}",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const cluster = requireServerlessInstance(state, req);
      serverlessSnapshots(state, cluster, req.now);
      const snapshot = findSnapshot(state, cluster, param(req.params, "snapshotId"), ["serverless"]);
      return entity(renderSnapshot(snapshot, req), serverlessSnapshotPath(cluster, snapshot.id));
    },
  }),
];
