/**
 * ExportBucket: a bucket (AWS S3, Azure Blob Storage container, Google Cloud Storage) that cloud
 * backup snapshots are exported to (operations 37-40). See docs/resources/exportBucket.md.
 *
 * The API has no update operation, so every field it holds replaces the bucket; `update` only stores
 * a new `timeouts`. Create and read are immediate (the lifecycle has no states): only delete waits,
 * until reading the bucket answers 404. Delete is refused while a backup schedule auto-exports to the
 * bucket: the error says so. A schedule that uses the bucket's `exportBucketId` output depends on it,
 * so `pulumi destroy` resets that schedule (turning auto export off) before deleting the bucket.
 *
 * Id and importId: `<groupId>/<exportBucketId>`.
 */

import { z } from "zod";
import { collect, hasErrorCode, type PlatformClient } from "../../client";
import { importIdHint, isAlreadyExists, RECOVER_HINT } from "../../framework/adoption";
import { diffInputs } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import { defineResource, exportText, type PropertyRule, type PropertyTable } from "../../framework/resource";
import { type ExportBucketLocation, findExportBucket, lifecycle } from "./lifecycle";
import {
  describeBucket,
  exportBucketId,
  fromApi,
  inputsFromLive,
  type LiveExportBucket,
  mismatchedFields,
  toBody,
  toOutputs,
} from "./model";
import { EXPORT_BUCKET_ID_PARTS, type ExportBucketInputs, exportBucketInputsSchema } from "./schema";

/** A replace that keeps the bucket name: names are unique in a project, so the old bucket goes first. */
const REPLACED_OLD_FIRST: Pick<PropertyRule, "effect" | "deleteBeforeReplace"> = {
  effect: "replace",
  deleteBeforeReplace: true,
};

/**
 * Every API field replaces. Bucket names are unique within a project, so a replace that keeps the
 * name (a new role or provider) must delete the old bucket first; a rename can create the new one
 * first.
 */
export const EXPORT_BUCKET_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it replaces the bucket.",
    rules: "24 hexadecimal digits",
    change: "new bucket created first",
  },
  bucketName: {
    effect: "replace",
    doc: "Name of the bucket (Azure: the container), 3 to 63 characters. Changing it replaces the bucket (the new one is created first).",
    rules: "3..63 characters; unique in the project",
    change: "new bucket created first",
  },
  cloudProvider: {
    ...REPLACED_OLD_FIRST,
    doc: '"AWS" (the default), "AZURE" or "GCP". Changing it replaces the bucket (the old one is deleted first).',
    rules: 'default "AWS"',
  },
  iamRoleId: {
    ...REPLACED_OLD_FIRST,
    doc: "AWS (required there, refused for the others): roleId (24 hexadecimal digits) of an authorized AWS cloud provider access role of the project, used to reach the bucket. Changing it replaces the bucket (the old one is deleted first: names are unique in a project).",
    rules: "AWS: required; 24 hexadecimal digits: the `roleId` of an authorized AWS access role",
  },
  requirePrivateNetworking: {
    ...REPLACED_OLD_FIRST,
    doc: "AWS only: reach the bucket over private networking only. Default false. Changing it replaces the bucket.",
    rules: "AWS only; default false",
  },
  roleId: {
    ...REPLACED_OLD_FIRST,
    doc: "AZURE and GCP (required there): the authorized cloud provider access role (24 hex). Changing it replaces the bucket.",
    rules: "AZURE and GCP: required; 24 hexadecimal digits: an authorized access role of that provider",
  },
  serviceUrl: {
    ...REPLACED_OLD_FIRST,
    doc: "AZURE only (required there): the storage account's https URL, 33 to 2048 characters. Changing it replaces the bucket.",
    rules: "AZURE: required; `https://`, 33..2048 characters (the storage account's blob URL)",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing bucket: `<groupId>/<exportBucketId>`. Its fields must equal the inputs.",
    rules: "`<groupId>/<exportBucketId>` of the same project",
    change: "after adoption",
  },
  // Only how long delete waits: stored by an update that calls no API.
  timeouts: {
    effect: "update",
    doc: "How long delete waits for the bucket to be gone (creating a bucket is immediate, and a bucket is never updated in place: `create` and `update` are accepted but unused).",
    rules: "duration or seconds; `create`/`update` accepted but unused",
    change: "no API call",
  },
  exportBucketId: {
    effect: "output",
    type: z.string(),
    doc: "The bucket's id (the API's `_id`): use it as a CloudBackupSchedule's `export.exportBucketId`.",
  },
};

/** The id of the project's bucket with this name, if any (to suggest importId). */
async function findByName(
  client: PlatformClient,
  groupId: string,
  bucketName: string,
): Promise<string | undefined> {
  try {
    const buckets = await collect(client.exportBuckets.listAll(groupId));
    return buckets.find((bucket) => bucket.bucketName === bucketName)?._id;
  } catch {
    return undefined;
  }
}

/** The bucket a delete acts on, in words: its name as stored (else its id), and the resource id. */
function describeStoredBucket(previous: Partial<ExportBucketInputs>, where: ExportBucketLocation): string {
  const id = exportBucketId(where.groupId, where.exportBucketId);
  return `export bucket ${String(previous.bucketName ?? where.exportBucketId)} (${id})`;
}

