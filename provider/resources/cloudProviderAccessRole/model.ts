/** CloudProviderAccessRole: the live view and the outputs. */
import type { CloudProviderAccessRole as ApiRole } from "../../client/cloudProviderAccess";
import { formatId } from "../../framework/ids";
import type { CloudProviderAccessRoleInputs } from "./schema";

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
