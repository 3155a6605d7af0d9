/**
 * POST /__emulator/failures drives objects into their failure states over HTTP, so clients' failure
 * paths are testable end to end (emulator/README.md, Control API).
 */
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DigestClient, OWNER_KEY } from "../core/helpers";

const PROJECT = "5f1a000000000000000000a1";
const AWS_ROLE = "5f1a000000000000000000c1";
const v2 = `/api/platform/v2/groups/${PROJECT}`;
const cluster = `${v2}/clusters/demo-cluster`;
const DELAY = 3000;

type Body = Record<string, unknown>;

let emu: RunningEmulator;
let owner: DigestClient;

beforeEach(async () => {
  emu = await startEmulator({ port: 0, seed: "default", clock: "manual", asyncDelayMs: DELAY });
  owner = new DigestClient(emu.url, OWNER_KEY);
});
afterEach(async () => {
  await emu.close();
});

async function fail(kind: string, id?: string, groupId = PROJECT): Promise<{ status: number; json: Body }> {
  const answer = await fetch(`${emu.url}/__emulator/failures`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(id === undefined ? { kind, groupId } : { kind, groupId, id }),
  });
  return { status: answer.status, json: (await answer.json()) as Body };
}

async function created(path: string, body: Body): Promise<Body> {
  const answer = await owner.call("POST", path, { body });
  expect(answer.status).toBeLessThan(300);
  return answer.json as Body;
}

async function snapshotId(): Promise<string> {
  const snapshot = await created(`${cluster}/backup/snapshots`, { description: "s", retentionInDays: 1 });
  emu.advance(DELAY);
  return String(snapshot.id);
}

test("a search index FAILED, in both styles, not queryable, even after the build delay", async () => {
  const index = await created(`${cluster}/search/indexes`, {
    database: "sample",
    collectionName: "movies",
    name: "idx",
    definition: { mappings: { dynamic: true } },
  });
  const id = String(index.indexID);
  expect(await fail("searchIndex", id)).toEqual({
    status: 200,
    json: { kind: "searchIndex", groupId: PROJECT, id, state: "FAILED" },
  });
  emu.advance(DELAY);
  const second = await owner.call("GET", `${cluster}/search/indexes/${id}`);
  expect(second.json).toMatchObject({ status: "FAILED", queryable: false });
  const first = await owner.call("GET", `${cluster}/fts/indexes/${id}`);
  expect(first.json).toMatchObject({ status: "FAILED" });
});

test("a snapshot failed", async () => {
  const id = await snapshotId();
  expect((await fail("snapshot", id)).json).toMatchObject({ state: "failed" });
  expect((await owner.call("GET", `${cluster}/backup/snapshots/${id}`)).json).toMatchObject({
    status: "failed",
  });
});

test("an export job Failed, without finishedAt", async () => {
  const snapshot = await snapshotId();
  const bucket = await created(`${v2}/backup/exportBuckets`, {
    bucketName: "failing-exports",
    cloudProvider: "AWS",
    iamRoleId: AWS_ROLE,
  });
  const job = await created(`${cluster}/backup/exports`, {
    snapshotId: snapshot,
    exportBucketId: bucket._id,
  });
  expect((await fail("exportJob", String(job.id))).json).toMatchObject({ state: "Failed" });
  emu.advance(DELAY);
  const shown = (await owner.call("GET", `${cluster}/backup/exports/${String(job.id)}`)).json as Body;
  expect(shown.state).toBe("Failed");
  expect(shown).not.toHaveProperty("finishedAt");
});

test("a restore job failed, never finished", async () => {
  const snapshot = await snapshotId();
  const job = await created(`${cluster}/backup/restoreJobs`, {
    deliveryType: "download",
    snapshotId: snapshot,
  });
  expect((await fail("restoreJob", String(job.id))).json).toMatchObject({ state: "failed" });
  emu.advance(DELAY);
  const shown = (await owner.call("GET", `${cluster}/backup/restoreJobs/${String(job.id)}`)).json as Body;
  expect(shown).toMatchObject({ failed: true, deliveryUrl: [] });
  expect(shown).not.toHaveProperty("finishedAt");
  // No file, so no downloadUrl: the contract types it as a string, never null.
  expect(shown.components).toEqual([{ replicaSetName: expect.any(String), privateDownloadDeliveryUrls: [] }]);
});

test("a compliance policy stuck in ENABLING: later updates are refused as pending", async () => {
  const policy = {
    authorizedEmail: "owner@example.com",
    authorizedUserFirstName: "Ada",
    authorizedUserLastName: "Lovelace",
  };
  expect((await owner.call("PUT", `${v2}/backupCompliancePolicy`, { body: policy })).status).toBe(200);
  expect(await fail("compliancePolicy")).toEqual({
    status: 200,
    json: { kind: "compliancePolicy", groupId: PROJECT, id: PROJECT, state: "ENABLING" },
  });
  emu.advance(DELAY * 10);
  const shown = (await owner.call("GET", `${v2}/backupCompliancePolicy`)).json as Body;
  expect(shown.state).toBe("ENABLING");
  expect(shown).not.toHaveProperty("forcedFailure");
  const again = await owner.call("PUT", `${v2}/backupCompliancePolicy`, { body: policy });
  expect([again.status, (again.json as Body).errorCode]).toEqual([
    400,
    "CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION",
  ]);
});

test("a live migration FAILED, not ready for cutover", async () => {
  const migration = await created(`${v2}/liveMigrations`, {
    destination: { clusterName: "demo-cluster", groupId: PROJECT, hostnameSchemaType: "PUBLIC" },
    source: {
      clusterName: "self-managed-rs",
      groupId: "5f1a000000000000000000e1",
      username: "admin",
      password: "pw",
      ssl: true,
    },
    migrationHosts: ["migration-host-0.self-managed.local"],
    dropDestinationData: false,
  });
  const id = String(migration._id);
  expect((await fail("liveMigration", id)).json).toMatchObject({ state: "FAILED" });
  emu.advance(DELAY);
  const shown = (await owner.call("GET", `${v2}/liveMigrations/${id}`)).json as Body;
  expect(shown).toMatchObject({ status: "FAILED", readyForCutover: false });
});

test("unknown objects 404, unknown kinds and fields 400, unknown projects 404", async () => {
  expect(await fail("snapshot", "5f1a00000000000000000fff")).toEqual({
    status: 404,
    json: { error: `Cannot find resource snapshot 5f1a00000000000000000fff in group ${PROJECT}.` },
  });
  expect((await fail("cluster", "x")).status).toBe(400);
  expect((await fail("compliancePolicy")).status).toBe(404);
  expect((await fail("snapshot", "5f1a00000000000000000fff", "5f1a0000000000000000ffff")).status).toBe(404);
  const other = await snapshotId();
  expect((await fail("snapshot", other, "5f1a000000000000000000a2")).status).toBe(404);
});
