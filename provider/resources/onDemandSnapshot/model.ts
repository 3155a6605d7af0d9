/**
 * OnDemandSnapshot: inputs <-> API bodies, the live view, and the outputs.
 *
 * The API keeps no retention: a snapshot has `createdAt` and `expiresAt`, and an expiration change
 * (operation 61) counts from `createdAt`. So `retentionInDays` as the service has it is the whole
 * days between the two, and a change of it is `PATCH {retentionUnit: "DAYS", retentionValue}`.
 */
import type { ShardedSnapshot, Snapshot, SnapshotExpirationInput } from "../../client/snapshots";
import { formatId } from "../../framework/ids";
import type { OnDemandSnapshotInputs } from "./schema";

const MS_PER_DAY = 86_400_000;

/** The snapshot kinds of a cluster: a replica set's, or a sharded cluster's (operations 56-58). */
export const SNAPSHOT_KINDS = ["replicaSet", "shardedCluster"] as const;
export type SnapshotKind = (typeof SNAPSHOT_KINDS)[number];

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface OnDemandSnapshotOutputs extends OnDemandSnapshotInputs {
  /** The snapshot's id (the API's `id`). */
  snapshotId: string;
  /** queued, inProgress, completed or failed. */
  status: string;
  /** replicaSet or shardedCluster (which operations read and delete it). */
  type: SnapshotKind | undefined;
  createdAt: string | undefined;
  expiresAt: string | undefined;
  dbVersion: string | undefined;
}

/** The id: `<groupId>/<clusterName>/<snapshotId>`. */
export function onDemandSnapshotId(groupId: string, clusterName: string, snapshotId: string): string {
  return formatId([groupId, clusterName, snapshotId]);
}

/** The live view of a snapshot. */
export interface LiveSnapshot {
  snapshotId: string;
  status: string;
  type: SnapshotKind | undefined;
  description: string | undefined;
  createdAt: string | undefined;
  expiresAt: string | undefined;
  dbVersion: string | undefined;
}

function kindOf(type: string | undefined): SnapshotKind | undefined {
  return type === "replicaSet" || type === "shardedCluster" ? type : undefined;
}

export function fromApi(snapshot: Snapshot | ShardedSnapshot, kind?: SnapshotKind): LiveSnapshot {
  return {
    snapshotId: snapshot.id,
    status: snapshot.status ?? "unknown",
    type: kindOf(snapshot.type) ?? kind,
    description: snapshot.description,
    createdAt: snapshot.createdAt,
    expiresAt: snapshot.expiresAt,
    dbVersion: snapshot.dbVersion,
  };
}

/** Whole days between `createdAt` and `expiresAt`; undefined when either is missing. */
export function retentionDaysOf(live: Pick<LiveSnapshot, "createdAt" | "expiresAt">): number | undefined {
  if (live.createdAt === undefined || live.expiresAt === undefined) return undefined;
  const ms = Date.parse(live.expiresAt) - Date.parse(live.createdAt);
  return Number.isFinite(ms) ? Math.round(ms / MS_PER_DAY) : undefined;
}

/** The body of an expiration change (61). */
export function toExpirationBody(retentionInDays: number): SnapshotExpirationInput {
  return { retentionUnit: "DAYS", retentionValue: retentionInDays };
}

/** The inputs as the service has them (read): live description and retention, the rest as before. */
export function inputsFromLive(
  previous: OnDemandSnapshotInputs,
  live: LiveSnapshot,
  location: { groupId: string; clusterName: string },
): OnDemandSnapshotInputs {
  const inputs: OnDemandSnapshotInputs = {
    groupId: location.groupId,
    clusterName: location.clusterName,
    retentionInDays: retentionDaysOf(live) ?? previous.retentionInDays,
  };
  if (live.description !== undefined) inputs.description = live.description;
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  if (previous.timeouts !== undefined) inputs.timeouts = previous.timeouts;
  return inputs;
}

export function toOutputs(inputs: OnDemandSnapshotInputs, live: LiveSnapshot): OnDemandSnapshotOutputs {
  return {
    ...inputs,
    snapshotId: live.snapshotId,
    status: live.status,
    type: live.type,
    createdAt: live.createdAt,
    expiresAt: live.expiresAt,
    dbVersion: live.dbVersion,
  };
}

/** The snapshot in words, for progress and errors: it names the snapshot once it has an id. */
export function describeSnapshot(clusterName: string, snapshotId?: string): string {
  return snapshotId === undefined
    ? `on-demand snapshot of cluster ${clusterName}`
    : `on-demand snapshot ${snapshotId} of cluster ${clusterName}`;
}

/** The live view stored in state (an update starts from it). */
export function liveFromOutputs(props: Record<string, unknown>, snapshotId: string): LiveSnapshot {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    snapshotId,
    status: text(props.status) ?? "unknown",
    type: kindOf(text(props.type)),
    description: text(props.description),
    createdAt: text(props.createdAt),
    expiresAt: text(props.expiresAt),
    dbVersion: text(props.dbVersion),
  };
}
