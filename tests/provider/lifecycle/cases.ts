/**
 * One lifecycle case per resource type: valid inputs against the emulator's default seed, a change
 * the program makes, a change made out of band (through the API with the fixture's client, or the
 * emulator's own state where the API has no operation for it) and what a read must report of it,
 * and what delete promises. lifecycle.ts drives each case through both forms.
 *
 * The seed (emulator/seed/default.json): project GROUP holds demo-cluster (7.0), old-cluster (4.0,
 * which keeps Peering-Only mode on) and the authorized AWS access role AWS_ROLE; OTHER_GROUP runs
 * nothing below 5.0; the observability project's HOST_DOWN configuration raised an open alert.
 */
import { policiesForRequest } from "../../../provider/client/backupSchedules";
import { AWS_ROLE, type EmulatorFixture, GROUP, OTHER_GROUP } from "../resources/emulatorFixture";
import type { Bag } from "./forms";

/** What an out-of-band change is made from: the object as the engine stores it (plain values). */
export interface LiveObject {
  id: string;
  outputs: Bag;
  inputs: Bag;
}

export interface OutOfBand {
  /** Changes the object without the provider. */
  change(fx: EmulatorFixture, live: LiveObject): Promise<void>;
  /**
   * What the read after it reports: the path of an input ("specs.0.nodeCount") and its value,
   * "gone" when the change removed the object, or "stored" where the API cannot show the change (the
   * read reports the stored object, as the declaration says).
   */
  reads: { path: string; value: unknown } | "gone" | "stored";
  /**
   * The program takes the out-of-band value instead of converging it (the change cannot be undone);
   * otherwise the next update converges the object back to the program.
   */
  accepted?: true;
}

export interface LifecycleCase {
  type: string;
  /** Objects the inputs need that the seed does not hold, made through the API; named ids. */
  setup?(fx: EmulatorFixture): Promise<Record<string, string>>;
  inputs(ids: Record<string, string>): Bag;
  /** The inputs the program changes (on top of `inputs`): update or replace per the property table. */
  change(ids: Record<string, string>): Bag;
  /** Inputs the program makes secret (the engine sends them marked to the native plugin). */
  secrets?: readonly string[];
  /** undefined: the API cannot change the object (the comment says why; the harness checks it holds still). */
  outOfBand: OutOfBand | undefined;
  /**
   * What `pulumi import` (the native plugin's read from the id alone) cannot give, where it cannot
   * give inputs that pass check: the inputs check then names, or "not declared" for a type that has
   * nothing to adopt. Undefined: the read's inputs pass check and diff shows no change.
   */
  importedById?: { missing: readonly string[] } | "not declared";
  /** What the service needs before it deletes (a request the API has no operation for). */
  beforeDelete?(fx: EmulatorFixture): Promise<void>;
  /**
   * What delete promises, where it is not "read reports the object gone": a singleton gives the
   * object back to the service's defaults (or leaves it), a job or a migration is only forgotten.
   */
  afterDelete?(fx: EmulatorFixture, live: LiveObject): Promise<void>;
}

const CLUSTER = "demo-cluster";
const ORG = "5f1a00000000000000000001";
/** observability: its seeded HOST_DOWN configuration raised the open alert …e420. */
const ALERTS_GROUP = "5f1a0000000000000000e401";
const OPEN_ALERT = "5f1a0000000000000000e420";
const ARN = (name: string) => `arn:aws:iam::123456789012:role/${name}`;
const PERSON = {
  authorizedEmail: "ada@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
};
const DAILY = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const SPEC = { instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 };
const EAST = { cloudProvider: "AWS", regionName: "US_EAST_1" };
const WEST = { cloudProvider: "AWS", regionName: "US_WEST_2" };
const SLACK = { typeName: "SLACK", apiToken: "xoxb-secret-token-9999", channelName: "#alerts" };
const WEBHOOK = {
  typeName: "WEBHOOK",
  webhookUrl: "https://hooks.example.com/alerts",
  webhookSecret: "whsec-abcdef-1234",
};
const MIGRATION_SOURCE = {
  clusterName: "self-managed-rs",
  groupId: "65f0c0ffee0000000000aa01",
  managedAuthentication: false,
  ssl: true,
  username: "migrator",
  password: "s3cret-source-password",
};

const part = (id: string, index: number): string => {
  const value = id.split("/")[index];
  if (value === undefined) throw new Error(`id ${id} has no part ${index}`);
  return value;
};

/** An on-demand snapshot of demo-cluster, completed (the clock moved past its asynchronous states). */
async function completedSnapshot(fx: EmulatorFixture): Promise<string> {
  const snapshot = await fx.client.snapshots.takeOnDemand(GROUP, CLUSTER, { retentionInDays: 1 });
  fx.emu.advance(60_000);
  return snapshot.id;
}

