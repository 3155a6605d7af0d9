/**
 * The operations behind the real core over HTTP: status codes, list rendering and pagination,
 * masking, asynchronous lifecycles on the manual clock, versions and the legacy root.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DigestClient, OWNER_KEY } from "../core/helpers";

const PROJECT = "5f1a000000000000000000a1";
const AWS_ROLE = "5f1a000000000000000000c1";
const v2 = `/api/platform/v2/groups/${PROJECT}`;
const DELAY = 3000;

let emu: RunningEmulator;
let owner: DigestClient;

beforeEach(async () => {
  emu = await startEmulator({ port: 0, seed: "default", clock: "manual", asyncDelayMs: DELAY });
  owner = new DigestClient(emu.url, OWNER_KEY);
});
afterEach(async () => {
  await emu.close();
});

type Body = Record<string, unknown>;

async function control(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Body }> {
  const answer = await fetch(`${emu.url}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, json: (await answer.json()) as Body };
}

test("alert configurations: 201 and Location on create, masked credentials, paginated list", async () => {
  const body = {
    eventTypeName: "DEPLOYMENT_FAILURE",
    notifications: [{ typeName: "PAGER_DUTY", serviceKey: "pd-service-key-9876", intervalMin: 5 }],
  };
  const created = await owner.call("POST", `${v2}/alertConfigs`, { body });
  expect(created.status).toBe(201);
  expect(created.headers.location).toBe(`${emu.url}${v2}/alertConfigs/${String((created.json as Body).id)}`);
  const notification = ((created.json as Body).notifications as Body[])[0];
  expect(notification).toMatchObject({ serviceKey: "***************9876", region: "US", delayMin: 0 });
  expect(notification).not.toHaveProperty("intervalMin");
  await owner.call("POST", `${v2}/alertConfigs`, { body });
  const page = await owner.call("GET", `${v2}/alertConfigs?itemsPerPage=1&pageNum=2`);
  expect(page.status).toBe(200);
  expect(page.json).toMatchObject({ totalCount: 2 });
  expect((page.json as Body).results).toHaveLength(1);
  const invalid = await owner.call("POST", `${v2}/alertConfigs`, {
    body: {
      ...body,
      notifications: [{ typeName: "SLACK", apiToken: "t", channelName: "c", smsEnabled: true }],
    },
  });
  expect(invalid.status).toBe(400);
  expect(invalid.json).toMatchObject({
    errorCode: "INVALID_ATTRIBUTE",
    parameters: ["notifications[0].smsEnabled"],
  });
});

test("search index lifecycle on the manual clock; delete is eventually consistent", async () => {
  const base = `${v2}/clusters/demo-cluster/search/indexes`;
  const created = await owner.call("POST", base, {
    body: {
      database: "sample",
      collectionName: "movies",
      name: "idx",
      definition: { mappings: { dynamic: true } },
    },
  });
  expect(created.status).toBe(201);
  expect(created.json).toMatchObject({ status: "PENDING", queryable: false });
  const id = (created.json as Body).indexID as string;
  emu.advance(DELAY / 2);
  expect((await owner.call("GET", `${base}/${id}`)).json).toMatchObject({ status: "BUILDING" });
  emu.advance(DELAY / 2);
  expect((await owner.call("GET", `${base}/sample/movies/idx`)).json).toMatchObject({
    status: "READY",
    queryable: true,
  });
  const listed = await owner.call("GET", base);
  expect(Array.isArray(listed.json)).toBe(true);
  expect((await owner.call("DELETE", `${base}/${id}`)).status).toBe(204);
  expect((await owner.call("GET", `${base}/${id}`)).json).toMatchObject({ status: "DELETING" });
  emu.advance(DELAY);
  const gone = await owner.call("GET", `${base}/${id}`);
  expect(gone.status).toBe(404);
  expect(gone.json).toMatchObject({ errorCode: "SEARCH_INDEX_NOT_FOUND" });
});

test("search nodes answer per version: 201 now, 200 under 2023-01-01; {} when none", async () => {
  const path = `${v2}/clusters/demo-cluster/search/deployment`;
  // No deployment: 200 with exactly `{}` (docs/spec/operations.md 21), no links.
  const none = await owner.call("GET", path);
  expect(none.status).toBe(200);
  expect(none.json).toEqual({});
  const specs = [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }];
  expect((await owner.call("POST", path, { body: { specs } })).status).toBe(201);
  const again = await owner.call("POST", path, { body: { specs } });
  expect(again.status).toBe(409);
  const other = `${v2}/clusters/sharded-cluster/search/deployment`;
  const legacy = await owner.call("POST", other, {
    body: { specs },
    headers: { accept: "application/vnd.platform.2023-01-01+json" },
  });
  expect(legacy.status).toBe(200);
});

test("export bucket with the seeded authorized role; in use by a schedule; then deleted", async () => {
  const created = await owner.call("POST", `${v2}/backup/exportBuckets`, {
    body: { bucketName: "demo-exports", cloudProvider: "AWS", iamRoleId: AWS_ROLE },
  });
  expect(created.status).toBe(200);
  const bucketId = (created.json as Body)._id as string;
  const schedule = `${v2}/clusters/demo-cluster/backup/schedule`;
  const patched = await owner.call("PATCH", schedule, {
    body: { autoExportEnabled: true, export: { exportBucketId: bucketId, frequencyType: "monthly" } },
  });
  expect(patched.status).toBe(200);
  const refused = await owner.call("DELETE", `${v2}/backup/exportBuckets/${bucketId}`);
  expect(refused.json).toMatchObject({ errorCode: "EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE" });
  const reset = await owner.call("DELETE", schedule);
  expect(reset.status).toBe(200);
  expect(reset.json).toMatchObject({ autoExportEnabled: false, restoreWindowDays: 7 });
  expect((await owner.call("DELETE", `${v2}/backup/exportBuckets/${bucketId}`)).status).toBe(204);
});

test("legacy root: private IP mode and the cluster list", async () => {
  const legacy = `/api/platform/v1.0/groups/${PROJECT}`;
  const headers = { accept: "application/json" };
  const refused = await owner.call("PATCH", `${legacy}/privateIpMode`, { body: { enabled: false }, headers });
  expect(refused.status).toBe(400);
  expect(refused.json).toMatchObject({ errorCode: "CANNOT_UPDATE_PRIVATE_IP_MODE" });
  const clusters = await owner.call("GET", `${legacy}/clusters`, { headers });
  expect(clusters.status).toBe(200);
  expect(((clusters.json as Body).results as Body[]).map((c) => c.name)).toContain("old-cluster");
});

test("control API: an alert raised for a configuration is listed open, then acknowledged", async () => {
  const created = await owner.call("POST", `${v2}/alertConfigs`, {
    body: {
      eventTypeName: "DEPLOYMENT_FAILURE",
      notifications: [{ typeName: "EMAIL", emailAddress: "a@b.c" }],
    },
  });
  const alertConfigId = (created.json as Body).id as string;
  const raised = await control("POST", "alerts", { groupId: PROJECT, alertConfigId });
  expect(raised.status).toBe(201);
  expect(raised.json).toMatchObject({
    groupId: PROJECT,
    alertConfigId,
    eventTypeName: "DEPLOYMENT_FAILURE",
    status: "OPEN",
    created: "2025-03-12T00:00:00Z",
  });
  const closed = await control("POST", "alerts", { groupId: PROJECT, alertConfigId, status: "CLOSED" });
  expect(closed.json).toMatchObject({ status: "CLOSED", resolved: "2025-03-12T00:00:00Z" });
  const open = await owner.call("GET", `${v2}/alertConfigs/${alertConfigId}/alerts`);
  expect(((open.json as Body).results as Body[]).map((alert) => alert.id)).toEqual([raised.json.id]);
  const all = await owner.call("GET", `${v2}/alerts`);
  expect((all.json as Body).totalCount).toBe(2);
});

test("control API: the project flag compliancePolicyDisableRequested lets the policy be disabled", async () => {
  const policy = `${v2}/backupCompliancePolicy`;
  const put = await owner.call("PUT", policy, {
    body: {
      authorizedEmail: "owner@example.com",
      authorizedUserFirstName: "Ada",
      authorizedUserLastName: "Lovelace",
      scheduledPolicyItems: [
        { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 },
      ],
    },
  });
  expect(put.status).toBe(200);
  const refused = await owner.call("DELETE", policy);
  expect(refused.json).toMatchObject({ errorCode: "CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY" });
  const flagged = await control("PATCH", `projects/${PROJECT}`, { compliancePolicyDisableRequested: true });
  expect(flagged.json).toMatchObject({ compliancePolicyDisableRequested: true });
  expect((await owner.call("GET", policy)).json).toMatchObject({ deletable: true });
  expect((await owner.call("DELETE", policy)).status).toBe(204);
});

test("serverless backups (62, 63) work on the default seed's serverless-instance", async () => {
  const serverless = `${v2}/serverless/serverless-instance/backup`;
  const snapshots = await owner.call("GET", `${serverless}/snapshots`);
  expect(snapshots.status).toBe(200);
  const [snapshot] = (snapshots.json as Body).results as Body[];
  expect(snapshot).toMatchObject({ serverlessInstanceName: "serverless-instance", status: "completed" });
  expect((await owner.call("GET", `${serverless}/snapshots/${String(snapshot?.id)}`)).status).toBe(200);
  const job = await owner.call("POST", `${serverless}/restoreJobs`, {
    body: {
      deliveryType: "automated",
      snapshotId: snapshot?.id,
      targetClusterName: "demo-cluster",
      targetGroupId: PROJECT,
    },
  });
  expect(job.status).toBe(200);
  const jobId = String((job.json as Body).id);
  expect((await owner.call("GET", `${serverless}/restoreJobs/${jobId}`)).status).toBe(200);
  const jobs = await owner.call("GET", `${serverless}/restoreJobs`);
  expect(((jobs.json as Body).results as Body[]).map((listed) => listed.id)).toEqual([jobId]);
});
