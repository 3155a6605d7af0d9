/**
 * Inputs of the CustomDns resource: the project's custom DNS setting for AWS clusters (operations
 * 35-36), a singleton that always exists.
 */
import { z } from "zod";
import { importIdSchema, refineProjectImportId } from "../../framework/adoption";
import { PROJECT_SINGLETON_ID_PARTS } from "../../framework/singleton";
import { idPartSchema } from "../../framework/validation";

/** The service's default, which `delete` restores. */
export const CUSTOM_DNS_DEFAULTS = { enabled: false } as const;

export const customDnsInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    /** Required: the API requires it on every update, and a resource that does not say is meaningless. */
    enabled: z.boolean(),
    /** Adoption, `<groupId>`: the setting always exists, so create adopts it with or without this. */
    importId: importIdSchema(PROJECT_SINGLETON_ID_PARTS).optional(),
  })
  // The id is the project: importId, when given, must name the same one.
  .superRefine(refineProjectImportId);

export type CustomDnsInputs = z.output<typeof customDnsInputsSchema>;
