/**
 * What "done" means for an on-demand snapshot (docs/spec/operations.md, "Asynchronous states"): it
 * answers `status` queued, moves through inProgress and is done at completed; failed ends the wait
 * with an error naming the snapshot. A delete is over when reading it answers 404.
 *
 * A sharded cluster's snapshot is read and deleted through its own operations (57, 56); a replica
 * set's through 60 and 59. The kind is known from the create's answer (`type`); when it is not
 * (adoption by importId), the replica set read is tried first, then the sharded one.
 */
import type { PlatformClient } from "../../client";
import { asynchronous, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveSnapshot, type SnapshotKind } from "./model";

/** Where the snapshot is; `type` when known. */
export interface SnapshotLocation {
  groupId: string;
  clusterName: string;
  snapshotId: string;
  type?: SnapshotKind | undefined;
}

async function readSnapshot(
  client: PlatformClient,
  where: SnapshotLocation,
): Promise<LiveSnapshot | undefined> {
  const { groupId, clusterName, snapshotId } = where;
  const replicaSet = () =>
    readIfExists(async () => fromApi(await client.snapshots.get(groupId, clusterName, snapshotId)));
  const sharded = () =>
    readIfExists(async () =>
      fromApi(await client.snapshots.getSharded(groupId, clusterName, snapshotId), "shardedCluster"),
    );
  if (where.type === "shardedCluster") return sharded();
  if (where.type === "replicaSet") return replicaSet();
  return (await replicaSet()) ?? (await sharded());
}

export const lifecycle = asynchronous<SnapshotLocation, LiveSnapshot, "snapshot">({
  states: {
    vocabulary: "snapshot",
    done: ["completed"],
    failed: {
      failed:
        "the service could not take the snapshot; it stays in the stack so pulumi destroy (or removing it " +
        "from the program) deletes it, and a replacement takes a new one",
    },
    transitional: ["queued", "inProgress"],
  },
  stateOf: (live) => live.status,
  read: readSnapshot,
  gone: { target: "deleted (404)", state: "deleted" },
  // Snapshots of large clusters take hours; changing the expiration and deleting are quick.
  defaultTimeouts: { create: "2h", update: "2h", delete: "20m" },
});

/** Deletes the snapshot through the operation of its kind (56 sharded, 59 replica set). */
export function deleteSnapshot(client: PlatformClient, where: SnapshotLocation): Promise<void> {
  return where.type === "shardedCluster"
    ? client.snapshots.deleteSharded(where.groupId, where.clusterName, where.snapshotId)
    : client.snapshots.delete(where.groupId, where.clusterName, where.snapshotId);
}
