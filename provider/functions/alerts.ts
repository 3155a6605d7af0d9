/**
 * Alerts and alert configurations (docs/spec/api-spec.md, operations 3, 4, 7, 10, 11, 12, 13): every
 * list read through all its pages.
 */
import { z } from "zod";
import { ALERT_STATUS_FILTERS } from "../../api/vocabulary";
import { collect } from "../client";
import { idPartSchema } from "../framework/validation";
import { defineFunction } from "./define";

const project = { groupId: idPartSchema("groupId") };

/** The field names alert configuration matchers accept (operation 3; not project-scoped). */
export const getMatcherFieldNames = defineFunction("getMatcherFieldNames", z.strictObject({}), (client) =>
  client.alertConfigs.matcherFieldNames(),
);

/** Every alert of a project, or only those with `status` (operation 12). */
export const getAlerts = defineFunction(
  "getAlerts",
  z.strictObject({ ...project, status: z.enum(ALERT_STATUS_FILTERS).optional() }),
  (client, args) => collect(client.alerts.listAll(args.groupId, { status: args.status })),
);

/** One alert (operation 13). */
export const getAlert = defineFunction(
  "getAlert",
  z.strictObject({ ...project, alertId: idPartSchema("alertId") }),
  (client, args) => client.alerts.get(args.groupId, args.alertId),
);

/** Every alert configuration of a project (operation 4). */
export const getAlertConfigurations = defineFunction(
  "getAlertConfigurations",
  z.strictObject(project),
  (client, args) => collect(client.alertConfigs.listAll(args.groupId)),
);

/** One alert configuration (operation 7). */
export const getAlertConfiguration = defineFunction(
  "getAlertConfiguration",
  z.strictObject({ ...project, alertConfigId: idPartSchema("alertConfigId") }),
  (client, args) => client.alertConfigs.get(args.groupId, args.alertConfigId),
);

/** The alert configurations that raised an alert (operation 10). */
export const getAlertConfigurationsOfAlert = defineFunction(
  "getAlertConfigurationsOfAlert",
  z.strictObject({ ...project, alertId: idPartSchema("alertId") }),
  (client, args) => collect(client.alertConfigs.listAllForAlert(args.groupId, args.alertId)),
);

/** The open alerts one alert configuration raised (operation 11). */
export const getOpenAlertsOfAlertConfiguration = defineFunction(
  "getOpenAlertsOfAlertConfiguration",
  z.strictObject({ ...project, alertConfigId: idPartSchema("alertConfigId") }),
  (client, args) => collect(client.alerts.listAllOpenForAlertConfig(args.groupId, args.alertConfigId)),
);
