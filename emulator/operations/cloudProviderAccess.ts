/**
 * Cloud provider access roles (72-74, plus 74a authorize and 74b deauthorize from docs/spec/operations.md).
 * featureUsages are derived: an export bucket using a role shows as an EXPORT_SNAPSHOT usage.
 */
import { IAM_ROLE_ARN } from "../../api/ids";
import {
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  type OperationResult,
  param,
} from "../core/contract";
import { isoDate } from "../core/dates";
import { apiError } from "../core/errors";
import { mintId, uuidFromId } from "../core/ids";
import { hex24, required, type Schema, str, validateBodyAs } from "../core/validation";
import { type AccessRoleRecord, accessRoleTable } from "../domain/accessRoles";
import { bucketsUsingRole } from "../domain/exportBucket";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, noContent } from "./define";

/** The emulated platform's own AWS account (the role trusts it). */
export const PLATFORM_AWS_ACCOUNT_ARN = "arn:aws:iam::536727724300:root";

function featureUsages(state: EmulatorState, role: AccessRoleRecord): JsonObject[] {
  return bucketsUsingRole(state, role.groupId, role.roleId).map((b) => ({
    featureType: "EXPORT_SNAPSHOT",
    featureId: { groupId: role.groupId, bucketName: b.bucketName },
  }));
}

function render(state: EmulatorState, role: AccessRoleRecord): JsonObject {
  const usages = featureUsages(state, role);
  if (role.providerName === "AZURE") {
    return {
      _id: role.roleId,
      providerName: "AZURE",
      platformAzureAppId: role.platformAzureAppId,
      servicePrincipalId: role.servicePrincipalId,
      tenantId: role.tenantId,
      createdDate: role.createdDate,
      lastUpdatedDate: role.authorizedDate ?? role.createdDate,
      featureUsages: usages,
    };
  }
  const shown: JsonObject = {
    roleId: role.roleId,
    providerName: "AWS",
    platformAWSAccountArn: PLATFORM_AWS_ACCOUNT_ARN,
    platformAssumedRoleExternalId: role.platformAssumedRoleExternalId ?? uuidFromId(role.roleId),
    createdDate: role.createdDate,
    featureUsages: usages,
  };
  if (role.authorizedDate) shown.authorizedDate = role.authorizedDate;
  if (role.iamAssumedRoleArn) shown.iamAssumedRoleArn = role.iamAssumedRoleArn;
  return shown;
}

function shownRole(state: EmulatorState, role: AccessRoleRecord): OperationResult {
  return entity(render(state, role), rolePath(role.groupId, role.roleId));
}

/** The access role the path names (groupId, roleId), or 404. */
function requireRole(state: EmulatorState, req: OperationRequest): AccessRoleRecord {
  const groupId = pathGroupId(state, req);
  const roleId = param(req.params, "roleId");
  const role = accessRoleTable(state)[roleId];
  if (!role || role.groupId !== groupId) {
    throw apiError("CLOUD_PROVIDER_ACCESS_ROLE_NOT_FOUND", [roleId], { args: [roleId, groupId] });
  }
  return role;
}

const createBody: Schema = {
  kind: "tagged",
  tag: "providerName",
  variants: {
    AWS: {},
    AZURE: {
      platformAzureAppId: required(str({ minLength: 1 })),
      servicePrincipalId: required(str({ minLength: 1 })),
      tenantId: required(str({ minLength: 1 })),
    },
  },
};

const authorizeBody: Schema = {
  kind: "tagged",
  tag: "providerName",
  variants: {
    AWS: { iamAssumedRoleArn: required(str({ pattern: IAM_ROLE_ARN.pattern })), roleId: hex24() },
    AZURE: { roleId: hex24() },
  },
};

const rolePath = (groupId: string, roleId: string) => `/groups/${groupId}/cloudProviderAccess/${roleId}`;

export const cloudProviderAccessOperations: OperationDef[] = [
  defineOperation({
    id: "72",
    name: "List cloud provider access roles",
    method: "GET",
    path: "/groups/{groupId}/cloudProviderAccess",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const roles = Object.values(accessRoleTable(state)).filter((r) => r.groupId === groupId);
      return entity(
        {
          awsIamRoles: roles.filter((r) => r.providerName === "AWS").map((r) => render(state, r)),
          azureServicePrincipals: roles
            .filter((r) => r.providerName === "AZURE")
            .map((r) => render(state, r)),
        },
        `/groups/${groupId}/cloudProviderAccess`,
      );
    },
  }),
  defineOperation({
    id: "73",
    name: "Create a cloud provider access role",
    method: "POST",
    path: "/groups/{groupId}/cloudProviderAccess",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const body = validateBodyAs(req.body, createBody);
      const roleId = mintId(state);
      const role: AccessRoleRecord = {
        roleId,
        groupId,
        providerName: body.providerName as string,
        createdDate: isoDate(req.now),
        authorizedDate: null,
        iamAssumedRoleArn: null,
        platformAssumedRoleExternalId: body.providerName === "AWS" ? uuidFromId(roleId) : null,
        platformAzureAppId: (body.platformAzureAppId as string | undefined) ?? null,
        servicePrincipalId: (body.servicePrincipalId as string | undefined) ?? null,
        tenantId: (body.tenantId as string | undefined) ?? null,
      };
      accessRoleTable(state)[roleId] = role;
      return entity(render(state, role), rolePath(groupId, roleId));
    },
  }),
  defineOperation({
    id: "74",
    name: "Get a cloud provider access role",
    method: "GET",
    path: "/groups/{groupId}/cloudProviderAccess/{roleId}",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const role = requireRole(state, req);
      return shownRole(state, role);
    },
  }),
  defineOperation({
    id: "74a",
    name: "Authorize a cloud provider access role",
    method: "PATCH",
    path: "/groups/{groupId}/cloudProviderAccess/{roleId}",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const role = requireRole(state, req);
      const body = validateBodyAs(req.body, authorizeBody);
      if (body.providerName !== role.providerName) {
        throw apiError("INVALID_ATTRIBUTE", ["providerName"], {
          args: ["providerName", `the role is an ${role.providerName} role`],
        });
      }
      role.authorizedDate = isoDate(req.now);
      if (typeof body.iamAssumedRoleArn === "string") role.iamAssumedRoleArn = body.iamAssumedRoleArn;
      return shownRole(state, role);
    },
  }),
  defineOperation({
    id: "74b",
    name: "Deauthorize a cloud provider access role",
    method: "DELETE",
    path: "/groups/{groupId}/cloudProviderAccess/{cloudProvider}/{roleId}",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const role = requireRole(state, req);
      const cloudProvider = param(req.params, "cloudProvider");
      if (cloudProvider !== role.providerName) {
        throw apiError("INVALID_PATH_PARAMETER", ["cloudProvider"], {
          args: ["cloudProvider", `the role is an ${role.providerName} role`],
        });
      }
      if (featureUsages(state, role).length > 0) {
        throw apiError("CLOUD_PROVIDER_ACCESS_ROLE_IN_USE", [role.roleId]);
      }
      delete accessRoleTable(state)[role.roleId];
      return noContent();
    },
  }),
];
