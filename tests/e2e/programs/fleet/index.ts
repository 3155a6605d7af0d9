// The fleet's end-to-end scenario (tests/e2e/fleet.e2e.test.ts): every stack of this program holds
// three objects of its own project, each quick to create; the recipient and the delay of the alert
// are per-environment config, so that compare along a chain has values that follow config.
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration, Auditing, CustomDns } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");

export const dnsId = new CustomDns("dns", { groupId, enabled: true }).id;

export const auditingId = new Auditing("audit", {
  groupId,
  enabled: true,
  auditFilter: { atype: "authenticate" },
}).id;

export const alertId = new AlertConfiguration("failures", {
  groupId,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [
    {
      typeName: "EMAIL",
      emailAddress: config.require("alertEmail"),
      delayMin: config.requireNumber("alertDelayMin"),
    },
  ],
}).id;
