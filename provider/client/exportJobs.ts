/** Snapshot export jobs of a cluster (operations 44-46). */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { AnyObject, entity } from "./schemas";
import type { Transport } from "./transport";

export const ExportJobSchema = entity({
  id: z.string(),
  state: z.string().optional(),
  snapshotId: z.string().optional(),
  exportBucketId: z.string().optional(),
  prefix: z.string().optional(),
  createdAt: z.string().optional(),
  finishedAt: z.string().optional(),
  customData: z.array(entity({ key: z.string(), value: z.string() })).optional(),
  components: z.array(AnyObject).optional(),
  exportStatus: AnyObject.optional(),
  stateReason: AnyObject.optional(),
});
export type ExportJob = z.infer<typeof ExportJobSchema>;
export const ExportJobPageSchema = pageSchema(ExportJobSchema);

export interface ExportJobInput {
  exportBucketId: string;
  snapshotId: string;
  customData?: Array<{ key: string; value: string }>;
}

export function exportJobsApi(t: Transport) {
  const path = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/backup/exports`;
  const list = (groupId: string, clusterName: string, page?: PageOptions) =>
    t.call(
      {
        id: "44",
        operation: "Listing export jobs",
        method: "GET",
        path: path(groupId, clusterName),
        query: pageQuery(page),
      },
      ExportJobPageSchema,
    );
  return {
    /** 44 */
    list,
    listAll: (groupId: string, clusterName: string) => iterateAllPages((p) => list(groupId, clusterName, p)),
    /** 45 */
    create: (groupId: string, clusterName: string, body: ExportJobInput) =>
      t.call(
        {
          id: "45",
          operation: "Creating export job",
          method: "POST",
          path: path(groupId, clusterName),
          body,
        },
        ExportJobSchema,
      ),
    /** 46 */
    get: (groupId: string, clusterName: string, exportId: string) =>
      t.call(
        {
          id: "46",
          operation: "Reading export job",
          method: "GET",
          path: `${path(groupId, clusterName)}${apiPath`/${exportId}`}`,
        },
        ExportJobSchema,
      ),
  };
}
export type ExportJobsApi = ReturnType<typeof exportJobsApi>;
