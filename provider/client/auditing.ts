/** Project auditing configuration (operations 33, 34). */
import { z } from "zod";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const AuditingSchema = entity({
  enabled: z.boolean(),
  auditAuthorizationSuccess: z.boolean().optional(),
  /** A JSON document as a string. */
  auditFilter: z.string().optional(),
  configurationType: z.string().optional(),
});
export type Auditing = z.infer<typeof AuditingSchema>;

export interface AuditingInput {
  enabled?: boolean;
  auditAuthorizationSuccess?: boolean;
  auditFilter?: string;
}

export function auditingApi(t: Transport) {
  return {
    /** 33 */
    get: (groupId: string) =>
      t.call(
        {
          id: "33",
          operation: "Reading auditing configuration",
          method: "GET",
          path: apiPath`/groups/${groupId}/auditLog`,
        },
        AuditingSchema,
      ),
    /** 34 */
    update: (groupId: string, body: AuditingInput) =>
      t.call(
        {
          id: "34",
          operation: "Updating auditing configuration",
          method: "PATCH",
          path: apiPath`/groups/${groupId}/auditLog`,
          body,
        },
        AuditingSchema,
      ),
  };
}
export type AuditingApi = ReturnType<typeof auditingApi>;
