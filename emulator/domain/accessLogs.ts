/**
 * Database access history. The emulator runs no database, so each cluster shows a small deterministic
 * history (a successful and a failed authentication per host in the last two hours, relative to the
 * emulator clock) plus any entries a seed put in `entities.accessLogs` (records in the API's entry
 * shape with groupId and hostname), filtered by the query. Served by operations 1 and 2.
 */
import type { ClusterRecord, EmulatorState, JsonObject } from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { invalidQuery, queryBoolean, queryInteger } from "../core/validation";
import { clusterHostnames, clustersOfProject, isSharedTier } from "./clusters";
import { requireProject } from "./projects";

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const MINUTE = 60_000;

function syntheticEntries(
  cluster: ClusterRecord,
  hostname: string,
  nowMs: number,
  hostIndex: number,
): JsonObject[] {
  const ok = nowMs - (10 + hostIndex * 20) * MINUTE;
  const failed = nowMs - (20 + hostIndex * 20) * MINUTE;
  const entry = (at: number, authResult: boolean): JsonObject => ({
    authResult,
    authSource: "admin",
    ...(authResult ? {} : { failureReason: 'UserNotFound: Could not find user "intruder" for db "admin"' }),
    groupId: cluster.groupId,
    hostname,
    ipAddress: authResult ? "192.0.2.10" : "198.51.100.7",
    logLine: `{"t":{"$date":"${isoDate(at)}"},"s":"I","c":"ACCESS","msg":"${authResult ? "Successfully authenticated" : "Authentication failed"}"}`,
    timestamp: new Date(at).toUTCString(),
    username: authResult ? "app-user" : "intruder",
  });
  return [entry(ok, true), entry(failed, false)];
}

/** The history of the given hosts of the cluster: synthetic entries, then the seed's. */
export function entriesFor(
  state: EmulatorState,
  cluster: ClusterRecord,
  hostnames: string[],
  nowMs: number,
): JsonObject[] {
  const all = clusterHostnames(cluster);
  const synthetic = hostnames.flatMap((h) => syntheticEntries(cluster, h, nowMs, all.indexOf(h)));
  const seeded = Object.values(table(state, "accessLogs")).filter(
    (e) => e.groupId === cluster.groupId && typeof e.hostname === "string" && hostnames.includes(e.hostname),
  );
  return [...synthetic, ...seeded];
}

/** Shared-tier clusters (M0, M2, M5) keep no access history. */
export function requireAccessLogTier(cluster: ClusterRecord): void {
  if (isSharedTier(cluster)) {
    throw apiError("ACCESS_LOGS_NOT_SUPPORTED_FOR_TIER", [cluster.name], {
      args: [cluster.tier, cluster.name],
    });
  }
}

function timestampMs(entry: JsonObject): number {
  return typeof entry.timestamp === "string" ? Date.parse(entry.timestamp) : 0;
}

/** Applies the query filters of operations 1 and 2 and gives the history's body `{accessLogs: [...]}`,
 * newest first. */
export function accessLogsBody(entries: JsonObject[], query: URLSearchParams): JsonObject {
  const start = queryInteger(query, "start", { min: 0 });
  const end = queryInteger(query, "end", { min: 0 });
  if ((start === undefined) !== (end === undefined))
    invalidQuery(start === undefined ? "start" : "end", "start and end go together");
  if (start !== undefined && end !== undefined && start > end) invalidQuery("start", "must not be after end");
  const nLogs = queryInteger(query, "nLogs", { min: 0, max: 20000 }) ?? 20000;
  const ipAddress = query.get("ipAddress");
  if (ipAddress !== null && !IPV4.test(ipAddress)) invalidQuery("ipAddress", "expected one IPv4 address");
  const authResult = query.has("authResult") ? queryBoolean(query, "authResult", true) : undefined;
  const selected = entries
    .filter((e) => authResult === undefined || e.authResult === authResult)
    .filter((e) => ipAddress === null || e.ipAddress === ipAddress)
    .filter((e) => start === undefined || (timestampMs(e) >= start && timestampMs(e) <= (end as number)))
    .sort((a, b) => timestampMs(b) - timestampMs(a))
    .slice(0, nLogs);
  return { accessLogs: selected };
}

/** The project's cluster serving `hostname` (404 RESOURCE_NOT_FOUND when none does). */
export function clusterOfHost(state: EmulatorState, groupId: string, hostname: string): ClusterRecord {
  requireProject(state, groupId);
  const cluster = clustersOfProject(state, groupId).find((c) => clusterHostnames(c).includes(hostname));
  if (!cluster) {
    throw apiError("RESOURCE_NOT_FOUND", [hostname], { args: [`host ${hostname} in group ${groupId}`] });
  }
  return cluster;
}
