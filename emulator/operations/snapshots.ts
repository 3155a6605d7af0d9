/**
 * Cloud backup snapshots (54-61) and serverless snapshots (63): the routes, and which snapshot kinds
 * each path shows. The snapshot, its lifecycle and its rules are emulator/domain/snapshots.ts.
 */
import {
  type ClusterRecord,
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  param,
} from "../core/contract";
import { requireBackupCluster, requireServerlessInstance } from "../domain/clusters";
import {
  changeExpiration,
  deleteSnapshot,
  findSnapshot,
  renderSnapshot,
  type SnapshotKind,
  serverlessSnapshots,
  snapshotsOfCluster,
  takeOnDemandSnapshot,
} from "../domain/snapshots";
import { defineOperation, entity, list, noContent } from "./define";

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
  deleteSnapshot(state, findSnapshot(state, cluster, param(req.params, "snapshotId"), kinds));
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
      const snapshot = takeOnDemandSnapshot(state, cluster, req);
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
      changeExpiration(snapshot, req.body);
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
