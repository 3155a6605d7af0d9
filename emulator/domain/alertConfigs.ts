/**
 * Alert configurations: the record (stored in the API's shape with notification credentials in
 * full), the table and lookups, the body of create and replace with its notification kinds and the
 * contract's variants, the defaults the service applies to notifications, and the view every answer
 * goes through, which masks the credentials. Served by operations 3-10; alerts name their
 * configuration (emulator/domain/alerts.ts).
 */
import { variantIssues } from "../../api/alertVariantRules";
import {
  ALERT_SEVERITIES,
  ALERT_VARIANTS,
  METRIC_THRESHOLD_MODES,
  METRIC_THRESHOLD_OPERATORS,
} from "../../api/alertVariants";
import {
  EMAIL_SMS_NOTIFICATION_KINDS,
  INTEGRATION_NOTIFICATION_KINDS,
  MASKED_NOTIFICATION_FIELDS,
  MATCHER_FIELD_NAMES,
  MATCHER_OPERATORS,
  MONITORING_REGIONS,
  NOTIFICATION_INTERVAL_MIN,
  NOTIFICATION_ORG_ROLES,
  NOTIFICATION_REGIONS,
  NOTIFICATION_TYPE_NAMES,
  type NotificationTypeName,
  ON_CALL_NOTIFICATION_KINDS,
  PROJECT_ROLES,
} from "../../api/vocabulary";
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
import { mintId } from "../core/ids";
import { maskSecret } from "../core/masking";
import {
  arr,
  bool,
  hex24,
  int,
  invalidAttribute,
  num,
  type ObjectSchema,
  obj,
  oneOf,
  required,
  type Schema,
  str,
  validateBody,
  withoutPathEchoes,
} from "../core/validation";
import { requireProject } from "./projects";

export interface AlertConfigRecord extends JsonObject {
  id: string;
  groupId: string;
  created: string;
  updated: string;
  enabled: boolean;
  eventTypeName: string;
  matchers: JsonObject[];
  /** Stored with credentials in full. */
  notifications: JsonObject[];
}

export function alertConfigTable(state: EmulatorState): Record<string, AlertConfigRecord> {
  return table<AlertConfigRecord>(state, "alertConfigs");
}

export function requireAlertConfig(
  state: EmulatorState,
  groupId: string,
  alertConfigId: string,
): AlertConfigRecord {
  requireProject(state, groupId);
  const record = alertConfigTable(state)[alertConfigId];
  if (!record || record.groupId !== groupId) {
    throw apiError("ALERT_CONFIG_NOT_FOUND", [alertConfigId], { args: [alertConfigId, groupId] });
  }
  return record;
}

/** The alert configuration the path names (groupId, alertConfigId), or 404. */
export function pathAlertConfig(
  state: EmulatorState,
  req: Pick<OperationRequest, "params">,
): AlertConfigRecord {
  return requireAlertConfig(state, param(req.params, "groupId"), param(req.params, "alertConfigId"));
}

export function configsOfProject(state: EmulatorState, groupId: string): AlertConfigRecord[] {
  return Object.values(alertConfigTable(state)).filter((c) => c.groupId === groupId);
}

// Bodies and notifications -------------------------------------------------------------------------

function isKindOf(kinds: readonly NotificationTypeName[], kind: NotificationTypeName): boolean {
  return kinds.includes(kind);
}

const commonFields: ObjectSchema = {
  delayMin: int({ min: 0 }),
  intervalMin: int({ min: NOTIFICATION_INTERVAL_MIN.min }),
  notifierId: hex24(),
};
const emailSmsFields: ObjectSchema = { emailEnabled: bool(), smsEnabled: bool() };

