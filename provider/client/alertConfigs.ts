/** Alert configurations (operations 3-10). */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { AnyObject, entity, type JsonObject, LinksField } from "./schemas";
import type { Transport } from "./transport";

export const MatcherSchema = entity({
  fieldName: z.string(),
  operator: z.string(),
  value: z.string().optional(),
});
export const NotificationSchema = entity({ typeName: z.string() });
export const AlertConfigSchema = entity({
  id: z.string(),
  groupId: z.string().optional(),
  created: z.string().optional(),
  updated: z.string().optional(),
  enabled: z.boolean().optional(),
  eventTypeName: z.string(),
  matchers: z.array(MatcherSchema).optional(),
  notifications: z.array(NotificationSchema).optional(),
  threshold: AnyObject.optional(),
  metricThreshold: AnyObject.optional(),
  severityOverride: z.string().optional(),
  links: LinksField,
});
export type AlertConfig = z.infer<typeof AlertConfigSchema>;
export const AlertConfigPageSchema = pageSchema(AlertConfigSchema);

export interface AlertConfigInput {
  eventTypeName: string;
  enabled?: boolean;
  matchers?: Array<{ fieldName: string; operator: string; value: string }>;
  /** Each notification is one of the 14 kinds told apart by typeName. */
  notifications: Array<{ typeName: string } & JsonObject>;
  threshold?: JsonObject;
  metricThreshold?: JsonObject;
  severityOverride?: string;
}

export function alertConfigsApi(t: Transport) {
  const list = (groupId: string, page?: PageOptions) =>
    t.call(
      {
        id: "4",
        operation: "Listing alert configurations",
        method: "GET",
        path: apiPath`/groups/${groupId}/alertConfigs`,
        query: pageQuery(page),
      },
      AlertConfigPageSchema,
    );
  const listForAlert = (groupId: string, alertId: string, page?: PageOptions) =>
    t.call(
      {
        id: "10",
        operation: "Listing the alert configurations of an alert",
        method: "GET",
        path: apiPath`/groups/${groupId}/alerts/${alertId}/alertConfigs`,
        query: pageQuery(page),
      },
      AlertConfigPageSchema,
    );
  return {
    /** 3: field names accepted by matchers.fieldName (not project-scoped). */
    matcherFieldNames: () =>
      t.call(
        {
          id: "3",
          operation: "Listing matcher field names",
          method: "GET",
          path: "/alertConfigs/matchers/fieldNames",
        },
        z.array(z.string()),
      ),
    /** 4 */
    list,
    listAll: (groupId: string) => iterateAllPages((p) => list(groupId, p)),
    /** 5 */
    create: (groupId: string, body: AlertConfigInput) =>
      t.call(
        {
          id: "5",
          operation: "Creating alert configuration",
          method: "POST",
          path: apiPath`/groups/${groupId}/alertConfigs`,
          body,
        },
        AlertConfigSchema,
      ),
    /** 6 */
    delete: (groupId: string, alertConfigId: string) =>
      t.callVoid({
        id: "6",
        operation: "Deleting alert configuration",
        method: "DELETE",
        path: apiPath`/groups/${groupId}/alertConfigs/${alertConfigId}`,
      }),
    /** 7 */
    get: (groupId: string, alertConfigId: string) =>
      t.call(
        {
          id: "7",
          operation: "Reading alert configuration",
          method: "GET",
          path: apiPath`/groups/${groupId}/alertConfigs/${alertConfigId}`,
        },
        AlertConfigSchema,
      ),
    /** 8: toggle; changes only `enabled`. */
    setEnabled: (groupId: string, alertConfigId: string, enabled: boolean) =>
      t.call(
        {
          id: "8",
          operation: enabled ? "Enabling alert configuration" : "Disabling alert configuration",
          method: "PATCH",
          path: apiPath`/groups/${groupId}/alertConfigs/${alertConfigId}`,
          body: { enabled },
        },
        AlertConfigSchema,
      ),
    /** 9: full replace. */
    update: (groupId: string, alertConfigId: string, body: AlertConfigInput) =>
      t.call(
        {
          id: "9",
          operation: "Updating alert configuration",
          method: "PUT",
          path: apiPath`/groups/${groupId}/alertConfigs/${alertConfigId}`,
          body,
        },
        AlertConfigSchema,
      ),
    /** 10: configurations that raised an alert. */
    listForAlert,
    listAllForAlert: (groupId: string, alertId: string) =>
      iterateAllPages((p) => listForAlert(groupId, alertId, p)),
  };
}
export type AlertConfigsApi = ReturnType<typeof alertConfigsApi>;
