/** Cloud backup snapshots of a cluster, replica set and sharded (operations 54-61). */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { AnyObject, entity } from "./schemas";
import type { Transport } from "./transport";

export const SnapshotSchema = entity({
  id: z.string(),
  status: z.string().optional(),
  snapshotType: z.string().optional(),
  frequencyType: z.string().optional(),
  createdAt: z.string().optional(),
  expiresAt: z.string().optional(),
  description: z.string().optional(),
  replicaSetName: z.string().optional(),
  cloudProvider: z.string().optional(),
  type: z.string().optional(),
  storageSizeBytes: z.number().optional(),
  dbVersion: z.string().optional(),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;
export const SnapshotPageSchema = pageSchema(SnapshotSchema);

// As a cluster snapshot without cloudProvider, copyRegions and replicaSetName (docs/spec/api-spec.md, "Snapshot").
export const ShardedSnapshotSchema = entity({
  id: z.string(),
  status: z.string().optional(),
  snapshotType: z.string().optional(),
  frequencyType: z.string().optional(),
  createdAt: z.string().optional(),
  expiresAt: z.string().optional(),
  description: z.string().optional(),
  type: z.string().optional(),
  storageSizeBytes: z.number().optional(),
  dbVersion: z.string().optional(),
  configServerType: z.string().optional(),
  members: z.array(AnyObject).optional(),
  snapshotIds: z.array(z.string()).optional(),
});
export type ShardedSnapshot = z.infer<typeof ShardedSnapshotSchema>;
export const ShardedSnapshotPageSchema = pageSchema(ShardedSnapshotSchema);

export interface OnDemandSnapshotInput {
  description?: string;
  /** >= 1 */
  retentionInDays?: number;
}

export interface SnapshotExpirationInput {
  retentionUnit: "DAYS" | "WEEKS" | "MONTHS" | "YEARS";
  retentionValue: number;
}

export function snapshotsApi(t: Transport) {
  const path = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/backup/snapshots`;
  const list = (groupId: string, clusterName: string, page?: PageOptions) =>
    t.call(
      {
        id: "54",
        operation: "Listing snapshots",
        method: "GET",
        path: path(groupId, clusterName),
        query: pageQuery(page),
      },
      SnapshotPageSchema,
    );
  // 58 takes no paging parameters (docs/spec/api-spec.md 58: "G, C" without PAGE; the contract
  // declares none): one request answers every sharded snapshot.
  const listSharded = (groupId: string, clusterName: string) =>
    t.call(
      {
        id: "58",
        operation: "Listing sharded cluster snapshots",
        method: "GET",
        path: `${path(groupId, clusterName)}/shardedClusters`,
      },
      ShardedSnapshotPageSchema,
    );
  return {
    /** 54 */
    list,
    listAll: (groupId: string, clusterName: string) => iterateAllPages((p) => list(groupId, clusterName, p)),
    /** 55: take an on-demand snapshot. */
    takeOnDemand: (groupId: string, clusterName: string, body: OnDemandSnapshotInput) =>
      t.call(
        {
          id: "55",
          operation: "Taking on-demand snapshot",
          method: "POST",
          path: path(groupId, clusterName),
          body,
        },
        SnapshotSchema,
      ),
    /** 56 */
    deleteSharded: (groupId: string, clusterName: string, snapshotId: string) =>
      t.callVoid({
        id: "56",
        operation: "Deleting sharded cluster snapshot",
        method: "DELETE",
        path: `${path(groupId, clusterName)}${apiPath`/shardedCluster/${snapshotId}`}`,
      }),
    /** 57 */
    getSharded: (groupId: string, clusterName: string, snapshotId: string) =>
      t.call(
        {
          id: "57",
          operation: "Reading sharded cluster snapshot",
          method: "GET",
          path: `${path(groupId, clusterName)}${apiPath`/shardedCluster/${snapshotId}`}`,
        },
        ShardedSnapshotSchema,
      ),
    /** 58: not paged, one answer holds every sharded snapshot. */
    listSharded,
    /** 59 */
    delete: (groupId: string, clusterName: string, snapshotId: string) =>
      t.callVoid({
        id: "59",
        operation: "Deleting snapshot",
        method: "DELETE",
        path: `${path(groupId, clusterName)}${apiPath`/${snapshotId}`}`,
      }),
    /** 60 */
    get: (groupId: string, clusterName: string, snapshotId: string) =>
      t.call(
        {
          id: "60",
          operation: "Reading snapshot",
          method: "GET",
          path: `${path(groupId, clusterName)}${apiPath`/${snapshotId}`}`,
        },
        SnapshotSchema,
      ),
    /** 61: change the expiration. */
    updateExpiration: (
      groupId: string,
      clusterName: string,
      snapshotId: string,
      body: SnapshotExpirationInput,
    ) =>
      t.call(
        {
          id: "61",
          operation: "Changing snapshot expiration",
          method: "PATCH",
          path: `${path(groupId, clusterName)}${apiPath`/${snapshotId}`}`,
          body,
        },
        SnapshotSchema,
      ),
  };
}
export type SnapshotsApi = ReturnType<typeof snapshotsApi>;