/** The rules of each kind's own fields (names: the vocabulary's NOTIFICATION_KIND_FIELDS). */
const KIND_FIELDS: Record<NotificationTypeName, ObjectSchema> = {
  MONITORING: {
    monitoringApiKey: required(str({ minLength: 1 })),
    monitoringRegion: required(oneOf(MONITORING_REGIONS)),
  },
  EMAIL: { emailAddress: required(str({ pattern: /^[^@\s]+@[^@\s]+$/ })) },
  GROUP: { ...emailSmsFields, roles: arr(oneOf(PROJECT_ROLES)) },
  ORG: { ...emailSmsFields, roles: arr(oneOf(NOTIFICATION_ORG_ROLES)) },
  HIP_CHAT: { notificationToken: required(str({ minLength: 1 })), roomName: required(str()) },
  MICROSOFT_TEAMS: { microsoftTeamsWebhookUrl: required(str({ pattern: /^https?:\/\// })) },
  OPS_GENIE: { opsGenieApiKey: required(str({ minLength: 1 })), opsGenieRegion: oneOf(NOTIFICATION_REGIONS) },
  PAGER_DUTY: { serviceKey: required(str({ minLength: 1 })), region: oneOf(NOTIFICATION_REGIONS) },
  SLACK: { apiToken: required(str({ minLength: 1 })), channelName: required(str({ minLength: 1 })) },
  SMS: { mobileNumber: required(str({ pattern: /^\+?[0-9 ()-]{4,}$/ })) },
  TEAM: { ...emailSmsFields, teamId: required(hex24()), teamName: str() },
  USER: { ...emailSmsFields, username: required(str({ minLength: 1 })) },
  VICTOR_OPS: {
    victorOpsApiKey: required(str({ minLength: 1 })),
    victorOpsRoutingKey: required(str({ minLength: 1 })),
  },
  WEBHOOK: {
    webhookUrl: required(str({ pattern: /^https?:\/\// })),
    webhookSecret: str(),
    // The contract's templates (WebhookNotification): stored and answered as sent, like webhookUrl.
    webhookBodyTemplate: str({ minLength: 1 }),
    webhookHeadersTemplate: str({ minLength: 1 }),
  },
};

/** The 14 notification kinds (the vocabulary's NOTIFICATION_TYPE_NAMES, in its order) and every field
 * each accepts: the common ones, integrationId on integration kinds, then the kind's own. */
export const NOTIFICATION_KINDS: Record<NotificationTypeName, ObjectSchema> = Object.fromEntries(
  NOTIFICATION_TYPE_NAMES.map((kind) => [
    kind,
    {
      ...commonFields,
      ...(isKindOf(INTEGRATION_NOTIFICATION_KINDS, kind) ? { integrationId: hex24() } : {}),
      ...KIND_FIELDS[kind],
    },
  ]),
) as Record<NotificationTypeName, ObjectSchema>; // fromEntries over every name: each key is present

const notificationSchema: Schema = { kind: "tagged", tag: "typeName", variants: NOTIFICATION_KINDS };

const matcherSchema: Schema = {
  kind: "object",
  fields: {
    fieldName: required(oneOf(MATCHER_FIELD_NAMES)),
    operator: required(oneOf(MATCHER_OPERATORS)),
    value: required(str()),
  },
};

/** Every operator some variant's `threshold` takes (the contract spells some as "<" and ">"). */
const THRESHOLD_OPERATORS = [
  ...new Set(ALERT_VARIANTS.flatMap((variant) => variant.threshold?.operators ?? [])),
];

/** Body of create (5) and replace (9). Field by field here; the rule that ties eventTypeName to its
 * matchers and threshold kind (the contract's variants) is applied after, in `refuseOutsideVariants`. */
const alertConfigBody: ObjectSchema = {
  id: { ...hex24(), readOnly: true },
  groupId: { ...hex24(), readOnly: true },
  created: { ...str(), readOnly: true },
  updated: { ...str(), readOnly: true },
  enabled: bool(),
  eventTypeName: required(str({ pattern: /^[A-Z][A-Z0-9_]*$/ })),
  matchers: arr(matcherSchema),
  notifications: required(arr(notificationSchema)),
  // Any operator or metric some variant takes; which event type takes which: `refuseOutsideVariants`.
  threshold: obj({
    operator: required(oneOf(THRESHOLD_OPERATORS)),
    threshold: required(num()),
    units: str(),
  }),
  metricThreshold: obj({
    metricName: required(str({ pattern: /^[A-Z][A-Z0-9_]*$/ })),
    mode: oneOf(METRIC_THRESHOLD_MODES),
    operator: required(oneOf(METRIC_THRESHOLD_OPERATORS)),
    threshold: required(num()),
    units: str(),
  }),
  severityOverride: oneOf(ALERT_SEVERITIES),
};

/**
 * Refuses a configuration that fits no variant of the contract's GroupAlertsConfig: an unknown event
 * type, a matcher field name its variant does not take, a threshold kind it does not take, a metric of
 * another family or a unit the metric does not take (api/alertVariantRules.ts, the rule the provider
 * checks too). 400 INVALID_ATTRIBUTE naming the first such field and the allowed values.
 */
function refuseOutsideVariants(valid: JsonObject): void {
  const [issue] = variantIssues({ ...valid, eventTypeName: valid.eventTypeName });
  if (issue === undefined) return;
  const path = issue.path.reduce<string>(
    (shown, part) => (typeof part === "number" ? `${shown}[${part}]` : shown ? `${shown}.${part}` : part),
    "",
  );
  invalidAttribute(
    path,
    issue.message.startsWith(`${path}: `) ? issue.message.slice(path.length + 2) : issue.message,
  );
}

/** Applies the service's defaults to one notification as it is stored. */
function normalizeNotification(input: JsonObject): JsonObject {
  const kind = input.typeName as NotificationTypeName; // validated against NOTIFICATION_KINDS
  const stored: JsonObject = { delayMin: 0, ...input };
  if (isKindOf(ON_CALL_NOTIFICATION_KINDS, kind)) {
    // The service ignores intervalMin for on-call services; the emulator drops it the same way.
    delete stored.intervalMin;
  } else if (stored.intervalMin === undefined) {
    stored.intervalMin = NOTIFICATION_INTERVAL_MIN.default;
  }
  if (isKindOf(EMAIL_SMS_NOTIFICATION_KINDS, kind)) {
    stored.emailEnabled ??= false;
    stored.smsEnabled ??= false;
  }
  if (kind === "OPS_GENIE") stored.opsGenieRegion ??= "US";
  if (kind === "PAGER_DUTY") stored.region ??= "US";
  return stored;
}

function parseAlertConfigBody(body: Json | undefined): {
  enabled: boolean;
  eventTypeName: string;
  matchers: JsonObject[];
  notifications: JsonObject[];
  threshold?: JsonObject;
  metricThreshold?: JsonObject;
  severityOverride?: string;
} {
  const valid = validateBody(body, alertConfigBody);
  const notifications = valid.notifications as JsonObject[];
  if (notifications.length === 0) {
    throw apiError("MISSING_NOTIFICATIONS");
  }
  refuseOutsideVariants(valid);
  return {
    enabled: (valid.enabled as boolean | undefined) ?? false,
    eventTypeName: valid.eventTypeName as string,
    matchers: (valid.matchers as JsonObject[] | undefined) ?? [],
    notifications: notifications.map(normalizeNotification),
    // A PUT is a full replace: a bound left out of the body is removed, so these keys are always set.
    threshold: valid.threshold as JsonObject | undefined,
    metricThreshold: valid.metricThreshold as JsonObject | undefined,
    severityOverride: valid.severityOverride as string | undefined,
  };
}

/** A configuration as the API shows it: every notification's credentials masked. */
export function renderAlertConfig(record: AlertConfigRecord): JsonObject {
  return {
    ...record,
    notifications: record.notifications.map((n) => {
      const shown: JsonObject = { ...n };
      for (const field of MASKED_NOTIFICATION_FIELDS[n.typeName as NotificationTypeName] ?? []) {
        const value = shown[field];
        if (typeof value === "string") shown[field] = maskSecret(value);
      }
      return shown;
    }),
  };
}

// Changes ----------------------------------------------------------------------------------------

/** Creates a configuration from a create body (5). */
export function createAlertConfig(
  state: EmulatorState,
  groupId: string,
  body: Json | undefined,
  nowMs: number,
): AlertConfigRecord {
  const fields = parseAlertConfigBody(withoutPathEchoes(body, { groupId }));
  const now = isoDate(nowMs);
  const record: AlertConfigRecord = { id: mintId(state), groupId, created: now, updated: now, ...fields };
  alertConfigTable(state)[record.id] = record;
  return record;
}

/** Replaces a configuration with a full body (9): a bound left out is removed. The body may repeat
 * the path's `groupId` and `id` (the vendor's `alerts settings update --file` sends the id). */
export function replaceAlertConfig(record: AlertConfigRecord, body: Json | undefined, nowMs: number): void {
  const fields = parseAlertConfigBody(withoutPathEchoes(body, { groupId: record.groupId, id: record.id }));
  Object.assign(record, fields, { updated: isoDate(nowMs) });
}

/** Enables or disables a configuration (8): the body is `{enabled}` only. */
export function toggleAlertConfig(record: AlertConfigRecord, body: Json | undefined, nowMs: number): void {
  const valid = validateBody(body, { enabled: required(bool()) });
  record.enabled = valid.enabled as boolean;
  record.updated = isoDate(nowMs);
}

export function deleteAlertConfig(state: EmulatorState, record: AlertConfigRecord): void {
  delete alertConfigTable(state)[record.id];
}
