/**
 * Inputs of the CustomDns resource: the project's custom DNS setting for AWS clusters (operations
 * 35-36), a singleton that always exists.
 */
import { z } from "zod";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/** The service's default, which `delete` restores. */
export const CUSTOM_DNS_DEFAULTS = { enabled: false } as const;

export const customDnsInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    /** Required: the API requires it on every update, and a resource that does not say is meaningless. */
    enabled: z.boolean(),
    /** Adoption, `<groupId>`: the setting always exists, so create adopts it with or without this. */
    importId: z.string().optional(),
  })
  .superRefine((inputs, ctx) => {
    if (inputs.importId === undefined || containsUnknown(inputs.importId) || containsUnknown(inputs.groupId))
      return;
    if (inputs.importId !== inputs.groupId) {
      ctx.addIssue({
        code: "custom",
        path: ["importId"],
        message: `importId must be <groupId>, the same project as groupId (${inputs.groupId}); got ${JSON.stringify(inputs.importId)}`,
      });
    }
  });

export type CustomDnsInputs = z.output<typeof customDnsInputsSchema>;
