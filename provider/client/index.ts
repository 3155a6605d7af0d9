/**
 * The Cluster Platform Administration API client: `createClient(config)` returns one typed method
 * per operation, grouped by API noun. Every method returns the zod-validated JSON body and throws
 * only PlatformError. See docs/client.md.
 */
import type { accessLogsApi } from "./accessLogs";
import type { alertConfigsApi } from "./alertConfigs";
import type { alertsApi } from "./alerts";
import type { auditingApi } from "./auditing";
import type { backupSchedulesApi } from "./backupSchedules";
import type { cloudProviderAccessApi } from "./cloudProviderAccess";
import type { compliancePolicyApi } from "./compliancePolicy";
import { type ClientConfig, type ClientConfigInput, normalizeClientConfig } from "./config";
import type { customDnsApi } from "./customDns";
import type { exportBucketsApi } from "./exportBuckets";
import type { exportJobsApi } from "./exportJobs";
import type { legacyApi } from "./legacy";
import type { liveMigrationsApi } from "./liveMigrations";
import type { outageSimulationsApi } from "./outageSimulations";
import type { restoreJobsApi } from "./restoreJobs";
import type { searchDeploymentsApi } from "./searchDeployments";
import type { searchIndexesApi } from "./searchIndexes";
import type { serverlessBackupsApi } from "./serverlessBackups";
import type { snapshotsApi } from "./snapshots";
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

/** The API nouns of a client: the PlatformClient members built from one module each. */
export type ApiNoun = Exclude<keyof PlatformClient, "config" | "stats" | "close">;

/**
 * ===== THE API MODULE TABLE =====
 * API noun -> the factory of its module, `require`d on the noun's first use: a provider process
 * loads only the modules of the resources it serves (one for a refresh of alert configurations,
 * not eighteen; BENCHMARKS.md, "Provider overhead"). `require` with a type-only `import()`, so the
 * module is not loaded before that.
 */
export const API_MODULES: {
  readonly [Noun in ApiNoun]: () => (transport: Transport) => PlatformClient[Noun];
} = {
  accessLogs: () => (require("./accessLogs") as typeof import("./accessLogs")).accessLogsApi,
  alertConfigs: () => (require("./alertConfigs") as typeof import("./alertConfigs")).alertConfigsApi,
  alerts: () => (require("./alerts") as typeof import("./alerts")).alertsApi,
  auditing: () => (require("./auditing") as typeof import("./auditing")).auditingApi,
  backupSchedules: () =>
    (require("./backupSchedules") as typeof import("./backupSchedules")).backupSchedulesApi,
  cloudProviderAccess: () =>
    (require("./cloudProviderAccess") as typeof import("./cloudProviderAccess")).cloudProviderAccessApi,
  compliancePolicy: () =>
    (require("./compliancePolicy") as typeof import("./compliancePolicy")).compliancePolicyApi,
  customDns: () => (require("./customDns") as typeof import("./customDns")).customDnsApi,
  exportBuckets: () => (require("./exportBuckets") as typeof import("./exportBuckets")).exportBucketsApi,
  exportJobs: () => (require("./exportJobs") as typeof import("./exportJobs")).exportJobsApi,
  legacy: () => (require("./legacy") as typeof import("./legacy")).legacyApi,
  liveMigrations: () => (require("./liveMigrations") as typeof import("./liveMigrations")).liveMigrationsApi,
  outageSimulations: () =>
    (require("./outageSimulations") as typeof import("./outageSimulations")).outageSimulationsApi,
  restoreJobs: () => (require("./restoreJobs") as typeof import("./restoreJobs")).restoreJobsApi,
  searchDeployments: () =>
    (require("./searchDeployments") as typeof import("./searchDeployments")).searchDeploymentsApi,
  searchIndexes: () => (require("./searchIndexes") as typeof import("./searchIndexes")).searchIndexesApi,
  serverlessBackups: () =>
    (require("./serverlessBackups") as typeof import("./serverlessBackups")).serverlessBackupsApi,
  snapshots: () => (require("./snapshots") as typeof import("./snapshots")).snapshotsApi,
};

/**
 * Build a client from a resolved ClientConfig (see `resolveClientConfig`) or from typed settings
 * (`{ baseUrl, publicKey, privateKey }` or `{ baseUrl, clientId, clientSecret }`). Each API noun is
 * built on its first use (API_MODULES) and kept: the same object on every access, all of them over
 * the one transport.
 */
export function createClient(
  config: ClientConfig | ClientConfigInput,
  deps: TransportDeps = {},
): PlatformClient {
  const resolved = isResolved(config) ? config : normalizeClientConfig(config);
  const transport = new Transport(resolved, deps);
  const client = {
    config: resolved,
    get stats() {
      return transport.stats;
    },
    close: () => transport.close(),
  };
  for (const noun of Object.keys(API_MODULES) as ApiNoun[]) {
    Object.defineProperty(client, noun, {
      enumerable: true,
      configurable: true,
      get() {
        const api = API_MODULES[noun]()(transport);
        // From now on a plain property: later accesses cost nothing and return the same object.
        Object.defineProperty(client, noun, { value: api, enumerable: true, writable: false });
        return api;
      },
    });
  }
  return client as PlatformClient;
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
export { RETRYABLE_STATUSES, sleep } from "./retry";
export { maskSecrets, Secret } from "./secrets";
export { resetThrottles } from "./throttle";
export type { TransportDeps, TransportStats } from "./transport";
