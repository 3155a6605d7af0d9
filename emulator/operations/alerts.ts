/**
 * Alerts (operations 11-14): the routes. The alert, its acknowledgement and how the service raises
 * one are emulator/domain/alerts.ts.
 */
import { type JsonObject, type OperationDef, param } from "../core/contract";
import { pathAlertConfig } from "../domain/alertConfigs";
import {
  acknowledgeAlert,
  alertsWithStatusQuery,
  findAlert,
  openAlertsOf,
  renderAlert,
} from "../domain/alerts";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list } from "./define";

function alertPath(record: JsonObject): string {
  return `/groups/${String(record.groupId)}/alerts/${String(record.id)}`;
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
      return list(openAlertsOf(state, config).map(renderAlert), alertPath);
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
      return list(alertsWithStatusQuery(state, groupId, req.query).map(renderAlert), alertPath);
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
      acknowledgeAlert(record, req);
      return entity(renderAlert(record), alertPath(record));
    },
  }),
];
