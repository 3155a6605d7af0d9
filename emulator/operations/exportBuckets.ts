/**
 * Snapshot export buckets (37-40). There is no update operation. Creating one needs an authorized
 * AWS access role of the project; deleting one is refused while a backup schedule auto-exports to it.
 */
import { type JsonObject, type OperationDef, param } from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import {
  bool,
  hex24,
  type ObjectSchema,
  readOnly,
  required,
  type Schema,
  str,
  validateBodyAs,
} from "../core/validation";
import { usableRole } from "../domain/accessRoles";
import {
  type ExportBucketRecord,
  exportBucketTable,
  findExportBucket,
  schedulesExportingTo,
} from "../domain/exportBucket";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list, noContent } from "./define";

/** The contract's response variant for the bucket's provider (DiskBackupSnapshot<P>ExportBucketResponse). */
function render(bucket: ExportBucketRecord): JsonObject {
  const common: JsonObject = {
    _id: bucket._id,
    bucketName: bucket.bucketName,
    cloudProvider: bucket.cloudProvider,
  };
  if (bucket.cloudProvider === "AZURE") {
    return {
      ...common,
      roleId: bucket.iamRoleId,
      serviceUrl: bucket.serviceUrl ?? "",
      tenantId: bucket.tenantId ?? "",
    };
  }
  if (bucket.cloudProvider === "GCP") return { ...common, roleId: bucket.iamRoleId };
  const shown: JsonObject = { ...common, iamRoleId: bucket.iamRoleId };
  if (typeof bucket.requirePrivateNetworking === "boolean")
    shown.requirePrivateNetworking = bucket.requirePrivateNetworking;
  return shown;
}

const bucketPath = (item: JsonObject, groupId: string) =>
  `/groups/${groupId}/backup/exportBuckets/${String(item._id)}`;

const bucketName = str({ minLength: 3, maxLength: 63 });
/** The contract's request variants (DiskBackupSnapshot<P>ExportBucketRequest), told apart by
 * cloudProvider; each refuses the others' fields. */
const awsBucket: ObjectSchema = {
  _id: readOnly(hex24()),
  bucketName: required(bucketName),
  iamRoleId: required(hex24()),
  requirePrivateNetworking: bool(),
};
const createBody: Schema = {
  kind: "tagged",
  tag: "cloudProvider",
  variants: {
    AWS: awsBucket,
    AZURE: {
      _id: readOnly(hex24()),
      bucketName,
      roleId: required(hex24()),
      serviceUrl: required(str({ minLength: 33, maxLength: 2048, pattern: /^https:\/\/[^/\s]+\/[^/\s]+/ })),
      tenantId: str({ pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i }),
    },
    GCP: { _id: readOnly(hex24()), bucketName: required(bucketName), roleId: required(hex24()) },
  },
};

/** 2023-01-01 (DiskBackupSnapshotAWSExportBucketRequest) knows only AWS buckets. */
const createBody20230101: Schema = {
  kind: "tagged",
  tag: "cloudProvider",
  variants: { AWS: awsBucket },
};

/** An Azure bucket is the container named by the service URL's path when no bucketName is given. */
function azureContainer(serviceUrl: string): string {
  return new URL(serviceUrl).pathname.split("/").filter(Boolean)[0] ?? "";
}

export const exportBucketOperations: OperationDef[] = [
  defineOperation({
    id: "37",
    name: "List export buckets",
    method: "GET",
    path: "/groups/{groupId}/backup/exportBuckets",
    roles: ["GROUP_READ_ONLY"],
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
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const body = validateBodyAs(
        req.body,
        req.version === VERSION_2023_01_01 ? createBody20230101 : createBody,
      );
      const cloudProvider = body.cloudProvider as string;
      const iamRoleId = (cloudProvider === "AWS" ? body.iamRoleId : body.roleId) as string;
      const role = usableRole(state, groupId, iamRoleId, cloudProvider);
      if (!role) {
        throw apiError("CANNOT_ASSUME_ROLE", [iamRoleId], { args: [iamRoleId, cloudProvider, groupId] });
      }
      const serviceUrl = (body.serviceUrl as string | undefined) ?? null;
      const bucketName = (body.bucketName as string | undefined) ?? azureContainer(serviceUrl ?? "");
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
        cloudProvider,
        iamRoleId,
        serviceUrl,
        tenantId: cloudProvider === "AZURE" ? ((body.tenantId as string | undefined) ?? role.tenantId) : null,
        requirePrivateNetworking: (body.requirePrivateNetworking as boolean | undefined) ?? null,
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
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const bucket = findExportBucket(state, groupId, param(req.params, "exportBucketId"));
      return entity(render(bucket), bucketPath(bucket, groupId));
    },
  }),
];
