/**
 * Every client operation's happy path against the in-process emulator (default seed), plus error
 * mapping (404, 400 naming the field, 409). One `it` per noun group, in dependency order.
 */
import { Agent } from "undici";
import { LEGACY_OPERATIONS, OPERATION_VERSIONS, type OperationId, versionFor } from "../../../api/versions";
import { startEmulator } from "../../../emulator";
import {
  collect,
  createClient,
  isNotFound,
  type PlatformClient,
  PlatformError,
} from "../../../provider/client";
import { policiesForRequest } from "../../../provider/client/backupSchedules";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;

const GROUP = "5f1a000000000000000000a1";
const ORG = "5f1a00000000000000000001";
const CLUSTER = "demo-cluster";
const SHARDED = "sharded-cluster";
const AWS_ROLE = "5f1a000000000000000000c1";

/** Records the method, path and media type headers of every request the client sends. */
class RecordingAgent extends Agent {
  readonly sent: Array<{ method: string; path: string; accept?: string; contentType?: string }> = [];
  override dispatch(...[options, handler]: Parameters<Agent["dispatch"]>): boolean {
    const headers = (options.headers ?? {}) as Record<string, string | undefined>;
    this.sent.push({
      method: options.method,
      path: options.path,
      accept: headers.accept,
      contentType: headers["content-type"],
    });
    return super.dispatch(options, handler);
  }
}

let emu: Emulator;
let client: PlatformClient;
const recorder = new RecordingAgent();

beforeAll(async () => {
  // A generous emulator rate limit: this file checks operations, throttling has its own test.
  emu = await startEmulator({ port: 0, seed: "default", rateLimit: { limit: 100_000, windowMs: 60_000 } });
  client = createClient(
    {
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "demo-private-key-0000-0000-000000000001",
      rateLimitPerMinute: 0,
    },
    { dispatcher: recorder },
  );
});

afterAll(async () => {
  await client?.close();
  await recorder.close();
  await emu?.close();
});

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error("expected the call to fail");
}

const emailNotification = {
  typeName: "EMAIL",
  emailAddress: "ops@example.com",
  delayMin: 0,
  intervalMin: 60,
};

