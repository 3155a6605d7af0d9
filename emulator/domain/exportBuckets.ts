/**
 * Snapshot export buckets: the record, the table and lookup, the view (the contract's variant for the
 * bucket's provider), the create bodies of each version, and what buckets tell other nouns: which use
 * a cloud provider access role (the role's featureUsages; a role in use cannot be deauthorized). A
 * bucket needs a usable access role of its project (emulator/domain/cloudProviderAccess.ts); backup
 * schedules that export to a bucket keep it from being deleted (emulator/domain/backupSchedules.ts).
 * Served by operations 37-40; there is no update.
 */

import type { EmulatorState, Json, JsonObject } from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { table } from "../core/entities";
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
import { type AccessRoleRecord, usableRole } from "./cloudProviderAccess";

export interface ExportBucketRecord extends JsonObject {
  _id: string;
  groupId: string;
  bucketName: string;
  cloudProvider: string;
  /** The cloud provider access role: `iamRoleId` (AWS) or `roleId` (AZURE, GCP) in the API. */
  iamRoleId: string;
  /** AZURE: the storage account's service URL and the role's tenant; AWS: private networking. */
  serviceUrl: string | null;
  tenantId: string | null;
  requirePrivateNetworking: boolean | null;
}

export function exportBucketTable(state: EmulatorState): Record<string, ExportBucketRecord> {
  return table<ExportBucketRecord>(state, "exportBuckets");
}

export function findExportBucket(state: EmulatorState, groupId: string, id: string): ExportBucketRecord {
  const bucket = exportBucketTable(state)[id];
  if (!bucket || bucket.groupId !== groupId) {
    throw apiError("EXPORT_BUCKET_NOT_FOUND", [id], { args: [id, groupId] });
  }
  return bucket;
}

export function bucketsOfProject(state: EmulatorState, groupId: string): ExportBucketRecord[] {
  return Object.values(exportBucketTable(state)).filter((b) => b.groupId === groupId);
}

/** The contract's response variant for the bucket's provider (DiskBackupSnapshot<P>ExportBucketResponse). */
export function renderExportBucket(bucket: ExportBucketRecord): JsonObject {
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
  // An AWS bucket shows requirePrivateNetworking false when the create left it out, as the service
  // does (docs/api-choices.md, "Export bucket private networking").
  return {
    ...common,
    iamRoleId: bucket.iamRoleId,
    requirePrivateNetworking: bucket.requirePrivateNetworking ?? false,
  };
}

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

/** Creates a bucket from a create body of the served version (38): the access role must be a usable
 * role of the project for the bucket's provider, and the name unique in the project. */
export function createExportBucket(
  state: EmulatorState,
  groupId: string,
  body: Json | undefined,
  version: string,
): ExportBucketRecord {
  const valid = validateBodyAs(body, version === VERSION_2023_01_01 ? createBody20230101 : createBody);
  const cloudProvider = valid.cloudProvider as string;
  const iamRoleId = (cloudProvider === "AWS" ? valid.iamRoleId : valid.roleId) as string;
  const role = usableRole(state, groupId, iamRoleId, cloudProvider);
  if (!role) {
    throw apiError("CANNOT_ASSUME_ROLE", [iamRoleId], { args: [iamRoleId, cloudProvider, groupId] });
  }
  const serviceUrl = (valid.serviceUrl as string | undefined) ?? null;
  const bucketName = (valid.bucketName as string | undefined) ?? azureContainer(serviceUrl ?? "");
  if (bucketsOfProject(state, groupId).some((b) => b.bucketName === bucketName)) {
    throw apiError("EXPORT_BUCKET_ALREADY_EXISTS", [bucketName], { args: [bucketName, groupId] });
  }
  const bucket: ExportBucketRecord = {
    _id: mintId(state),
    groupId,
    bucketName,
    cloudProvider,
    iamRoleId,
    serviceUrl,
    tenantId: cloudProvider === "AZURE" ? ((valid.tenantId as string | undefined) ?? role.tenantId) : null,
    requirePrivateNetworking: (valid.requirePrivateNetworking as boolean | undefined) ?? null,
  };
  exportBucketTable(state)[bucket._id] = bucket;
  return bucket;
}

export function deleteExportBucket(state: EmulatorState, bucket: ExportBucketRecord): void {
  delete exportBucketTable(state)[bucket._id];
}

/** The export buckets of a project that use a cloud provider access role (the role's feature usages;
 * a role in use cannot be deauthorized). */
function bucketsUsingRole(state: EmulatorState, groupId: string, roleId: string): ExportBucketRecord[] {
  return Object.values(exportBucketTable(state)).filter(
    (b) => b.groupId === groupId && b.iamRoleId === roleId,
  );
}

/** A role's feature usages as the API shows them: one EXPORT_SNAPSHOT usage per bucket using it. */
export function roleFeatureUsages(state: EmulatorState, role: AccessRoleRecord): JsonObject[] {
  return bucketsUsingRole(state, role.groupId, role.roleId).map((b) => ({
    featureType: "EXPORT_SNAPSHOT",
    featureId: { groupId: role.groupId, bucketName: b.bucketName },
  }));
}

/** A role export buckets use cannot be deauthorized (74b). */
export function requireRoleUnused(state: EmulatorState, role: AccessRoleRecord): void {
  if (roleFeatureUsages(state, role).length > 0) {
    throw apiError("CLOUD_PROVIDER_ACCESS_ROLE_IN_USE", [role.roleId]);
  }
}
