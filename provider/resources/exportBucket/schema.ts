/**
 * Inputs of the ExportBucket resource (operations 37-40). The API has no update operation, so every
 * input that reaches the API replaces the bucket when it changes.
 */
import { z } from "zod";
import { parseId } from "../../framework/ids";
import { timeoutsSchema } from "../../framework/timeouts";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The parts of the id and of importId, in order. */
export const EXPORT_BUCKET_ID_PARTS = ["groupId", "exportBucketId"] as const;

/** Cloud providers whose bucket fields the specification gives. */
export const EXPORT_BUCKET_CLOUD_PROVIDERS = ["AWS"] as const;

export const exportBucketInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    bucketName: z.string().min(3).max(63),
    /** Only AWS: the specification does not give the fields of the other providers. */
    cloudProvider: z.enum(EXPORT_BUCKET_CLOUD_PROVIDERS).default("AWS"),
    /** The authorized cloud provider access role used to reach the bucket (24 hex). */
    iamRoleId: idPartSchema("roleId"),
    /** Adoption of an existing bucket: `<groupId>/<exportBucketId>`. */
    importId: z.string().optional(),
    /** How long delete waits for the bucket to be gone (create and update are immediate). */
    timeouts: timeoutsSchema.optional(),
  })
  .superRefine((inputs, ctx) => {
    if (inputs.importId === undefined || containsUnknown(inputs.importId)) return;
    try {
      const parts = parseId(inputs.importId, EXPORT_BUCKET_ID_PARTS, "importId");
      if (!containsUnknown(inputs.groupId) && parts.groupId !== inputs.groupId) {
        ctx.addIssue({
          code: "custom",
          path: ["importId"],
          message: `importId names project ${parts.groupId} but groupId is ${inputs.groupId}; they must be the same project`,
        });
      }
    } catch (error) {
      ctx.addIssue({ code: "custom", path: ["importId"], message: (error as Error).message });
    }
  });

export type ExportBucketInputs = z.output<typeof exportBucketInputsSchema>;