describe("operations against the emulator", () => {
  test("alert configurations (3-10) and alerts (11-14)", async () => {
    const fieldNames = await client.alertConfigs.matcherFieldNames();
    expect(fieldNames).toContain("CLUSTER_NAME");
    const created = await client.alertConfigs.create(GROUP, {
      eventTypeName: "DEPLOYMENT_FAILURE",
      enabled: true,
      matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "5f1a0000000000000000a990" }],
      notifications: [emailNotification],
    });
    expect(created.eventTypeName).toBe("DEPLOYMENT_FAILURE");
    expect((await client.alertConfigs.get(GROUP, created.id)).id).toBe(created.id);
    const page = await client.alertConfigs.list(GROUP, { itemsPerPage: 1, pageNum: 1 });
    expect(page.results).toHaveLength(1);
    expect(page.totalCount).toBeGreaterThanOrEqual(1);
    const all = await collect(client.alertConfigs.listAll(GROUP));
    expect(all.map((c) => c.id)).toContain(created.id);
    expect((await client.alertConfigs.setEnabled(GROUP, created.id, false)).enabled).toBe(false);
    const updated = await client.alertConfigs.update(GROUP, created.id, {
      eventTypeName: "DEPLOYMENT_FAILURE",
      enabled: true,
      notifications: [{ ...emailNotification, intervalMin: 120 }],
    });
    expect(updated.enabled).toBe(true);
    // The API cannot create alerts: let the emulator raise one for this configuration.
    const raised = await fetch(`${emu.url}/__emulator/alerts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ groupId: GROUP, alertConfigId: created.id }),
    });
    expect(raised.status).toBe(201);
    const alerts = await client.alerts.list(GROUP, { status: "OPEN" });
    expect(Array.isArray(alerts.results)).toBe(true);
    await collect(client.alerts.listAll(GROUP));
    const open = await client.alerts.listOpenForAlertConfig(GROUP, created.id);
    expect(Array.isArray(open.results)).toBe(true);
    await collect(client.alerts.listAllOpenForAlertConfig(GROUP, created.id));
    expect(open.results).toHaveLength(1);
    const anyAlert = open.results[0];
    {
      if (!anyAlert) throw new Error("the raised alert is missing");
      expect((await client.alerts.get(GROUP, anyAlert.id)).id).toBe(anyAlert.id);
      const until = new Date(Date.now() + 86_400_000).toISOString();
      await client.alerts.acknowledge(GROUP, anyAlert.id, {
        acknowledgedUntil: until,
        acknowledgementComment: "on it",
      });
      await client.alerts.acknowledge(GROUP, anyAlert.id, { unacknowledgeAlert: true });
      const configs = await client.alertConfigs.listForAlert(GROUP, anyAlert.id);
      expect(Array.isArray(configs.results)).toBe(true);
      await collect(client.alertConfigs.listAllForAlert(GROUP, anyAlert.id));
    }
    await client.alertConfigs.delete(GROUP, created.id);
    expect(isNotFound(await failure(client.alertConfigs.get(GROUP, created.id)))).toBe(true);
  });

  test("access logs (1, 2)", async () => {
    const byCluster = await client.accessLogs.listByCluster(GROUP, CLUSTER, { nLogs: 10 });
    expect(Array.isArray(byCluster.accessLogs)).toBe(true);
    const host = byCluster.accessLogs[0]?.hostname ?? "demo-cluster-shard-00-00.abcde.example.net";
    const byHost = await client.accessLogs.listByHostname(GROUP, host);
    expect(Array.isArray(byHost.accessLogs)).toBe(true);
  });

  test("search indexes, second style (24-32)", async () => {
    const definition = { mappings: { dynamic: true } };
    const created = await client.searchIndexes.create(GROUP, CLUSTER, {
      database: "sample",
      collectionName: "movies",
      name: "client-int-index",
      type: "search",
      definition,
    });
    expect(created.name).toBe("client-int-index");
    expect((await client.searchIndexes.get(GROUP, CLUSTER, created.indexID)).indexID).toBe(created.indexID);
    expect(
      (await client.searchIndexes.getByName(GROUP, CLUSTER, "sample", "movies", "client-int-index")).indexID,
    ).toBe(created.indexID);
    expect((await client.searchIndexes.list(GROUP, CLUSTER)).map((i) => i.indexID)).toContain(
      created.indexID,
    );
    expect(
      (await client.searchIndexes.listForCollection(GROUP, CLUSTER, "sample", "movies")).map(
        (i) => i.indexID,
      ),
    ).toContain(created.indexID);
    const newDefinition = { mappings: { dynamic: false, fields: { title: { type: "string" } } } };
    await client.searchIndexes.updateByName(
      GROUP,
      CLUSTER,
      "sample",
      "movies",
      "client-int-index",
      newDefinition,
    );
    await client.searchIndexes.update(GROUP, CLUSTER, created.indexID, definition);
    await client.searchIndexes.deleteByName(GROUP, CLUSTER, "sample", "movies", "client-int-index");

    const second = await client.searchIndexes.create(GROUP, CLUSTER, {
      database: "sample",
      collectionName: "movies",
      name: "client-int-index-2",
      definition,
    });
    await client.searchIndexes.delete(GROUP, CLUSTER, second.indexID);
  });

  test("search indexes, first style (15-19)", async () => {
    const created = await client.searchIndexes.fts.create(GROUP, CLUSTER, {
      database: "sample",
      collectionName: "comments",
      name: "client-int-fts",
      mappings: { dynamic: true },
    });
    expect(created.name).toBe("client-int-fts");
    expect((await client.searchIndexes.fts.get(GROUP, CLUSTER, created.indexID)).indexID).toBe(
      created.indexID,
    );
    expect(
      (await client.searchIndexes.fts.listForCollection(GROUP, CLUSTER, "sample", "comments")).map(
        (i) => i.indexID,
      ),
    ).toContain(created.indexID);
    await client.searchIndexes.fts.update(GROUP, CLUSTER, created.indexID, {
      database: "sample",
      collectionName: "comments",
      name: "client-int-fts",
      mappings: { dynamic: false },
    });
    await client.searchIndexes.fts.delete(GROUP, CLUSTER, created.indexID);
  });

  test("search nodes (20-23), with 409 on a second create", async () => {
    const specs: [{ instanceSize: string; nodeCount: number }] = [
      { instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 },
    ];
    const created = await client.searchDeployments.create(GROUP, CLUSTER, { specs });
    expect(created.specs?.[0]?.instanceSize).toBe("S20_HIGHCPU_NVME");
    const conflict = await failure(client.searchDeployments.create(GROUP, CLUSTER, { specs }));
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe("SEARCH_DEPLOYMENT_ALREADY_EXISTS");
    expect(conflict.message).toMatch(
      /^Creating search nodes failed: POST \/groups\/5f1a000000000000000000a1\/clusters\/demo-cluster\/search\/deployment answered 409 SEARCH_DEPLOYMENT_ALREADY_EXISTS/,
    );
    expect((await client.searchDeployments.get(GROUP, CLUSTER)).specs).toHaveLength(1);
    await client.searchDeployments.update(GROUP, CLUSTER, {
      specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
    });
    await client.searchDeployments.delete(GROUP, CLUSTER);
  });

  test("auditing (33, 34) and custom DNS (35, 36)", async () => {
    expect(typeof (await client.auditing.get(GROUP)).enabled).toBe("boolean");
    const audit = await client.auditing.update(GROUP, {
      enabled: true,
      auditAuthorizationSuccess: false,
      auditFilter: JSON.stringify({ atype: "authenticate" }),
    });
    expect(audit.enabled).toBe(true);
    expect(typeof (await client.customDns.get(GROUP)).enabled).toBe("boolean");
    expect((await client.customDns.update(GROUP, { enabled: true })).enabled).toBe(true);
    await client.customDns.update(GROUP, { enabled: false });
  });

  test("cloud provider access (72-74, 74a, 74b)", async () => {
    const list = await client.cloudProviderAccess.list(GROUP);
    expect(list.awsIamRoles?.map((r) => r.roleId)).toContain(AWS_ROLE);
    const created = await client.cloudProviderAccess.create(GROUP, { providerName: "AWS" });
    const roleId = created.roleId ?? "";
    expect(roleId).not.toBe("");
    expect((await client.cloudProviderAccess.get(GROUP, roleId)).roleId).toBe(roleId);
    const authorized = await client.cloudProviderAccess.authorize(GROUP, roleId, {
      providerName: "AWS",
      iamAssumedRoleArn: "arn:aws:iam::123456789012:role/client-int-role",
    });
    expect(authorized.iamAssumedRoleArn).toBe("arn:aws:iam::123456789012:role/client-int-role");
    await client.cloudProviderAccess.deauthorize(GROUP, "AWS", roleId);
  });

  test("export buckets (37-40), snapshots (54-61), export jobs (44-46), restore jobs (47-50)", async () => {
    const bucket = await client.exportBuckets.create(GROUP, {
      bucketName: "client-int-bucket",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    expect((await client.exportBuckets.get(GROUP, bucket._id)).bucketName).toBe("client-int-bucket");
    expect((await client.exportBuckets.list(GROUP)).results.map((b) => b._id)).toContain(bucket._id);
    expect((await collect(client.exportBuckets.listAll(GROUP))).length).toBeGreaterThanOrEqual(1);

    const snapshot = await client.snapshots.takeOnDemand(GROUP, CLUSTER, {
      description: "client test",
      retentionInDays: 3,
    });
    expect((await client.snapshots.get(GROUP, CLUSTER, snapshot.id)).id).toBe(snapshot.id);
    expect((await client.snapshots.list(GROUP, CLUSTER)).results.map((s) => s.id)).toContain(snapshot.id);
    await collect(client.snapshots.listAll(GROUP, CLUSTER));
    await client.snapshots.updateExpiration(GROUP, CLUSTER, snapshot.id, {
      retentionUnit: "DAYS",
      retentionValue: 5,
    });

    const job = await client.exportJobs.create(GROUP, CLUSTER, {
      exportBucketId: bucket._id,
      snapshotId: snapshot.id,
      customData: [{ key: "team", value: "platform" }],
    });
    expect((await client.exportJobs.get(GROUP, CLUSTER, job.id)).id).toBe(job.id);
    expect((await client.exportJobs.list(GROUP, CLUSTER)).results.map((j) => j.id)).toContain(job.id);
    await collect(client.exportJobs.listAll(GROUP, CLUSTER));

    const restore = await client.restoreJobs.create(GROUP, CLUSTER, {
      deliveryType: "download",
      snapshotId: snapshot.id,
    });
    expect((await client.restoreJobs.get(GROUP, CLUSTER, restore.id)).id).toBe(restore.id);
    expect((await client.restoreJobs.list(GROUP, CLUSTER)).results.map((j) => j.id)).toContain(restore.id);
    await collect(client.restoreJobs.listAll(GROUP, CLUSTER));
    await client.restoreJobs.cancel(GROUP, CLUSTER, restore.id);

    await client.snapshots.delete(GROUP, CLUSTER, snapshot.id);
    await client.exportBuckets.delete(GROUP, bucket._id);
  });

  test("sharded cluster snapshots (56-58)", async () => {
    const taken = await client.snapshots.takeOnDemand(GROUP, SHARDED, {
      description: "sharded",
      retentionInDays: 1,
    });
    const page = await client.snapshots.listSharded(GROUP, SHARDED);
    expect(page.results.map((s) => s.id)).toContain(taken.id);
    expect((await client.snapshots.getSharded(GROUP, SHARDED, taken.id)).id).toBe(taken.id);
    await client.snapshots.deleteSharded(GROUP, SHARDED, taken.id);
  });

  test("backup schedule (51-53) and compliance policy (41-43)", async () => {
    const schedule = await client.backupSchedules.get(GROUP, CLUSTER);
    expect(schedule).toBeDefined();
    const updated = await client.backupSchedules.update(GROUP, CLUSTER, {
      referenceHourOfDay: 3,
      referenceMinuteOfHour: 15,
      policies: policiesForRequest(schedule.policies),
    });
    // Items sent without their read-only ids keep them (matched by frequencyType + frequencyInterval).
    expect(updated.policies).toEqual(schedule.policies);
    expect(updated.referenceHourOfDay).toBe(3);
    await client.backupSchedules.delete(GROUP, CLUSTER);

    const policy = await client.compliancePolicy.update(
      GROUP,
      {
        authorizedEmail: "owner@example.com",
        authorizedUserFirstName: "Ada",
        authorizedUserLastName: "Lovelace",
        copyProtectionEnabled: false,
        encryptionAtRestEnabled: false,
        pitEnabled: false,
        restoreWindowDays: 1,
        onDemandPolicyItem: {
          frequencyInterval: 0,
          frequencyType: "ondemand",
          retentionUnit: "days",
          retentionValue: 3,
        },
        scheduledPolicyItems: [
          { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 },
        ],
      },
      { overwriteBackupPolicies: true },
    );
    expect(policy.authorizedEmail).toBe("owner@example.com");
    expect((await client.compliancePolicy.get(GROUP)).authorizedEmail).toBe("owner@example.com");
    // Disabling needs a support request first (modelled as a project flag).
    const refused = await failure(client.compliancePolicy.disable(GROUP));
    expect(refused.code).toBe("CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY");
    const requested = await fetch(`${emu.url}/__emulator/projects/${GROUP}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ compliancePolicyDisableRequested: true }),
    });
    expect(requested.status).toBe(200);
    await client.compliancePolicy.disable(GROUP);
  });

  test("serverless backups (62, 63)", async () => {
    // The default seed has no serverless instance: add one through the control API.
    const added = await fetch(`${emu.url}/__emulator/clusters`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        groupId: GROUP,
        name: "serverless-one",
        tier: "SERVERLESS",
        dbVersion: "7.0",
        provider: "AWS",
        sharded: false,
      }),
    });
    expect([201, 409]).toContain(added.status);
    const snapshots = await client.serverlessBackups.listSnapshots(GROUP, "serverless-one");
    await collect(client.serverlessBackups.listAllSnapshots(GROUP, "serverless-one"));
    const first = snapshots.results[0];
    if (first)
      expect((await client.serverlessBackups.getSnapshot(GROUP, "serverless-one", first.id)).id).toBe(
        first.id,
      );
    const jobs = await client.serverlessBackups.listRestoreJobs(GROUP, "serverless-one");
    expect(Array.isArray(jobs.results)).toBe(true);
    await collect(client.serverlessBackups.listAllRestoreJobs(GROUP, "serverless-one"));
    if (first) {
      const job = await client.serverlessBackups.createRestoreJob(GROUP, "serverless-one", {
        deliveryType: "automated",
        snapshotId: first.id,
        targetClusterName: CLUSTER,
        targetGroupId: GROUP,
      });
      expect((await client.serverlessBackups.getRestoreJob(GROUP, "serverless-one", job.id)).id).toBe(job.id);
    }
  });

  test("live migration (64-71)", async () => {
    const projects = await client.liveMigrations.listAvailableProjects(ORG);
    expect(Array.isArray(projects)).toBe(true);
    const { linkToken } = await client.liveMigrations.createLinkToken(ORG, { accessListIps: ["127.0.0.1"] });
    expect(linkToken.length).toBeGreaterThan(0);
    const body = {
      destination: { clusterName: CLUSTER, groupId: GROUP, hostnameSchemaType: "PUBLIC" },
      source: {
        clusterName: "self-managed",
        groupId: "5f1a000000000000000000a2",
        managedAuthentication: false,
        ssl: false,
        username: "migrator",
        password: "source-password",
      },
      dropDestinationData: true,
      migrationHosts: ["vm001.example.com"] as [string],
    };
    const validation = await client.liveMigrations.validate(GROUP, body);
    expect((await client.liveMigrations.getValidation(GROUP, validation._id))._id).toBe(validation._id);
    const migration = await client.liveMigrations.create(GROUP, body);
    expect((await client.liveMigrations.get(GROUP, migration._id))._id).toBe(migration._id);
    const ready = await client.liveMigrations.get(GROUP, migration._id);
    if (ready.readyForCutover) await client.liveMigrations.cutover(GROUP, migration._id);
    await client.liveMigrations.deleteLinkTokens(ORG);
  });

  test("outage simulation (75, 76, 76a)", async () => {
    const started = await client.outageSimulations.start(GROUP, CLUSTER, {
      outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" }],
    });
    expect(started.state).toBeDefined();
    expect((await client.outageSimulations.get(GROUP, CLUSTER)).state).toBeDefined();
    expect((await client.outageSimulations.end(GROUP, CLUSTER)).state).toBeDefined();
  });

  test("legacy v1.0 operations (77, 78)", async () => {
    const clusters = await client.legacy.listClusters(GROUP);
    expect(clusters.results.map((c) => c.name)).toContain(CLUSTER);
    expect((await collect(client.legacy.listAllClusters(GROUP))).length).toBe(clusters.results.length);
    expect((await client.legacy.setPrivateIpMode(GROUP, true)).enabled).toBe(true);
    // Turning Peering-Only mode off needs every cluster on 5.0+: old-cluster is 4.0.
    const refused = await failure(client.legacy.setPrivateIpMode(GROUP, false));
    expect(refused).toMatchObject({
      status: 400,
      code: "CANNOT_UPDATE_PRIVATE_IP_MODE",
      parameters: ["old-cluster"],
    });
    expect((await client.legacy.setPrivateIpMode("5f1a000000000000000000a2", false)).enabled).toBe(false);
  });
});

