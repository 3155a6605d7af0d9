/** Restore jobs of a cluster (operations 47-50) and the restore job schema shared with serverless. */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { AnyObject, entity } from "./schemas";
import type { Transport } from "./transport";

export const RestoreJobSchema = entity({
  id: z.string(),
  deliveryType: z.string().optional(),
  snapshotId: z.string().optional(),
  targetClusterName: z.string().optional(),
  targetGroupId: z.string().optional(),
  cancelled: z.boolean().optional(),
  expired: z.boolean().optional(),
  failed: z.boolean().optional(),
  finishedAt: z.string().optional(),
  expiresAt: z.string().optional(),
  timestamp: z.string().optional(),
  deliveryUrl: z.array(z.string()).optional(),
  desiredTimestamp: AnyObject.optional(),
  components: z.array(AnyObject).optional(),
});
export type RestoreJob = z.infer<typeof RestoreJobSchema>;
export const RestoreJobPageSchema = pageSchema(RestoreJobSchema);

export interface RestoreJobInput {
  /** automated, download or pointInTime. */
  deliveryType: string;
  snapshotId?: string;
  targetClusterName?: string;
  targetGroupId?: string;
  oplogInc?: number;
  oplogTs?: number;
  pointInTimeUTCSeconds?: number;
}

export function restoreJobsApi(t: Transport) {
  const path = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/backup/restoreJobs`;
  const list = (groupId: string, clusterName: string, page?: PageOptions) =>
    t.call(
      {
        id: "47",
        operation: "Listing restore jobs",
        method: "GET",
        path: path(groupId, clusterName),
        query: pageQuery(page),
      },
      RestoreJobPageSchema,
    );
  return {
    /** 47 */
    list,
    listAll: (groupId: string, clusterName: string) => iterateAllPages((p) => list(groupId, clusterName, p)),
    /** 48 */
    create: (groupId: string, clusterName: string, body: RestoreJobInput) =>
      t.call(
        {
          id: "48",
          operation: "Creating restore job",
          method: "POST",
          path: path(groupId, clusterName),
          body,
        },
        RestoreJobSchema,
      ),
    /** 49: automated and pointInTime jobs cannot be cancelled (400 CANNOT_CANCEL_AUTOMATED_RESTORE). */
    cancel: (groupId: string, clusterName: string, restoreJobId: string) =>
      t.callVoid({
        id: "49",
        operation: "Cancelling restore job",
        method: "DELETE",
        path: `${path(groupId, clusterName)}${apiPath`/${restoreJobId}`}`,
      }),
    /** 50 */
    get: (groupId: string, clusterName: string, restoreJobId: string) =>
      t.call(
        {
          id: "50",
          operation: "Reading restore job",
          method: "GET",
          path: `${path(groupId, clusterName)}${apiPath`/${restoreJobId}`}`,
        },
        RestoreJobSchema,
      ),
  };
}
export type RestoreJobsApi = ReturnType<typeof restoreJobsApi>;