/** A finished job cannot change; the service keeps it after delete, which only forgets it. */
const jobKept =
  (get: (fx: EmulatorFixture, live: LiveObject) => Promise<unknown>) =>
  async (fx: EmulatorFixture, live: LiveObject): Promise<void> => {
    expect(await get(fx, live)).toMatchObject({ id: part(live.id, 2) });
  };

export const CASES: readonly LifecycleCase[] = [
  {
    type: "AlertAcknowledgement",
    inputs: () => ({
      groupId: ALERTS_GROUP,
      alertId: OPEN_ALERT,
      acknowledgedUntil: "2030-01-31T12:00:00Z",
      acknowledgementComment: "planned maintenance",
    }),
    change: () => ({ acknowledgementComment: "maintenance extended" }),
    outOfBand: {
      change: (fx) =>
        fx.client.alerts
          .acknowledge(ALERTS_GROUP, OPEN_ALERT, {
            acknowledgedUntil: "2031-01-01T00:00:00Z",
            acknowledgementComment: "maintenance extended",
          })
          .then(() => undefined),
      reads: { path: "acknowledgedUntil", value: "2031-01-01T00:00:00Z" },
    },
    // The alert is the service's: delete takes the acknowledgement back, the alert stays open.
    afterDelete: async (fx) => {
      const alert = await fx.client.alerts.get(ALERTS_GROUP, OPEN_ALERT);
      expect([alert.acknowledgedUntil, alert.status]).toEqual([undefined, "OPEN"]);
    },
  },
  {
    type: "AlertConfiguration",
    inputs: () => ({
      groupId: GROUP,
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
      notifications: [SLACK, WEBHOOK],
    }),
    change: () => ({ enabled: false }),
    secrets: ["notifications"],
    outOfBand: {
      change: (fx, live) =>
        fx.client.alertConfigs
          .update(GROUP, part(live.id, 1), {
            enabled: live.inputs.enabled as boolean,
            eventTypeName: "DEPLOYMENT_FAILURE",
            matchers: live.inputs.matchers as never,
            notifications: [{ ...SLACK, intervalMin: 15 }, WEBHOOK],
          })
          .then(() => undefined),
      reads: { path: "notifications.0.intervalMin", value: 15 },
    },
  },
  {
    type: "Auditing",
    inputs: () => ({ groupId: GROUP, enabled: true, auditFilter: { atype: "authenticate" } }),
    change: () => ({ auditAuthorizationSuccess: true }),
    outOfBand: {
      change: (fx) => fx.client.auditing.update(GROUP, { enabled: false }).then(() => undefined),
      reads: { path: "enabled", value: false },
    },
    // A singleton: delete gives the project back the service's defaults.
    afterDelete: async (fx) => {
      const live = await fx.client.auditing.get(GROUP);
      expect([live.enabled, live.auditAuthorizationSuccess, live.configurationType]).toEqual([
        false,
        false,
        "NONE",
      ]);
    },
  },
  {
    type: "BackupCompliancePolicy",
    inputs: () => ({ groupId: GROUP, ...PERSON, scheduledPolicyItems: [DAILY] }),
    change: () => ({ authorizedUserLastName: "Byron" }),
    outOfBand: {
      change: (fx, live) =>
        fx.client.compliancePolicy
          .update(GROUP, {
            authorizedEmail: PERSON.authorizedEmail,
            authorizedUserFirstName: "Augusta",
            authorizedUserLastName: live.inputs.authorizedUserLastName as string,
            scheduledPolicyItems: [DAILY],
          } as never)
          .then(() => undefined),
      reads: { path: "authorizedUserFirstName", value: "Augusta" },
    },
    // The service disables a policy only after a support request: the emulator's control API files it.
    beforeDelete: async (fx) => {
      const answer = await fetch(`${fx.emu.url}/__emulator/projects/${GROUP}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ compliancePolicyDisableRequested: true }),
      });
      expect(answer.status).toBe(200);
    },
  },
  {
    type: "CloudBackupSchedule",
    inputs: () => ({ groupId: GROUP, clusterName: CLUSTER, referenceHourOfDay: 3 }),
    change: () => ({ referenceMinuteOfHour: 30 }),
    outOfBand: {
      change: async (fx) => {
        const { policies } = await fx.client.backupSchedules.get(GROUP, CLUSTER);
        await fx.client.backupSchedules.update(GROUP, CLUSTER, {
          referenceHourOfDay: 5,
          policies: policiesForRequest(policies),
        });
      },
      reads: { path: "referenceHourOfDay", value: 5 },
    },
    // A singleton: delete resets the schedule to the service's defaults (resetOnDelete is true by default).
    afterDelete: async (fx) => {
      const live = await fx.client.backupSchedules.get(GROUP, CLUSTER);
      expect([live.referenceHourOfDay, live.referenceMinuteOfHour]).toEqual([12, 0]);
    },
  },
  {
    type: "CloudProviderAccessRole",
    inputs: () => ({ groupId: GROUP, iamAssumedRoleArn: ARN("lifecycle") }),
    change: () => ({ iamAssumedRoleArn: ARN("lifecycle-2") }),
    outOfBand: {
      change: (fx, live) =>
        fx.client.cloudProviderAccess
          .authorize(GROUP, part(live.id, 1), { providerName: "AWS", iamAssumedRoleArn: ARN("elsewhere") })
          .then(() => undefined),
      reads: { path: "iamAssumedRoleArn", value: ARN("elsewhere") },
    },
  },
  {
    type: "CustomDns",
    inputs: () => ({ groupId: GROUP, enabled: true }),
    change: () => ({ enabled: false }),
    outOfBand: {
      change: (fx) => fx.client.customDns.update(GROUP, { enabled: false }).then(() => undefined),
      reads: { path: "enabled", value: false },
    },
    // A singleton: delete restores the default, disabled.
    afterDelete: async (fx) => expect((await fx.client.customDns.get(GROUP)).enabled).toBe(false),
  },
  {
    type: "ExportBucket",
    inputs: () => ({
      groupId: GROUP,
      bucketName: "lifecycle-exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    }),
    change: () => ({ bucketName: "lifecycle-exports-2" }),
    // Nothing of a bucket changes in place: out of band it can only be deleted.
    outOfBand: {
      change: (fx, live) => fx.client.exportBuckets.delete(GROUP, part(live.id, 1)).then(() => undefined),
      reads: "gone",
    },
  },
  {
    type: "FtsIndex",
    inputs: () => ({
      groupId: GROUP,
      clusterName: CLUSTER,
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      mappings: { dynamic: false, fields: { title: { type: "string" } } },
    }),
    change: () => ({ analyzer: "lucene.english" }),
    outOfBand: {
      change: async (fx, live) => {
        await fx.client.searchIndexes.fts.update(GROUP, CLUSTER, part(live.id, 2), {
          type: "search",
          database: "sample_mflix",
          collectionName: "movies",
          name: "titles",
          analyzer: live.inputs.analyzer as string,
          mappings: { dynamic: true },
        } as never);
        fx.emu.advance(60_000);
      },
      reads: { path: "mappings", value: { dynamic: true } },
    },
  },
  {
    type: "LiveMigration",
    setup: async (fx) => {
      // The organization is linked first (the everyType program's link token).
      await fx.client.liveMigrations.createLinkToken(ORG, { accessListIps: ["203.0.113.10"] });
      return {};
    },
    inputs: () => ({
      groupId: GROUP,
      destination: { clusterName: CLUSTER, hostnameSchemaType: "PUBLIC" },
      source: MIGRATION_SOURCE,
      migrationHosts: ["migration-host-0.self-managed.local"],
    }),
    change: () => ({ migrationHosts: ["migration-host-1.self-managed.local"] }),
    // "The API returns none of the inputs, so read keeps them from state" (docs/resources/liveMigration.md):
    // from the id alone, what was migrated is unknown.
    importedById: { missing: ["destination", "migrationHosts", "source"] },
    secrets: ["source"],
    // A cutover cannot be undone: the program takes it (check refuses cutover going back to false).
    outOfBand: {
      change: async (fx, live) => {
        await fx.client.liveMigrations.cutover(GROUP, part(live.id, 1));
        fx.emu.advance(60_000);
      },
      reads: { path: "cutover", value: true },
      accepted: true,
    },
    // The API has no operation that deletes or cancels a migration: delete only forgets it.
    afterDelete: async (fx, live) =>
      expect(await fx.client.liveMigrations.get(GROUP, part(live.id, 1))).toMatchObject({
        _id: part(live.id, 1),
      }),
  },
  {
    type: "LiveMigrationLinkToken",
    inputs: () => ({ orgId: ORG, accessListIps: ["203.0.113.10"] }),
    change: () => ({ accessListIps: ["203.0.113.11"] }),
    // "There is no importId: the API never shows a link or its token again, so there is nothing to
    // adopt" (docs/resources/liveMigrationLinkToken.md).
    importedById: "not declared",
    // A link cannot change, only be removed, and the API never shows a link again: read confirms the
    // organization exists and reports what is stored (docs/api-choices.md).
    outOfBand: {
      change: (fx) => fx.client.liveMigrations.deleteLinkTokens(ORG).then(() => undefined),
      reads: "stored",
    },
    // Read cannot see the link either way: delete's promise is that the organization has none.
    afterDelete: async (fx) => expect(await fx.client.liveMigrations.listAvailableProjects(ORG)).toEqual([]),
  },
  {
    type: "OnDemandSnapshot",
    inputs: () => ({ groupId: GROUP, clusterName: CLUSTER, description: "lifecycle", retentionInDays: 3 }),
    change: () => ({ retentionInDays: 10 }),
    outOfBand: {
      change: (fx, live) =>
        fx.client.snapshots
          .updateExpiration(GROUP, CLUSTER, part(live.id, 2), { retentionUnit: "WEEKS", retentionValue: 2 })
          .then(() => undefined),
      reads: { path: "retentionInDays", value: 14 },
    },
  },
  {
    type: "OutageSimulation",
    inputs: () => ({ groupId: GROUP, clusterName: CLUSTER, outageFilters: [EAST] }),
    change: () => ({ outageFilters: [WEST] }),
    // A simulation cannot change: out of band it can only be ended.
    outOfBand: {
      change: async (fx) => {
        await fx.client.outageSimulations.end(GROUP, CLUSTER);
        fx.emu.advance(60_000);
      },
      reads: "gone",
    },
  },
  {
    type: "PrivateIpMode",
    // OTHER_GROUP: the mode can be turned off only where no cluster runs below 5.0.
    inputs: () => ({ groupId: OTHER_GROUP, enabled: true }),
    change: () => ({ enabled: false }),
    // The API has no operation that reads the mode: read reports the stored value.
    outOfBand: {
      change: (fx) => fx.client.legacy.setPrivateIpMode(OTHER_GROUP, false).then(() => undefined),
      reads: "stored",
    },
    // There is no default to restore: delete leaves the mode as it is (the API cannot read it: the
    // emulator's state shows it).
    afterDelete: async (fx) =>
      expect(fx.emu.state.entities.privateIpMode?.[OTHER_GROUP]).toEqual({ enabled: false }),
  },
  {
    type: "RestoreJob",
    setup: async (fx) => ({ first: await completedSnapshot(fx), second: await completedSnapshot(fx) }),
    inputs: (ids) => ({
      groupId: GROUP,
      clusterName: CLUSTER,
      deliveryType: "automated",
      snapshotId: ids.first,
      targetGroupId: GROUP,
      targetClusterName: "old-cluster",
    }),
    change: (ids) => ({ snapshotId: ids.second }),
    // A job runs once and the API changes nothing of it.
    outOfBand: undefined,
    afterDelete: jobKept((fx, live) => fx.client.restoreJobs.get(GROUP, CLUSTER, part(live.id, 2))),
  },
  {
    type: "SearchDeployment",
    inputs: () => ({ groupId: GROUP, clusterName: CLUSTER, specs: [SPEC] }),
    change: () => ({ specs: [{ ...SPEC, nodeCount: 4 }] }),
    outOfBand: {
      change: async (fx) => {
        await fx.client.searchDeployments.update(GROUP, CLUSTER, { specs: [{ ...SPEC, nodeCount: 6 }] });
        fx.emu.advance(60_000);
      },
      reads: { path: "specs.0.nodeCount", value: 6 },
    },
  },
  {
    type: "SearchIndex",
    inputs: () => ({
      groupId: GROUP,
      clusterName: CLUSTER,
      database: "sample_mflix",
      collectionName: "movies",
      name: "movies",
      definition: { mappings: { dynamic: true } },
    }),
    change: () => ({ definition: { mappings: { dynamic: false, fields: { title: { type: "string" } } } } }),
    outOfBand: {
      change: async (fx, live) => {
        await fx.client.searchIndexes.update(GROUP, CLUSTER, part(live.id, 2), {
          mappings: { dynamic: false },
        });
        fx.emu.advance(60_000);
      },
      reads: { path: "definition.mappings", value: { dynamic: false } },
    },
  },
  {
    type: "SnapshotExportJob",
    setup: async (fx) => {
      const bucket = await fx.client.exportBuckets.create(GROUP, {
        bucketName: "lifecycle-exports",
        cloudProvider: "AWS",
        iamRoleId: AWS_ROLE,
      });
      return { snapshotId: await completedSnapshot(fx), exportBucketId: bucket._id };
    },
    inputs: (ids) => ({
      groupId: GROUP,
      clusterName: CLUSTER,
      snapshotId: ids.snapshotId,
      exportBucketId: ids.exportBucketId,
      customData: [{ key: "team", value: "bi" }],
    }),
    change: () => ({ customData: [{ key: "team", value: "finance" }] }),
    // A job runs once and the API changes nothing of it.
    outOfBand: undefined,
    afterDelete: jobKept((fx, live) => fx.client.exportJobs.get(GROUP, CLUSTER, part(live.id, 2))),
  },
];
