/**
 * Access log queries (docs/spec/api-spec.md, operations 1 and 2): the database authentication
 * attempts of a cluster or of one host, newest first, filtered as the API filters them.
 */
import { z } from "zod";
import { ACCESS_LOG_COUNT } from "../../api/vocabulary";
import type { AccessLogQuery } from "../client/accessLogs";
import { idPartSchema } from "../framework/validation";
import { bothOrNeither, defineFunction } from "./define";

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** The filters both queries take (operations 1, 2). */
const accessLogFilters = {
  /** How many entries, newest first (0 to 20000; the service's default 20000). */
  nLogs: z.number().int().min(ACCESS_LOG_COUNT.min).max(ACCESS_LOG_COUNT.max).optional(),
  /** Start of the period, epoch milliseconds; give both start and end, or neither. */
  start: z.number().int().min(0).optional(),
  /** End of the period, epoch milliseconds. */
  end: z.number().int().min(0).optional(),
  /** Only attempts from this IPv4 address. */
  ipAddress: z.string().regex(IPV4, "must be one IPv4 address (such as 192.0.2.10)").optional(),
  /** Only successful (true) or failed (false) attempts. */
  authResult: z.boolean().optional(),
};

/** start and end go together, in order (the API's rule, checked before the request). */
function refinePeriod(args: { start?: number | undefined; end?: number | undefined }, ctx: z.RefinementCtx) {
  bothOrNeither("start", "end", "give both or neither")(args, ctx);
  if (args.start !== undefined && args.end !== undefined && args.start > args.end) {
    ctx.addIssue({ code: "custom", path: ["start"], message: "start must not be after end" });
  }
}

function query(args: AccessLogQuery): AccessLogQuery {
  const { nLogs, start, end, ipAddress, authResult } = args;
  return { nLogs, start, end, ipAddress, authResult };
}

export const getAccessLogsArgs = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    clusterName: idPartSchema("clusterName"),
    ...accessLogFilters,
  })
  .superRefine(refinePeriod);

/** The access log entries of a cluster (operation 1). */
export const getAccessLogs = defineFunction("getAccessLogs", getAccessLogsArgs, async (client, args) => {
  const answer = await client.accessLogs.listByCluster(args.groupId, args.clusterName, query(args));
  return answer.accessLogs;
});

export const getAccessLogsByHostnameArgs = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    /** The host's name as the cluster lists it (`demo-cluster-shard-00-00.example.net`). */
    hostname: z
      .string()
      .min(1)
      .regex(/^[^/]+$/, "must not contain /"),
    ...accessLogFilters,
  })
  .superRefine(refinePeriod);

/** The access log entries of one host (operation 2). */
export const getAccessLogsByHostname = defineFunction(
  "getAccessLogsByHostname",
  getAccessLogsByHostnameArgs,
  async (client, args) => {
    const answer = await client.accessLogs.listByHostname(args.groupId, args.hostname, query(args));
    return answer.accessLogs;
  },
);
