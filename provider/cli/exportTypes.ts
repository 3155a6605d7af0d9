/**
 * ===== THE EXPORT TABLE =====
 * What `pulumi-cluster-platform export` reads, one entry per resource type of the package
 * (provider/framework/runtime.ts RESOURCE_MODULES). A new resource type is one entry here: how to find
 * the ids of the objects that exist (through the client), the stack config key listing them, and a
 * readable Pulumi resource name. Everything else is shared: each object is read with the resource's
 * own `read` (so the arguments written are exactly the "live inputs" its diff compares against, with
 * the service's defaults filled in), declared with `importId`, and masked credentials become secret
 * config placeholders (exportProgram.ts).
 *
 * Entries are in the order the generated program declares them: a type listed in `after` must come
 * earlier in the table.
 */
import { collect, type PlatformClient } from "../client";
import { formatId } from "../framework/ids";

/** One resource type as the export command sees it. */
export interface ExportedType {
  /** The runtime type name: the sdk class, `<type>Args` its arguments, the key of RESOURCE_MODULES. */
  type: string;
  /** The stack config key (under the program's project namespace) that lists the declared objects. */
  configKey: string;
  /** "project": found once per project; "cluster": found per cluster of the project. */
  scope: "project" | "cluster";
  /**
   * The ids (the resource's id format, docs/resources.md) of the objects that may exist. An id whose
   * `read` finds nothing is left out, so singletons return their one possible id.
   */
  find(client: PlatformClient, groupId: string, clusterName: string): Promise<string[]>;
  /** The Pulumi resource name for an object, from its arguments (made unique by the caller). */
  resourceName(args: Readonly<Record<string, unknown>>): string;
  /** Types whose resources this one's resources depend on (destroy removes these first). */
  after?: readonly string[];
}

function text(value: unknown): string {
  return typeof value === "string" ? value : String(value ?? "");
}

