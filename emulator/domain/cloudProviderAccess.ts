/**
 * Cloud provider access roles (AWS IAM roles and Azure service principals): the record, the table
 * and lookups, the view (its featureUsages are what other nouns report using the role: export buckets,
 * emulator/domain/exportBuckets.ts), the create and authorize bodies, and which roles the platform may
 * use. Served by operations 72-74, 74a (authorize) and 74b (deauthorize).
 */
import { IAM_ROLE_ARN } from "../../api/ids";
import {
  type EmulatorState,
  type Json,
  type JsonObject,
  type OperationRequest,
  param,
} from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId, uuidFromId } from "../core/ids";
import { hex24, required, type Schema, str, validateBodyAs } from "../core/validation";
import { pathGroupId } from "./projects";

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

/** The emulated platform's own AWS account (the role trusts it). */
export const PLATFORM_AWS_ACCOUNT_ARN = "arn:aws:iam::536727724300:root";

/** A role as the API shows it, with the feature usages other nouns report for it. */
export function renderAccessRole(role: AccessRoleRecord, usages: JsonObject[]): JsonObject {
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

/** The access role the path names (groupId, roleId), or 404. */
export function requireRole(state: EmulatorState, req: OperationRequest): AccessRoleRecord {
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

/** Creates a role from a create body (73): AWS (authorized later, 74a) or AZURE. */
export function createAccessRole(
  state: EmulatorState,
  groupId: string,
  body: Json | undefined,
  nowMs: number,
): AccessRoleRecord {
  const valid = validateBodyAs(body, createBody);
  const roleId = mintId(state);
  const role: AccessRoleRecord = {
    roleId,
    groupId,
    providerName: valid.providerName as string,
    createdDate: isoDate(nowMs),
    authorizedDate: null,
    iamAssumedRoleArn: null,
    platformAssumedRoleExternalId: valid.providerName === "AWS" ? uuidFromId(roleId) : null,
    platformAzureAppId: (valid.platformAzureAppId as string | undefined) ?? null,
    servicePrincipalId: (valid.servicePrincipalId as string | undefined) ?? null,
    tenantId: (valid.tenantId as string | undefined) ?? null,
  };
  accessRoleTable(state)[roleId] = role;
  return role;
}

/** Authorizes a role (74a): the body names the role's own provider and, for AWS, the role ARN. */
export function authorizeAccessRole(role: AccessRoleRecord, body: Json | undefined, nowMs: number): void {
  const valid = validateBodyAs(body, authorizeBody);
  if (valid.providerName !== role.providerName) {
    throw apiError("INVALID_ATTRIBUTE", ["providerName"], {
      args: ["providerName", `the role is an ${role.providerName} role`],
    });
  }
  role.authorizedDate = isoDate(nowMs);
  if (typeof valid.iamAssumedRoleArn === "string") role.iamAssumedRoleArn = valid.iamAssumedRoleArn;
}

/** Deauthorizing (74b) names the role's provider in the path; another provider is refused. */
export function requireProviderSegment(role: AccessRoleRecord, cloudProvider: string): void {
  if (cloudProvider !== role.providerName) {
    throw apiError("INVALID_PATH_PARAMETER", ["cloudProvider"], {
      args: ["cloudProvider", `the role is an ${role.providerName} role`],
    });
  }
}

export function deleteAccessRole(state: EmulatorState, role: AccessRoleRecord): void {
  delete accessRoleTable(state)[role.roleId];
}
