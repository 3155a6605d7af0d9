// The policy pack end to end: with `fixed` false this program breaks four rules of the pack (two
// mandatory: a plain-HTTP webhook, two Auditing for one project; two advisory: two search nodes where the team wants three in
// production, a cluster without a backup schedule); with `fixed` true it keeps them all.
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration, Auditing, CloudBackupSchedule, SearchDeployment } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const fixed = config.requireBoolean("fixed");
const groupId = config.require("groupId");
const clusterName = config.require("clusterName");

new AlertConfiguration("deploy-failed", {
  groupId,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [
    {
      typeName: "WEBHOOK",
      webhookUrl: fixed ? "https://hooks.example.com/alerts" : "http://hooks.example.com/alerts",
      webhookSecret: pulumi.secret("whsec-policy-e2e"),
    },
  ],
});

new Auditing("audit", { groupId, enabled: true, auditFilter: { atype: "authenticate" } });
if (!fixed) new Auditing("audit-again", { groupId, enabled: false });

new SearchDeployment("search", {
  groupId,
  clusterName,
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: fixed ? 3 : 2 }],
});

if (fixed)
  new CloudBackupSchedule("schedule", {
    groupId,
    clusterName,
    policies: [
      {
        policyItems: [
          { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
        ],
      },
    ],
  });
