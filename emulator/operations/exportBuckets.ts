/**
 * Snapshot export buckets (37-40). There is no update operation. Creating one needs an authorized
 * AWS access role of the project; deleting one is refused while a backup schedule auto-exports to it.
 */
import type { JsonObject, OperationDef } from "../core/contract";
import { apiError } from "../core/errors";
import { authorizedAwsRole } from "../domain/accessRoles";
import { entity, list, noContent, param, pathGroupId } from "../domain/context";
import {
  type ExportBucketRecord,
  exportBucketTable,
  findExportBucket,
  schedulesExportingTo,
} from "../domain/exportBucket";
import { mintId } from "../domain/ids";
import { hex24, oneOf, readOnly, required, str, validateBody } from "../domain/validation";
import { DEPRECATED_2023, DEPRECATED_2024, defineOperation } from "./define";

function render(bucket: ExportBucketRecord): JsonObject {
  return {
    _id: bucket._id,
    bucketName: bucket.bucketName,
    cloudProvider: bucket.cloudProvider,
    iamRoleId: bucket.iamRoleId,
  };
}

const bucketPath = (item: JsonObject, groupId: string) =>
  `/groups/${groupId}/backup/exportBuckets/${String(item._id)}`;

const createBody = {
  _id: readOnly(hex24()),
  bucketName: required(str({ minLength: 3, maxLength: 63 })),
  cloudProvider: required(oneOf(["AWS"])),
  iamRoleId: required(hex24()),
};

export const exportBucketOperations: OperationDef[] = [
  defineOperation({
    id: "37",
    name: "List export buckets",
    method: "GET",
    path: "/groups/{groupId}/backup/exportBuckets",
    roles: ["GROUP_READ_ONLY"],
    deprecatedVersions: [DEPRECATED_2024, DEPRECATED_2023],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const buckets = Object.values(exportBucketTable(state)).filter((b) => b.groupId === groupId);
      return list(buckets.map(render), (item) => bucketPath(item, groupId));
    },
  }),
  defineOperation({
    id: "38",
    name: "Create an export bucket",
    method: "POST",
    path: "/groups/{groupId}/backup/exportBuckets",
    roles: ["GROUP_OWNER"],
    deprecatedVersions: [DEPRECATED_2023],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const body = validateBody(req.body, createBody);
      const iamRoleId = body.iamRoleId as string;
      if (!authorizedAwsRole(state, groupId, iamRoleId)) {
        throw apiError("CANNOT_ASSUME_ROLE", [iamRoleId], { args: [iamRoleId, groupId] });
      }
      const bucketName = body.bucketName as string;
      if (
        Object.values(exportBucketTable(state)).some(
          (b) => b.groupId === groupId && b.bucketName === bucketName,
        )
      ) {
        throw apiError("EXPORT_BUCKET_ALREADY_EXISTS", [bucketName], { args: [bucketName, groupId] });
      }
      const bucket: ExportBucketRecord = {
        _id: mintId(state),
        groupId,
        bucketName,
        cloudProvider: body.cloudProvider as string,
        iamRoleId,
      };
      exportBucketTable(state)[bucket._id] = bucket;
      return entity(render(bucket), bucketPath(bucket, groupId));
    },
  }),
  defineOperation({
    id: "39",
    name: "Delete an export bucket",
    method: "DELETE",
    path: "/groups/{groupId}/backup/exportBuckets/{exportBucketId}",
    roles: ["GROUP_BACKUP_MANAGER"],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const bucket = findExportBucket(state, groupId, param(req.params, "exportBucketId"));
      const exporting = schedulesExportingTo(state, bucket);
      if (exporting.length > 0) {
        throw apiError("EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE", [bucket._id], {
          args: [bucket._id, exporting.map((s) => s.clusterName).join(", ")],
        });
      }
      delete exportBucketTable(state)[bucket._id];
      return noContent();
    },
  }),
  defineOperation({
    id: "40",
    name: "Get an export bucket",
    method: "GET",
    path: "/groups/{groupId}/backup/exportBuckets/{exportBucketId}",
    roles: ["GROUP_READ_ONLY"],
    deprecatedVersions: [DEPRECATED_2023],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const bucket = findExportBucket(state, groupId, param(req.params, "exportBucketId"));
      return entity(render(bucket), bucketPath(bucket, groupId));
    },
  }),
];
