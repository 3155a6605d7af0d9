/**
 * OnDemandSnapshot, SnapshotExportJob and RestoreJob through the real Pulumi CLI against the
 * in-process emulator, in one stack (a snapshot, its export, its restore into another cluster):
 * create with waits and progress, a clean preview and refresh, updates in place that never re-run a
 * job, an out-of-band expiration change seen by refresh, a replacing change, adoption by importId,
 * and a destroy that deletes the snapshots and says what it did with the jobs.
 */

import type { E2EStack } from "./harness";
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  settle,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const ROLE = "5f1a000000000000000000c1";
const TYPES = ["OnDemandSnapshot", "SnapshotExportJob", "RestoreJob"].map(
  (type) => `pulumi-nodejs:dynamic/platform:${type}`,
);
const DAY = 86_400_000;

/** Sets several config values in one CLI run (each run costs seconds); objects are stored as JSON. */
async function setConfigs(stack: E2EStack, values: Record<string, string | object>): Promise<void> {
  const pairs = Object.entries(values).flatMap(([key, value]) => [
    "--plaintext",
    `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`,
  ]);
  await stack.pulumi(["config", "set-all", ...pairs], { quiet: true });
}

describe("OnDemandSnapshot, SnapshotExportJob and RestoreJob through the real engine", () => {
  const e2e = startPlatformE2E({
    program: "backupJobs",
    config: {
      groupId: GROUP,
      iamRoleId: ROLE,
      description: "nightly",
      retentionInDays: "3",
      customData: [{ key: "team", value: "bi" }],
    },
  });

  const snapshots = async () => (await e2e.client.snapshots.list(GROUP, CLUSTER)).results;
  const exportJobs = async () => (await e2e.client.exportJobs.list(GROUP, CLUSTER)).results;
  const restoreJobs = async () => (await e2e.client.restoreJobs.list(GROUP, CLUSTER)).results;
  const retentionDays = async (snapshotId: unknown) => {
    const live = await e2e.client.snapshots.get(GROUP, CLUSTER, String(snapshotId));
    return (Date.parse(String(live.expiresAt)) - Date.parse(String(live.createdAt))) / DAY;
  };

  test("pulumi up takes the snapshot, exports it and restores it, each waiting with progress", async () => {
    const { stack } = e2e;
    const result = await expectUp(stack, "+ 5 created");
    const printed = result.stdout + result.stderr;
    expect(printed).toContain(`platform: on-demand snapshot `);
    expect(printed).toMatch(
      /platform: snapshot export job \w+ of snapshot \w+ \(cluster demo-cluster\): \w+ \(\d\/3 collections exported\)/,
    );
    expect(printed).toMatch(/platform: automated restore job \w+ of cluster demo-cluster: inProgress/);
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({
      snapshotStatus: "completed",
      exportState: "Successful",
      exportStatus: { exportedCollections: 3, totalCollections: 3 },
      restoreState: "finished",
      restoreId: `${GROUP}/${CLUSTER}/${outputs.restoreJobId}`,
    });
    expect(await retentionDays(outputs.snapshotId)).toBe(3);
    expect((await restoreJobs()).map((job) => job.targetClusterName)).toEqual(["old-cluster"]);
    for (const type of TYPES) await expectSmallCredentialFreeProviders(stack, type);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("5 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("a retention change moves the expiration in place; new timeouts re-run no job", async () => {
    const { stack } = e2e;
    const before = await stack.outputs();
    await setConfigs(stack, { retentionInDays: "5", jobTimeouts: { create: "1h" } });
    await expectUp(stack, "~ 3 updated");
    const after = await stack.outputs();
    expect(after.snapshotId).toBe(before.snapshotId);
    expect(await retentionDays(after.snapshotId)).toBe(5);
    expect(await snapshots()).toHaveLength(1);
    expect(await exportJobs()).toHaveLength(1);
    expect(await restoreJobs()).toHaveLength(1);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh sees an expiration changed out of band as exactly retentionInDays; up moves it back", async () => {
    const { stack, client } = e2e;
    const { snapshotId } = await stack.outputs();
    await client.snapshots.updateExpiration(GROUP, CLUSTER, String(snapshotId), {
      retentionUnit: "WEEKS",
      retentionValue: 1,
    });
    await expectRefreshReportsOnly(stack, ["retentionInDays"], { ignoring: ["expiresAt"] });
    expect((await storedResource(stack, TYPES[0] as string, "snapshot"))?.inputs.retentionInDays).toBe(7);
    await expectUp(stack, "~ 1 updated");
    expect(await retentionDays(snapshotId)).toBe(5);
    await stack.preview({ expectNoChanges: true });
  });

  test("a new description takes a new snapshot, which runs a new export and restore; the old jobs are only forgotten", async () => {
    const { stack } = e2e;
    const before = await stack.outputs();
    await stack.setConfig("description", "weekly");
    const result = await expectUp(stack, "+-3 replaced");
    const after = await stack.outputs();
    expect(after.snapshotId).not.toBe(before.snapshotId);
    expect(after.exportJobId).not.toBe(before.exportJobId);
    expect(after.restoreJobId).not.toBe(before.restoreJobId);
    expect((await snapshots()).map((s) => s.description)).toEqual(["weekly"]);
    // Export and restore jobs cannot be deleted: the old ones stay on the service, and up says so.
    expect(await exportJobs()).toHaveLength(2);
    expect(await restoreJobs()).toHaveLength(2);
    const printed = result.stdout + result.stderr;
    expect(printed).toContain(
      `snapshot export job ${before.exportJobId} of snapshot ${before.snapshotId} (cluster demo-cluster): removed from the stack only`,
    );
    expect(printed).toContain(
      `automated restore job ${before.restoreJobId} of cluster demo-cluster: removed from the stack only; it is already finished, nothing to cancel`,
    );
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts a snapshot, an export job and a restore job made outside Pulumi", async () => {
    const { stack, client } = e2e;
    const snapshot = await client.snapshots.takeOnDemand(GROUP, CLUSTER, { retentionInDays: 1 });
    await settle();
    const { exportBucketId } = await client.exportBuckets
      .list(GROUP)
      .then((page) => ({ exportBucketId: String(page.results[0]?._id) }));
    const exportJob = await client.exportJobs.create(GROUP, CLUSTER, {
      snapshotId: snapshot.id,
      exportBucketId,
    });
    const restoreJob = await client.restoreJobs.create(GROUP, CLUSTER, {
      deliveryType: "download",
      snapshotId: snapshot.id,
    });
    await setConfigs(stack, {
      adoptSnapshot: `${GROUP}/${CLUSTER}/${snapshot.id}`,
      adoptExport: { importId: `${GROUP}/${CLUSTER}/${exportJob.id}`, snapshotId: snapshot.id },
      adoptRestore: { importId: `${GROUP}/${CLUSTER}/${restoreJob.id}`, snapshotId: snapshot.id },
    });
    await expectUp(stack, "+ 3 created");
    expect(await stack.outputs()).toMatchObject({
      adoptedSnapshotRetention: 2,
      adoptedExportState: "Successful",
      adoptedRestoreState: "finished",
    });
    expect(await retentionDays(snapshot.id)).toBe(2);
    expect(await exportJobs()).toHaveLength(3);
    expect(await restoreJobs()).toHaveLength(3);
    await expectCleanPreviewAndRefresh(stack);
  });

  test("pulumi destroy deletes the snapshots and says what it did with each job", async () => {
    const result = await expectDestroyDeletes(e2e.stack, 8);
    expect(await snapshots()).toEqual([]);
    const printed = result.stdout + result.stderr;
    expect(printed).toMatch(
      /snapshot export job \w+ of snapshot \w+ \(cluster demo-cluster\): removed from the stack only; the service has no operation to delete export jobs/,
    );
    expect(printed).toMatch(
      /download restore job \w+ of cluster demo-cluster: removed from the stack only; it is already finished, nothing to cancel/,
    );
    // Nothing the service cannot delete was deleted or cancelled.
    expect(await exportJobs()).toHaveLength(3);
    expect((await restoreJobs()).map((job) => job.cancelled)).toEqual([false, false, false]);
  });
});
