/**
 * OnDemandSnapshot: an on-demand backup snapshot of a cluster or a sharded cluster (operations
 * 54-61). See docs/resources/onDemandSnapshot.md.
 *
 * Create takes the snapshot (55) and waits until it is completed; a failed snapshot is an error
 * naming it, and it stays in state (so destroy deletes it). A change of `retentionInDays` changes the
 * expiration in place (61); any other change takes a new snapshot. Delete removes it (59, or 56 for
 * a sharded cluster's) and waits until reading answers 404.
 *
 * Id and importId: `<groupId>/<clusterName>/<snapshotId>`.
 */

import { z } from "zod";
import { collect, hasErrorCode, type PlatformClient } from "../../client";
import { type CreatedLookup, pickCreated, sameValue } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { defineResource, exportText, type PropertyTable } from "../../framework/resource";
import { deleteSnapshot, lifecycle, type SnapshotLocation } from "./lifecycle";
import {
  describeSnapshot,
  fromApi,
  inputsFromLive,
  type LiveSnapshot,
  liveFromOutputs,
  onDemandSnapshotId,
  retentionDaysOf,
  SNAPSHOT_KINDS,
  toExpirationBody,
  toOutputs,
} from "./model";
import {
  ON_DEMAND_SNAPSHOT_ID_PARTS,
  type OnDemandSnapshotInputs,
  onDemandSnapshotInputsSchema,
} from "./schema";

/**
 * Project and cluster locate the snapshot and the description cannot be changed after it is taken:
 * a change of any of them takes a new snapshot. Only the expiration changes in place (operation 61).
 */
export const ON_DEMAND_SNAPSHOT_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it takes a new snapshot.",
    rules: "24 hexadecimal digits",
    change: "a new snapshot",
  },
  clusterName: {
    effect: "replace",
    doc: "Cluster (replica set or sharded). Changing it takes a new snapshot.",
    rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`; a replica set or a sharded cluster with cloud backup",
    change: "a new snapshot",
  },
  description: {
    effect: "replace",
    doc: "Free text. Changing it takes a new snapshot (the API cannot change a description).",
    rules: "free text; optional",
    change: "a new snapshot: the API cannot change a description",
  },
  retentionInDays: {
    effect: "update",
    doc: "Days the snapshot is kept, counted from when it was taken; at least 1. Changed in place.",
    rules: "at least 1 (the spec's limit)",
    change:
      '`PATCH {retentionUnit: "DAYS", retentionValue}`, operation 61: the expiration moves to `createdAt` + that many days',
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing snapshot: `<groupId>/<clusterName>/<snapshotId>`.",
    rules: "`<groupId>/<clusterName>/<snapshotId>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call.
  timeouts: {
    effect: "update",
    doc: "How long to wait for completed and for deletion.",
    rules: "durations or seconds",
    change: "no API call",
  },
  snapshotId: {
    effect: "output",
    type: z.string(),
    doc: "The snapshot's id: use it as a SnapshotExportJob's or RestoreJob's `snapshotId`.",
  },
  status: {
    effect: "output",
    type: z.string(),
    doc: "completed once create finished (queued, inProgress on the way; failed is an error).",
  },
  type: {
    effect: "output",
    type: z.enum(SNAPSHOT_KINDS),
    optional: true,
    doc: "replicaSet or shardedCluster: which operations read and delete the snapshot.",
  },
  createdAt: { effect: "output", type: z.string(), optional: true, doc: "When the snapshot was taken." },
  expiresAt: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "When the service deletes the snapshot (createdAt + retentionInDays).",
  },
  dbVersion: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "The database version the snapshot was taken of.",
  },
};

/** Changes the expiration when the retention differs from the snapshot's (61). */
async function converge(
  client: PlatformClient,
  inputs: OnDemandSnapshotInputs,
  live: LiveSnapshot,
): Promise<LiveSnapshot> {
  if (retentionDaysOf(live) === inputs.retentionInDays) return live;
  const changed = await client.snapshots.updateExpiration(
    inputs.groupId,
    inputs.clusterName,
    live.snapshotId,
    toExpirationBody(inputs.retentionInDays),
  );
  return fromApi(changed, live.type);
}

/**
 * The snapshot a create took: an on-demand snapshot of the cluster with the description and the
 * retention sent, taken at or after the create began, that no other resource holds (findCreated.ts).
 * Replica set and sharded snapshots are listed by two operations (54, 58).
 */
