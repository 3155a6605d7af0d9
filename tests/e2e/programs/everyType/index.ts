// Every resource type of the package (all 18) in one stack, written for the emulator's default seed
// (docs/architecture.md, "The default seed"). The state-compatibility test imports a stack this
// program made with the previous release and checks the current one sees no change; the crash
// trials run it too. Each id and name below is a stack config key with the seed's value as default.
//
// Where the service needs one object before another, the second takes the first's output, so the
// engine creates them in that order and destroys them in the reverse one:
//   access role (authorized) -> export bucket -> backup schedule (auto export) -> compliance policy
//   on-demand snapshot + export bucket -> snapshot export job; snapshot -> restore job
//   link token -> live migration (no input carries the token: dependsOn)
// The acknowledged alert is one the seed raised (alerts are raised by the service, not declared).
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

const config = new pulumi.Config();
/** demo-org: the organization the link token links. */
const orgId = config.get("orgId") ?? "5f1a00000000000000000001";
/** backup-example: clusters orders-cluster and orders-restore (M30, 7.0), nothing below 5.0. */
const groupId = config.get("groupId") ?? "5f1a0000000000000000e201";
const clusterName = config.get("clusterName") ?? "orders-cluster";
const restoreClusterName = config.get("restoreClusterName") ?? "orders-restore";
/** ops-resources: clusters sim-cluster (the simulated outage) and migration-target (M30, 7.0). */
const opsGroupId = config.get("opsGroupId") ?? "5f1a0000000000000000e301";
const simulationClusterName = config.get("simulationClusterName") ?? "sim-cluster";
const migrationClusterName = config.get("migrationClusterName") ?? "migration-target";
/** observability: its seeded HOST_DOWN configuration raised the open alert …e420. */
const alertsGroupId = config.get("alertsGroupId") ?? "5f1a0000000000000000e401";
const alertId = config.get("alertId") ?? "5f1a0000000000000000e420";
/** Days the on-demand snapshot is kept: changing it moves its expiration in place. */
const snapshotRetentionDays = config.getNumber("snapshotRetentionDays") ?? 7;
/** The text index's analyzer and the schedule's hour: the crash trials change them in an update. */
const searchAnalyzer = config.get("searchAnalyzer") ?? "lucene.english";
const scheduleHourOfDay = config.getNumber("scheduleHourOfDay") ?? 2;
/** The migration a killed create made, adopted (recover cannot tell it: docs/cli.md, "recover"). */
const migrationImportId = config.get("migrationImportId");

// --- Search on orders-cluster: an index in each style, and dedicated search nodes.

const movies = new platform.SearchIndex("movies", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies-text",
  definition: {
    analyzer: searchAnalyzer,
    mappings: { dynamic: false, fields: { title: { type: "string" }, year: { type: "number" } } },
  },
});

const titles = new platform.FtsIndex("titles", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "movies",
  name: "titles",
  mappings: { dynamic: false, fields: { title: { type: "string" } } },
});

const searchNodes = new platform.SearchDeployment("search-nodes", {
  groupId,
  clusterName,
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
});

// --- Project settings of backup-example (singletons: create adopts, delete restores the default;
// Peering-Only mode has no default to restore and stays as it is).

const auditing = new platform.Auditing("auditing", {
  groupId,
  enabled: true,
  auditFilter: { atype: { $in: ["authenticate", "dropCollection"] } },
});

const customDns = new platform.CustomDns("custom-dns", { groupId, enabled: true });

const privateIpMode = new platform.PrivateIpMode("private-ip-mode", { groupId, enabled: true });

// --- Cloud backup of orders-cluster: an AWS access role the platform is authorized to assume, the
// export bucket that uses it, the schedule exporting to the bucket under a compliance policy, an
// on-demand snapshot, its export to the bucket and its restore into orders-restore.

const exportRole = new platform.CloudProviderAccessRole("export-role", {
  groupId,
  iamAssumedRoleArn: "arn:aws:iam::123456789012:role/every-type-exports",
});

const exportBucket = new platform.ExportBucket("exports", {
  groupId,
  bucketName: "every-type-exports",
  cloudProvider: "AWS",
  iamRoleId: exportRole.roleId,
});

const schedule = new platform.CloudBackupSchedule("orders-schedule", {
  groupId,
  clusterName,
  referenceHourOfDay: scheduleHourOfDay,
  referenceMinuteOfHour: 30,
  restoreWindowDays: 7,
  autoExportEnabled: true,
  export: { exportBucketId: exportBucket.exportBucketId, frequencyType: "monthly" },
  policies: [
    {
      policyItems: [
        { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 2 },
        { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 14 },
      ],
    },
  ],
});

