import type { JsonObject } from "../../../emulator/core/contract";
import { bodyOf, call, expectError, itemsOf, makeState, OTHER_PROJECT, PROJECT, T0 } from "./harness";

const filters = { outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" }] };

describe("75, 76, 76a outage simulation", () => {
  it("76a starts: START_REQUESTED -> STARTING -> SIMULATING", () => {
    const state = makeState();
    const started = bodyOf(call(state, "76a", { body: filters, asyncDelayMs: 90 }));
    expect(started).toMatchObject({
      clusterName: "demo-cluster",
      groupId: PROJECT,
      state: "START_REQUESTED",
      startRequestDate: "2026-01-01T00:00:00Z",
      outageFilters: filters.outageFilters,
    });
    expect(bodyOf(call(state, "76", { now: T0 + 45, asyncDelayMs: 90 })).state).toBe("STARTING");
    expect(bodyOf(call(state, "76", { now: T0 + 90, asyncDelayMs: 90 })).state).toBe("SIMULATING");
  });

  it("75 ends only while SIMULATING: RECOVERY_REQUESTED -> RECOVERING -> COMPLETE -> 404", () => {
    const state = makeState();
    call(state, "76a", { body: filters, asyncDelayMs: 90 });
    expectError(
      () => call(state, "75", { asyncDelayMs: 90 }),
      400,
      "INVALID_CLUSTER_OUTAGE_SIMULATION_STATE",
    );
    const ended = call(state, "75", { now: T0 + 90, asyncDelayMs: 90 });
    expect(ended.kind === "entity" && ended.status).toBe(200);
    expect(bodyOf(ended).state).toBe("RECOVERY_REQUESTED");
    expect(bodyOf(call(state, "76", { now: T0 + 120, asyncDelayMs: 90 })).state).toBe("RECOVERING");
    expect(bodyOf(call(state, "76", { now: T0 + 150, asyncDelayMs: 90 })).state).toBe("COMPLETE");
    expectError(
      () => call(state, "76", { now: T0 + 180, asyncDelayMs: 90 }),
      404,
      "OUTAGE_SIMULATION_NOT_FOUND",
    );
  });

  it("with no delay the end answer shows COMPLETE and the simulation is gone", () => {
    const state = makeState();
    call(state, "76a", { body: filters });
    expect(bodyOf(call(state, "75")).state).toBe("COMPLETE");
    expectError(() => call(state, "76"), 404, "OUTAGE_SIMULATION_NOT_FOUND");
    expectError(() => call(state, "75"), 404, "OUTAGE_SIMULATION_NOT_FOUND");
  });

  it("76a refuses a second simulation and bad filters", () => {
    const state = makeState();
    call(state, "76a", { body: filters });
    expectError(() => call(state, "76a", { body: filters }), 400, "INVALID_CLUSTER_OUTAGE_SIMULATION_STATE");
    const other = { clusterName: "sharded-cluster" };
    expectError(
      () => call(state, "76a", { params: other, body: { outageFilters: [] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(() => call(state, "76a", { params: other, body: {} }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () =>
        call(state, "76a", {
          params: other,
          body: { outageFilters: [{ cloudProvider: "AWS", regionName: "X", type: "ZONE" }] },
        }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "76a", { params: { clusterName: "nope" }, body: filters }),
      404,
      "CLUSTER_NOT_FOUND",
    );
  });
});

describe("77 private IP mode", () => {
  it("turns Peering-Only mode on; off needs every cluster on 5.0 or later", () => {
    const state = makeState();
    expect(bodyOf(call(state, "77", { body: { enabled: true } }))).toEqual({ enabled: true });
    expectError(() => call(state, "77", { body: { enabled: false } }), 400, "CANNOT_UPDATE_PRIVATE_IP_MODE");
    expect(
      bodyOf(call(state, "77", { params: { groupId: OTHER_PROJECT }, body: { enabled: false } })),
    ).toEqual({ enabled: false });
    expectError(() => call(state, "77", { body: {} }), 400, "MISSING_ATTRIBUTE");
  });
});

describe("78 legacy cluster list", () => {
  it("lists clusters with major and full database versions", () => {
    const items = itemsOf(call(makeState(), "78"));
    expect(items.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "demo-cluster",
        "sharded-cluster",
        "free-cluster",
        "old-cluster",
        "serverless-instance",
      ]),
    );
    const old = items.find((c) => c.name === "old-cluster") as JsonObject;
    expect(old).toMatchObject({ dbMajorVersion: "4.0", dbVersion: "4.0.28", clusterType: "REPLICASET" });
    expect(items.find((c) => c.name === "sharded-cluster")?.clusterType).toBe("SHARDED");
  });

  it("gives each cluster the contract's providerSettings kind", () => {
    const items = itemsOf(call(makeState(), "78"));
    const settingsOf = (name: string) => items.find((c) => c.name === name)?.providerSettings;
    expect(settingsOf("demo-cluster")).toEqual({ providerName: "AWS", instanceSizeName: "M10" });
    expect(settingsOf("free-cluster")).toEqual({
      providerName: "TENANT",
      backingProviderName: "AWS",
      instanceSizeName: "M0",
    });
    expect(items.find((c) => c.name === "serverless-instance")).not.toHaveProperty("providerSettings");
  });
});
