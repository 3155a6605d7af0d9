/**
 * Alert configurations (operations 3-10). Records are stored in the API's shape with credentials in
 * full; every response goes through `renderAlertConfig`, which masks them.
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
  type OperationDef,
  type OperationResult,
  param,
} from "../core/contract";
import { isoDate } from "../core/dates";
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
} from "../core/validation";
import { type AlertConfigRecord, alertConfigTable, findAlert, pathAlertConfig } from "../domain/alerting";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list, noContent } from "./define";

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

export function alertConfigPath(record: JsonObject): string {
  return `/groups/${String(record.groupId)}/alertConfigs/${String(record.id)}`;
}

/** A configuration as the API answers it: credentials masked, linked to its URL. */
function shownConfig(record: AlertConfigRecord): OperationResult {
  return entity(renderAlertConfig(record), alertConfigPath(record));
}

const CONFIG_PATH = "/groups/{groupId}/alertConfigs/{alertConfigId}";

function configsOfProject(state: EmulatorState, groupId: string): AlertConfigRecord[] {
  return Object.values(alertConfigTable(state)).filter((c) => c.groupId === groupId);
}

const ownerRoles = ["ORG_OWNER", "GROUP_OWNER"] as const;

export const alertConfigOperations: OperationDef[] = [
  defineOperation({
    id: "3",
    name: "List matcher field names",
    method: "GET",
    path: "/alertConfigs/matchers/fieldNames",
    roles: "ANY",
    rateLimited: false, // not project-scoped: there is no project counter to charge
    handler: () => ({ kind: "array", status: 200, body: [...MATCHER_FIELD_NAMES] }),
  }),
  defineOperation({
    id: "4",
    name: "List alert configurations of a project",
    method: "GET",
    path: "/groups/{groupId}/alertConfigs",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      pathGroupId(state, req);
      return list(
        configsOfProject(state, param(req.params, "groupId")).map(renderAlertConfig),
        alertConfigPath,
      );
    },
  }),
  defineOperation({
    id: "5",
    name: "Create an alert configuration",
    method: "POST",
    path: "/groups/{groupId}/alertConfigs",
    roles: [...ownerRoles],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const fields = parseAlertConfigBody(req.body);
      const now = isoDate(req.now);
      const record: AlertConfigRecord = { id: mintId(state), groupId, created: now, updated: now, ...fields };
      alertConfigTable(state)[record.id] = record;
      return shownConfig(record);
    },
  }),
  defineOperation({
    id: "6",
    name: "Delete an alert configuration",
    method: "DELETE",
    path: CONFIG_PATH,
    roles: [...ownerRoles],
    rateLimited: true,
    handler: (req, state) => {
      const record = pathAlertConfig(state, req);
      delete alertConfigTable(state)[record.id];
      return noContent();
    },
  }),
  defineOperation({
    id: "7",
    name: "Get an alert configuration",
    method: "GET",
    path: CONFIG_PATH,
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    handler: (req, state) => {
      const record = pathAlertConfig(state, req);
      return shownConfig(record);
    },
  }),
  defineOperation({
    id: "8",
    name: "Toggle an alert configuration",
    method: "PATCH",
    path: CONFIG_PATH,
    roles: [...ownerRoles],
    rateLimited: true,
    handler: (req, state) => {
      const record = pathAlertConfig(state, req);
      const valid = validateBody(req.body, { enabled: required(bool()) });
      record.enabled = valid.enabled as boolean;
      record.updated = isoDate(req.now);
      return shownConfig(record);
    },
  }),
  defineOperation({
    id: "9",
    name: "Replace an alert configuration",
    method: "PUT",
    path: CONFIG_PATH,
    roles: [...ownerRoles],
    rateLimited: true,
    handler: (req, state) => {
      const record = pathAlertConfig(state, req);
      Object.assign(record, parseAlertConfigBody(req.body), { updated: isoDate(req.now) });
      return shownConfig(record);
    },
  }),
  defineOperation({
    id: "10",
    name: "List the alert configurations that set an alert",
    method: "GET",
    path: "/groups/{groupId}/alerts/{alertId}/alertConfigs",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const alert = findAlert(state, param(req.params, "groupId"), param(req.params, "alertId"));
      const config = alertConfigTable(state)[alert.alertConfigId];
      return list(
        config && config.groupId === alert.groupId ? [renderAlertConfig(config)] : [],
        alertConfigPath,
      );
    },
  }),
];
