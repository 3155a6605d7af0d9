// Secrets end to end: an alert configuration whose notification credentials are secret config, and a
// search index (its create waits, so the provider writes progress lines the engine shows).
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration, SearchIndex } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");

const alerts = new AlertConfiguration("alerts", {
  groupId,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [
    { typeName: "SLACK", apiToken: config.requireSecret("slackToken"), channelName: "#alerts" },
    {
      typeName: "WEBHOOK",
      webhookUrl: "https://hooks.example.com/security",
      webhookSecret: config.requireSecret("webhookSecret"),
    },
    { typeName: "PAGER_DUTY", serviceKey: config.requireSecret("pagerDutyKey") },
    { typeName: "OPS_GENIE", opsGenieApiKey: config.requireSecret("opsGenieKey"), opsGenieRegion: "US" },
  ],
});

const index = new SearchIndex("index", {
  groupId,
  clusterName: config.require("clusterName"),
  database: "sample_mflix",
  collectionName: "movies",
  name: "security-text",
  definition: { mappings: { dynamic: true } },
});

export const alertConfigId = alerts.alertConfigId;
export const indexStatus = index.status;
