/**
 * ExportBucket: inputs <-> the create body, the outputs, and the field classification. The API has
 * no update operation: every field the API holds replaces the bucket when it changes.
 */
import type { ExportBucket as ApiExportBucket, ExportBucketInput } from "../../client/exportBuckets";
import { type Classification, storedInputs } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import type { ExportBucketInputs } from "./schema";

/**
 * Every API field replaces. Bucket names are unique within a project, so a replace that keeps the
 * name (a new role or provider) must delete the old bucket first; a rename can create the new one
 * first.
 */
export const EXPORT_BUCKET_CLASSIFICATION: Classification = {
  groupId: "replace",
  bucketName: "replace",
  cloudProvider: { effect: "replace", deleteBeforeReplace: true },
  iamRoleId: { effect: "replace", deleteBeforeReplace: true },
  // Only how long delete waits: stored by an update that calls no API.
  timeouts: "update",
  importId: "ignore-drift",
  exportBucketId: "output",
};

/** The bucket as the API has it. */
export interface LiveExportBucket {
  exportBucketId: string;
  bucketName: string;
  cloudProvider: string;
  iamRoleId: string | undefined;
}

export type ExportBucketOutputs = ExportBucketInputs & {
  /** The bucket's id (the API's `_id`), for a backup schedule's export.exportBucketId. */
  exportBucketId: string;
};

/** The id: `<groupId>/<exportBucketId>`. */
export function exportBucketId(groupId: string, bucketId: string): string {
  return formatId([groupId, bucketId]);
}

export function describeBucket(inputs: { groupId: string; bucketName: string }): string {
  return `export bucket ${inputs.bucketName} in project ${inputs.groupId}`;
}

export function toBody(inputs: ExportBucketInputs): ExportBucketInput {
  return { bucketName: inputs.bucketName, cloudProvider: inputs.cloudProvider, iamRoleId: inputs.iamRoleId };
}

export function fromApi(bucket: ApiExportBucket): LiveExportBucket {
  return {
    exportBucketId: bucket._id,
    bucketName: bucket.bucketName,
    cloudProvider: bucket.cloudProvider,
    iamRoleId: bucket.iamRoleId,
  };
}

/** The fields where an existing bucket differs from the inputs (adoption cannot change them). */
export function mismatchedFields(inputs: ExportBucketInputs, live: LiveExportBucket): string[] {
  const fields = ["bucketName", "cloudProvider", "iamRoleId"] as const;
  return fields
    .filter((field) => live[field] !== undefined && live[field] !== inputs[field])
    .map(
      (field) =>
        `${field} is ${JSON.stringify(live[field])} (the input says ${JSON.stringify(inputs[field])})`,
    );
}

export function toOutputs(inputs: ExportBucketInputs, live: LiveExportBucket): ExportBucketOutputs {
  return {
    ...inputs,
    bucketName: live.bucketName,
    cloudProvider: live.cloudProvider as ExportBucketInputs["cloudProvider"],
    iamRoleId: live.iamRoleId ?? inputs.iamRoleId,
    exportBucketId: live.exportBucketId,
  };
}

/** The inputs as last applied, from the stored outputs. */
export function previousInputs(props: Record<string, unknown>): ExportBucketInputs {
  return storedInputs(props, EXPORT_BUCKET_CLASSIFICATION);
}

/** The inputs `read` reports: the live fields, the rest as before. */
export function inputsFromLive(previous: ExportBucketInputs, live: LiveExportBucket): ExportBucketInputs {
  const { exportBucketId: _id, ...inputs } = toOutputs(previous, live);
  return inputs;
}
