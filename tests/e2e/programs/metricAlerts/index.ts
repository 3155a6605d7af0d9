// Metric and threshold alerts end to end: the CPU bound comes from stack config (the test changes it
// in place); `bad` adds one alert with input its event type's variant does not allow.
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");
const notifications = [{ typeName: "EMAIL" as const, emailAddress: "ops@example.com" }];

const cpu = new AlertConfiguration("cpu", {
  groupId,
  enabled: true,
  eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
  matchers: [{ fieldName: "REPLICA_SET_NAME", operator: "EQUALS", value: "rs0" }],
  metricThreshold: {
    metricName: "NORMALIZED_SYSTEM_CPU_USER",
    operator: "GREATER_THAN",
    threshold: config.requireNumber("cpuThreshold"),
    units: "RAW",
  },
  severityOverride: "WARNING",
  notifications,
});

const elections = new AlertConfiguration("elections", {
  groupId,
  enabled: true,
  eventTypeName: "TOO_MANY_ELECTIONS",
  matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "demo-cluster" }],
  threshold: { operator: "GREATER_THAN", threshold: 3, units: "RAW" },
  notifications,
});

// One bad alert at a time: its check must fail the preview before any request.
const bad = config.get("bad");
if (bad === "units") {
  new AlertConfiguration("bad", {
    groupId,
    eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
    metricThreshold: {
      metricName: "ASSERT_REGULAR",
      operator: "GREATER_THAN",
      threshold: 5,
      units: "GIGABYTES",
    },
    notifications,
  });
} else if (bad === "eventType") {
  new AlertConfiguration("bad", { groupId, eventTypeName: "HOST_DOWNN", notifications });
} else if (bad === "matcher") {
  new AlertConfiguration("bad", {
    groupId,
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "demo-cluster" }],
    notifications,
  });
}

export const cpuAlertConfigId = cpu.alertConfigId;
export const electionsAlertConfigId = elections.alertConfigId;
