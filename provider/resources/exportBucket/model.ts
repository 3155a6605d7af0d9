/**
 * ExportBucket: inputs <-> the create body, the live view, and the outputs. The API has no update
 * operation: every field the API holds replaces the bucket when it changes.
 */
import type { ExportBucket as ApiExportBucket, ExportBucketInput } from "../../client/exportBuckets";
import { formatId } from "../../framework/ids";
import type { ExportBucketInputs } from "./schema";

/** The bucket as the API has it. */
export interface LiveExportBucket {
  exportBucketId: string;
  bucketName: string;
  cloudProvider: string;
  iamRoleId: string | undefined;
  requirePrivateNetworking?: boolean | undefined;
  roleId?: string | undefined;
  serviceUrl?: string | undefined;
}

/** The provider-specific fields, in the order the mismatch messages list them. */
const SPECIFIC_FIELDS = ["iamRoleId", "requirePrivateNetworking", "roleId", "serviceUrl"] as const;

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

/** The create body: the common fields and the ones the provider's variant takes (check left no others). */
export function toBody(inputs: ExportBucketInputs): ExportBucketInput {
  const body: ExportBucketInput = { bucketName: inputs.bucketName, cloudProvider: inputs.cloudProvider };
  for (const field of SPECIFIC_FIELDS) {
    const value = inputs[field];
    if (value !== undefined) (body as unknown as Record<string, unknown>)[field] = value;
  }
  return body;
}

export function fromApi(bucket: ApiExportBucket): LiveExportBucket {
  return {
    exportBucketId: bucket._id,
    bucketName: bucket.bucketName,
    cloudProvider: bucket.cloudProvider,
    iamRoleId: bucket.iamRoleId,
    requirePrivateNetworking: bucket.requirePrivateNetworking,
    roleId: bucket.roleId,
    serviceUrl: bucket.serviceUrl,
  };
}

/** The fields where an existing bucket differs from the inputs (adoption cannot change them). */
export function mismatchedFields(inputs: ExportBucketInputs, live: LiveExportBucket): string[] {
  const fields = ["bucketName", "cloudProvider", ...SPECIFIC_FIELDS] as const;
  return fields
    .filter(
      (field) =>
        live[field] !== undefined &&
        live[field] !==
          (inputs[field] ??
            (field === "bucketName" || field === "cloudProvider" ? undefined : defaultOf(field))),
    )
    .map(
      (field) =>
        `${field} is ${JSON.stringify(live[field])} (the input says ${JSON.stringify(inputs[field])})`,
    );
}

/** What a provider-specific field left out means: requirePrivateNetworking false, the others nothing. */
function defaultOf(field: (typeof SPECIFIC_FIELDS)[number]): unknown {
  return field === "requirePrivateNetworking" ? false : undefined;
}

export function toOutputs(inputs: ExportBucketInputs, live: LiveExportBucket): ExportBucketOutputs {
  const outputs: ExportBucketOutputs = {
    ...inputs,
    bucketName: live.bucketName,
    cloudProvider: live.cloudProvider as ExportBucketInputs["cloudProvider"],
    exportBucketId: live.exportBucketId,
  };
  for (const field of SPECIFIC_FIELDS) {
    const value = live[field];
    // A value the service reports that equals what leaving the field out means (false) is not copied
    // into inputs that left it out: it would show as a change, and a replace, on the next preview.
    if (value === undefined || (inputs[field] === undefined && value === defaultOf(field))) continue;
    (outputs as Record<string, unknown>)[field] = value;
  }
  return outputs;
}

/** The inputs `read` reports: the live fields, the rest as before. */
export function inputsFromLive(previous: ExportBucketInputs, live: LiveExportBucket): ExportBucketInputs {
  const { exportBucketId: _id, ...inputs } = toOutputs(previous, live);
  return inputs;
}