describe("coverage", () => {
  test("every operation (1-78, 74a, 74b, 76a) answered a success at least once", async () => {
    const log = (await (await fetch(`${emu.url}/__emulator/requests`)).json()) as Array<{
      operation: string | null;
      status: number;
    }>;
    // 62 and 63 are several calls under one number ("62-list", "62-create", "62-get").
    const succeeded = new Set(log.filter((e) => e.status < 300 && e.operation).map((e) => e.operation));
    const all = [...Array.from({ length: 78 }, (_, i) => String(i + 1)), "74a", "74b", "76a"];
    const expected = all.flatMap((id) =>
      id === "62" ? ["62-list", "62-create", "62-get"] : id === "63" ? ["63-list", "63-get"] : [id],
    );
    expect(expected.filter((id) => !succeeded.has(id))).toEqual([]);
  });

  test("every operation sent the version api/versions.ts declares for the default date (Accept = Content-Type)", () => {
    /** The operation a request path belongs to: the matching template with the most literal segments. */
    const operationOf = (method: string, fullPath: string): string => {
      const path = fullPath.split("?")[0] as string;
      const candidates = [
        ...Object.entries(OPERATION_VERSIONS).map(([id, op]) => [id, op, "/api/platform/v2"] as const),
        ...Object.entries(LEGACY_OPERATIONS).map(([id, op]) => [id, op, "/api/platform/v1.0"] as const),
      ].filter(([, op, root]) => {
        const pattern = `^${root}${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`;
        return op.method === method && new RegExp(pattern).test(path);
      });
      const literal = (template: string) => template.split("/").filter((s) => !s.startsWith("{")).length;
      candidates.sort((a, b) => literal(b[1].path) - literal(a[1].path));
      return candidates[0]?.[0] ?? `unknown: ${method} ${path}`;
    };
    const seen = new Map<string, Set<string>>();
    for (const request of recorder.sent) {
      const id = operationOf(request.method, request.path);
      const media = `${request.accept} | ${request.contentType ?? request.accept}`;
      seen.set(id, (seen.get(id) ?? new Set()).add(media));
    }
    const expected = new Map<string, Set<string>>([
      ...Object.keys(OPERATION_VERSIONS).map((id) => {
        const type = `application/vnd.platform.${versionFor(id as OperationId)}+json`;
        return [id, new Set([`${type} | ${type}`])] as const;
      }),
      ...Object.keys(LEGACY_OPERATIONS).map(
        (id) => [id, new Set(["application/json | application/json"])] as const,
      ),
    ]);
    expect(Object.fromEntries([...seen].map(([id, types]) => [id, [...types]]))).toEqual(
      Object.fromEntries([...expected].map(([id, types]) => [id, [...types]])),
    );
  });
});

