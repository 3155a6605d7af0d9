/**
 * Project-level settings, each existing for every project with the service's defaults until changed:
 * auditing (its filter and the derived configurationType), custom DNS for AWS, and private IP
 * (Peering-Only) mode. Auditing needs a cluster tier that supports it; Peering-Only mode can be turned
 * off only when every cluster runs a recent enough version. Served by operations 33-36 and, on the
 * legacy root, 77.
 */
import {
  type AuditConfigurationType,
  dbVersionAtLeast,
  PEERING_ONLY_OFF_MIN_DB_VERSION,
} from "../../api/vocabulary";
import type { EmulatorState, Json, JsonObject } from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { bool, custom, invalidAttribute, readOnly, required, str, validateBody } from "../core/validation";
import { clustersOfProject, isServerless, isSharedTier } from "./clusters";

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

/** The project's auditing configuration, off with the default filter until changed. */
export function auditingOf(state: EmulatorState, groupId: string): AuditingRecord {
  const records = table<AuditingRecord>(state, "auditing");
  records[groupId] ??= {
    enabled: false,
    auditAuthorizationSuccess: false,
    auditFilter: DEFAULT_AUDIT_FILTER,
  };
  return records[groupId];
}

export function renderAuditing(record: AuditingRecord): JsonObject {
  return { ...record, configurationType: auditConfigurationType(record) };
}

/** The project's custom DNS for AWS, off until changed. */
export function customDnsOf(state: EmulatorState, groupId: string): { enabled: boolean } & JsonObject {
  const records = table<{ enabled: boolean } & JsonObject>(state, "customDns");
  records[groupId] ??= { enabled: false };
  return records[groupId];
}

/**
 * Applies an auditing PATCH (34; only the fields to change). Auditing is project-wide but unavailable
 * on M0/M2/M5 and serverless: enabling it is refused when the project has clusters and none of them
 * supports it.
 */
export function updateAuditing(
  state: EmulatorState,
  groupId: string,
  body: Json | undefined,
): AuditingRecord {
  const valid = validateBody(
    body,
    {
      enabled: bool(),
      auditAuthorizationSuccess: bool(),
      auditFilter: auditFilterSchema,
      configurationType: readOnly(str()),
    },
    { partial: true },
  );
  const clusters = clustersOfProject(state, groupId);
  if (
    valid.enabled === true &&
    clusters.length > 0 &&
    clusters.every((c) => isSharedTier(c) || isServerless(c))
  ) {
    throw apiError("AUDITING_NOT_SUPPORTED_FOR_TIER", [groupId]);
  }
  const record = auditingOf(state, groupId);
  Object.assign(record, valid);
  return record;
}

/** Turns custom DNS on or off (36): the body is `{enabled}`. */
export function updateCustomDns(
  state: EmulatorState,
  groupId: string,
  body: Json | undefined,
): { enabled: boolean } & JsonObject {
  const valid = validateBody(body, { enabled: required(bool()) });
  const record = customDnsOf(state, groupId);
  record.enabled = valid.enabled as boolean;
  return record;
}

/** The project's private IP (Peering-Only) mode, off until changed. */
export function privateIpModeOf(state: EmulatorState, groupId: string): { enabled: boolean } & JsonObject {
  const records = table<{ enabled: boolean } & JsonObject>(state, "privateIpMode");
  records[groupId] ??= { enabled: false };
  return records[groupId];
}

/** Turns Peering-Only mode on or off (77): off only when every cluster of the project runs
 * PEERING_ONLY_OFF_MIN_DB_VERSION or later. */
export function updatePrivateIpMode(
  state: EmulatorState,
  groupId: string,
  body: Json | undefined,
): { enabled: boolean } & JsonObject {
  const valid = validateBody(body, { enabled: required(bool()) });
  if (valid.enabled === false) {
    const older = clustersOfProject(state, groupId).filter(
      (c) => !dbVersionAtLeast(c.dbVersion, PEERING_ONLY_OFF_MIN_DB_VERSION),
    );
    if (older.length > 0) {
      throw apiError(
        "CANNOT_UPDATE_PRIVATE_IP_MODE",
        older.map((c) => c.name),
        {
          args: [
            `Peering-Only mode can be turned off only when every cluster runs ${PEERING_ONLY_OFF_MIN_DB_VERSION} or later; older: ${older.map((c) => c.name).join(", ")}`,
          ],
        },
      );
    }
  }
  const record = privateIpModeOf(state, groupId);
  record.enabled = valid.enabled as boolean;
  return record;
}
