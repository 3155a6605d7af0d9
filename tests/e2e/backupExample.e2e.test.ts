/**
 * examples/backup through the real Pulumi CLI against the emulator: it converges (schedule under a
 * compliance policy, export bucket, on-demand snapshot, its export, its restore into another
 * cluster), preview and refresh right after show nothing, a retention change moves the snapshot's
 * expiration without running a job again, and destroy deletes what can be deleted and says what it
 * did with the jobs.
 */
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { type E2EStack, emulatorStack, repoRoot } from "./harness";

const GROUP = "5f1a0000000000000000e201";
const CLUSTER = "orders-cluster";
const DAY = 86_400_000;

describe("examples/backup through the real engine", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;
  let client: PlatformClient;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({ baseUrl: emulator.baseUrl, ...DEFAULT_SEED.orgOwnerKey });
    stack = await emulatorStack(emulator, {
      program: join(repoRoot, "examples", "backup"),
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  const restoreJobs = async () => (await client.restoreJobs.list(GROUP, CLUSTER)).results;
  const exportJobs = async () => (await client.exportJobs.list(GROUP, CLUSTER)).results;

  test("pulumi up creates the six resources and every job reaches its end", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 7 created");
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({
      complianceState: "ACTIVE",
      snapshotStatus: "completed",
      exportState: "Successful",
      restoreState: "finished",
    });
    expect(String(outputs.exportPrefix)).toMatch(/^\/exported_snapshots\/.*\/orders-cluster\//);
    expect((await restoreJobs()).map((job) => [job.snapshotId, job.targetClusterName])).toEqual([
      [outputs.snapshotId, "orders-restore"],
    ]);
  });

  test("preview and refresh right after up show no change", async () => {
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("a new retention moves the snapshot's expiration in place; no job runs again", async () => {
    const before = await stack.outputs();
    await stack.setConfig("snapshotRetentionDays", "14");
    expect((await stack.up()).stdout).toContain("~ 1 updated");
    const after = await stack.outputs();
    expect(after.snapshotId).toBe(before.snapshotId);
    const live = await client.snapshots.get(GROUP, CLUSTER, String(after.snapshotId));
    expect((Date.parse(String(live.expiresAt)) - Date.parse(String(live.createdAt))) / DAY).toBe(14);
    expect(await restoreJobs()).toHaveLength(1);
    expect(await exportJobs()).toHaveLength(1);
  });

  test("pulumi destroy deletes the snapshot and the bucket, and says the jobs are only forgotten", async () => {
    const result = await stack.destroy();
    expect(result.code).toBe(0);
    const printed = result.stdout + result.stderr;
    expect(printed).toContain(
      "removed from the stack only; the service has no operation to delete export jobs",
    );
    expect(printed).toMatch(
      /automated restore job \w+ of cluster orders-cluster: removed from the stack only/,
    );
    expect((await client.snapshots.list(GROUP, CLUSTER)).results).toEqual([]);
    expect((await client.exportBuckets.list(GROUP)).results).toEqual([]);
    expect((await restoreJobs()).map((job) => job.cancelled)).toEqual([false]);
    // The compliance policy stays (keepEnabledOnDelete): the service refuses to disable it.
    expect(await client.compliancePolicy.get(GROUP)).toMatchObject({ state: "ACTIVE" });
  });
});