async function findSnapshot(
  client: PlatformClient,
  inputs: OnDemandSnapshotInputs,
  lookup: CreatedLookup,
): Promise<string | undefined> {
  const { groupId, clusterName } = inputs;
  const replicaSets = await collect(client.snapshots.listAll(groupId, clusterName));
  const sharded = (await client.snapshots.listSharded(groupId, clusterName)).results;
  return pickCreated(
    [...replicaSets, ...sharded],
    {
      what: describeSnapshot(clusterName),
      idOf: (snapshot) => onDemandSnapshotId(groupId, clusterName, snapshot.id),
      fits: (snapshot) =>
        snapshot.snapshotType === "onDemand" &&
        sameValue(snapshot.description, inputs.description) &&
        [undefined, inputs.retentionInDays].includes(retentionDaysOf(fromApi(snapshot))),
      createdAt: (snapshot) => snapshot.createdAt,
    },
    lookup,
  );
}

export const resource = defineResource<
  OnDemandSnapshotInputs,
  SnapshotLocation,
  LiveSnapshot,
  (typeof ON_DEMAND_SNAPSHOT_ID_PARTS)[number]
>({
  type: "OnDemandSnapshot",
  exported: {
    configKey: "onDemandSnapshots",
    scope: "cluster",
    // Scheduled snapshots belong to the backup schedule; only on-demand ones are resources. Snapshots
    // of sharded clusters are read through other operations and are not exported yet.
    find: async (client, groupId, clusterName) =>
      (await collect(client.snapshots.listAll(groupId, clusterName)))
        .filter((snapshot) => snapshot.snapshotType === "onDemand")
        .map((snapshot) => formatId([groupId, clusterName, snapshot.id])),
    resourceName: (args) => `snapshot-${exportText(args.clusterName)}`,
  },
  summary: "on-demand backup snapshot (cluster, sharded cluster); waits until completed",
  example: {
    name: "before-migration",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      description: "before the schema migration",
      retentionInDays: 7,
    },
  },
  description:
    "An on-demand backup snapshot of a cluster or a sharded cluster. Create waits until it is completed; a change of `retentionInDays` changes its expiration in place; delete removes it and waits until it is gone.",
  inputs: onDemandSnapshotInputsSchema,
  properties: ON_DEMAND_SNAPSHOT_PROPERTIES,
  idParts: ON_DEMAND_SNAPSHOT_ID_PARTS,
  lifecycle,
  docNotes: { replaces: "`retentionInDays` updates the expiration in place" },
  // It names the snapshot once it has an id.
  describe: (inputs, where) =>
    where === undefined
      ? describeSnapshot(inputs.clusterName)
      : describeSnapshot(where.clusterName, where.snapshotId),

  /** The snapshot's kind (which operations read and delete it) is the stored one, when known. */
  locate: (parts, stored) => ({
    groupId: parts.groupId,
    clusterName: parts.clusterName,
    snapshotId: parts.snapshotId,
    type: liveFromOutputs(stored, parts.snapshotId).type,
  }),
  idOf: (inputs, live) => onDemandSnapshotId(inputs.groupId, inputs.clusterName, live.snapshotId),
  read: ({ client }, where) => lifecycle.read(client, where),

  /** POSTs the snapshot; a refusal because another one is still being taken says what to do. */
  async create({ client }, inputs) {
    try {
      const body = {
        retentionInDays: inputs.retentionInDays,
        ...(inputs.description === undefined ? {} : { description: inputs.description }),
      };
      return fromApi(await client.snapshots.takeOnDemand(inputs.groupId, inputs.clusterName, body));
    } catch (error) {
      if (hasErrorCode(error, "UNFINISHED_ON_DEMAND_SNAPSHOT")) {
        throw new Error(
          `${describeSnapshot(inputs.clusterName)} cannot be taken while another on-demand snapshot of the ` +
            `cluster is unfinished (${(error as Error).message}); run pulumi up again once it has completed`,
        );
      }
      throw error;
    }
  },

  /** A description cannot change: adoption refuses a snapshot whose description differs. */
  async adopt({ client }, inputs, live, where) {
    if (live.description !== inputs.description) {
      throw new Error(
        `cannot adopt ${describeSnapshot(where.clusterName, where.snapshotId)}: its description is ` +
          `${JSON.stringify(live.description ?? null)}, the description input ${JSON.stringify(inputs.description ?? null)}; ` +
          "a description cannot be changed: make them agree, or remove importId to take a new snapshot",
      );
    }
    return converge(client, inputs, live);
  },

  /**
   * Changes the expiration when the retention differs from the stored snapshot's; otherwise (only
   * timeouts changed, or an earlier wait did not finish) no API call: the wait resumes.
   */
  update: ({ client }, where, inputs, olds) =>
    converge(client, inputs, liveFromOutputs(olds, where.snapshotId)),

  remove: ({ client }, where) => deleteSnapshot(client, where),
  findsCreated: {
    identifies:
      "an `onDemand` snapshot of the cluster with that description and retention (operations 54 and 58)",
    dated: "createdAt",
  },
  findCreated: ({ client }, inputs, lookup) => findSnapshot(client, inputs, lookup),
  toOutputs,
  inputsFromLive,
});
