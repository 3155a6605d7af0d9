import { property } from "../contractSchemas";
import { snapshot } from "./backupFixtures";
import { bodyOf, call, expectError, itemsOf, MISSING_ID, makeState, T0 } from "./harness";

describe("54-61 snapshots", () => {
  test("55 takes an on-demand snapshot: queued -> inProgress -> completed", () => {
    const state = makeState();
    const taken = bodyOf(
      call(state, "55", { body: { description: "pre-upgrade", retentionInDays: 2 }, asyncDelayMs: 900 }),
    );
    expect(taken).toMatchObject({
      status: "queued",
      snapshotType: "onDemand",
      type: "replicaSet",
      description: "pre-upgrade",
      cloudProvider: "AWS",
      dbVersion: "7.0.14",
      createdAt: "2026-01-01T00:00:00Z",
      expiresAt: "2026-01-03T00:00:00Z",
      replicaSetName: "demo-cluster",
    });
    // The service answers frequencyType "ondemand" (tests/contract/recordings), a value the contract's
    // enum (hourly..yearly) lacks: the emulator follows the service.
    expect(property("DiskBackupReplicaSet", "frequencyType").enum).not.toContain("ondemand");
    expect(taken.frequencyType).toBe("ondemand");
    expect(String(taken.dbVersion)).toMatch(
      new RegExp(`^${property("DiskBackupReplicaSet", "dbVersion").pattern}$`),
    );
    const params = { snapshotId: String(taken.id) };
    expect(bodyOf(call(state, "60", { params, now: T0 + 500, asyncDelayMs: 900 })).status).toBe("inProgress");
    expect(bodyOf(call(state, "60", { params, now: T0 + 900, asyncDelayMs: 900 })).status).toBe("completed");
  });

  test("55 refuses a second on-demand snapshot while one is unfinished, and bad bodies", () => {
    const state = makeState();
    call(state, "55", { body: {}, asyncDelayMs: 100 });
    expectError(
      () => call(state, "55", { body: {}, asyncDelayMs: 100 }),
      400,
      "UNFINISHED_ON_DEMAND_SNAPSHOT",
    );
    expect(call(state, "55", { body: {}, now: T0 + 100, asyncDelayMs: 100 }).kind).toBe("entity");
    expectError(() => call(state, "55", { body: { retentionInDays: 0 } }), 400, "INVALID_ATTRIBUTE");
    expectError(() => call(state, "55", { body: { frequencyType: "daily" } }), 400, "INVALID_ATTRIBUTE");
    expectError(
      () => call(state, "55", { params: { clusterName: "free-cluster" }, body: {} }),
      400,
      "CLUSTER_BACKUP_NOT_ENABLED",
    );
  });

  test("54 lists, 61 changes expiration, 59 deletes", () => {
    const state = makeState();
    const id = snapshot(state);
    expect(itemsOf(call(state, "54")).map((s) => s.id)).toEqual([id]);
    const changed = bodyOf(
      call(state, "61", { params: { snapshotId: id }, body: { retentionUnit: "WEEKS", retentionValue: 2 } }),
    );
    expect(changed.expiresAt).toBe("2026-01-15T00:00:00Z");
    expectError(
      () =>
        call(state, "61", { params: { snapshotId: id }, body: { retentionUnit: "days", retentionValue: 2 } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "61", { params: { snapshotId: id }, body: { retentionUnit: "DAYS" } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expect(call(state, "59", { params: { snapshotId: id } })).toEqual({ kind: "empty", status: 204 });
    expectError(() => call(state, "60", { params: { snapshotId: id } }), 404, "SNAPSHOT_NOT_FOUND");
  });

  test("56-58 sharded cluster snapshots", () => {
    const state = makeState();
    const params = { clusterName: "sharded-cluster" };
    const id = snapshot(state, "sharded-cluster");
    const shown = bodyOf(call(state, "57", { params: { ...params, snapshotId: id } }));
    expect(shown).toMatchObject({ type: "shardedCluster", configServerType: "EMBEDDED" });
    expect(shown.members).toHaveLength(3);
    expect(shown.snapshotIds).toHaveLength(3);
    expect(shown).not.toHaveProperty("cloudProvider");
    expect(shown).not.toHaveProperty("replicaSetName");
    expect(itemsOf(call(state, "58", { params })).map((s) => s.id)).toEqual([id]);
    const replicaSetSnapshot = snapshot(state);
    expectError(
      () => call(state, "57", { params: { snapshotId: replicaSetSnapshot } }),
      404,
      "SNAPSHOT_NOT_FOUND",
    );
    expect(call(state, "56", { params: { ...params, snapshotId: id } }).kind).toBe("empty");
    expect(itemsOf(call(state, "58", { params }))).toEqual([]);
  });
});

describe("63 serverless snapshots", () => {
  const params = { clusterName: "serverless-instance" };

  test("63 lists and gets the instance's scheduled snapshot", () => {
    const state = makeState();
    const listed = itemsOf(call(state, "63-list", { params }));
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      serverlessInstanceName: "serverless-instance",
      status: "completed",
      snapshotType: "scheduled",
    });
    expect(
      bodyOf(call(state, "63-get", { params: { ...params, snapshotId: String(listed[0]?.id) } })).id,
    ).toBe(listed[0]?.id);
    expectError(
      () => call(state, "63-get", { params: { ...params, snapshotId: MISSING_ID } }),
      404,
      "SNAPSHOT_NOT_FOUND",
    );
    expectError(
      () => call(state, "63-list", { params: { clusterName: "demo-cluster" } }),
      404,
      "SERVERLESS_INSTANCE_NOT_FOUND",
    );
  });
});
