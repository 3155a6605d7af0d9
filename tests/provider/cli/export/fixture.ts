/**
 * The project the export tests read: the seeded `export-source` project (emulator/seed/default.json,
 * ids in the e1xx range, used by no other test file), filled with several objects of every resource
 * type through the resource implementations (which speak through the client), as a user's earlier
 * Pulumi program or console clicks would have left it.
 */
import type { PlatformClient } from "../../../../provider/client";
import { resource as alertConfigurationResource } from "../../../../provider/resources/alertConfiguration/resource";
import { resource as auditingResource } from "../../../../provider/resources/auditing/resource";
import { resource as backupCompliancePolicyResource } from "../../../../provider/resources/backupCompliancePolicy/resource";
import { resource as cloudBackupScheduleResource } from "../../../../provider/resources/cloudBackupSchedule/resource";
import { resource as customDnsResource } from "../../../../provider/resources/customDns/resource";
import { resource as exportBucketResource } from "../../../../provider/resources/exportBucket/resource";
import { resource as searchDeploymentResource } from "../../../../provider/resources/searchDeployment/resource";
import { resource as searchIndexResource } from "../../../../provider/resources/searchIndex/resource";

export const EXPORT_GROUP = "5f1a0000000000000000e101";
export const EXPORT_CLUSTERS = ["export-cluster", "export-analytics"] as const;
const ROLE = "5f1a0000000000000000e1c1";

/** The notification credentials the fixture sets, by the config key export names them with. */
export const FIXTURE_SECRETS = {
  slackToken: "xoxb-slack-token-0000-4242",
  webhookSecret: "webhook-secret-0000-9876",
  pagerDutyKey: "pagerduty-service-key-1357",
} as const;

/** Creates the objects (asynchronous ones are ready when it returns, with the emulator's delay at 0). */
export async function fillExportProject(client: PlatformClient): Promise<void> {
  const deps = { client: () => client };
  const group = EXPORT_GROUP;
  const [cluster, analytics] = EXPORT_CLUSTERS;
  const alerts = alertConfigurationResource.providerWith(deps);
  await alerts.create({
    groupId: group,
    enabled: true,
    eventTypeName: "DEPLOYMENT_FAILURE",
    notifications: [{ typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 5 }],
  });
  await alerts.create({
    groupId: group,
    enabled: true,
    eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
    notifications: [
      { typeName: "SLACK", apiToken: FIXTURE_SECRETS.slackToken, channelName: "#ops" },
      { typeName: "PAGER_DUTY", serviceKey: FIXTURE_SECRETS.pagerDutyKey },
    ],
  });
  await alerts.create({
    groupId: group,
    enabled: false,
    eventTypeName: "JOINED_GROUP",
    notifications: [
      {
        typeName: "WEBHOOK",
        webhookUrl: "https://hooks.example.com/platform",
        webhookSecret: FIXTURE_SECRETS.webhookSecret,
      },
    ],
  });
  const indexes = searchIndexResource.providerWith(deps);
  await indexes.create({
    groupId: group,
    clusterName: cluster,
    database: "shop",
    collectionName: "products",
    name: "products-text",
    mappings: { dynamic: false, fields: { name: { type: "string" } } },
  });
  await indexes.create({
    groupId: group,
    clusterName: cluster,
    database: "shop",
    collectionName: "orders",
    name: "orders-dynamic",
    mappings: { dynamic: true },
  });
  await indexes.create({
    groupId: group,
    clusterName: analytics,
    database: "shop",
    collectionName: "products",
    name: "products-vectors",
    type: "vectorSearch",
    definition: { fields: [{ type: "vector", path: "embedding", numDimensions: 3, similarity: "cosine" }] },
  });
  const nodes = searchDeploymentResource.providerWith(deps);
  await nodes.create({
    groupId: group,
    clusterName: cluster,
    specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
  });
  await nodes.create({
    groupId: group,
    clusterName: analytics,
    specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }],
  });
  const schedules = cloudBackupScheduleResource.providerWith(deps);
  const daily = { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 };
  await schedules.create({
    groupId: group,
    clusterName: cluster,
    referenceHourOfDay: 4,
    policies: [{ policyItems: [daily] }],
  });
  await schedules.create({
    groupId: group,
    clusterName: analytics,
    referenceHourOfDay: 22,
    referenceMinuteOfHour: 30,
  });
  const buckets = exportBucketResource.providerWith(deps);
  await buckets.create({ groupId: group, bucketName: "exports-daily", iamRoleId: ROLE });
  await buckets.create({ groupId: group, bucketName: "exports-archive", iamRoleId: ROLE });
  await backupCompliancePolicyResource.providerWith(deps).create({
    groupId: group,
    authorizedEmail: "ada@example.com",
    authorizedUserFirstName: "Ada",
    authorizedUserLastName: "Lovelace",
    restoreWindowDays: 2,
    scheduledPolicyItems: [
      { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 3 },
    ],
  });
  await auditingResource.providerWith(deps).create({
    groupId: group,
    enabled: true,
    auditFilter: { atype: "authenticate" },
  });
  await customDnsResource.providerWith(deps).create({ groupId: group, enabled: true });
}

/**
 * The secrets an exported program's README asks for (`pulumi config set --secret <project>:<key>
 * '<value ending in 4242>'`), each paired with the fixture's credential ending so: what a user sets.
 * @throws Error naming a line whose ending matches no credential of the fixture
 */
export function readmeSecrets(readme: string, project: string): Array<{ key: string; value: string }> {
  return readme
    .split("\n")
    .filter((line) => line.startsWith(`pulumi config set --secret ${project}:`))
    .map((line) => {
      const [, key, suffix] =
        /^pulumi config set --secret (\S+) '<value ending in (\w{4})>'$/.exec(line) ?? [];
      const value = Object.values(FIXTURE_SECRETS).find((secret) => secret.endsWith(suffix ?? "-"));
      if (key === undefined || value === undefined) throw new Error(`no fixture credential for: ${line}`);
      return { key, value };
    });
}
