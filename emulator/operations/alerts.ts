/**
 * Alerts (operations 11-14). The API cannot create alerts; they come from the seed
 * (`entities.alerts`, records in the API shape below) or from `raiseAlert`, which the control API and
 * tests call to simulate the service raising one for a configuration.
 */

import { ALERT_STATUS_FILTERS } from "../../api/vocabulary";
import {
  actingUserEmail,
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  param,
} from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate, parseInputDate } from "../core/dates";
import { apiError } from "../core/errors";
import { bool, date, queryEnum, str, validateBody } from "../core/validation";
import { type AlertRecord, alertTable, findAlert, pathAlertConfig } from "../domain/alerting";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list } from "./define";

/** Fields without a value are omitted (spec: no sensible default exists for them). */
export function renderAlert(record: AlertRecord): JsonObject {
  const shown: JsonObject = {};
  for (const [key, value] of Object.entries(record)) if (value !== null) shown[key] = value;
  return shown;
}

export function alertPath(record: JsonObject): string {
  return `/groups/${String(record.groupId)}/alerts/${String(record.id)}`;
}

function alertsOfProject(state: EmulatorState, groupId: string): AlertRecord[] {
  return Object.values(alertTable(state)).filter((a) => a.groupId === groupId);
}

export const alertOperations: OperationDef[] = [
  defineOperation({
    id: "11",
    name: "List open alerts of an alert configuration",
    method: "GET",
    path: "/groups/{groupId}/alertConfigs/{alertConfigId}/alerts",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const config = pathAlertConfig(state, req);
      const open = alertsOfProject(state, config.groupId).filter(
        (a) => a.alertConfigId === config.id && a.status === "OPEN",
      );
      return list(open.map(renderAlert), alertPath);
    },
  }),
  defineOperation({
    id: "12",
    name: "List alerts of a project",
    method: "GET",
    path: "/groups/{groupId}/alerts",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const status = queryEnum(req.query, "status", ALERT_STATUS_FILTERS);
      const alerts = alertsOfProject(state, groupId).filter(
        (a) => status === undefined || a.status === status,
      );
      return list(alerts.map(renderAlert), alertPath);
    },
  }),
  defineOperation({
    id: "13",
    name: "Get an alert",
    method: "GET",
    path: "/groups/{groupId}/alerts/{alertId}",
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    handler: (req, state) => {
      const record = findAlert(state, param(req.params, "groupId"), param(req.params, "alertId"));
      return entity(renderAlert(record), alertPath(record));
    },
  }),
  defineOperation({
    id: "14",
    name: "Acknowledge or unacknowledge an alert",
    method: "PATCH",
    path: "/groups/{groupId}/alerts/{alertId}",
    roles: ["ORG_OWNER", "GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const record = findAlert(state, param(req.params, "groupId"), param(req.params, "alertId"));
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
      return entity(renderAlert(record), alertPath(record));
    },
  }),
];
