import { bodyOf, call, expectError, makeState, PROJECT, T0 } from "./harness";

const filters = { outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" }] };

describe("75, 76, 76a outage simulation", () => {
  test("76a starts: START_REQUESTED -> STARTING -> SIMULATING", () => {
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

  test("75 ends only while SIMULATING: RECOVERY_REQUESTED -> RECOVERING -> COMPLETE -> 404", () => {
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

  test("with no delay the end answer shows COMPLETE and the simulation is gone", () => {
    const state = makeState();
    call(state, "76a", { body: filters });
    expect(bodyOf(call(state, "75")).state).toBe("COMPLETE");
    expectError(() => call(state, "76"), 404, "OUTAGE_SIMULATION_NOT_FOUND");
    expectError(() => call(state, "75"), 404, "OUTAGE_SIMULATION_NOT_FOUND");
  });

  test("76a refuses a second simulation and bad filters", () => {
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
