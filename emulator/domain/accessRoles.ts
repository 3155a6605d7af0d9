/**
 * Cloud provider access roles as the other nouns see them: an export bucket needs an authorized AWS
 * role of its project.
 */
import type { EmulatorState, JsonObject } from "../core/contract";
import { table } from "./context";

export interface AccessRoleRecord extends JsonObject {
  roleId: string;
  groupId: string;
  providerName: string;
  createdDate: string;
  /** AWS: set by authorize (74a); a role is usable (e.g. by export buckets) only once authorized. */
  authorizedDate: string | null;
  iamAssumedRoleArn: string | null;
  platformAssumedRoleExternalId: string | null;
  /** AZURE only. */
  platformAzureAppId: string | null;
  servicePrincipalId: string | null;
  tenantId: string | null;
}

export function accessRoleTable(state: EmulatorState): Record<string, AccessRoleRecord> {
  return table<AccessRoleRecord>(state, "cloudProviderAccess");
}

/** An AWS role of the project that has been authorized, or undefined. */
export function authorizedAwsRole(
  state: EmulatorState,
  groupId: string,
  roleId: string,
): AccessRoleRecord | undefined {
  const role = accessRoleTable(state)[roleId];
  return role && role.groupId === groupId && role.providerName === "AWS" && role.authorizedDate
    ? role
    : undefined;
}
