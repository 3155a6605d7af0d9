// Quickstart: the eight Cluster Platform resources in one stack, written for the local emulator's
// default seed (project 5f1a000000000000000000a1 with the cluster demo-cluster). Point
// `platform:baseUrl` at the real service and change the ids below to run it for real.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.get("groupId") ?? "5f1a000000000000000000a1";
const clusterName = config.get("clusterName") ?? "demo-cluster";
// An AWS access role already authorized in the project (the seed has this one).
const iamRoleId = config.get("iamRoleId") ?? "5f1a000000000000000000c1";

// Search: a text index with explicit mappings, a vector index, and dedicated search nodes.
const movies = new platform.SearchIndex("movies", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies-text",
  definition: {
    analyzer: "lucene.english",
    mappings: {
      dynamic: false,
      fields: {
        title: { type: "string" },
        plot: { type: "string" },
        year: { type: "number" },
      },
    },
  },
});

const plots = new platform.SearchIndex("plot-embeddings", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "embedded_movies",
  name: "plot-vectors",
  type: "vectorSearch",
  definition: {
    fields: [
      { type: "vector", path: "plot_embedding", numDimensions: 1536, similarity: "cosine" },
      { type: "filter", path: "year" },
    ],
  },
});

const searchNodes = new platform.SearchDeployment("search-nodes", {
  groupId,
  clusterName,
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
});

// Alerts: notify the on-call address and a webhook whose secret stays secret in state and output.
const deploymentFailures = new platform.AlertConfiguration("deployment-failures", {
  groupId,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [
    { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 },
    {
      typeName: "WEBHOOK",
      webhookUrl: "https://hooks.example.com/platform-alerts",
      webhookSecret: config.getSecret("webhookSecret") ?? pulumi.secret("quickstart-webhook-secret-0001"),
      delayMin: 5,
      intervalMin: 60,
    },
  ],
});

// Project settings (singletons: created by adopting the project's current configuration).
const auditing = new platform.Auditing("auditing", {
  groupId,
  enabled: true,
  auditAuthorizationSuccess: false,
  auditFilter: { atype: { $in: ["authenticate", "createCollection", "dropCollection"] } },
});

const customDns = new platform.CustomDns("custom-dns", { groupId, enabled: true });

// Cloud backup: an export bucket, a compliance policy, and the cluster's schedule exporting to it.
const exportBucket = new platform.ExportBucket("backup-exports", {
  groupId,
  bucketName: "quickstart-backup-exports",
  cloudProvider: "AWS",
  iamRoleId,
});

const compliance = new platform.BackupCompliancePolicy("compliance", {
  groupId,
  authorizedEmail: "security@example.com",
  authorizedUserFirstName: "Dana",
  authorizedUserLastName: "Reyes",
  copyProtectionEnabled: false,
  encryptionAtRestEnabled: false,
  pitEnabled: false,
  onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
  scheduledPolicyItems: [
    { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
  ],
  // The service refuses to disable a compliance policy without a support request; this keeps
  // `pulumi destroy` working by leaving the policy in place (see docs/resources/backupCompliancePolicy.md).
  keepEnabledOnDelete: true,
});

const schedule = new platform.CloudBackupSchedule(
  "demo-cluster-schedule",
  {
    groupId,
    clusterName,
    referenceHourOfDay: 3,
    referenceMinuteOfHour: 30,
    restoreWindowDays: 7,
    autoExportEnabled: true,
    export: { exportBucketId: exportBucket.exportBucketId, frequencyType: "monthly" },
    policies: [
      {
        policyItems: [
          { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 2 },
          { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 14 },
          { frequencyType: "weekly", frequencyInterval: 6, retentionUnit: "weeks", retentionValue: 8 },
          { frequencyType: "monthly", frequencyInterval: 40, retentionUnit: "months", retentionValue: 12 },
        ],
      },
    ],
  },
  // Destroy: Pulumi deletes the schedule before the bucket it exports to. The compliance policy
  // forbids resetting the schedule, so its delete turns auto export off and keeps its policies.
  { dependsOn: [compliance] },
);

export const textIndexId = movies.id;
export const textIndexStatus = movies.status;
export const vectorIndexStatus = plots.status;
export const searchNodesState = searchNodes.stateName;
export const alertConfigId = deploymentFailures.id;
export const auditConfigurationType = auditing.configurationType;
export const customDnsEnabled = customDns.enabled;
export const exportBucketId = exportBucket.exportBucketId;
export const complianceState = compliance.state;
export const nextSnapshot = schedule.nextSnapshot;