export const EXPORTED_TYPES: readonly ExportedType[] = [
  {
    type: "CloudProviderAccessRole",
    configKey: "cloudProviderAccessRoles",
    scope: "project",
    // AWS roles only: the resource manages AWS IAM roles (docs/resources/cloudProviderAccessRole.md).
    find: async (client, groupId) =>
      ((await client.cloudProviderAccess.list(groupId)).awsIamRoles ?? []).flatMap((role) =>
        role.roleId === undefined ? [] : [formatId([groupId, role.roleId])],
      ),
    resourceName: (args) => `access-role-${text(args.providerName).toLowerCase()}`,
  },
  {
    type: "Auditing",
    configKey: "auditing",
    scope: "project",
    find: async (_client, groupId) => [groupId],
    resourceName: () => "auditing",
  },
  {
    type: "CustomDns",
    configKey: "customDns",
    scope: "project",
    find: async (_client, groupId) => [groupId],
    resourceName: () => "custom-dns",
  },
  {
    type: "AlertConfiguration",
    configKey: "alertConfigurations",
    scope: "project",
    find: async (client, groupId) =>
      (await collect(client.alertConfigs.listAll(groupId))).map((config) =>
        formatId([groupId, text(config.id)]),
      ),
    resourceName: (args) => `alert-${text(args.eventTypeName)}`,
  },
  {
    type: "AlertAcknowledgement",
    configKey: "alertAcknowledgements",
    scope: "project",
    // Only alerts someone acknowledged: an unacknowledged alert has no acknowledgement to declare.
    find: async (client, groupId) =>
      (await collect(client.alerts.listAll(groupId)))
        .filter((alert) => alert.acknowledgedUntil !== undefined)
        .map((alert) => formatId([groupId, alert.id])),
    resourceName: (args) => `acknowledgement-${text(args.alertId)}`,
  },
  {
    type: "ExportBucket",
    configKey: "exportBuckets",
    scope: "project",
    find: async (client, groupId) =>
      (await collect(client.exportBuckets.listAll(groupId))).map((bucket) =>
        formatId([groupId, text(bucket._id)]),
      ),
    resourceName: (args) => `export-bucket-${text(args.bucketName)}`,
  },
  {
    type: "CloudBackupSchedule",
    configKey: "cloudBackupSchedules",
    scope: "cluster",
    find: async (_client, groupId, clusterName) => [formatId([groupId, clusterName])],
    resourceName: (args) => `backup-schedule-${text(args.clusterName)}`,
  },
  {
    type: "BackupCompliancePolicy",
    configKey: "backupCompliancePolicies",
    scope: "project",
    find: async (_client, groupId) => [groupId],
    resourceName: () => "backup-compliance-policy",
    // The service refuses to reset a schedule while a compliance policy is active.
    after: ["CloudBackupSchedule"],
  },
  {
    type: "SearchDeployment",
    configKey: "searchDeployments",
    scope: "cluster",
    find: async (_client, groupId, clusterName) => [formatId([groupId, clusterName])],
    resourceName: (args) => `search-nodes-${text(args.clusterName)}`,
  },
  {
    type: "SearchIndex",
    configKey: "searchIndexes",
    scope: "cluster",
    find: async (client, groupId, clusterName) =>
      (await client.searchIndexes.list(groupId, clusterName)).map((index) =>
        formatId([groupId, clusterName, text(index.indexID)]),
      ),
    resourceName: (args) => `index-${text(args.clusterName)}-${text(args.name)}`,
    after: ["SearchDeployment"],
  },
  {
    type: "OnDemandSnapshot",
    configKey: "onDemandSnapshots",
    scope: "cluster",
    // Scheduled snapshots belong to the backup schedule; only on-demand ones are resources. Snapshots
    // of sharded clusters are read through other operations and are not exported yet.
    find: async (client, groupId, clusterName) =>
      (await collect(client.snapshots.listAll(groupId, clusterName)))
        .filter((snapshot) => snapshot.snapshotType === "onDemand")
        .map((snapshot) => formatId([groupId, clusterName, snapshot.id])),
    resourceName: (args) => `snapshot-${text(args.clusterName)}`,
  },
  {
    type: "SnapshotExportJob",
    configKey: "snapshotExportJobs",
    scope: "cluster",
    find: async (client, groupId, clusterName) =>
      (await collect(client.exportJobs.listAll(groupId, clusterName))).map((job) =>
        formatId([groupId, clusterName, job.id]),
      ),
    resourceName: (args) => `export-job-${text(args.clusterName)}`,
    after: ["ExportBucket", "OnDemandSnapshot"],
  },
  {
    type: "RestoreJob",
    configKey: "restoreJobs",
    scope: "cluster",
    // Adopted with importId, a finished restore is never run again (docs/resources/restoreJob.md).
    find: async (client, groupId, clusterName) =>
      (await collect(client.restoreJobs.listAll(groupId, clusterName))).map((job) =>
        formatId([groupId, clusterName, job.id]),
      ),
    resourceName: (args) => `restore-job-${text(args.clusterName)}`,
    after: ["OnDemandSnapshot"],
  },
  {
    type: "OutageSimulation",
    configKey: "outageSimulations",
    scope: "cluster",
    // At most one per cluster; a cluster without one reads as nothing and is left out.
    find: async (_client, groupId, clusterName) => [formatId([groupId, clusterName])],
    resourceName: (args) => `outage-simulation-${text(args.clusterName)}`,
  },
  {
    type: "LiveMigration",
    configKey: "liveMigrations",
    scope: "project",
    // The API has no operation that lists a project's migrations (only get by id, 64), so none can
    // be found; a migration is declared by hand with its id as importId.
    find: async () => [],
    resourceName: () => "live-migration",
  },
  {
    type: "LiveMigrationLinkToken",
    configKey: "liveMigrationLinkTokens",
    scope: "project",
    // The service shows a link token only when it creates it; an existing link cannot be adopted.
    find: async () => [],
    resourceName: () => "live-migration-link-token",
  },
  {
    type: "PrivateIpMode",
    configKey: "privateIpModes",
    scope: "project",
    // The legacy API updates the mode but has no operation that reads it, so nothing can be found.
    find: async () => [],
    resourceName: () => "private-ip-mode",
  },
  {
    type: "FtsIndex",
    configKey: "ftsIndexes",
    scope: "cluster",
    // The first-style operations (15-19) show the same indexes as the second style, which export
    // declares as SearchIndex; declaring them twice would make two resources own one index.
    find: async () => [],
    resourceName: (args) => `fts-index-${text(args.clusterName)}-${text(args.name)}`,
  },
];
