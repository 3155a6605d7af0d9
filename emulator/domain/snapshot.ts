/**
 * Cloud backup snapshots as the other nouns see them (restore and export jobs name a snapshot): the
 * record, its lifecycle status and the lookups.
 */
import { LIFECYCLE_STATES, type SnapshotType } from "../../api/vocabulary";
import type { ClusterRecord, EmulatorState, JsonObject, OperationRequest } from "../core/contract";
import { MS_PER_DAY } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecyclePhase } from "../core/lifecycle";
import { belongsTo, fullDbVersion, recordsOfCluster } from "./clusters";
import { isForcedFailure } from "./failures";

export type SnapshotKind = "replicaSet" | "shardedCluster" | "serverless";

export interface SnapshotRecord extends JsonObject {
  id: string;
  groupId: string;
  clusterName: string;
  kind: SnapshotKind;
  createdMs: number;
  expiresMs: number;
  description: string | null;
  /** null for on-demand snapshots: the contract's enum has no on-demand value, so it is omitted. */
  frequencyType: string | null;
  snapshotType: SnapshotType;
  dbVersion: string;
  cloudProvider: string;
  replicaSetName: string;
  storageSizeBytes: number;
  /** Sharded snapshots: one member per shard and the config server. */
  members: JsonObject[];
}

export function snapshotTable(state: EmulatorState): Record<string, SnapshotRecord> {
  return table<SnapshotRecord>(state, "snapshots");
}

/** The replica set name of a cluster's shard, in the six-character-id form new clusters use. */
export function replicaSetName(cluster: ClusterRecord, shard: number | "config"): string {
  const id = cluster.id.slice(-6);
  return shard === "config" ? `atlas-${id}-config-0` : `atlas-${id}-shard-${shard}`;
}

export function snapshotStatus(
  snapshot: SnapshotRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): string {
  if (isForcedFailure(snapshot)) return "failed";
  return lifecyclePhase(LIFECYCLE_STATES.snapshot.steps, snapshot.createdMs, req.now, req.asyncDelayMs);
}

/** A snapshot of the cluster of the given kinds, or 404 SNAPSHOT_NOT_FOUND. */
export function findSnapshot(
  state: EmulatorState,
  cluster: ClusterRecord,
  snapshotId: string,
  kinds: readonly SnapshotKind[],
): SnapshotRecord {
  const snapshot = snapshotTable(state)[snapshotId];
  if (!snapshot || !belongsTo(snapshot, cluster) || !kinds.includes(snapshot.kind)) {
    throw apiError("SNAPSHOT_NOT_FOUND", [snapshotId], { args: [snapshotId, cluster.name] });
  }
  return snapshot;
}

export function snapshotsOfCluster(state: EmulatorState, cluster: ClusterRecord): SnapshotRecord[] {
  return recordsOfCluster(snapshotTable(state), cluster);
}

const STORAGE_SIZE_BYTES = 1_073_741_824;

export function newSnapshot(
  state: EmulatorState,
  cluster: ClusterRecord,
  fields: Pick<
    SnapshotRecord,
    "kind" | "createdMs" | "expiresMs" | "description" | "frequencyType" | "snapshotType"
  >,
): SnapshotRecord {
  const members =
    fields.kind === "shardedCluster"
      ? [0, 1, "config" as const].map((shard) => ({
          id: mintId(state),
          cloudProvider: cluster.provider,
          replicaSetName: replicaSetName(cluster, shard),
        }))
      : [];
  const snapshot: SnapshotRecord = {
    id: mintId(state),
    groupId: cluster.groupId,
    clusterName: cluster.name,
    ...fields,
    dbVersion: fullDbVersion(cluster),
    cloudProvider: cluster.provider,
    replicaSetName: replicaSetName(cluster, 0),
    storageSizeBytes: STORAGE_SIZE_BYTES,
    members,
  };
  snapshotTable(state)[snapshot.id] = snapshot;
  return snapshot;
}

/** Serverless instances are backed up daily by the service: one completed snapshot, kept 7 days. */
export function serverlessSnapshots(
  state: EmulatorState,
  cluster: ClusterRecord,
  nowMs: number,
): SnapshotRecord[] {
  const existing = snapshotsOfCluster(state, cluster).filter((s) => s.kind === "serverless");
  if (existing.length > 0) return existing;
  const createdMs = nowMs - MS_PER_DAY;
  return [
    newSnapshot(state, cluster, {
      kind: "serverless",
      createdMs,
      expiresMs: createdMs + 7 * MS_PER_DAY,
      description: null,
      frequencyType: "daily",
      snapshotType: "scheduled",
    }),
  ];
}
