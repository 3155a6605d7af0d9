/**
 * The Cluster Platform Administration API client: `createClient(config)` returns one typed method
 * per operation, grouped by API noun. Every method returns the zod-validated JSON body and throws
 * only PlatformError. See docs/client.md.
 */
import { accessLogsApi } from "./accessLogs";
import { alertConfigsApi } from "./alertConfigs";
import { alertsApi } from "./alerts";
import { auditingApi } from "./auditing";
import { backupSchedulesApi } from "./backupSchedules";
import { cloudProviderAccessApi } from "./cloudProviderAccess";
import { compliancePolicyApi } from "./compliancePolicy";
import { type ClientConfig, type ClientConfigInput, normalizeClientConfig } from "./config";
import { customDnsApi } from "./customDns";
import { exportBucketsApi } from "./exportBuckets";
import { exportJobsApi } from "./exportJobs";
import { legacyApi } from "./legacy";
import { liveMigrationsApi } from "./liveMigrations";
import { outageSimulationsApi } from "./outageSimulations";
import { restoreJobsApi } from "./restoreJobs";
import { searchDeploymentsApi } from "./searchDeployments";
import { searchIndexesApi } from "./searchIndexes";
import { serverlessBackupsApi } from "./serverlessBackups";
import { snapshotsApi } from "./snapshots";
import { Transport, type TransportDeps, type TransportStats } from "./transport";

export interface PlatformClient {
  readonly config: ClientConfig;
  readonly accessLogs: ReturnType<typeof accessLogsApi>;
  readonly alertConfigs: ReturnType<typeof alertConfigsApi>;
  readonly alerts: ReturnType<typeof alertsApi>;
  readonly searchIndexes: ReturnType<typeof searchIndexesApi>;
  readonly searchDeployments: ReturnType<typeof searchDeploymentsApi>;
  readonly auditing: ReturnType<typeof auditingApi>;
  readonly customDns: ReturnType<typeof customDnsApi>;
  readonly exportBuckets: ReturnType<typeof exportBucketsApi>;
  readonly compliancePolicy: ReturnType<typeof compliancePolicyApi>;
  readonly exportJobs: ReturnType<typeof exportJobsApi>;
  readonly restoreJobs: ReturnType<typeof restoreJobsApi>;
  readonly backupSchedules: ReturnType<typeof backupSchedulesApi>;
  readonly snapshots: ReturnType<typeof snapshotsApi>;
  readonly serverlessBackups: ReturnType<typeof serverlessBackupsApi>;
  readonly liveMigrations: ReturnType<typeof liveMigrationsApi>;
  readonly cloudProviderAccess: ReturnType<typeof cloudProviderAccessApi>;
  readonly outageSimulations: ReturnType<typeof outageSimulationsApi>;
  readonly legacy: ReturnType<typeof legacyApi>;
  /** Request counters (calls, HTTP requests, retries, auth challenges, tokens issued). */
  readonly stats: Readonly<TransportStats>;
  /** Revoke a cached OAuth token and close the connection pool. Later calls fail CLIENT_CLOSED. */
  close(): Promise<void>;
}

/**
 * Build a client from a resolved ClientConfig (see `resolveClientConfig`) or from typed settings
 * (`{ baseUrl, publicKey, privateKey }` or `{ baseUrl, clientId, clientSecret }`).
 */
export function createClient(
  config: ClientConfig | ClientConfigInput,
  deps: TransportDeps = {},
): PlatformClient {
  const resolved = isResolved(config) ? config : normalizeClientConfig(config);
  const transport = new Transport(resolved, deps);
  return {
    config: resolved,
    accessLogs: accessLogsApi(transport),
    alertConfigs: alertConfigsApi(transport),
    alerts: alertsApi(transport),
    searchIndexes: searchIndexesApi(transport),
    searchDeployments: searchDeploymentsApi(transport),
    auditing: auditingApi(transport),
    customDns: customDnsApi(transport),
    exportBuckets: exportBucketsApi(transport),
    compliancePolicy: compliancePolicyApi(transport),
    exportJobs: exportJobsApi(transport),
    restoreJobs: restoreJobsApi(transport),
    backupSchedules: backupSchedulesApi(transport),
    snapshots: snapshotsApi(transport),
    serverlessBackups: serverlessBackupsApi(transport),
    liveMigrations: liveMigrationsApi(transport),
    cloudProviderAccess: cloudProviderAccessApi(transport),
    outageSimulations: outageSimulationsApi(transport),
    legacy: legacyApi(transport),
    get stats() {
      return transport.stats;
    },
    close: () => transport.close(),
  };
}

function isResolved(config: ClientConfig | ClientConfigInput): config is ClientConfig {
  return (
    typeof (config as ClientConfig).auth === "object" && typeof (config as ClientConfig).origin === "string"
  );
}

export { type BudgetStore, fileBudgetStore } from "./budgetStore";
export {
  type ClientConfig,
  type ClientConfigInput,
  type ConfigSource,
  DEFAULT_API_VERSION,
  mediaType,
  normalizeClientConfig,
  resolveClientConfig,
  SETTINGS,
} from "./config";
export {
  ClientErrorCode,
  hasErrorCode,
  isNotFound,
  isPlatformError,
  isTransient,
  mayHaveActed,
  PlatformError,
} from "./errors";
export { collect, iterateAllPages, type Page, type PageOptions } from "./pagination";
export { RETRYABLE_STATUSES } from "./retry";
export { maskSecrets, Secret } from "./secrets";
export { resetThrottles } from "./throttle";
export type { TransportDeps, TransportStats } from "./transport";
