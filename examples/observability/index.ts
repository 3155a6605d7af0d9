// Observability: metric and event alerts with several notification kinds, the acknowledgement of an
// open alert, and what the functions read (open alerts, failed logins from the access log) in the
// outputs. Written for the emulator's default seed: the project 5f1a0000000000000000e401 with the
// cluster obs-cluster and open HOST_DOWN alerts. Set `groupId` and `clusterName` to run it for real.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.get("groupId") ?? "5f1a0000000000000000e401";
const clusterName = config.get("clusterName") ?? "obs-cluster";

// A metric alert: CPU above a bound on the cluster's replica set (its name starts with the
// cluster's; these event types match hosts, not cluster names), to email and Slack.
const cpu = new platform.AlertConfiguration("cpu", {
  groupId,
  enabled: true,
  eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
  matchers: [{ fieldName: "REPLICA_SET_NAME", operator: "STARTS_WITH", value: clusterName }],
  metricThreshold: {
    metricName: "NORMALIZED_SYSTEM_CPU_USER",
    operator: "GREATER_THAN",
    threshold: config.getNumber("cpuThreshold") ?? 85,
    units: "RAW",
  },
  severityOverride: "WARNING",
  notifications: [
    { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 },
    {
      typeName: "SLACK",
      apiToken: config.getSecret("slackToken") ?? pulumi.secret("xoxb-observability-example-0001"),
      channelName: "#db-alerts",
    },
  ],
});

// An event alert: a host down pages the on-call service and tells the project's owners.
const hostDown = new platform.AlertConfiguration("host-down", {
  groupId,
  enabled: true,
  eventTypeName: "HOST_DOWN",
  matchers: [{ fieldName: "REPLICA_SET_NAME", operator: "STARTS_WITH", value: clusterName }],
  notifications: [
    {
      typeName: "PAGER_DUTY",
      serviceKey: config.getSecret("pagerDutyKey") ?? pulumi.secret("pagerduty-observability-example-01"),
    },
    { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true },
    {
      typeName: "WEBHOOK",
      webhookUrl: "https://hooks.example.com/platform-alerts",
      webhookSecret: config.getSecret("webhookSecret") ?? pulumi.secret("observability-webhook-secret-01"),
    },
  ],
});

// The project's open alerts (a function: read at every preview and update), and the acknowledgement
// of the first HOST_DOWN one during planned maintenance (or the alert `alertId` names).
const openAlerts = platform.getAlertsOutput({ groupId, status: "OPEN" });
const alertId =
  config.get("alertId") ??
  openAlerts.apply((alerts) => {
    const hostAlert = alerts.find((alert) => alert.eventTypeName === "HOST_DOWN");
    if (hostAlert === undefined)
      throw new Error(`project ${groupId} has no open HOST_DOWN alert to acknowledge`);
    return hostAlert.id;
  });
const maintenance = new platform.AlertAcknowledgement("maintenance", {
  groupId,
  alertId,
  acknowledgedUntil: config.get("acknowledgedUntil") ?? "2030-01-31T12:00:00Z",
  acknowledgementComment: "planned maintenance of obs-cluster, ticket OPS-1234",
});

// An access-log query: the failed authentications of the cluster, newest first.
const failedLogins = platform.getAccessLogsOutput({ groupId, clusterName, authResult: false, nLogs: 100 });

export const cpuAlertConfigId = cpu.alertConfigId;
export const hostDownAlertConfigId = hostDown.alertConfigId;
export const acknowledgedAlertId = maintenance.alertId;
export const acknowledgedUntil = maintenance.acknowledgedUntil;
export const openAlertCount = openAlerts.apply((alerts) => alerts.length);
export const failedLoginSources = failedLogins.apply((entries) =>
  [...new Set(entries.map((entry) => `${entry.username}@${entry.ipAddress}`))].sort(),
);
