/**
 * Lookups every operation shares: the project, organization and cluster named in the path, the
 * per-noun entity tables, and the facts about a cluster the rules depend on (tier, version).
 */
import { dbVersionAtLeast } from "../../api/vocabulary";
import type {
  Caller,
  ClusterRecord,
  EmulatorState,
  JsonObject,
  OperationRequest,
  OperationResult,
} from "../core/contract";
import { apiError } from "../core/errors";

export type ProjectRecord = EmulatorState["projects"][string];

export function requireProject(state: EmulatorState, groupId: string): ProjectRecord {
  const project = state.projects[groupId];
  if (!project) throw apiError("GROUP_NOT_FOUND", [groupId]);
  return project;
}

export function requireOrg(state: EmulatorState, orgId: string): EmulatorState["orgs"][string] {
  const org = state.orgs[orgId];
  if (!org) throw apiError("ORG_NOT_FOUND", [orgId]);
  return org;
}

export function findCluster(
  state: EmulatorState,
  groupId: string,
  clusterName: string,
): ClusterRecord | undefined {
  return state.clusters[`${groupId}/${clusterName}`];
}

/** The project must exist (404 GROUP_NOT_FOUND) and hold the cluster (404 CLUSTER_NOT_FOUND). */
export function requireCluster(state: EmulatorState, groupId: string, clusterName: string): ClusterRecord {
  requireProject(state, groupId);
  const cluster = findCluster(state, groupId, clusterName);
  if (!cluster) {
    throw apiError("CLUSTER_NOT_FOUND", [clusterName, groupId]);
  }
  return cluster;
}

/** The project id of the path, once the project is known to exist (404 GROUP_NOT_FOUND). */
export function pathGroupId(state: EmulatorState, req: Pick<OperationRequest, "params">): string {
  const groupId = param(req.params, "groupId");
  requireProject(state, groupId);
  return groupId;
}

/** The cluster the path names (groupId, clusterName): 404 GROUP_NOT_FOUND or CLUSTER_NOT_FOUND. */
export function pathCluster(state: EmulatorState, req: Pick<OperationRequest, "params">): ClusterRecord {
  return requireCluster(state, param(req.params, "groupId"), param(req.params, "clusterName"));
}

/** The path's cluster, which must have cloud backup (schedules, snapshots, restore and export jobs). */
export function requireBackupCluster(
  state: EmulatorState,
  req: Pick<OperationRequest, "params">,
): ClusterRecord {
  const cluster = pathCluster(state, req);
  requireCloudBackup(cluster);
  return cluster;
}

/** A record kept per cluster (snapshots, restore and export jobs, search indexes). */
export interface ClusterScoped {
  groupId: string;
  clusterName: string;
}

export function belongsTo(record: ClusterScoped, cluster: ClusterRecord): boolean {
  return record.groupId === cluster.groupId && record.clusterName === cluster.name;
}

/** The records of a table that belong to the cluster, in insertion order. */
export function recordsOfCluster<T extends ClusterScoped>(
  records: Record<string, T>,
  cluster: ClusterRecord,
): T[] {
  return Object.values(records).filter((record) => belongsTo(record, cluster));
}

export function clustersOfProject(state: EmulatorState, groupId: string): ClusterRecord[] {
  return Object.values(state.clusters).filter((c) => c.groupId === groupId);
}

/**
 * One entity table of state.entities, created on first use. The tables hold only records written by
 * the operations (or a seed in the same shape), so reading them as T is sound.
 */
export function table<T extends JsonObject>(state: EmulatorState, name: string): Record<string, T> {
  let entities = state.entities[name];
  if (!entities) {
    entities = {};
    state.entities[name] = entities;
  }
  return entities as Record<string, T>;
}

/** The key of a per-cluster singleton (schedule, search nodes, outage simulation). */
export function clusterKey(groupId: string, clusterName: string): string {
  return `${groupId}/${clusterName}`;
}

export const SHARED_TIERS = ["M0", "M2", "M5"] as const;
export const SERVERLESS_TIERS = ["SERVERLESS", "FLEX"] as const;

