/**
 * Alerts: the record (in the API's shape), the table and lookups, acknowledgement, and how the
 * service raises one for a configuration. The API cannot create alerts; they come from the seed
 * (`entities.alerts`) or from `raiseAlert`, which the control API's POST /__emulator/alerts and tests
 * call. Served by operations 11-14; an alert names its configuration (emulator/domain/alertConfigs.ts).
 */
import { z } from "zod";
import { ALERT_STATUS_FILTERS, ALERT_STATUSES, type AlertStatusName } from "../../api/vocabulary";
import {
  actingUserEmail,
  type ControlAction,
  type EmulatorState,
  type JsonObject,
  type OperationRequest,
} from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate, parseInputDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { hex24Input, mintId } from "../core/ids";
import { bool, date, queryEnum, str, validateBody } from "../core/validation";
import { type AlertConfigRecord, alertConfigTable, requireAlertConfig } from "./alertConfigs";
import { requireProject } from "./projects";

export interface AlertRecord extends JsonObject {
  id: string;
  groupId: string;
  orgId: string;
  alertConfigId: string;
  eventTypeName: string;
  status: string;
  created: string;
  updated: string;
  lastNotified: string | null;
  resolved: string | null;
  acknowledgedUntil: string | null;
  acknowledgementComment: string | null;
  acknowledgingUsername: string | null;
}

export function alertTable(state: EmulatorState): Record<string, AlertRecord> {
  return table<AlertRecord>(state, "alerts");
}

export function findAlert(state: EmulatorState, groupId: string, alertId: string): AlertRecord {
  requireProject(state, groupId);
  const record = alertTable(state)[alertId];
  if (!record || record.groupId !== groupId) {
    throw apiError("ALERT_NOT_FOUND", [alertId], { args: [alertId, groupId] });
  }
  return record;
}

/**
 * Simulates the service raising an alert for a configuration (control API, seed, tests). The alert
 * carries the configuration's event type; status OPEN unless given.
 */
export function raiseAlert(
  state: EmulatorState,
  input: { groupId: string; alertConfigId: string; status?: AlertStatusName },
  nowMs: number,
): AlertRecord {
  const project = requireProject(state, input.groupId);
  const config = requireAlertConfig(state, input.groupId, input.alertConfigId);
  const now = isoDate(nowMs);
  const status = input.status ?? "OPEN";
  const record: AlertRecord = {
    id: mintId(state),
    groupId: input.groupId,
    orgId: project.orgId,
    alertConfigId: config.id,
    eventTypeName: config.eventTypeName,
    status,
    created: now,
    updated: now,
    lastNotified: now,
    resolved: status === "CLOSED" ? now : null,
    acknowledgedUntil: null,
    acknowledgementComment: null,
    acknowledgingUsername: null,
  };
  alertTable(state)[record.id] = record;
  return record;
}

/** The control API's POST /__emulator/alerts: `raiseAlert` for `{groupId, alertConfigId, status?}`. */
export const raiseAlertAction: ControlAction<{
  groupId: string;
  alertConfigId: string;
  status?: AlertStatusName;
}> = {
  name: "alerts",
  input: z
    .object({ groupId: hex24Input, alertConfigId: hex24Input, status: z.enum(ALERT_STATUSES).optional() })
    .strict(),
  run: raiseAlert,
};

export function alertsOfProject(state: EmulatorState, groupId: string): AlertRecord[] {
  return Object.values(alertTable(state)).filter((a) => a.groupId === groupId);
}

/** The project's alerts (12), only those of the `status` query's status when it is given. */
export function alertsWithStatusQuery(
  state: EmulatorState,
  groupId: string,
  query: URLSearchParams,
): AlertRecord[] {
  const status = queryEnum(query, "status", ALERT_STATUS_FILTERS);
  return alertsOfProject(state, groupId).filter((a) => status === undefined || a.status === status);
}

/** Fields without a value are omitted (spec: no sensible default exists for them). */
export function renderAlert(record: AlertRecord): JsonObject {
  const shown: JsonObject = {};
  for (const [key, value] of Object.entries(record)) if (value !== null) shown[key] = value;
  return shown;
}

/** The open alerts a configuration has set (11). */
export function openAlertsOf(state: EmulatorState, config: AlertConfigRecord): AlertRecord[] {
  return alertsOfProject(state, config.groupId).filter(
    (a) => a.alertConfigId === config.id && a.status === "OPEN",
  );
}

/** The configurations that set an alert (10): its own, while it exists in the alert's project. */
export function configsThatSet(state: EmulatorState, alert: AlertRecord): AlertConfigRecord[] {
  const config = alertConfigTable(state)[alert.alertConfigId];
  return config && config.groupId === alert.groupId ? [config] : [];
}

/**
 * Acknowledges or unacknowledges an alert (14). `acknowledgedUntil` must be in the future and names
 * the caller as the acknowledging user; `unacknowledgeAlert: true` clears the acknowledgement, and so
 * does a body without `acknowledgedUntil` under 2023-01-01; otherwise a comment alone only updates the
 * comment.
 */
export function acknowledgeAlert(
  record: AlertRecord,
  req: Pick<OperationRequest, "body" | "version" | "now" | "caller">,
): void {
  const body = validateBody(req.body, {
    acknowledgedUntil: date(),
    acknowledgementComment: str({ maxLength: 200 }),
    unacknowledgeAlert: bool(),
  });
  const until = body.acknowledgedUntil as string | undefined;
  const comment = body.acknowledgementComment as string | undefined;
  // Version 2023-01-01: leaving out acknowledgedUntil unacknowledges (docs/spec/operations.md).
  const unacknowledge =
    body.unacknowledgeAlert === true || (req.version === VERSION_2023_01_01 && until === undefined);
  if (unacknowledge) {
    record.acknowledgedUntil = null;
    record.acknowledgementComment = null;
    record.acknowledgingUsername = null;
  } else if (until !== undefined) {
    const untilMs = parseInputDate(until) as number; // validated as a date above
    if (untilMs <= req.now) {
      throw apiError("INVALID_ATTRIBUTE", ["acknowledgedUntil"], {
        args: ["acknowledgedUntil", "must be in the future"],
      });
    }
    record.acknowledgedUntil = isoDate(untilMs);
    record.acknowledgementComment = comment ?? null;
    record.acknowledgingUsername = actingUserEmail(req.caller);
  } else if (comment !== undefined) {
    record.acknowledgementComment = comment;
  }
  record.updated = isoDate(req.now);
}
