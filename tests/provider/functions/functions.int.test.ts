/**
 * Every function against the in-process emulator: the result is what the API holds (the objects the
 * test made, read through every page), arguments reach the API as filters, and a function without a
 * client option takes the program's stack configuration exactly as the resources do.
 */
import * as pulumi from "@pulumi/pulumi";
import { DEFAULT_SEED } from "../../../emulator";
import { raiseAlert } from "../../../emulator/domain/alerts";
import { collect } from "../../../provider/client";
import { resetFunctionClient } from "../../../provider/functions";
import * as platform from "../../../sdk/functions";
import { AWS_ROLE, GROUP, useEmulatorFixture } from "../resources/emulatorFixture";

const fx = useEmulatorFixture();
const CLUSTER = "demo-cluster";
const ORG = "5f1a00000000000000000001";
const opts = () => ({ client: fx.client });

async function alertConfig(eventTypeName = "HOST_DOWN"): Promise<string> {
  const created = await fx.client.alertConfigs.create(GROUP, {
    eventTypeName,
    enabled: true,
    notifications: [
      { typeName: "GROUP", intervalMin: 60, delayMin: 0, emailEnabled: true, roles: ["GROUP_OWNER"] },
    ],
  });
  return created.id;
}

describe("alerts and alert configurations", () => {
  test("getAlerts reads every page (501 alerts, two pages) and filters by status", async () => {
    const configId = await alertConfig();
    for (let i = 0; i < 500; i++)
      raiseAlert(fx.emu.state, { groupId: GROUP, alertConfigId: configId }, fx.emu.now());
    const closed = raiseAlert(
      fx.emu.state,
      { groupId: GROUP, alertConfigId: configId, status: "CLOSED" },
      fx.emu.now(),
    );
    const before = fx.client.stats.httpRequests;
    const all = await platform.getAlerts({ groupId: GROUP }, opts());
    expect(all).toHaveLength(501);
    expect(fx.client.stats.httpRequests - before).toBe(2);
    expect(new Set(all.map((a) => a.status))).toEqual(new Set(["OPEN", "CLOSED"]));
    const onlyClosed = await platform.getAlerts({ groupId: GROUP, status: "CLOSED" }, opts());
    expect(onlyClosed.map((a) => a.id)).toEqual([closed.id]);
  });

  test("getAlert, getAlertConfigurationsOfAlert, getOpenAlertsOfAlertConfiguration", async () => {
    const configId = await alertConfig();
    const open = raiseAlert(fx.emu.state, { groupId: GROUP, alertConfigId: configId }, fx.emu.now());
    raiseAlert(fx.emu.state, { groupId: GROUP, alertConfigId: configId, status: "CLOSED" }, fx.emu.now());
    const alert = await platform.getAlert({ groupId: GROUP, alertId: open.id }, opts());
    expect(alert).toMatchObject({
      id: open.id,
      alertConfigId: configId,
      status: "OPEN",
      eventTypeName: "HOST_DOWN",
    });
    const configs = await platform.getAlertConfigurationsOfAlert(
      { groupId: GROUP, alertId: open.id },
      opts(),
    );
    expect(configs.map((c) => c.id)).toEqual([configId]);
    const opens = await platform.getOpenAlertsOfAlertConfiguration(
      { groupId: GROUP, alertConfigId: configId },
      opts(),
    );
    expect(opens.map((a) => a.id)).toEqual([open.id]);
  });

  test("getAlertConfigurations and getAlertConfiguration", async () => {
    const first = await alertConfig("HOST_DOWN");
    const second = await alertConfig("NO_PRIMARY");
    const all = await platform.getAlertConfigurations({ groupId: GROUP }, opts());
    expect(all.map((c) => c.id).sort()).toEqual([first, second].sort());
    const one = await platform.getAlertConfiguration({ groupId: GROUP, alertConfigId: second }, opts());
    expect(one).toMatchObject({ id: second, eventTypeName: "NO_PRIMARY", enabled: true });
  });

  test("getMatcherFieldNames lists the field names matchers accept", async () => {
    expect(await platform.getMatcherFieldNames({}, opts())).toEqual(
      await fx.client.alertConfigs.matcherFieldNames(),
    );
    expect(await platform.getMatcherFieldNames(undefined, opts())).toContain("CLUSTER_NAME");
  });
});

