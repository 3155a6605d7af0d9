/**
 * Resource versions per operation: the ONE table the client (what it sends) and the emulator (what it
 * serves) read, derived from the vendored public contract (api/openapi/openapi-v2.yml, where each
 * operation's success response lists one media type `application/vnd.<service>.<version>+json` per
 * resource version it answers). tests/api/versions.test.ts holds the table equal to the contract.
 *
 * Versioning is per resource (docs/spec/api-spec.md, Versioning): a date names the newest version of
 * a resource released on or before it, so a caller targeting a date gets, per operation, the newest
 * declared version not later than that date. Most operations declare only 2023-01-01; only one
 * (21) declares 2025-03-12, the spec's date.
 *
 * Keys are the spec's operation numbers as the client and the emulator name them (docs/spec/
 * operations.md: "62-list" etc. for the rows that hold several operations, "74a" for the ones the
 * spec does not number). Paths are relative to the v2 root. Plain data and pure functions only: no
 * imports, so every part of the project may depend on it.
 */

/** The API date the client targets unless configured otherwise (`platform:apiVersion`): the spec's. */
export const DEFAULT_API_VERSION = "2025-03-12";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface VersionedOperation {
  readonly method: HttpMethod;
  /** Path template relative to the v2 root, parameters in braces as in the contract. */
  readonly path: string;
  /** The resource versions the contract declares for it, oldest first (YYYY-MM-DD). */
  readonly versions: readonly string[];
}

