// One program for every environment: what differs between dev, staging and prod is stack config
// (Pulumi.<stack>.yaml), never code, so the commit tested in dev is the commit applied to prod.
import * as pulumi from "@pulumi/pulumi";
import {
  AlertConfiguration,
  Auditing,
  CloudBackupSchedule,
  SearchDeployment,
  SearchIndex,
} from "pulumi-cluster-platform";

const config = new pulumi.Config();
/** Each environment is its own project, with a cluster of the same name. */
const groupId = config.require("groupId");
const clusterName = config.get("clusterName") ?? "app-cluster";

// Search nodes: size and count per environment.
const searchNodes = new SearchDeployment("search-nodes", {
  groupId,
  clusterName,
  specs: [
    {
      instanceSize: config.require("searchInstanceSize"),
      nodeCount: config.requireNumber("searchNodeCount"),
    },
  ],
});

// The index is the same everywhere: it is what promotion carries over.
const products = new SearchIndex(
  "products",
  {
    groupId,
    clusterName,
    database: "shop",
    collectionName: "products",
    name: "products-text",
    mappings: { dynamic: false, fields: { name: { type: "string" }, description: { type: "string" } } },
  },
  { dependsOn: [searchNodes] },
);

// Backups: the same schedule, a retention per environment.
const backups = new CloudBackupSchedule("backups", {
  groupId,
  clusterName,
  referenceHourOfDay: 2,
  policies: [
    {
      policyItems: [
        {
          frequencyType: "daily",
          frequencyInterval: 1,
          retentionUnit: "days",
          retentionValue: config.requireNumber("backupRetentionDays"),
        },
      ],
    },
  ],
});

// Alerts: the recipients and the threshold (minutes before notifying) per environment.
const failures = new AlertConfiguration("deployment-failures", {
  groupId,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: clusterName }],
  notifications: [
    {
      typeName: "EMAIL",
      emailAddress: config.require("alertEmail"),
      delayMin: config.requireNumber("alertDelayMin"),
    },
  ],
});

const audit = new Auditing("audit", { groupId, enabled: true, auditFilter: { atype: "authenticate" } });

export const searchNodesState = searchNodes.stateName;
export const productsStatus = products.status;
export const backupsId = backups.id;
export const alertConfigId = failures.alertConfigId;
export const auditingEnabled = audit.enabled;
