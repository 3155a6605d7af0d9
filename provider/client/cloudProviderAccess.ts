/** Cloud provider access roles (operations 72-74, and 74a authorize, 74b deauthorize). */
import { z } from "zod";
import { apiPath } from "./request";
import { entity, nullAsAbsent } from "./schemas";
import type { Transport } from "./transport";

export const AwsIamRoleSchema = entity({
  providerName: z.string(),
  roleId: z.string().optional(),
  platformAWSAccountArn: z.string().optional(),
  platformAssumedRoleExternalId: z.string().optional(),
  iamAssumedRoleArn: nullAsAbsent(z.string()),
  authorizedDate: nullAsAbsent(z.string()),
  createdDate: z.string().optional(),
  featureUsages: z.array(z.looseObject({})).optional(),
});
export const AzureServicePrincipalSchema = entity({
  providerName: z.string(),
  _id: z.string().optional(),
  platformAzureAppId: z.string().optional(),
  servicePrincipalId: z.string().optional(),
  tenantId: z.string().optional(),
});
/** One role as returned by get/create/authorize: AWS or Azure fields. */
export const CloudProviderAccessRoleSchema = AwsIamRoleSchema.extend(AzureServicePrincipalSchema.shape);
export type CloudProviderAccessRole = z.infer<typeof CloudProviderAccessRoleSchema>;
export const CloudProviderAccessSchema = entity({
  awsIamRoles: z.array(AwsIamRoleSchema).optional(),
  azureServicePrincipals: z.array(AzureServicePrincipalSchema).optional(),
});

export interface AuthorizeRoleInput {
  providerName: string;
  /** AWS: the IAM role the platform assumes. */
  iamAssumedRoleArn?: string;
  /** Azure fields. */
  platformAzureAppId?: string;
  servicePrincipalId?: string;
  tenantId?: string;
}

export function cloudProviderAccessApi(t: Transport) {
  const path = (groupId: string) => apiPath`/groups/${groupId}/cloudProviderAccess`;
  const role = CloudProviderAccessRoleSchema;
  return {
    /** 72 */
    list: (groupId: string) =>
      t.call(
        { id: "72", operation: "Listing cloud provider access roles", method: "GET", path: path(groupId) },
        CloudProviderAccessSchema,
      ),
    /** 73 */
    create: (groupId: string, body: { providerName: string }) =>
      t.call(
        {
          id: "73",
          operation: "Creating cloud provider access role",
          method: "POST",
          path: path(groupId),
          body,
        },
        role,
      ),
    /** 74 */
    get: (groupId: string, roleId: string) =>
      t.call(
        {
          id: "74",
          operation: "Reading cloud provider access role",
          method: "GET",
          path: `${path(groupId)}${apiPath`/${roleId}`}`,
        },
        role,
      ),
    /** 74a: authorize the role (not in the spec). */
    authorize: (groupId: string, roleId: string, body: AuthorizeRoleInput) =>
      t.call(
        {
          id: "74a",
          operation: "Authorizing cloud provider access role",
          method: "PATCH",
          path: `${path(groupId)}${apiPath`/${roleId}`}`,
          body,
        },
        role,
      ),
    /** 74b: deauthorize the role (not in the spec). */
    deauthorize: (groupId: string, cloudProvider: string, roleId: string) =>
      t.callVoid({
        id: "74b",
        operation: "Deauthorizing cloud provider access role",
        method: "DELETE",
        path: `${path(groupId)}${apiPath`/${cloudProvider}/${roleId}`}`,
      }),
  };
}
export type CloudProviderAccessApi = ReturnType<typeof cloudProviderAccessApi>;
