/**
 * Inputs of the CloudProviderAccessRole resource: an AWS IAM access role of a project (operations
 * 72-74, with 74a authorize and 74b deauthorize of docs/spec/operations.md).
 *
 * The role is set up in two steps that a program usually spreads over two applies: create the role
 * (the platform answers with its AWS account and an external id), create the IAM role in AWS that
 * trusts them, then set `iamAssumedRoleArn` to authorize the platform to assume it.
 */
import { z } from "zod";
import { IAM_ROLE_ARN } from "../../../api/ids";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema } from "../../framework/validation";

export const CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS = ["groupId", "roleId"] as const;

/** The only provider this resource manages (Azure service principals need no authorization step). */
export const ACCESS_ROLE_PROVIDER = "AWS";

export const cloudProviderAccessRoleInputsSchema = z.strictObject({
  groupId: idPartSchema("groupId"),
  /** The IAM role the platform assumes; absent: the role is created but not authorized yet. */
  iamAssumedRoleArn: z.string().regex(IAM_ROLE_ARN.pattern, IAM_ROLE_ARN.rule).optional(),
  importId: importIdSchema(CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});

export type CloudProviderAccessRoleInputs = z.output<typeof cloudProviderAccessRoleInputsSchema>;
