/**
 * Snapshot export buckets (37-40): the routes. The bucket and its rules are
 * emulator/domain/exportBuckets.ts; a bucket a backup schedule exports to cannot be deleted
 * (emulator/domain/backupSchedules.ts).
 */
import { type JsonObject, type OperationDef, param } from "../core/contract";
import { requireNoScheduleExportsTo } from "../domain/backupSchedules";
import {
  bucketsOfProject,
  createExportBucket,
  deleteExportBucket,
  findExportBucket,
  renderExportBucket,
} from "../domain/exportBuckets";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list, noContent } from "./define";

const bucketPath = (item: JsonObject, groupId: string) =>
  `/groups/${groupId}/backup/exportBuckets/${String(item._id)}`;

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
      return list(bucketsOfProject(state, groupId).map(renderExportBucket), (item) =>
        bucketPath(item, groupId),
      );
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
      const bucket = createExportBucket(state, groupId, req.body, req.version);
      return entity(renderExportBucket(bucket), bucketPath(bucket, groupId));
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
      requireNoScheduleExportsTo(state, bucket);
      deleteExportBucket(state, bucket);
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
      return entity(renderExportBucket(bucket), bucketPath(bucket, groupId));
    },
  }),
];
