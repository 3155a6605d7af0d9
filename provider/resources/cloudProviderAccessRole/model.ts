/** CloudProviderAccessRole: the classification, the live view and the outputs. */
import type { CloudProviderAccessRole as ApiRole } from "../../client/cloudProviderAccess";
import { type Classification, storedInputs } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import type { CloudProviderAccessRoleInputs } from "./schema";

/**
 * The project locates the role (replace). A new `iamAssumedRoleArn` authorizes the role again in place;
 * removing it replaces the role, since the API's only way to withdraw an authorization deletes the role
 * (the provider's diff adds that case, see provider.ts).
 */
export const CLOUD_PROVIDER_ACCESS_ROLE_CLASSIFICATION: Classification = {
  groupId: "replace",
  iamAssumedRoleArn: "update",
  // Only how long authorization retries and delete waits change: an update with no API call.
  timeouts: "update",
  importId: "ignore-drift",
  roleId: "output",
  platformAwsAccountArn: "output",
  platformAssumedRoleExternalId: "output",
  authorizedDate: "output",
  createdDate: "output",
};

/** The live view of a role. */
export interface LiveAccessRole {
  roleId: string;
  platformAwsAccountArn: string | undefined;
  platformAssumedRoleExternalId: string | undefined;
  iamAssumedRoleArn: string | undefined;
  authorizedDate: string | undefined;
  createdDate: string | undefined;
}

export function fromApi(role: ApiRole, roleId: string): LiveAccessRole {
  return {
    roleId: role.roleId ?? roleId,
    platformAwsAccountArn: role.platformAWSAccountArn,
    platformAssumedRoleExternalId: role.platformAssumedRoleExternalId,
    iamAssumedRoleArn: role.iamAssumedRoleArn,
    authorizedDate: role.authorizedDate,
    createdDate: role.createdDate,
  };
}

export interface CloudProviderAccessRoleOutputs extends CloudProviderAccessRoleInputs {
  roleId: string;
  platformAwsAccountArn: string | undefined;
  platformAssumedRoleExternalId: string | undefined;
  authorizedDate: string | undefined;
  createdDate: string | undefined;
}

export function toOutputs(
  inputs: CloudProviderAccessRoleInputs,
  live: LiveAccessRole,
): CloudProviderAccessRoleOutputs {
  return {
    ...inputs,
    roleId: live.roleId,
    platformAwsAccountArn: live.platformAwsAccountArn,
    platformAssumedRoleExternalId: live.platformAssumedRoleExternalId,
    authorizedDate: live.authorizedDate,
    createdDate: live.createdDate,
  };
}

/** The inputs as the service has them (read): the live ARN, the rest as before. */
export function inputsFromLive(
  previous: CloudProviderAccessRoleInputs,
  live: LiveAccessRole,
  groupId: string,
): CloudProviderAccessRoleInputs {
  const { iamAssumedRoleArn: _previousArn, ...rest } = previous;
  return {
    ...rest,
    groupId,
    ...(live.iamAssumedRoleArn === undefined ? {} : { iamAssumedRoleArn: live.iamAssumedRoleArn }),
  };
}

/** The id: `<groupId>/<roleId>`. */
export function accessRoleId(groupId: string, roleId: string): string {
  return formatId([groupId, roleId]);
}

export function describeAccessRole(groupId: string, roleId?: string): string {
  return roleId === undefined
    ? `AWS access role of project ${groupId}`
    : `AWS access role ${roleId} of project ${groupId}`;
}

/** The inputs part of stored outputs. */
export function previousInputs(props: Record<string, unknown>): CloudProviderAccessRoleInputs {
  return storedInputs(props, CLOUD_PROVIDER_ACCESS_ROLE_CLASSIFICATION);
}
