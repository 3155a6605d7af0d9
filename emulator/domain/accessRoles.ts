/**
 * Cloud provider access roles as the other nouns see them: an export bucket needs an authorized AWS
 * role of its project.
 */
import type { EmulatorState, JsonObject } from "../core/contract";
import { table } from "../core/entities";

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

/** A role of the project for the provider that the platform may use, or undefined: AWS roles once
 * authorized (74a); AZURE and GCP roles as they are (created authorized; GCP roles come only from the
 * seed, as operations 72-74 create AWS and AZURE roles). */
export function usableRole(
  state: EmulatorState,
  groupId: string,
  roleId: string,
  providerName: string,
): AccessRoleRecord | undefined {
  const role = accessRoleTable(state)[roleId];
  if (!role || role.groupId !== groupId || role.providerName !== providerName) return undefined;
  return providerName === "AWS" && !role.authorizedDate ? undefined : role;
}
