/** Database access history (operations 1, 2). */
import { z } from "zod";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const AccessLogEntrySchema = entity({
  authResult: z.boolean().optional(),
  authSource: z.string().optional(),
  failureReason: z.string().optional(),
  groupId: z.string().optional(),
  hostname: z.string().optional(),
  ipAddress: z.string().optional(),
  logLine: z.string().optional(),
  timestamp: z.string().optional(),
  username: z.string().optional(),
});
export const AccessLogsSchema = entity({ accessLogs: z.array(AccessLogEntrySchema) });
export type AccessLogs = z.infer<typeof AccessLogsSchema>;

export interface AccessLogQuery {
  /** Only successful (true) or failed (false) attempts. */
  authResult?: boolean;
  /** Epoch milliseconds; give both start and end, or neither. */
  start?: number;
  end?: number;
  ipAddress?: string;
  /** 0..20000 (default 20000). */
  nLogs?: number;
}

export function accessLogsApi(t: Transport) {
  return {
    /** 1: access log entries of a cluster. */
    listByCluster: (groupId: string, clusterName: string, query: AccessLogQuery = {}) =>
      t.call(
        {
          id: "1",
          operation: "Listing access logs of a cluster",
          method: "GET",
          path: apiPath`/groups/${groupId}/dbAccessHistory/clusters/${clusterName}`,
          query: { ...query },
        },
        AccessLogsSchema,
      ),
    /** 2: access log entries of a host. */
    listByHostname: (groupId: string, hostname: string, query: AccessLogQuery = {}) =>
      t.call(
        {
          id: "2",
          operation: "Listing access logs of a host",
          method: "GET",
          path: apiPath`/groups/${groupId}/dbAccessHistory/processes/${hostname}`,
          query: { ...query },
        },
        AccessLogsSchema,
      ),
  };
}
export type AccessLogsApi = ReturnType<typeof accessLogsApi>;