describe("access logs", () => {
  test("getAccessLogs filters by authResult, ipAddress, nLogs and period", async () => {
    const all = await platform.getAccessLogs({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(all.length).toBeGreaterThan(2);
    expect(all).toEqual((await fx.client.accessLogs.listByCluster(GROUP, CLUSTER)).accessLogs);
    const failed = await platform.getAccessLogs(
      { groupId: GROUP, clusterName: CLUSTER, authResult: false },
      opts(),
    );
    expect(failed.length).toBe(all.length / 2);
    expect(failed.every((e) => e.authResult === false && e.username === "intruder")).toBe(true);
    const fromIp = await platform.getAccessLogs(
      { groupId: GROUP, clusterName: CLUSTER, ipAddress: "192.0.2.10" },
      opts(),
    );
    expect(fromIp.every((e) => e.ipAddress === "192.0.2.10" && e.authResult === true)).toBe(true);
    expect(fromIp.length).toBe(all.length / 2);
    const newest = await platform.getAccessLogs({ groupId: GROUP, clusterName: CLUSTER, nLogs: 1 }, opts());
    expect(newest).toEqual([all[0]]);
    const now = fx.emu.now();
    const lastQuarterHour = await platform.getAccessLogs(
      { groupId: GROUP, clusterName: CLUSTER, start: now - 15 * 60_000, end: now },
      opts(),
    );
    expect(lastQuarterHour).toEqual([all[0]]);
  });

  test("getAccessLogsByHostname reads one host's entries", async () => {
    const all = await platform.getAccessLogs({ groupId: GROUP, clusterName: CLUSTER }, opts());
    const hostname = String(all[0]?.hostname);
    const ofHost = await platform.getAccessLogsByHostname({ groupId: GROUP, hostname }, opts());
    expect(ofHost).toHaveLength(2);
    expect(ofHost.every((e) => e.hostname === hostname)).toBe(true);
  });
});

describe("search", () => {
  test("getSearchIndexes of a cluster and of a collection; getSearchNodes", async () => {
    const movies = await fx.client.searchIndexes.create(GROUP, CLUSTER, {
      name: "movies",
      database: "db",
      collectionName: "movies",
      definition: { mappings: { dynamic: true } },
    });
    await fx.client.searchIndexes.create(GROUP, CLUSTER, {
      name: "plots",
      database: "db",
      collectionName: "plots",
      definition: { mappings: { dynamic: true } },
    });
    const all = await platform.getSearchIndexes({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(all.map((i) => i.name).sort()).toEqual(["movies", "plots"]);
    const ofMovies = await platform.getSearchIndexes(
      { groupId: GROUP, clusterName: CLUSTER, database: "db", collectionName: "movies" },
      opts(),
    );
    expect(ofMovies.map((i) => i.indexID)).toEqual([movies.indexID]);
    const fts = await platform.getFtsIndexes(
      { groupId: GROUP, clusterName: CLUSTER, database: "db", collectionName: "movies" },
      opts(),
    );
    expect(fts.map((i) => i.name)).toEqual(["movies"]);
    const one = await platform.getFtsIndex(
      { groupId: GROUP, clusterName: CLUSTER, indexId: String(movies.indexID) },
      opts(),
    );
    expect(one).toMatchObject({ name: "movies", database: "db", collectionName: "movies" });
    expect(await platform.getSearchNodes({ groupId: GROUP, clusterName: CLUSTER }, opts())).toEqual({});
    await fx.client.searchDeployments.create(GROUP, CLUSTER, {
      specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }],
    });
    const nodes = await platform.getSearchNodes({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(nodes.specs).toEqual([{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }]);
  });
});

describe("cloud backup", () => {
  test("snapshots, restore jobs and export jobs of a cluster, one by one and listed", async () => {
    const snapshot = await fx.client.snapshots.takeOnDemand(GROUP, CLUSTER, {
      description: "fn",
      retentionInDays: 1,
    });
    const snapshots = await platform.getSnapshots({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(snapshots).toEqual(await collect(fx.client.snapshots.listAll(GROUP, CLUSTER)));
    expect(snapshots.map((s) => s.id)).toContain(snapshot.id);
    const one = await platform.getSnapshot(
      { groupId: GROUP, clusterName: CLUSTER, snapshotId: snapshot.id },
      opts(),
    );
    expect(one).toMatchObject({ id: snapshot.id, description: "fn" });

    const job = await fx.client.restoreJobs.create(GROUP, CLUSTER, {
      deliveryType: "download",
      snapshotId: snapshot.id,
    });
    const jobs = await platform.getRestoreJobs({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(jobs.map((j) => j.id)).toEqual([job.id]);
    const oneJob = await platform.getRestoreJob(
      { groupId: GROUP, clusterName: CLUSTER, restoreJobId: String(job.id) },
      opts(),
    );
    expect(oneJob).toMatchObject({ id: job.id, deliveryType: "download", snapshotId: snapshot.id });

    const bucket = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "fn-bucket",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    const exportJob = await fx.client.exportJobs.create(GROUP, CLUSTER, {
      exportBucketId: bucket._id,
      snapshotId: snapshot.id,
    });
    const exportJobs = await platform.getExportJobs({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(exportJobs.map((j) => j.id)).toEqual([exportJob.id]);
    const oneExport = await platform.getExportJob(
      { groupId: GROUP, clusterName: CLUSTER, exportJobId: String(exportJob.id) },
      opts(),
    );
    expect(oneExport).toMatchObject({
      id: exportJob.id,
      exportBucketId: bucket._id,
      snapshotId: snapshot.id,
    });
    const buckets = await platform.getExportBuckets({ groupId: GROUP }, opts());
    expect(buckets.map((b) => b._id)).toEqual([bucket._id]);
    expect(
      await platform.getExportBucket({ groupId: GROUP, exportBucketId: bucket._id }, opts()),
    ).toMatchObject({
      _id: bucket._id,
      bucketName: "fn-bucket",
      iamRoleId: AWS_ROLE,
    });
  });

  test("sharded cluster snapshots", async () => {
    await fx.client.snapshots.takeOnDemand(GROUP, "sharded-cluster", {
      description: "sharded",
      retentionInDays: 2,
    });
    const sharded = await platform.getShardedSnapshots(
      { groupId: GROUP, clusterName: "sharded-cluster" },
      opts(),
    );
    expect(sharded).toEqual((await fx.client.snapshots.listSharded(GROUP, "sharded-cluster")).results);
    const mine = sharded.find((s) => s.description === "sharded");
    expect(mine).toBeDefined();
    const one = await platform.getShardedSnapshot(
      { groupId: GROUP, clusterName: "sharded-cluster", snapshotId: String(mine?.id) },
      opts(),
    );
    expect(one.id).toBe(mine?.id);
  });

  test("serverless snapshots and restore jobs", async () => {
    const instance = { groupId: GROUP, instanceName: "serverless-instance" };
    const snapshots = await platform.getServerlessSnapshots(instance, opts());
    expect(snapshots).toEqual(
      await collect(fx.client.serverlessBackups.listAllSnapshots(GROUP, "serverless-instance")),
    );
    expect(snapshots.length).toBeGreaterThan(0);
    const first = snapshots[0];
    const one = await platform.getServerlessSnapshot({ ...instance, snapshotId: String(first?.id) }, opts());
    expect(one.id).toBe(first?.id);
    const job = await fx.client.serverlessBackups.createRestoreJob(GROUP, "serverless-instance", {
      deliveryType: "automated",
      snapshotId: String(first?.id),
      targetClusterName: CLUSTER,
      targetGroupId: GROUP,
    });
    const jobs = await platform.getServerlessRestoreJobs(instance, opts());
    expect(jobs.map((j) => j.id)).toEqual([job.id]);
    const oneJob = await platform.getServerlessRestoreJob(
      { ...instance, restoreJobId: String(job.id) },
      opts(),
    );
    expect(oneJob).toMatchObject({ id: job.id, deliveryType: "automated", targetClusterName: CLUSTER });
  });

  test("getBackupSchedule and getBackupCompliancePolicy read the singletons", async () => {
    const schedule = await platform.getBackupSchedule({ groupId: GROUP, clusterName: CLUSTER }, opts());
    expect(schedule).toEqual(await fx.client.backupSchedules.get(GROUP, CLUSTER));
    expect(schedule.clusterName).toBe(CLUSTER);
    expect(await platform.getBackupCompliancePolicy({ groupId: GROUP }, opts())).toBeUndefined();
    await fx.client.compliancePolicy.update(GROUP, {
      authorizedEmail: "owner@example.com",
      authorizedUserFirstName: "Ada",
      authorizedUserLastName: "Lovelace",
      projectId: GROUP,
    });
    const policy = await platform.getBackupCompliancePolicy({ groupId: GROUP }, opts());
    expect(policy).toEqual(await fx.client.compliancePolicy.get(GROUP));
    expect(policy?.authorizedEmail).toBe("owner@example.com");
  });
});

describe("access roles, outage simulation, live migration, legacy clusters", () => {
  test("getCloudProviderAccessRoles and getCloudProviderAccessRole", async () => {
    const roles = await platform.getCloudProviderAccessRoles({ groupId: GROUP }, opts());
    expect(roles.awsIamRoles.map((r) => r.roleId)).toEqual([AWS_ROLE]);
    expect(roles.azureServicePrincipals).toEqual([]);
    const role = await platform.getCloudProviderAccessRole({ groupId: GROUP, roleId: AWS_ROLE }, opts());
    expect(role).toMatchObject({
      roleId: AWS_ROLE,
      providerName: "AWS",
      iamAssumedRoleArn: "arn:aws:iam::123456789012:role/demo-export-role",
    });
  });

  test("getOutageSimulation: undefined while none runs, the simulation once started", async () => {
    const where = { groupId: GROUP, clusterName: CLUSTER };
    expect(await platform.getOutageSimulation(where, opts())).toBeUndefined();
    await fx.client.outageSimulations.start(GROUP, CLUSTER, {
      outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" }],
    });
    const simulation = await platform.getOutageSimulation(where, opts());
    expect(simulation).toMatchObject({ clusterName: CLUSTER, groupId: GROUP });
  });

  test("getMigratableProjects lists the organization's projects that can be migrated", async () => {
    const projects = await platform.getMigratableProjects({ orgId: ORG }, opts());
    expect(projects).toEqual(await fx.client.liveMigrations.listAvailableProjects(ORG));
  });

  test("getLegacyClusters lists every cluster with its database versions", async () => {
    const clusters = await platform.getLegacyClusters({ groupId: GROUP }, opts());
    const versions = Object.fromEntries(clusters.map((c) => [c.name, c.dbMajorVersion]));
    expect(versions).toMatchObject({ "demo-cluster": "7.0", "old-cluster": "4.0" });
    expect(clusters.find((c) => c.name === "old-cluster")?.dbVersion).toMatch(/^4\.0\.\d+$/);
  });
});

describe("configuration and Output variants", () => {
  afterEach(async () => {
    for (const key of ["platform:baseUrl", "platform:publicKey", "platform:privateKey"])
      pulumi.runtime.setConfig(key, "");
    await resetFunctionClient();
  });

  test("without a client option, a function uses the program's platform:* stack config", async () => {
    pulumi.runtime.setConfig("platform:baseUrl", fx.emu.baseUrl);
    pulumi.runtime.setConfig("platform:publicKey", DEFAULT_SEED.orgOwnerKey.publicKey);
    pulumi.runtime.setConfig("platform:privateKey", DEFAULT_SEED.orgOwnerKey.privateKey);
    const roles = await platform.getCloudProviderAccessRoles({ groupId: GROUP });
    expect(roles.awsIamRoles.map((r) => r.roleId)).toEqual([AWS_ROLE]);
  });

  test("without configuration the error names the setting to set", async () => {
    const saved = process.env.PLATFORM_BASE_URL;
    delete process.env.PLATFORM_BASE_URL;
    try {
      await expect(platform.getAlerts({ groupId: GROUP })).rejects.toThrow(
        /Missing setting `platform:baseUrl`/,
      );
    } finally {
      if (saved !== undefined) process.env.PLATFORM_BASE_URL = saved;
    }
  });

  test("an ...Output variant waits for Input arguments and resolves to the function's result", async () => {
    const output = platform.getAlertConfigurationsOutput({ groupId: Promise.resolve(GROUP) }, opts());
    const value = await new Promise((resolve) => output.apply(resolve));
    expect(value).toEqual([]);
  });
});