describe("error mapping against the emulator", () => {
  test("404 with the service's errorCode", async () => {
    const err = await failure(client.alertConfigs.get(GROUP, "5f1a00000000000000000fff"));
    expect(err.status).toBe(404);
    expect(isNotFound(err)).toBe(true);
    expect(err.errorCode).toBeDefined();
    expect(err.code).toBe(err.errorCode);
    expect(err.message).toContain(
      `Reading alert configuration failed: GET /groups/${GROUP}/alertConfigs/5f1a00000000000000000fff answered 404`,
    );
  });

  test("400 naming the invalid field", async () => {
    // Valid for the contract (its interval enum is 1-28 and 40 for every kind), refused by the
    // service's rule per kind (hourly: 1, 2, 4, 6, 8, 12): the request itself stays in the contract.
    const hourlyEvery3h = {
      frequencyType: "hourly",
      frequencyInterval: 3,
      retentionUnit: "days",
      retentionValue: 1,
    };
    const err = await failure(
      client.backupSchedules.update(GROUP, CLUSTER, { policies: [{ policyItems: [hourlyEvery3h] }] }),
    );
    expect(err.status).toBe(400);
    expect(`${err.detail} ${JSON.stringify(err.parameters)}`).toContain(
      "policies[0].policyItems[0].frequencyInterval",
    );
  });

  test("404 for a project that does not exist", async () => {
    const err = await failure(client.alertConfigs.list("5f1a0000000000000000ffff"));
    expect(err.status).toBe(404);
  });

  test("401 for a wrong private key, without leaking it", async () => {
    const wrong = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "wrong-private-key-for-int-test",
      rateLimitPerMinute: 0,
    });
    const err = await failure(wrong.customDns.get(GROUP));
    await wrong.close();
    expect(err.status).toBe(401);
    expect(JSON.stringify(err)).not.toContain("wrong-private-key-for-int-test");
  });

  test("403 for a read-only key writing", async () => {
    const readOnly = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-readonly-key",
      privateKey: "demo-private-key-0000-0000-000000000002",
      rateLimitPerMinute: 0,
    });
    const err = await failure(readOnly.customDns.update(GROUP, { enabled: true }));
    await readOnly.close();
    expect([401, 403]).toContain(err.status);
  });
});
