/**
 * Inputs of the ExportBucket resource (operations 37-40). The API has no update operation, so every
 * input that reaches the API replaces the bucket when it changes.
 */
import { z } from "zod";
import { importIdSchema } from "../../framework/adoption";
import { parseId } from "../../framework/ids";
import { timeoutsSchema } from "../../framework/timeouts";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The parts of the id and of importId, in order. */
export const EXPORT_BUCKET_ID_PARTS = ["groupId", "exportBucketId"] as const;

/** Cloud providers of export buckets (the contract's DiskBackupSnapshotExportBucketRequest variants). */
export const EXPORT_BUCKET_CLOUD_PROVIDERS = ["AWS", "AZURE", "GCP"] as const;
export type ExportBucketCloudProvider = (typeof EXPORT_BUCKET_CLOUD_PROVIDERS)[number];

/** The fields that differ between the providers (bucketName is common to all). */
export const PROVIDER_SPECIFIC_FIELDS = [
  "iamRoleId",
  "requirePrivateNetworking",
  "roleId",
  "serviceUrl",
] as const;
type ProviderSpecificField = (typeof PROVIDER_SPECIFIC_FIELDS)[number];

/**
 * Which provider-specific fields each provider requires and accepts (api/openapi/openapi-v2.yml,
 * DiskBackupSnapshot{AWS,Azure,GCP}ExportBucketRequest). Azure's deprecated `tenantId` is not offered.
 */
export const PROVIDER_FIELDS: Readonly<
  Record<
    ExportBucketCloudProvider,
    { required: readonly ProviderSpecificField[]; optional: readonly ProviderSpecificField[] }
  >
> = {
  AWS: { required: ["iamRoleId"], optional: ["requirePrivateNetworking"] },
  AZURE: { required: ["roleId", "serviceUrl"], optional: [] },
  GCP: { required: ["roleId"], optional: [] },
};

/** Bounds of an Azure `serviceUrl` (the contract's). */
export const SERVICE_URL_LENGTH = { min: 33, max: 2048 } as const;

function providersWith(field: ProviderSpecificField): ExportBucketCloudProvider[] {
  return EXPORT_BUCKET_CLOUD_PROVIDERS.filter(
    (provider) =>
      PROVIDER_FIELDS[provider].required.includes(field) ||
      PROVIDER_FIELDS[provider].optional.includes(field),
  );
}

/** Per-provider rules: the required fields present, other providers' fields absent. Unknown values are not judged. */
function providerIssues(inputs: Record<string, unknown>): Array<{ path: string[]; message: string }> {
  const provider = inputs.cloudProvider;
  if (
    typeof provider !== "string" ||
    !(EXPORT_BUCKET_CLOUD_PROVIDERS as readonly string[]).includes(provider)
  )
    return [];
  const rule = PROVIDER_FIELDS[provider as ExportBucketCloudProvider];
  const issues: Array<{ path: string[]; message: string }> = [];
  for (const field of PROVIDER_SPECIFIC_FIELDS) {
    const given = inputs[field] !== undefined;
    if (rule.required.includes(field) && !given)
      issues.push({ path: [field], message: `${field} is required for ${provider} buckets` });
    if (!rule.required.includes(field) && !rule.optional.includes(field) && given)
      issues.push({
        path: [field],
        message: `${field} is not used by ${provider} buckets (only ${providersWith(field).join(" and ")} buckets have it)`,
      });
  }
  return issues;
}

export const exportBucketInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    // Required for every provider: the contract lets an Azure request leave it out (the service takes
    // the container from serviceUrl), but a name filled in by the service would differ from the inputs
    // and replace the bucket on every update.
    bucketName: z.string().min(3).max(63),
    cloudProvider: z.enum(EXPORT_BUCKET_CLOUD_PROVIDERS).default("AWS"),
    /** AWS: the authorized cloud provider access role used to reach the bucket (24 hex). */
    iamRoleId: idPartSchema("roleId").optional(),
    /** AWS: reach the bucket over private networking only. */
    requirePrivateNetworking: z.boolean().optional(),
    /** AZURE and GCP: the authorized cloud provider access role (24 hex). */
    roleId: idPartSchema("roleId").optional(),
    /** AZURE: the storage account's URL, https, with the container. */
    serviceUrl: z
      .string()
      .min(SERVICE_URL_LENGTH.min)
      .max(SERVICE_URL_LENGTH.max)
      .regex(/^https:\/\/\S+$/, "must be an https:// URL (the storage account's blob URL)")
      .optional(),
    /** Adoption of an existing bucket: `<groupId>/<exportBucketId>`. */
    importId: importIdSchema(EXPORT_BUCKET_ID_PARTS).optional(),
    /** How long delete waits for the bucket to be gone (create and update are immediate). */
    timeouts: timeoutsSchema.optional(),
  })
  .superRefine(
    (inputs, ctx) => {
      // Runs even when another field failed (`when` below), so all failures show at once.
      if (typeof inputs !== "object" || inputs === null) return;
      const raw = inputs as Record<string, unknown>;
      for (const issue of providerIssues(raw)) {
        if (!containsUnknown(raw[issue.path[0] as string])) ctx.addIssue({ code: "custom", ...issue });
      }
    },
    { when: () => true },
  )
  .superRefine((inputs, ctx) => {
    // That importId names the project of the inputs (its format is importIdSchema's).
    if (inputs.importId === undefined || containsUnknown(inputs.importId)) return;
    let parts: Record<(typeof EXPORT_BUCKET_ID_PARTS)[number], string>;
    try {
      parts = parseId(inputs.importId, EXPORT_BUCKET_ID_PARTS, "importId");
    } catch {
      return; // importIdSchema already named the format
    }
    if (!containsUnknown(inputs.groupId) && parts.groupId !== inputs.groupId) {
      ctx.addIssue({
        code: "custom",
        path: ["importId"],
        message: `importId names project ${parts.groupId} but groupId is ${inputs.groupId}; they must be the same project`,
      });
    }
  });

export type ExportBucketInputs = z.output<typeof exportBucketInputsSchema>;
