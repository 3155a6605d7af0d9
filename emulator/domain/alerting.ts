/**
 * Alerts and the alert configurations that raise them: the records of both nouns and the rules that
 * span them (an alert names its configuration; the service raises alerts for configurations). Both
 * operation files (emulator/operations/alerts.ts, alertConfigs.ts) read these; neither imports the
 * other.
 */
import type { AlertStatusName } from "../../api/vocabulary";
import { type EmulatorState, type JsonObject, type OperationRequest, param } from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
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
