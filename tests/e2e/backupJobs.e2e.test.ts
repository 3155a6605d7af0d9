/**
 * OnDemandSnapshot, SnapshotExportJob and RestoreJob through the real Pulumi CLI against the
 * in-process emulator, in one stack (a snapshot, its export, its restore into another cluster):
 * create with waits and progress, a clean preview and refresh, updates in place that never re-run a
 * job, an out-of-band expiration change seen by refresh, a replacing change, adoption by importId,
 * and a destroy that deletes the snapshots and says what it did with the jobs.
 */

import { backupJobs, CLUSTER, exportJob, GROUP, restoreJob, SOURCE, snapshot } from "./backupJobsStack";
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  fromOutput,
  pick,
  resourceOutputs,
  setResource,
  setResources,
  settle,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const TYPES = ["OnDemandSnapshot", "SnapshotExportJob", "RestoreJob"].map(
  (type) => `pulumi-nodejs:dynamic/platform:${type}`,
);
const DAY = 86_400_000;

describe("OnDemandSnapshot, SnapshotExportJob and RestoreJob through the real engine", () => {
  const e2e = startPlatformE2E({ resources: backupJobs({ description: "nightly" }) });

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
    const outputs = await resourceOutputs(stack);
    expect(outputs.snapshot?.status).toBe("completed");
    expect(outputs.export).toMatchObject({
      state: "Successful",
      exportStatus: { exportedCollections: 3, totalCollections: 3 },
    });
    expect(pick(outputs.restore, "state", "id")).toEqual({
      state: "finished",
      id: `${GROUP}/${CLUSTER}/${outputs.restore?.restoreJobId}`,
    });
    expect(await retentionDays(outputs.snapshot?.snapshotId)).toBe(3);
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
    const before = await resourceOutputs(stack);
    const changes = { description: "nightly", retentionInDays: 5, jobTimeouts: { create: "1h" } };
    await setResources(stack, {
      snapshot: snapshot(changes),
      export: exportJob(changes),
      restore: restoreJob(changes),
    });
    await expectUp(stack, "~ 3 updated");
    const after = await resourceOutputs(stack);
    expect(after.snapshot?.snapshotId).toBe(before.snapshot?.snapshotId);
    expect(await retentionDays(after.snapshot?.snapshotId)).toBe(5);
    expect(await snapshots()).toHaveLength(1);
    expect(await exportJobs()).toHaveLength(1);
    expect(await restoreJobs()).toHaveLength(1);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh sees an expiration changed out of band as exactly retentionInDays; up moves it back", async () => {
    const { stack, client } = e2e;
    const snapshotId = (await resourceOutputs(stack)).snapshot?.snapshotId;
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
    const before = await resourceOutputs(stack);
    await setResource(stack, "snapshot", snapshot({ description: "weekly", retentionInDays: 5 }));
    const result = await expectUp(stack, "+-3 replaced");
    const after = await resourceOutputs(stack);
    expect(after.snapshot?.snapshotId).not.toBe(before.snapshot?.snapshotId);
    expect(after.export?.exportJobId).not.toBe(before.export?.exportJobId);
    expect(after.restore?.restoreJobId).not.toBe(before.restore?.restoreJobId);
    expect((await snapshots()).map((s) => s.description)).toEqual(["weekly"]);
    // Export and restore jobs cannot be deleted: the old ones stay on the service, and up says so.
    expect(await exportJobs()).toHaveLength(2);
    expect(await restoreJobs()).toHaveLength(2);
    const printed = result.stdout + result.stderr;
    expect(printed).toContain(
      `snapshot export job ${before.export?.exportJobId} of snapshot ${before.snapshot?.snapshotId} (cluster demo-cluster): removed from the stack only`,
    );
    expect(printed).toContain(
      `automated restore job ${before.restore?.restoreJobId} of cluster demo-cluster: removed from the stack only; it is already finished, nothing to cancel`,
    );
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts a snapshot, an export job and a restore job made outside Pulumi", async () => {
    const { stack, client } = e2e;
    const existing = await client.snapshots.takeOnDemand(GROUP, CLUSTER, { retentionInDays: 1 });
    await settle();
    const { exportBucketId } = await client.exportBuckets
      .list(GROUP)
      .then((page) => ({ exportBucketId: String(page.results[0]?._id) }));
    const existingExport = await client.exportJobs.create(GROUP, CLUSTER, {
      snapshotId: existing.id,
      exportBucketId,
    });
    const existingRestore = await client.restoreJobs.create(GROUP, CLUSTER, {
      deliveryType: "download",
      snapshotId: existing.id,
    });
    await setResources(stack, {
      "adopted-snapshot": {
        type: "OnDemandSnapshot",
        args: { ...SOURCE, retentionInDays: 2, importId: `${GROUP}/${CLUSTER}/${existing.id}` },
      },
      "adopted-export": {
        type: "SnapshotExportJob",
        args: {
          ...SOURCE,
          snapshotId: existing.id,
          exportBucketId: fromOutput("bucket", "exportBucketId"),
          importId: `${GROUP}/${CLUSTER}/${existingExport.id}`,
        },
      },
      "adopted-restore": {
        type: "RestoreJob",
        args: {
          ...SOURCE,
          deliveryType: "download",
          snapshotId: existing.id,
          importId: `${GROUP}/${CLUSTER}/${existingRestore.id}`,
        },
      },
    });
    await expectUp(stack, "+ 3 created");
    const outputs = await resourceOutputs(stack);
    expect(outputs["adopted-snapshot"]?.retentionInDays).toBe(2);
    expect(outputs["adopted-export"]?.state).toBe("Successful");
    expect(outputs["adopted-restore"]?.state).toBe("finished");
    expect(await retentionDays(existing.id)).toBe(2);
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