export const resource = defineResource<
  ExportBucketInputs,
  ExportBucketLocation,
  LiveExportBucket,
  (typeof EXPORT_BUCKET_ID_PARTS)[number]
>({
  type: "ExportBucket",
  exported: {
    configKey: "exportBuckets",
    scope: "project",
    find: async (client, groupId) =>
      (await collect(client.exportBuckets.listAll(groupId))).map((bucket) =>
        formatId([groupId, exportText(bucket._id)]),
      ),
    resourceName: (args) => `export-bucket-${exportText(args.bucketName)}`,
  },
  summary: "snapshot export bucket",
  example: {
    name: "exports",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      bucketName: "my-snapshot-exports",
      iamRoleId: "5f1a000000000000000000c1",
    },
  },
  description:
    "An AWS S3 bucket, Azure Blob Storage container or Google Cloud Storage bucket that cloud backup snapshots are exported to. The API has no update operation: changing any field replaces the bucket. Delete waits until the bucket is gone.",
  inputs: exportBucketInputsSchema,
  properties: EXPORT_BUCKET_PROPERTIES,
  idParts: EXPORT_BUCKET_ID_PARTS,
  lifecycle,
  docNotes: { timeouts: "create is immediate", replaces: "no update operation" },
  // Before the bucket is known, "export bucket" (an importId naming no bucket says "names no existing
  // export bucket"); then the bucket as stored, as its delete names it.
  describe: (inputs, where) => (where === undefined ? "export bucket" : describeStoredBucket(inputs, where)),
  locate: (parts) => ({ groupId: parts.groupId, exportBucketId: parts.exportBucketId }),
  idOf: (inputs, live) => exportBucketId(inputs.groupId, live.exportBucketId),
  read: ({ client }, where) => lifecycle.read(client, where),

  /** POSTs the bucket; rewords the refusals users can act on. */
  async create({ client }, inputs) {
    const describe = describeBucket(inputs);
    try {
      return fromApi(await client.exportBuckets.create(inputs.groupId, toBody(inputs)));
    } catch (error) {
      if (isAlreadyExists(error, "EXPORT_BUCKET_ALREADY_EXISTS")) {
        const existing = await findByName(client, inputs.groupId, inputs.bucketName);
        const hint = importIdHint(
          existing === undefined ? undefined : exportBucketId(inputs.groupId, existing),
          EXPORT_BUCKET_ID_PARTS,
        );
        throw new Error(`${describe} already exists (${(error as Error).message}); ${hint}; ${RECOVER_HINT}`);
      }
      if (hasErrorCode(error, "CANNOT_ASSUME_ROLE")) {
        throw new Error(
          `${describe} cannot be created: the platform cannot assume iamRoleId ${inputs.iamRoleId} ` +
            `(${(error as Error).message}). iamRoleId must be the roleId of an AWS cloud provider access role ` +
            "of the project that is authorized.",
        );
      }
      throw error;
    }
  },

  /** Nothing of a bucket changes in place: adoption takes one whose fields equal the inputs. */
  async adopt(_context, inputs, live, _where, id) {
    const mismatches = mismatchedFields(inputs, live);
    if (mismatches.length > 0) {
      throw new Error(
        `cannot adopt export bucket ${id} as ${describeBucket(inputs)}: its ${mismatches.join("; its ")}. Export buckets ` +
          "cannot be changed in place: make the inputs match the bucket, or remove importId to create a new one.",
      );
    }
    return live;
  },

  /** Only timeouts can change in place (every API field replaces): no API call. */
  async update(_context, where, inputs, olds) {
    const diff = diffInputs(olds, inputs as Record<string, unknown>, EXPORT_BUCKET_PROPERTIES);
    if (diff.replaces.length > 0) {
      throw new Error(
        `export bucket ${exportBucketId(where.groupId, where.exportBucketId)} cannot be updated in place ` +
          `(${diff.replaces.join(", ")} changed); run pulumi refresh, then pulumi up to replace it`,
      );
    }
    return {
      exportBucketId: where.exportBucketId,
      bucketName: String(olds.bucketName),
      cloudProvider: String(olds.cloudProvider),
      iamRoleId: typeof olds.iamRoleId === "string" ? olds.iamRoleId : undefined,
    };
  },

  async remove({ client }, where, previous) {
    try {
      await client.exportBuckets.delete(where.groupId, where.exportBucketId);
    } catch (error) {
      if (hasErrorCode(error, "EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE")) {
        throw new Error(
          `${describeStoredBucket(previous, where)} cannot be deleted while a backup schedule auto-exports to it (${(error as Error).message}). ` +
            "Disable auto export first (autoExportEnabled: false on the CloudBackupSchedule, pulumi up), or let the " +
            "schedule depend on this bucket (use its exportBucketId output) so pulumi destroys the schedule first.",
        );
      }
      throw error;
    }
  },

  toOutputs,
  inputsFromLive: (previous, live, parts) => inputsFromLive({ ...previous, groupId: parts.groupId }, live),
  findsCreated: { identifies: "its bucket name with that role and settings (the service refuses a second)" },
  findCreated: ({ client }, inputs) => findExportBucket(client, inputs),
});
