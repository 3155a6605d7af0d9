/**
 * Cloud backup snapshots: the record (replica set, sharded cluster and serverless kinds), the table
 * and lookups, the on-demand lifecycle queued -> inProgress -> completed, the view, and the rules of
 * taking one and changing its expiration. A sharded cluster's snapshot has one member per shard and
 * the config server. Serverless instances have no on-demand operation, so each shows one scheduled,
 * completed snapshot, created on first access. Served by operations 54-61 and 63; restore and export
 * jobs name a snapshot.
 */
import { LIFECYCLE_STATES, SNAPSHOT_RETENTION_UNITS, type SnapshotType } from "../../api/vocabulary";
import type {
  ClusterRecord,
  EmulatorState,
  Failable,
  Json,
  JsonObject,
  OperationRequest,
} from "../core/contract";
import { isoDate, MS_PER_DAY } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { isForcedFailure } from "../core/forcedFailures";
import { mintId } from "../core/ids";
import { lifecyclePhase } from "../core/lifecycle";
import { int, oneOf, required, str, validateBody } from "../core/validation";
import { belongsTo, fullDbVersion, recordsOfCluster } from "./clusters";

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

const TABLE = "snapshots";

export function snapshotTable(state: EmulatorState): Record<string, SnapshotRecord> {
  return table<SnapshotRecord>(state, TABLE);
}

/** A snapshot that failed: status failed. */
export const snapshotFailure: Failable = {
  table: TABLE,
  groupField: "groupId",
  failureState: () => "failed",
};

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
    // A replica set cluster's snapshot names the cluster as its replica set, as the service's do
    // (docs/api-choices.md, "Snapshot names"); a sharded cluster's members name their shards.
    replicaSetName: cluster.name,
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

/** A snapshot as the API shows it, in the shape of its kind. */
export function renderSnapshot(
  snapshot: SnapshotRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
  const common: JsonObject = {
    id: snapshot.id,
    createdAt: isoDate(snapshot.createdMs),
    expiresAt: isoDate(snapshot.expiresMs),
    dbVersion: snapshot.dbVersion,
    snapshotType: snapshot.snapshotType,
    status: snapshotStatus(snapshot, req),
    storageSizeBytes: snapshot.storageSizeBytes,
  };
  // An on-demand snapshot's frequencyType is "ondemand", as the service answers, though the
  // contract's enum (hourly..yearly) lacks it (docs/api-choices.md, "Snapshot names").
  common.frequencyType = snapshot.frequencyType ?? "ondemand";
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

/** Takes an on-demand snapshot of the cluster (55); refused while another on-demand one is unfinished. */
export function takeOnDemandSnapshot(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: Pick<OperationRequest, "body" | "now" | "asyncDelayMs">,
): SnapshotRecord {
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
  return newSnapshot(state, cluster, {
    kind: cluster.sharded ? "shardedCluster" : "replicaSet",
    createdMs: req.now,
    expiresMs: req.now + retentionInDays * MS_PER_DAY,
    description: (body.description as string | undefined) ?? null,
    frequencyType: null,
    snapshotType: "onDemand",
  });
}

/** Days per unit of an expiration change (docs/api-choices.md: counted from createdAt). */
const DAYS_PER_RETENTION_UNIT: Record<(typeof SNAPSHOT_RETENTION_UNITS)[number], number> = {
  DAYS: 1,
  WEEKS: 7,
  MONTHS: 30,
  YEARS: 365,
};

/** Changes a snapshot's expiration (61): `{retentionUnit, retentionValue}` counted from createdAt. */
export function changeExpiration(snapshot: SnapshotRecord, body: Json | undefined): void {
  const valid = validateBody(body, {
    retentionUnit: required(oneOf(SNAPSHOT_RETENTION_UNITS)),
    retentionValue: required(int({ min: 1 })),
  });
  const days =
    DAYS_PER_RETENTION_UNIT[valid.retentionUnit as (typeof SNAPSHOT_RETENTION_UNITS)[number]] *
    (valid.retentionValue as number);
  snapshot.expiresMs = snapshot.createdMs + days * MS_PER_DAY;
}

export function deleteSnapshot(state: EmulatorState, snapshot: SnapshotRecord): void {
  delete snapshotTable(state)[snapshot.id];
}
