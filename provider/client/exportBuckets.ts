/** Snapshot export buckets (operations 37-40). There is no update operation. */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const ExportBucketSchema = entity({
  _id: z.string(),
  bucketName: z.string(),
  cloudProvider: z.string(),
  iamRoleId: z.string().optional(),
  requirePrivateNetworking: z.boolean().optional(),
  roleId: z.string().optional(),
  serviceUrl: z.string().optional(),
});
export type ExportBucket = z.infer<typeof ExportBucketSchema>;
export const ExportBucketPageSchema = pageSchema(ExportBucketSchema);

/** One of the contract's request variants, told apart by cloudProvider. */
export interface ExportBucketInput {
  /** 3..63 characters. */
  bucketName: string;
  cloudProvider: string;
  /** AWS. */
  iamRoleId?: string;
  /** AWS. */
  requirePrivateNetworking?: boolean;
  /** AZURE and GCP. */
  roleId?: string;
  /** AZURE. */
  serviceUrl?: string;
}

export function exportBucketsApi(t: Transport) {
  const list = (groupId: string, page?: PageOptions) =>
    t.call(
      {
        id: "37",
        operation: "Listing export buckets",
        method: "GET",
        path: apiPath`/groups/${groupId}/backup/exportBuckets`,
        query: pageQuery(page),
      },
      ExportBucketPageSchema,
    );
  return {
    /** 37 */
    list,
    listAll: (groupId: string) => iterateAllPages((p) => list(groupId, p)),
    /** 38 */
    create: (groupId: string, body: ExportBucketInput) =>
      t.call(
        {
          id: "38",
          operation: "Creating export bucket",
          method: "POST",
          path: apiPath`/groups/${groupId}/backup/exportBuckets`,
          body,
        },
        ExportBucketSchema,
      ),
    /** 39: refused while a backup schedule exports to the bucket. */
    delete: (groupId: string, exportBucketId: string) =>
      t.callVoid({
        id: "39",
        operation: "Deleting export bucket",
        method: "DELETE",
        path: apiPath`/groups/${groupId}/backup/exportBuckets/${exportBucketId}`,
      }),
    /** 40 */
    get: (groupId: string, exportBucketId: string) =>
      t.call(
        {
          id: "40",
          operation: "Reading export bucket",
          method: "GET",
          path: apiPath`/groups/${groupId}/backup/exportBuckets/${exportBucketId}`,
        },
        ExportBucketSchema,
      ),
  };
}
export type ExportBucketsApi = ReturnType<typeof exportBucketsApi>;
