/** Backup compliance policy of a project (operations 41-43). */
import { z } from "zod";
import { apiPath } from "./request";
import { AnyObject, entity, type JsonObject, nullAsAbsent } from "./schemas";
import type { Transport } from "./transport";

export const CompliancePolicySchema = entity({
  projectId: z.string().optional(),
  authorizedEmail: z.string().optional(),
  authorizedUserFirstName: z.string().optional(),
  authorizedUserLastName: z.string().optional(),
  copyProtectionEnabled: z.boolean().optional(),
  encryptionAtRestEnabled: z.boolean().optional(),
  pitEnabled: z.boolean().optional(),
  restoreWindowDays: z.number().optional(),
  onDemandPolicyItem: nullAsAbsent(AnyObject),
  scheduledPolicyItems: z.array(AnyObject).optional(),
  deletable: z.boolean().optional(),
  state: z.string().optional(),
  updatedDate: z.string().optional(),
  updatedUser: z.string().optional(),
});
export type CompliancePolicy = z.infer<typeof CompliancePolicySchema>;

export interface CompliancePolicyInput {
  authorizedEmail: string;
  authorizedUserFirstName: string;
  authorizedUserLastName: string;
  copyProtectionEnabled?: boolean;
  encryptionAtRestEnabled?: boolean;
  pitEnabled?: boolean;
  projectId?: string;
  restoreWindowDays?: number;
  onDemandPolicyItem?: JsonObject;
  scheduledPolicyItems?: JsonObject[];
}

export function compliancePolicyApi(t: Transport) {
  const path = (groupId: string) => apiPath`/groups/${groupId}/backupCompliancePolicy`;
  return {
    /** 41: the state moves to DISABLING. */
    disable: (groupId: string) =>
      t.callVoid({
        id: "41",
        operation: "Disabling backup compliance policy",
        method: "DELETE",
        path: path(groupId),
      }),
    /** 42 */
    get: (groupId: string) =>
      t.call(
        { id: "42", operation: "Reading backup compliance policy", method: "GET", path: path(groupId) },
        CompliancePolicySchema,
      ),
    /** 43: `overwriteBackupPolicies` defaults to true on the server. */
    update: (
      groupId: string,
      body: CompliancePolicyInput,
      options: { overwriteBackupPolicies?: boolean } = {},
    ) =>
      t.call(
        {
          id: "43",
          operation: "Updating backup compliance policy",
          method: "PUT",
          path: path(groupId),
          query: { overwriteBackupPolicies: options.overwriteBackupPolicies },
          body,
        },
        CompliancePolicySchema,
      ),
  };
}
export type CompliancePolicyApi = ReturnType<typeof compliancePolicyApi>;
