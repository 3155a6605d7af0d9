/**
 * Inputs of the PrivateIpMode resource: the project's Peering-Only (private IP) mode, the legacy
 * v1.0 operation 77 (docs/spec/api-spec.md, Legacy operations), a per-project setting that always exists.
 */
import { z } from "zod";
import { importIdSchema, refineProjectImportId } from "../../framework/adoption";
import { PROJECT_SINGLETON_ID_PARTS } from "../../framework/singleton";
import { idPartSchema } from "../../framework/validation";

export const privateIpModeInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    /** True: Peering-Only mode on. Required: the operation's body has it and nothing else. */
    enabled: z.boolean(),
    /** Adoption, `<groupId>`: the setting always exists, so create adopts it with or without this. */
    importId: importIdSchema(PROJECT_SINGLETON_ID_PARTS).optional(),
  })
  // The id is the project: importId, when given, must name the same one.
  .superRefine(refineProjectImportId);

export type PrivateIpModeInputs = z.output<typeof privateIpModeInputsSchema>;
