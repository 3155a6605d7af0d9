/**
 * Project-level singletons: auditing (33, 34) and custom DNS for AWS (35, 36). Both exist for every
 * project with the service's defaults until changed.
 */

import type { AuditConfigurationType } from "../../api/vocabulary";
import type { EmulatorState, JsonObject, OperationDef } from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { bool, custom, invalidAttribute, readOnly, required, str, validateBody } from "../core/validation";
import { clustersOfProject, isServerless, isSharedTier } from "../domain/clusters";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity } from "./define";

export const DEFAULT_AUDIT_FILTER = "{}";

export interface AuditingRecord extends JsonObject {
  enabled: boolean;
  auditAuthorizationSuccess: boolean;
  auditFilter: string;
}

const auditFilterSchema = custom((value, path) => {
  if (typeof value !== "string") invalidAttribute(path, "expected a string holding a JSON document");
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    invalidAttribute(path, "not a valid JSON document");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    invalidAttribute(path, "expected a JSON object");
});

/**
 * configurationType is derived: NONE while auditing is off; FILTER_JSON when a filter other than the
 * empty default is set; FILTER_BUILDER when auditing is on with the default filter (the web
 * interface's filter builder starts from it).
 */
export function auditConfigurationType(record: AuditingRecord): AuditConfigurationType {
  if (!record.enabled) return "NONE";
  return record.auditFilter.trim() === DEFAULT_AUDIT_FILTER ? "FILTER_BUILDER" : "FILTER_JSON";
}

function auditingOf(state: EmulatorState, groupId: string): AuditingRecord {
  const records = table<AuditingRecord>(state, "auditing");
  records[groupId] ??= {
    enabled: false,
    auditAuthorizationSuccess: false,
    auditFilter: DEFAULT_AUDIT_FILTER,
  };
  return records[groupId];
}

function renderAuditing(record: AuditingRecord): JsonObject {
  return { ...record, configurationType: auditConfigurationType(record) };
}

function customDnsOf(state: EmulatorState, groupId: string): { enabled: boolean } & JsonObject {
  const records = table<{ enabled: boolean } & JsonObject>(state, "customDns");
  records[groupId] ??= { enabled: false };
  return records[groupId];
}

export const projectSettingOperations: OperationDef[] = [
  defineOperation({
    id: "33",
    name: "Get the auditing configuration",
    method: "GET",
    path: "/groups/{groupId}/auditLog",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return entity(renderAuditing(auditingOf(state, groupId)), `/groups/${groupId}/auditLog`);
    },
  }),
  defineOperation({
    id: "34",
    name: "Update the auditing configuration",
    method: "PATCH",
    path: "/groups/{groupId}/auditLog",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const body = validateBody(
        req.body,
        {
          enabled: bool(),
          auditAuthorizationSuccess: bool(),
          auditFilter: auditFilterSchema,
          configurationType: readOnly(str()),
        },
        { partial: true },
      );
      // Auditing is project-wide but unavailable on M0/M2/M5 and serverless: enabling it is refused
      // when the project has clusters and none of them supports it.
      const clusters = clustersOfProject(state, groupId);
      if (
        body.enabled === true &&
        clusters.length > 0 &&
        clusters.every((c) => isSharedTier(c) || isServerless(c))
      ) {
        throw apiError("AUDITING_NOT_SUPPORTED_FOR_TIER", [groupId]);
      }
      const record = auditingOf(state, groupId);
      Object.assign(record, body);
      return entity(renderAuditing(record), `/groups/${groupId}/auditLog`);
    },
  }),
  defineOperation({
    id: "35",
    name: "Get the custom DNS configuration",
    method: "GET",
    path: "/groups/{groupId}/awsCustomDNS",
    roles: ["GROUP_READ_ONLY"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return entity({ ...customDnsOf(state, groupId) }, `/groups/${groupId}/awsCustomDNS`);
    },
  }),
  defineOperation({
    id: "36",
    name: "Update the custom DNS configuration",
    method: "PATCH",
    path: "/groups/{groupId}/awsCustomDNS",
    roles: ["GROUP_PLATFORM_ADMIN"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const body = validateBody(req.body, { enabled: required(bool()) });
      const record = customDnsOf(state, groupId);
      record.enabled = body.enabled as boolean;
      return entity({ ...record }, `/groups/${groupId}/awsCustomDNS`);
    },
  }),
];
