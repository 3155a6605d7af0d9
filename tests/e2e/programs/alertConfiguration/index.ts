// AlertConfiguration end to end: every input the test changes between `pulumi up`s comes from stack
// config; the credentials are secrets.
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");

const failures = new AlertConfiguration("failures", {
  groupId,
  enabled: config.requireBoolean("enabled"),
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
  notifications: [
    {
      typeName: "SLACK",
      apiToken: config.requireSecret("slackToken"),
      channelName: "#alerts",
      intervalMin: config.requireNumber("slackIntervalMin"),
    },
    {
      typeName: "WEBHOOK",
      webhookUrl: "https://hooks.example.com/alerts",
      webhookSecret: config.requireSecret("webhookSecret"),
    },
    { typeName: "PAGER_DUTY", serviceKey: config.requireSecret("pagerDutyKey") },
    { typeName: "EMAIL", emailAddress: "ops@example.com" },
    { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true },
  ],
});

// Adoption: when the test sets adoptId, a configuration created outside Pulumi is taken over.
const adoptId = config.get("adoptId");
const adopted = adoptId
  ? new AlertConfiguration("adopted", {
      groupId,
      enabled: true,
      eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
      notifications: [{ typeName: "EMAIL", emailAddress: "billing@example.com" }],
      importId: adoptId,
    })
  : undefined;

export const failuresId = failures.id;
export const alertConfigId = failures.alertConfigId;
export const adoptedAlertConfigId = adopted?.alertConfigId;
