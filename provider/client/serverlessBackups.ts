/** Serverless instance restore jobs and snapshots (operations 62, 63; sunset January 2026). */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { RestoreJobPageSchema, RestoreJobSchema } from "./restoreJobs";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const ServerlessSnapshotSchema = entity({
  id: z.string(),
  status: z.string().optional(),
  serverlessInstanceName: z.string().optional(),
  snapshotType: z.string().optional(),
  frequencyType: z.string().optional(),
  createdAt: z.string().optional(),
  expiresAt: z.string().optional(),
  dbVersion: z.string().optional(),
  storageSizeBytes: z.number().optional(),
});
export type ServerlessSnapshot = z.infer<typeof ServerlessSnapshotSchema>;
export const ServerlessSnapshotPageSchema = pageSchema(ServerlessSnapshotSchema);

export interface ServerlessRestoreJobInput {
  deliveryType: string;
  snapshotId?: string;
  targetClusterName: string;
  targetGroupId: string;
  oplogInc?: number;
  oplogTs?: number;
  pointInTimeUTCSeconds?: number;
}

export function serverlessBackupsApi(t: Transport) {
  const restorePath = (groupId: string, instanceName: string) =>
    apiPath`/groups/${groupId}/serverless/${instanceName}/backup/restoreJobs`;
  const snapshotPath = (groupId: string, instanceName: string) =>
    apiPath`/groups/${groupId}/serverless/${instanceName}/backup/snapshots`;
  const listRestoreJobs = (groupId: string, instanceName: string, page?: PageOptions) =>
    t.call(
      {
        id: "62-list",
        operation: "Listing serverless restore jobs",
        method: "GET",
        path: restorePath(groupId, instanceName),
        query: pageQuery(page),
      },
      RestoreJobPageSchema,
    );
  const listSnapshots = (groupId: string, instanceName: string, page?: PageOptions) =>
    t.call(
      {
        id: "63-list",
        operation: "Listing serverless snapshots",
        method: "GET",
        path: snapshotPath(groupId, instanceName),
        query: pageQuery(page),
      },
      ServerlessSnapshotPageSchema,
    );
  return {
    /** 62: list */
    listRestoreJobs,
    listAllRestoreJobs: (groupId: string, instanceName: string) =>
      iterateAllPages((p) => listRestoreJobs(groupId, instanceName, p)),
    /** 62: create */
    createRestoreJob: (groupId: string, instanceName: string, body: ServerlessRestoreJobInput) =>
      t.call(
        {
          id: "62-create",
          operation: "Creating serverless restore job",
          method: "POST",
          path: restorePath(groupId, instanceName),
          body,
        },
        RestoreJobSchema,
      ),
    /** 62: get */
    getRestoreJob: (groupId: string, instanceName: string, restoreJobId: string) =>
      t.call(
        {
          id: "62-get",
          operation: "Reading serverless restore job",
          method: "GET",
          path: `${restorePath(groupId, instanceName)}${apiPath`/${restoreJobId}`}`,
        },
        RestoreJobSchema,
      ),
    /** 63: list */
    listSnapshots,
    listAllSnapshots: (groupId: string, instanceName: string) =>
      iterateAllPages((p) => listSnapshots(groupId, instanceName, p)),
    /** 63: get */
    getSnapshot: (groupId: string, instanceName: string, snapshotId: string) =>
      t.call(
        {
          id: "63-get",
          operation: "Reading serverless snapshot",
          method: "GET",
          path: `${snapshotPath(groupId, instanceName)}${apiPath`/${snapshotId}`}`,
        },
        ServerlessSnapshotSchema,
      ),
  };
}
export type ServerlessBackupsApi = ReturnType<typeof serverlessBackupsApi>;