export function isSharedTier(cluster: ClusterRecord): boolean {
  return (SHARED_TIERS as readonly string[]).includes(cluster.tier);
}

export function isServerless(cluster: ClusterRecord): boolean {
  return (SERVERLESS_TIERS as readonly string[]).includes(cluster.tier);
}

/** Cloud backup (schedules, snapshots, restore and export jobs) exists on dedicated clusters only,
 * unless the seed turned it off with `backupEnabled: false`. */
export function hasCloudBackup(cluster: ClusterRecord): boolean {
  return !isSharedTier(cluster) && !isServerless(cluster) && cluster.backupEnabled !== false;
}

export function requireCloudBackup(cluster: ClusterRecord): void {
  if (!hasCloudBackup(cluster)) {
    throw apiError("CLUSTER_BACKUP_NOT_ENABLED", [cluster.name], { args: [cluster.name, cluster.tier] });
  }
}

/** Full versions the emulator reports for a major.minor version (the contract answers full versions,
 * `([\d]+\.[\d]+\.[\d]+)`, where seeds and the control API give major.minor). */
const FULL_VERSIONS: Record<string, string> = {
  "4.0": "4.0.28",
  "4.2": "4.2.25",
  "4.4": "4.4.29",
  "5.0": "5.0.28",
  "6.0": "6.0.18",
  "7.0": "7.0.14",
  "8.0": "8.0.3",
};

/** The cluster's full database version: the seed's `dbFullVersion`, a full `dbVersion` as given, or
 * the emulator's patch level for its major.minor. */
export function fullDbVersion(cluster: ClusterRecord): string {
  if (typeof cluster.dbFullVersion === "string") return cluster.dbFullVersion;
  if (/^\d+\.\d+\.\d+$/.test(cluster.dbVersion)) return cluster.dbVersion;
  const major = cluster.dbVersion.split(".").slice(0, 2).join(".");
  return FULL_VERSIONS[major] ?? `${major}.0`;
}

/** Compares "major.minor[.patch]" versions; true when `version` >= `minimum` (one copy, in api/). */
export const versionAtLeast = dbVersionAtLeast;

// Results -------------------------------------------------------------------------------------

export function entity(body: JsonObject, selfPath?: string, status = 200): OperationResult {
  return selfPath === undefined
    ? { kind: "entity", status, body }
    : { kind: "entity", status, body, selfPath };
}

/** 200 with `{}` exactly (no links): the service's answer for "there is nothing here" where it does
 * not answer 404 (search nodes of a cluster without any, docs/spec/operations.md 21). */
export function emptyEntity(): OperationResult {
  return { kind: "entity", status: 200, body: {}, withoutLinks: true };
}

export function list(items: JsonObject[], itemSelfPath?: (item: JsonObject) => string): OperationResult {
  return itemSelfPath
    ? { kind: "list", status: 200, items, itemSelfPath }
    : { kind: "list", status: 200, items };
}

export function noContent(status = 204): OperationResult {
  return { kind: "empty", status };
}

/** A path parameter the router guarantees by the path template. */
export function param(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new Error(`path parameter ${name} missing: route and operation disagree`);
  return value;
}

/** The hosts of a cluster's first replica set (shard 00, three members), in the standard form
 * <cluster>-shard-00-<nn>.<id>.<domain>; <id> is taken from the cluster id so it is stable. */
export function clusterHostnames(cluster: ClusterRecord): string[] {
  const id = cluster.id.slice(-5);
  return [0, 1, 2].map((n) => `${cluster.name.toLowerCase()}-shard-00-0${n}.${id}.platform.local`);
}

/**
 * The acting user as the contract names it (`updatedUser` of the compliance policy,
 * `acknowledgingUsername` of an alert: format email in api/openapi/openapi-v2.yml). A programmatic
 * caller has no mailbox, so it is named by its public key or client id in an address of the reserved
 * `.invalid` domain (RFC 2606): a valid email form that can never be mistaken for a person's address.
 */
export function actingUserEmail(caller: Caller): string {
  return `${caller.principal}@${caller.kind === "apiKey" ? "api-keys" : "service-accounts"}.platform.invalid`;
}
