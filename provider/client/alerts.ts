/** Alerts (operations 11-14). */
import { z } from "zod";
import type { OPERATION_VERSIONS } from "../../api/versions";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { entity, LinksField } from "./schemas";
import type { Transport } from "./transport";

export const AlertSchema = entity({
  id: z.string(),
  groupId: z.string().optional(),
  orgId: z.string().optional(),
  alertConfigId: z.string().optional(),
  created: z.string().optional(),
  updated: z.string().optional(),
  lastNotified: z.string().optional(),
  resolved: z.string().optional(),
  acknowledgedUntil: z.string().optional(),
  acknowledgementComment: z.string().optional(),
  acknowledgingUsername: z.string().optional(),
  eventTypeName: z.string().optional(),
  status: z.string().optional(),
  links: LinksField,
});
export type Alert = z.infer<typeof AlertSchema>;
export const AlertPageSchema = pageSchema(AlertSchema);

export type AlertStatus = "OPEN" | "TRACKING" | "CLOSED";

export interface AlertAcknowledgement {
  acknowledgedUntil?: string;
  /** At most 200 characters. */
  acknowledgementComment?: string;
  unacknowledgeAlert?: boolean;
}

export function alertsApi(t: Transport) {
  const listOpenForAlertConfig = (groupId: string, alertConfigId: string, page?: PageOptions) =>
    t.call(
      {
        id: "11",
        operation: "Listing open alerts of an alert configuration",
        method: "GET",
        path: apiPath`/groups/${groupId}/alertConfigs/${alertConfigId}/alerts`,
        query: pageQuery(page),
      },
      AlertPageSchema,
    );
  const list = (groupId: string, page?: PageOptions & { status?: AlertStatus }) =>
    t.call(
      {
        id: "12",
        operation: "Listing alerts",
        method: "GET",
        path: apiPath`/groups/${groupId}/alerts`,
        query: { ...pageQuery(page), status: page?.status },
      },
      AlertPageSchema,
    );
  return {
    /** 11 */
    listOpenForAlertConfig,
    listAllOpenForAlertConfig: (groupId: string, alertConfigId: string) =>
      iterateAllPages((p) => listOpenForAlertConfig(groupId, alertConfigId, p)),
    /** 12 */
    list,
    listAll: (groupId: string, filter: { status?: AlertStatus } = {}) =>
      iterateAllPages((p) => list(groupId, { ...p, ...filter })),
    /** 13 */
    get: (groupId: string, alertId: string) =>
      t.call(
        {
          id: "13",
          operation: "Reading alert",
          method: "GET",
          path: apiPath`/groups/${groupId}/alerts/${alertId}`,
        },
        AlertSchema,
      ),
    /**
     * 14: acknowledge or unacknowledge. `version` "2023-01-01" selects that version's behaviour
     * (leaving out acknowledgedUntil unacknowledges); by default the configured date's (2024-05-30).
     */
    acknowledge: (
      groupId: string,
      alertId: string,
      body: AlertAcknowledgement,
      options: { version?: (typeof OPERATION_VERSIONS)["14"]["versions"][number] } = {},
    ) =>
      t.call(
        {
          id: "14",
          operation: body.unacknowledgeAlert ? "Unacknowledging alert" : "Acknowledging alert",
          method: "PATCH",
          path: apiPath`/groups/${groupId}/alerts/${alertId}`,
          body,
          version: options.version,
        },
        AlertSchema,
      ),
  };
}
export type AlertsApi = ReturnType<typeof alertsApi>;
