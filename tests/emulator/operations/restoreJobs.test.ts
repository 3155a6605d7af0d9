import { snapshot } from "./backupFixtures";
import { bodyOf, call, expectError, itemsOf, MISSING_ID, makeState, PROJECT, T0 } from "./harness";

describe("47-50 restore jobs", () => {
  test("48 creates an automated restore; finishedAt after the delay; 49 cannot cancel it", () => {
    const state = makeState();
    const snapshotId = snapshot(state);
    const body = {
      deliveryType: "automated",
      snapshotId,
      targetClusterName: "demo-cluster",
      targetGroupId: PROJECT,
    };
    const created = bodyOf(call(state, "48", { body, asyncDelayMs: 100 }));
    expect(created).toMatchObject({
      ...body,
      cancelled: false,
      failed: false,
      expired: false,
      timestamp: "2026-01-01T00:00:00Z",
    });
    expect(created).not.toHaveProperty("finishedAt");
    const params = { restoreJobId: String(created.id) };
    expect(bodyOf(call(state, "50", { params, now: T0 + 100, asyncDelayMs: 100 })).finishedAt).toBe(
      "2026-01-01T00:00:00Z",
    );
    expectError(() => call(state, "49", { params }), 400, "CANNOT_CANCEL_AUTOMATED_RESTORE");
    expect(itemsOf(call(state, "47"))).toHaveLength(1);
  });

  test("48 point in time needs a time; 49 cannot cancel it either", () => {
    const state = makeState();
    const target = { targetClusterName: "demo-cluster", targetGroupId: PROJECT };
    const seconds = T0 / 1000 - 3600;
    const job = bodyOf(
      call(state, "48", { body: { deliveryType: "pointInTime", pointInTimeUTCSeconds: seconds, ...target } }),
    );
    expect(job.pointInTimeUTCSeconds).toBe(seconds);
    expectError(
      () => call(state, "49", { params: { restoreJobId: String(job.id) } }),
      400,
      "CANNOT_CANCEL_AUTOMATED_RESTORE",
    );
    const byOplog = bodyOf(
      call(state, "48", { body: { deliveryType: "pointInTime", oplogTs: seconds, oplogInc: 1, ...target } }),
    );
    expect(byOplog.desiredTimestamp).toEqual({ date: "2025-12-31T23:00:00Z", increment: 1 });
    expectError(
      () => call(state, "48", { body: { deliveryType: "pointInTime", ...target } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "48", { body: { deliveryType: "pointInTime", oplogTs: seconds, ...target } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "48", {
          body: { deliveryType: "pointInTime", oplogTs: 1199145599, oplogInc: 1, ...target },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "48", {
          body: { deliveryType: "pointInTime", oplogTs: seconds, oplogInc: 0, ...target },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "48", {
          body: { deliveryType: "pointInTime", pointInTimeUTCSeconds: 1199145599, ...target },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "48", {
          body: { deliveryType: "pointInTime", pointInTimeUTCSeconds: T0 / 1000 + 60, ...target },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });

  test("48 download restores can be cancelled; 404s for unknown things", () => {
    const state = makeState();
    const snapshotId = snapshot(state);
    const job = bodyOf(call(state, "48", { body: { deliveryType: "download", snapshotId } }));
    expect(job.deliveryUrl).toHaveLength(1);
    expect(job.components).toHaveLength(1);
    expect(call(state, "49", { params: { restoreJobId: String(job.id) } })).toEqual({
      kind: "empty",
      status: 204,
    });
    expect(bodyOf(call(state, "50", { params: { restoreJobId: String(job.id) } })).cancelled).toBe(true);
    expectError(() => call(state, "48", { body: { deliveryType: "download" } }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(state, "48", { body: { deliveryType: "download", snapshotId: MISSING_ID } }),
      404,
      "SNAPSHOT_NOT_FOUND",
    );
    expectError(
      () =>
        call(state, "48", {
          body: { deliveryType: "automated", snapshotId, targetClusterName: "nope", targetGroupId: PROJECT },
        }),
      404,
      "CLUSTER_NOT_FOUND",
    );
    expectError(
      () => call(state, "48", { body: { deliveryType: "teleport", snapshotId } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "50", { params: { restoreJobId: MISSING_ID } }),
      404,
      "RESTORE_JOB_NOT_FOUND",
    );
  });
});

describe("62 serverless restore jobs", () => {
  const params = { clusterName: "serverless-instance" };

  test("62 creates, lists and gets restore jobs; targets are required", () => {
    const state = makeState();
    const snapshotId = String(itemsOf(call(state, "63-list", { params }))[0]?.id);
    const body = {
      deliveryType: "automated",
      snapshotId,
      targetClusterName: "demo-cluster",
      targetGroupId: PROJECT,
    };
    const job = bodyOf(call(state, "62-create", { params, body }));
    expect(job).not.toHaveProperty("components");
    expect(itemsOf(call(state, "62-list", { params })).map((j) => j.id)).toEqual([job.id]);
    expect(bodyOf(call(state, "62-get", { params: { ...params, restoreJobId: String(job.id) } })).id).toBe(
      job.id,
    );
    expectError(
      () => call(state, "62-create", { params, body: { deliveryType: "download", snapshotId } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "62-get", { params: { ...params, restoreJobId: MISSING_ID } }),
      404,
      "RESTORE_JOB_NOT_FOUND",
    );
  });
});
