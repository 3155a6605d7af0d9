// The drift command's end-to-end scenario: one object of five kinds in the seeded project, each with
// the field the test then changes out of band (a notification delay, the index mappings, the audit
// filter, the backup hour, the custom DNS flag), and a second alert configuration whose only
// credential is a secret from config.
import * as pulumi from "@pulumi/pulumi";
import {
  AlertConfiguration,
  Auditing,
  CloudBackupSchedule,
  CustomDns,
  SearchIndex,
} from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");
const clusterName = "demo-cluster";

export const alertsId = new AlertConfiguration("failures", {
  groupId,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [
    { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: config.requireNumber("delayMin") },
  ],
}).id;

export const pagerId = new AlertConfiguration("pager", {
  groupId,
  enabled: true,
  eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
  notifications: [{ typeName: "PAGER_DUTY", serviceKey: config.requireSecret("pagerDutyKey") }],
}).id;

export const indexId = new SearchIndex("movies", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies-text",
  mappings: { dynamic: false, fields: { title: { type: "string" } } },
}).indexId;

export const auditingId = new Auditing("audit", {
  groupId,
  enabled: true,
  auditFilter: { atype: "authenticate" },
}).id;

export const scheduleId = new CloudBackupSchedule("backups", {
  groupId,
  clusterName,
  referenceHourOfDay: 3,
}).id;

export const dnsId = new CustomDns("dns", { groupId, enabled: config.getBoolean("dnsEnabled") ?? true }).id;