// The policy takes the project from the schedule: it is made after the schedule meets it, and on
// destroy it is disabled before the schedule is reset (the service refuses a reset under a policy).
const compliance = new platform.BackupCompliancePolicy("compliance", {
  groupId: schedule.groupId,
  authorizedEmail: "security@example.com",
  authorizedUserFirstName: "Dana",
  authorizedUserLastName: "Reyes",
  onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
  scheduledPolicyItems: [
    { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
  ],
});

const snapshot = new platform.OnDemandSnapshot("snapshot", {
  groupId,
  clusterName,
  description: "every type: the snapshot exported and restored",
  retentionInDays: snapshotRetentionDays,
});

const snapshotExport = new platform.SnapshotExportJob("snapshot-export", {
  groupId,
  clusterName,
  snapshotId: snapshot.snapshotId,
  exportBucketId: exportBucket.exportBucketId,
  customData: [{ key: "scenario", value: "every-type" }],
});

const restore = new platform.RestoreJob("restore", {
  groupId,
  clusterName,
  deliveryType: "automated",
  snapshotId: snapshot.snapshotId,
  targetGroupId: groupId,
  targetClusterName: restoreClusterName,
});

// --- Alerts in observability: a metric alert whose webhook secret stays secret, and the
// acknowledgement of the seeded open HOST_DOWN alert.

const cpuAlert = new platform.AlertConfiguration("cpu-alert", {
  groupId: alertsGroupId,
  enabled: true,
  eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
  matchers: [{ fieldName: "REPLICA_SET_NAME", operator: "STARTS_WITH", value: "obs-cluster" }],
  metricThreshold: {
    metricName: "NORMALIZED_SYSTEM_CPU_USER",
    operator: "GREATER_THAN",
    threshold: 85,
    units: "RAW",
  },
  notifications: [
    { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 },
    {
      typeName: "WEBHOOK",
      webhookUrl: "https://hooks.example.com/every-type",
      webhookSecret: config.getSecret("webhookSecret") ?? pulumi.secret("every-type-webhook-secret-0001"),
    },
  ],
});

const acknowledgement = new platform.AlertAcknowledgement("acknowledgement", {
  groupId: alertsGroupId,
  alertId,
  acknowledgedUntil: "2030-01-31T12:00:00Z",
  acknowledgementComment: "planned maintenance of obs-cluster",
});

// --- Operations in ops-resources: a regional outage simulated on sim-cluster, and a live migration
// into migration-target once the organization is linked.

const simulation = new platform.OutageSimulation("outage", {
  groupId: opsGroupId,
  clusterName: simulationClusterName,
  outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1" }],
});

const link = new platform.LiveMigrationLinkToken("link", { orgId, accessListIps: ["203.0.113.10"] });

const migration = new platform.LiveMigration(
  "migration",
  {
    groupId: opsGroupId,
    destination: { clusterName: migrationClusterName, hostnameSchemaType: "PUBLIC" },
    source: {
      clusterName: "self-managed-rs",
      groupId: "65f0c0ffee0000000000aa01",
      managedAuthentication: false,
      ssl: true,
      username: "migrator",
      // The class keeps the whole source secret in state, even given as plain text.
      password: config.get("sourcePassword") ?? "every-type-source-password",
    },
    migrationHosts: ["migration-host-0.self-managed.local"],
    ...(migrationImportId === undefined ? {} : { importId: migrationImportId }),
  },
  { dependsOn: [link] },
);

export const searchIndexStatus = movies.status;
export const ftsIndexStatus = titles.status;
export const searchNodesState = searchNodes.stateName;
export const auditConfigurationType = auditing.configurationType;
export const customDnsEnabled = customDns.enabled;
export const privateIpModeEnabled = privateIpMode.enabled;
export const exportRoleId = exportRole.roleId;
export const exportBucketId = exportBucket.exportBucketId;
export const nextSnapshot = schedule.nextSnapshot;
export const complianceState = compliance.state;
export const snapshotId = snapshot.snapshotId;
export const snapshotExpiresAt = snapshot.expiresAt;
export const exportState = snapshotExport.state;
export const restoreState = restore.state;
export const cpuAlertConfigId = cpuAlert.alertConfigId;
export const acknowledgedUntil = acknowledgement.acknowledgedUntil;
export const simulationState = simulation.state;
export const migrationStatus = migration.status;
