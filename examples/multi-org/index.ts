// Several credential sets in one program: the default configuration manages a project of the first
// organization, and a second provider configuration (platform.Provider) with another API key manages
// a project of a second organization. Each resource names the configuration it uses with the
// `provider` option; neither key can reach the other organization's project.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

const config = new pulumi.Config();
const primaryGroupId = config.require("primaryGroupId");
const secondGroupId = config.require("secondGroupId");

// The second organization: its own API key, from this stack's config (the private half a secret). The
// same service as the default configuration unless secondOrgBaseUrl says otherwise.
const secondOrg = new platform.Provider("second-org", {
  baseUrl: config.get("secondOrgBaseUrl") ?? new pulumi.Config("platform").require("baseUrl"),
  publicKey: config.require("secondOrgPublicKey"),
  privateKey: config.requireSecret("secondOrgPrivateKey"),
});

// First organization: the default configuration (platform:* config, else PLATFORM_* variables).
const primaryAudit = new platform.Auditing("primary-audit", {
  groupId: primaryGroupId,
  enabled: true,
  auditFilter: { atype: "authenticate" },
});
const primaryAlerts = new platform.AlertConfiguration("primary-deployment-failures", {
  groupId: primaryGroupId,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [{ typeName: "EMAIL", emailAddress: "primary-ops@example.com", delayMin: 0 }],
});

// Second organization: the same kinds of objects through the second configuration.
const secondAudit = new platform.Auditing(
  "second-audit",
  { groupId: secondGroupId, enabled: true, auditFilter: { atype: "authCheck" } },
  { provider: secondOrg },
);
const secondAlerts = new platform.AlertConfiguration(
  "second-deployment-failures",
  {
    groupId: secondGroupId,
    enabled: true,
    eventTypeName: "DEPLOYMENT_FAILURE",
    notifications: [{ typeName: "EMAIL", emailAddress: "second-ops@example.com", delayMin: 5 }],
  },
  { provider: secondOrg },
);

export const primaryAuditFilter = primaryAudit.auditFilter;
export const primaryAlertConfigId = primaryAlerts.alertConfigId;
export const secondAuditFilter = secondAudit.auditFilter;
export const secondAlertConfigId = secondAlerts.alertConfigId;
