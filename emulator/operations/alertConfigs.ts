/**
 * Alert configurations (operations 3-10): the routes. The configuration, its body and notification
 * rules, and the masked view every answer goes through are emulator/domain/alertConfigs.ts.
 */
import { MATCHER_FIELD_NAMES } from "../../api/vocabulary";
import { type JsonObject, type OperationDef, type OperationResult, param } from "../core/contract";
import {
  type AlertConfigRecord,
  configsOfProject,
  createAlertConfig,
  deleteAlertConfig,
  pathAlertConfig,
  renderAlertConfig,
  replaceAlertConfig,
  toggleAlertConfig,
} from "../domain/alertConfigs";
import { configsThatSet, findAlert } from "../domain/alerts";
import { pathGroupId } from "../domain/projects";
import { created, defineOperation, entity, list, noContent } from "./define";

function alertConfigPath(record: JsonObject): string {
  return `/groups/${String(record.groupId)}/alertConfigs/${String(record.id)}`;
}

/** A configuration as the API answers it: credentials masked, linked to its URL. */
function shownConfig(record: AlertConfigRecord): OperationResult {
  return entity(renderAlertConfig(record), alertConfigPath(record));
}

const CONFIG_PATH = "/groups/{groupId}/alertConfigs/{alertConfigId}";

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
      const groupId = pathGroupId(state, req);
      return list(configsOfProject(state, groupId).map(renderAlertConfig), alertConfigPath);
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
      const record = createAlertConfig(state, groupId, req.body, req.now);
      return created(renderAlertConfig(record), alertConfigPath(record));
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
      deleteAlertConfig(state, pathAlertConfig(state, req));
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
      toggleAlertConfig(record, req.body, req.now);
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
      replaceAlertConfig(record, req.body, req.now);
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
      return list(configsThatSet(state, alert).map(renderAlertConfig), alertConfigPath);
    },
  }),
];
