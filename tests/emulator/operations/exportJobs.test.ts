import { property } from "../contractSchemas";
import { bucket, snapshot } from "./backupFixtures";
import { bodyOf, call, expectError, itemsOf, MISSING_ID, makeState, ORG, PROJECT, T0 } from "./harness";

describe("44-46 export jobs", () => {
  test("45 creates Queued -> InProgress -> Successful with finishedAt", () => {
    const state = makeState();
    const exportBucketId = bucket(state);
    const snapshotId = snapshot(state);
    const created = bodyOf(
      call(state, "45", {
        body: { exportBucketId, snapshotId, customData: [{ key: "team", value: "data" }] },
        asyncDelayMs: 90,
      }),
    );
    expect(created).toMatchObject({
      state: "Queued",
      exportBucketId,
      snapshotId,
      customData: [{ key: "team", value: "data" }],
    });
    expect(created).not.toHaveProperty("finishedAt");
    const params = { exportId: String(created.id) };
    expect(created.exportStatus).toEqual({ exportedCollections: 0, totalCollections: 3 });
    expect(bodyOf(call(state, "46", { params, now: T0 + 45, asyncDelayMs: 90 }))).toMatchObject({
      state: "InProgress",
      exportStatus: { exportedCollections: 1, totalCollections: 3 },
    });
    expect(bodyOf(call(state, "46", { params, now: T0 + 60, asyncDelayMs: 90 })).exportStatus).toEqual({
      exportedCollections: 2,
      totalCollections: 3,
    });
    const done = bodyOf(call(state, "46", { params, now: T0 + 90, asyncDelayMs: 90 }));
    expect(done).toMatchObject({
      state: "Successful",
      finishedAt: "2026-01-01T00:00:00Z",
      exportStatus: { exportedCollections: 3, totalCollections: 3 },
    });
    expect(itemsOf(call(state, "44")).map((j) => j.id)).toEqual([created.id]);
  });

  test("45's prefix follows the contract's pattern, with names when the schedule asks for them", () => {
    const state = makeState();
    const exportBucketId = bucket(state);
    const snapshotId = snapshot(state);
    // The contract's pattern names its segments in braces: each stands for one path segment.
    const template = String(property("DiskBackupExportJob", "prefix").pattern);
    const segment = /\\\{[A-Z-]+\\\}/g;
    const contractPattern = new RegExp(`^${template.replace(segment, "[^/]+")}$`);
    const prefix = () => String(bodyOf(call(state, "45", { body: { exportBucketId, snapshotId } })).prefix);
    const withIds = prefix();
    expect(withIds).toMatch(contractPattern);
    expect(withIds.startsWith(`/exported_snapshots/${ORG}/${PROJECT}/demo-cluster/`)).toBe(true);
    call(state, "53", { body: { useOrgAndGroupNamesInExportPrefix: true } });
    const withNames = prefix();
    expect(withNames).toMatch(contractPattern);
    expect(withNames.startsWith("/exported_snapshots/demo-org/demo-project/demo-cluster/")).toBe(true);
  });

  test("45 needs an existing snapshot and bucket", () => {
    const state = makeState();
    const exportBucketId = bucket(state);
    const snapshotId = snapshot(state);
    expectError(
      () => call(state, "45", { body: { exportBucketId, snapshotId: MISSING_ID } }),
      404,
      "SNAPSHOT_NOT_FOUND",
    );
    expectError(
      () => call(state, "45", { body: { exportBucketId: MISSING_ID, snapshotId } }),
      404,
      "EXPORT_BUCKET_NOT_FOUND",
    );
    expectError(() => call(state, "45", { body: { snapshotId } }), 400, "MISSING_ATTRIBUTE");
    expectError(() => call(state, "46", { params: { exportId: MISSING_ID } }), 404, "EXPORT_JOB_NOT_FOUND");
  });
});