/** Every v2 operation: method, path template and declared versions (oldest first). */
// biome-ignore format: one operation per line, so the table reads as the contract's list
export const OPERATION_VERSIONS = {
  "1": { method: "GET", path: "/groups/{groupId}/dbAccessHistory/clusters/{clusterName}", versions: ["2023-01-01"] },
  "2": { method: "GET", path: "/groups/{groupId}/dbAccessHistory/processes/{hostname}", versions: ["2023-01-01"] },
  "3": { method: "GET", path: "/alertConfigs/matchers/fieldNames", versions: ["2023-01-01"] },
  "4": { method: "GET", path: "/groups/{groupId}/alertConfigs", versions: ["2023-01-01"] },
  "5": { method: "POST", path: "/groups/{groupId}/alertConfigs", versions: ["2023-01-01"] },
  "6": { method: "DELETE", path: "/groups/{groupId}/alertConfigs/{alertConfigId}", versions: ["2023-01-01"] },
  "7": { method: "GET", path: "/groups/{groupId}/alertConfigs/{alertConfigId}", versions: ["2023-01-01"] },
  "8": { method: "PATCH", path: "/groups/{groupId}/alertConfigs/{alertConfigId}", versions: ["2023-01-01"] },
  "9": { method: "PUT", path: "/groups/{groupId}/alertConfigs/{alertConfigId}", versions: ["2023-01-01"] },
  "10": { method: "GET", path: "/groups/{groupId}/alerts/{alertId}/alertConfigs", versions: ["2023-01-01"] },
  "11": { method: "GET", path: "/groups/{groupId}/alertConfigs/{alertConfigId}/alerts", versions: ["2023-01-01"] },
  "12": { method: "GET", path: "/groups/{groupId}/alerts", versions: ["2023-01-01"] },
  "13": { method: "GET", path: "/groups/{groupId}/alerts/{alertId}", versions: ["2023-01-01"] },
  "14": { method: "PATCH", path: "/groups/{groupId}/alerts/{alertId}", versions: ["2023-01-01", "2024-05-30"] },
  "15": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/fts/indexes", versions: ["2023-01-01"] },
  "16": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/fts/indexes/{databaseName}/{collectionName}", versions: ["2023-01-01"] },
  "17": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/fts/indexes/{indexId}", versions: ["2023-01-01"] },
  "18": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/fts/indexes/{indexId}", versions: ["2023-01-01"] },
  "19": { method: "PATCH", path: "/groups/{groupId}/clusters/{clusterName}/fts/indexes/{indexId}", versions: ["2023-01-01"] },
  "20": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/search/deployment", versions: ["2023-01-01", "2024-05-30"] },
  "21": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/search/deployment", versions: ["2023-01-01", "2024-05-30", "2025-03-12"] },
  "22": { method: "PATCH", path: "/groups/{groupId}/clusters/{clusterName}/search/deployment", versions: ["2023-01-01", "2024-05-30"] },
  "23": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/search/deployment", versions: ["2023-01-01", "2024-05-30"] },
  "24": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes", versions: ["2024-05-30"] },
  "25": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes", versions: ["2024-05-30"] },
  "26": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{databaseName}/{collectionName}", versions: ["2024-05-30"] },
  "27": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{databaseName}/{collectionName}/{indexName}", versions: ["2024-05-30"] },
  "28": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{databaseName}/{collectionName}/{indexName}", versions: ["2024-05-30"] },
  "29": { method: "PATCH", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{databaseName}/{collectionName}/{indexName}", versions: ["2024-05-30"] },
  "30": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{indexId}", versions: ["2024-05-30"] },
  "31": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{indexId}", versions: ["2024-05-30"] },
  "32": { method: "PATCH", path: "/groups/{groupId}/clusters/{clusterName}/search/indexes/{indexId}", versions: ["2024-05-30"] },
  "33": { method: "GET", path: "/groups/{groupId}/auditLog", versions: ["2023-01-01"] },
  "34": { method: "PATCH", path: "/groups/{groupId}/auditLog", versions: ["2023-01-01"] },
  "35": { method: "GET", path: "/groups/{groupId}/awsCustomDNS", versions: ["2023-01-01"] },
  "36": { method: "PATCH", path: "/groups/{groupId}/awsCustomDNS", versions: ["2023-01-01"] },
  "37": { method: "GET", path: "/groups/{groupId}/backup/exportBuckets", versions: ["2023-01-01", "2024-05-30"] },
  "38": { method: "POST", path: "/groups/{groupId}/backup/exportBuckets", versions: ["2023-01-01", "2024-05-30"] },
  "39": { method: "DELETE", path: "/groups/{groupId}/backup/exportBuckets/{exportBucketId}", versions: ["2023-01-01"] },
  "40": { method: "GET", path: "/groups/{groupId}/backup/exportBuckets/{exportBucketId}", versions: ["2023-01-01", "2024-05-30"] },
  "41": { method: "DELETE", path: "/groups/{groupId}/backupCompliancePolicy", versions: ["2024-11-13"] },
  "42": { method: "GET", path: "/groups/{groupId}/backupCompliancePolicy", versions: ["2023-01-01", "2023-10-01"] },
  "43": { method: "PUT", path: "/groups/{groupId}/backupCompliancePolicy", versions: ["2023-01-01", "2023-10-01"] },
  "44": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/exports", versions: ["2023-01-01"] },
  "45": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/backup/exports", versions: ["2023-01-01"] },
  "46": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/exports/{exportId}", versions: ["2023-01-01"] },
  "47": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs", versions: ["2023-01-01"] },
  "48": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs", versions: ["2023-01-01"] },
  "49": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs/{restoreJobId}", versions: ["2023-01-01"] },
  "50": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs/{restoreJobId}", versions: ["2023-01-01"] },
  "51": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/backup/schedule", versions: ["2023-01-01", "2024-08-05"] },
  "52": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/schedule", versions: ["2023-01-01", "2024-08-05"] },
  "53": { method: "PATCH", path: "/groups/{groupId}/clusters/{clusterName}/backup/schedule", versions: ["2023-01-01", "2024-08-05"] },
  "54": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots", versions: ["2023-01-01"] },
  "55": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots", versions: ["2023-01-01"] },
  "56": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots/shardedCluster/{snapshotId}", versions: ["2023-01-01"] },
  "57": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots/shardedCluster/{snapshotId}", versions: ["2023-01-01"] },
  "58": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots/shardedClusters", versions: ["2023-01-01"] },
  "59": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots/{snapshotId}", versions: ["2023-01-01"] },
  "60": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots/{snapshotId}", versions: ["2023-01-01"] },
  "61": { method: "PATCH", path: "/groups/{groupId}/clusters/{clusterName}/backup/snapshots/{snapshotId}", versions: ["2023-01-01"] },
  "62-create": { method: "POST", path: "/groups/{groupId}/serverless/{clusterName}/backup/restoreJobs", versions: ["2023-01-01"] },
  "62-get": { method: "GET", path: "/groups/{groupId}/serverless/{clusterName}/backup/restoreJobs/{restoreJobId}", versions: ["2023-01-01"] },
  "62-list": { method: "GET", path: "/groups/{groupId}/serverless/{clusterName}/backup/restoreJobs", versions: ["2023-01-01"] },
  "63-get": { method: "GET", path: "/groups/{groupId}/serverless/{clusterName}/backup/snapshots/{snapshotId}", versions: ["2023-01-01"] },
  "63-list": { method: "GET", path: "/groups/{groupId}/serverless/{clusterName}/backup/snapshots", versions: ["2023-01-01"] },
  "64": { method: "POST", path: "/groups/{groupId}/liveMigrations", versions: ["2023-01-01", "2024-05-30"] },
  "65": { method: "POST", path: "/groups/{groupId}/liveMigrations/validate", versions: ["2023-01-01", "2024-05-30"] },
  "66": { method: "GET", path: "/groups/{groupId}/liveMigrations/validate/{validationId}", versions: ["2023-01-01"] },
  "67": { method: "GET", path: "/groups/{groupId}/liveMigrations/{liveMigrationId}", versions: ["2023-01-01"] },
  "68": { method: "PUT", path: "/groups/{groupId}/liveMigrations/{liveMigrationId}/cutover", versions: ["2023-01-01"] },
  "69": { method: "GET", path: "/orgs/{orgId}/liveMigrations/availableProjects", versions: ["2023-01-01"] },
  "70": { method: "DELETE", path: "/orgs/{orgId}/liveMigrations/linkTokens", versions: ["2023-01-01"] },
  "71": { method: "POST", path: "/orgs/{orgId}/liveMigrations/linkTokens", versions: ["2023-01-01"] },
  "72": { method: "GET", path: "/groups/{groupId}/cloudProviderAccess", versions: ["2023-01-01"] },
  "73": { method: "POST", path: "/groups/{groupId}/cloudProviderAccess", versions: ["2023-01-01"] },
  "74": { method: "GET", path: "/groups/{groupId}/cloudProviderAccess/{roleId}", versions: ["2023-01-01"] },
  "74a": { method: "PATCH", path: "/groups/{groupId}/cloudProviderAccess/{roleId}", versions: ["2023-01-01"] },
  "74b": { method: "DELETE", path: "/groups/{groupId}/cloudProviderAccess/{cloudProvider}/{roleId}", versions: ["2023-01-01"] },
  "75": { method: "DELETE", path: "/groups/{groupId}/clusters/{clusterName}/outageSimulation", versions: ["2023-01-01"] },
  "76": { method: "GET", path: "/groups/{groupId}/clusters/{clusterName}/outageSimulation", versions: ["2023-01-01"] },
  "76a": { method: "POST", path: "/groups/{groupId}/clusters/{clusterName}/outageSimulation", versions: ["2023-01-01"] },
} as const satisfies Record<string, VersionedOperation>;

export type OperationId = keyof typeof OPERATION_VERSIONS;

/** The legacy v1.0 operations: one representation, `application/json`, no resource versions. */
export const LEGACY_OPERATIONS = {
  "77": { method: "PATCH", path: "/groups/{groupId}/privateIpMode" },
  "78": { method: "GET", path: "/groups/{groupId}/clusters" },
} as const satisfies Record<string, Omit<VersionedOperation, "versions">>;

export type LegacyOperationId = keyof typeof LEGACY_OPERATIONS;

export function isLegacyOperation(id: string): id is LegacyOperationId {
  return Object.hasOwn(LEGACY_OPERATIONS, id);
}

/**
 * The newest of `versions` not later than `date` (all YYYY-MM-DD, which order as text), or undefined
 * when `date` is earlier than every one of them.
 */
export function newestNotLater(versions: readonly string[], date: string): string | undefined {
  let newest: string | undefined;
  for (const version of versions) {
    if (version <= date && (newest === undefined || version > newest)) newest = version;
  }
  return newest;
}

/**
 * The version a client pinned to `pinnedDate` sends for `operation`: the newest declared version not
 * later than the date. When the operation's every version is later than the date (it did not exist
 * yet, e.g. 41 declares only 2024-11-13), its oldest version: there is no earlier shape to ask for,
 * and an earlier date would only earn 406.
 */
export function versionFor(operation: OperationId, pinnedDate: string = DEFAULT_API_VERSION): string {
  const versions: readonly string[] = OPERATION_VERSIONS[operation].versions;
  return newestNotLater(versions, pinnedDate) ?? (versions[0] as string);
}

/**
 * The version a server answers a request for `requestedDate` with: the newest declared version not
 * later than it; undefined when the date is earlier than every declared version (406).
 */
export function resolveServedVersion(operation: OperationId, requestedDate: string): string | undefined {
  return newestNotLater(OPERATION_VERSIONS[operation].versions, requestedDate);
}
