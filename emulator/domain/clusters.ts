/**
 * Clusters as the other nouns see them: the lookups by path, the records kept per cluster, and the
 * facts about a cluster the rules depend on: its tier (shared, serverless, dedicated), its database
 * version, its hosts, and the features that follow from them (cloud backup, search); and the legacy
 * root's view of a cluster (operation 78).
 */
import { dbVersionAtLeast } from "../../api/vocabulary";
import {
  type ClusterRecord,
  type EmulatorState,
  type JsonObject,
  type OperationRequest,
  param,
} from "../core/contract";
import { apiError } from "../core/errors";
import { requireProject } from "./projects";

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

/** The cluster the path names (groupId, clusterName): 404 GROUP_NOT_FOUND or CLUSTER_NOT_FOUND. */
export function pathCluster(state: EmulatorState, req: Pick<OperationRequest, "params">): ClusterRecord {
  return requireCluster(state, param(req.params, "groupId"), param(req.params, "clusterName"));
}

export function clustersOfProject(state: EmulatorState, groupId: string): ClusterRecord[] {
  return Object.values(state.clusters).filter((c) => c.groupId === groupId);
}

/** The key of a per-cluster singleton (schedule, search nodes, outage simulation). */
export function clusterKey(groupId: string, clusterName: string): string {
  return `${groupId}/${clusterName}`;
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

// Tiers ---------------------------------------------------------------------------------------

export const SHARED_TIERS = ["M0", "M2", "M5"] as const;
export const SERVERLESS_TIERS = ["SERVERLESS", "FLEX"] as const;

export function isSharedTier(cluster: ClusterRecord): boolean {
  return (SHARED_TIERS as readonly string[]).includes(cluster.tier);
}

export function isServerless(cluster: ClusterRecord): boolean {
  return (SERVERLESS_TIERS as readonly string[]).includes(cluster.tier);
}

/** The serverless instance named in the path (404 when missing or not serverless). */
export function requireServerlessInstance(state: EmulatorState, req: OperationRequest): ClusterRecord {
  const cluster = pathCluster(state, req);
  if (!isServerless(cluster)) {
    throw apiError("SERVERLESS_INSTANCE_NOT_FOUND", [cluster.name], {
      args: [cluster.name, cluster.groupId],
    });
  }
  return cluster;
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

/** The path's cluster, which must have cloud backup (schedules, snapshots, restore and export jobs). */
export function requireBackupCluster(
  state: EmulatorState,
  req: Pick<OperationRequest, "params">,
): ClusterRecord {
  const cluster = pathCluster(state, req);
  requireCloudBackup(cluster);
  return cluster;
}

// Versions and hosts --------------------------------------------------------------------------

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

/** The hosts of a cluster's first replica set (shard 00, three members), in the standard form
 * <cluster>-shard-00-<nn>.<id>.<domain>; <id> is taken from the cluster id so it is stable. */
export function clusterHostnames(cluster: ClusterRecord): string[] {
  const id = cluster.id.slice(-5);
  return [0, 1, 2].map((n) => `${cluster.name.toLowerCase()}-shard-00-0${n}.${id}.platform.local`);
}

/** Search needs this database version or later (the emulator's rule, docs/api-choices.md). */
export const SEARCH_MIN_DB_VERSION = "4.2";

/** How the error detail names what needs the version. */
export const SEARCH_FEATURE_NEEDS = { indexes: "Search requires", nodes: "Search nodes require" } as const;

/** The path's cluster, which must run a database version with search (search indexes and nodes). */
export function requireSearchCluster(
  state: EmulatorState,
  req: OperationRequest,
  feature: keyof typeof SEARCH_FEATURE_NEEDS = "indexes",
): ClusterRecord {
  const cluster = pathCluster(state, req);
  if (!dbVersionAtLeast(cluster.dbVersion, SEARCH_MIN_DB_VERSION)) {
    throw apiError("UNSUPPORTED_DB_VERSION_FOR_SEARCH", [cluster.name], {
      args: [SEARCH_FEATURE_NEEDS[feature], SEARCH_MIN_DB_VERSION, cluster.name, cluster.dbVersion],
    });
  }
  return cluster;
}

// The legacy root's view ---------------------------------------------------------------------

/**
 * The 1.0 view's providerSettings, one of the contract's kinds told apart by providerName
 * (api/openapi/openapi-v1.0.yml, ClusterProviderSettings): a dedicated tier under its cloud provider;
 * a shared tier (M0/M2/M5) as TENANT and a flex cluster as FLEX, each with the cloud it runs on as
 * backingProviderName. A serverless instance has no kind there (the contract lists serverless
 * instances under their own operations), so its entry carries no providerSettings.
 */
function providerSettingsOf(cluster: ClusterRecord): { providerSettings?: JsonObject } {
  if (cluster.tier === "SERVERLESS") return {};
  if (cluster.tier === "FLEX") {
    return {
      providerSettings: {
        providerName: "FLEX",
        backingProviderName: cluster.provider,
        instanceSizeName: "FLEX",
      },
    };
  }
  if (isSharedTier(cluster)) {
    return {
      providerSettings: {
        providerName: "TENANT",
        backingProviderName: cluster.provider,
        instanceSizeName: cluster.tier,
      },
    };
  }
  return { providerSettings: { providerName: cluster.provider, instanceSizeName: cluster.tier } };
}

/** A cluster as the legacy root (1.0) lists it (78): a subset of the legacy cluster fields. */
export function renderLegacyCluster(cluster: ClusterRecord): JsonObject {
  const major = cluster.dbVersion.split(".").slice(0, 2).join(".");
  const full = fullDbVersion(cluster);
  return {
    id: cluster.id,
    groupId: cluster.groupId,
    name: cluster.name,
    clusterType: cluster.sharded ? "SHARDED" : "REPLICASET",
    dbMajorVersion: major,
    dbVersion: full,
    ...providerSettingsOf(cluster),
    backupEnabled: hasCloudBackup(cluster),
    paused: false,
    stateName: "IDLE",
  };
}
