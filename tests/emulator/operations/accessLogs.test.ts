import type { ClusterRecord, JsonObject } from "../../../emulator/core/contract";
import { clusterHostnames } from "../../../emulator/domain/clusters";
import { bodyOf, call, expectError, makeState, PROJECT, T0 } from "./harness";

function logs(result: ReturnType<typeof call>): JsonObject[] {
  return bodyOf(result).accessLogs as JsonObject[];
}

describe("1 access logs by cluster", () => {
  test("wraps entries in accessLogs, newest first", () => {
    const entries = logs(call(makeState(), "1"));
    expect(entries.length).toBeGreaterThan(0);
    expect(Object.keys(entries[0] as JsonObject)).toEqual(
      expect.arrayContaining([
        "authResult",
        "authSource",
        "groupId",
        "hostname",
        "ipAddress",
        "logLine",
        "timestamp",
        "username",
      ]),
    );
    const times = entries.map((e) => Date.parse(String(e.timestamp)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  test("filters by authResult, ipAddress, start/end and nLogs", () => {
    const state = makeState();
    expect(
      logs(call(state, "1", { query: { authResult: "true" } })).every((e) => e.authResult === true),
    ).toBe(true);
    expect(
      logs(call(state, "1", { query: { ipAddress: "198.51.100.7" } })).every((e) => e.authResult === false),
    ).toBe(true);
    expect(logs(call(state, "1", { query: { nLogs: "1" } }))).toHaveLength(1);
    expect(logs(call(state, "1", { query: { nLogs: "0" } }))).toHaveLength(0);
    expect(
      logs(call(state, "1", { query: { start: String(T0 - 15 * 60_000), end: String(T0) } })),
    ).toHaveLength(1);
  });

  test("refuses invalid queries", () => {
    const state = makeState();
    expectError(() => call(state, "1", { query: { start: "1" } }), 400, "INVALID_QUERY_PARAMETER");
    expectError(() => call(state, "1", { query: { end: "1" } }), 400, "INVALID_QUERY_PARAMETER");
    expectError(() => call(state, "1", { query: { nLogs: "20001" } }), 400, "INVALID_QUERY_PARAMETER");
    expectError(() => call(state, "1", { query: { nLogs: "-1" } }), 400, "INVALID_QUERY_PARAMETER");
    expectError(() => call(state, "1", { query: { ipAddress: "::1" } }), 400, "INVALID_QUERY_PARAMETER");
    expectError(() => call(state, "1", { query: { authResult: "maybe" } }), 400, "INVALID_QUERY_PARAMETER");
  });

  test("is unavailable on M0/M2/M5 and 404 for unknown clusters", () => {
    expectError(
      () => call(makeState(), "1", { params: { clusterName: "free-cluster" } }),
      400,
      "ACCESS_LOGS_NOT_SUPPORTED_FOR_TIER",
    );
    expectError(() => call(makeState(), "1", { params: { clusterName: "nope" } }), 404, "CLUSTER_NOT_FOUND");
  });

  test("includes seeded entries", () => {
    const state = makeState();
    const cluster = state.clusters[`${PROJECT}/demo-cluster`];
    const hostname = clusterHostnames(cluster as ClusterRecord)[0] as string;
    state.entities.accessLogs = {
      a: {
        groupId: PROJECT,
        hostname,
        authResult: true,
        username: "seeded",
        timestamp: new Date(T0 - 1000).toUTCString(),
      },
    };
    expect(logs(call(state, "1"))[0]?.username).toBe("seeded");
  });
});

describe("2 access logs by hostname", () => {
  test("answers the host's entries; 404 for unknown hosts", () => {
    const state = makeState();
    const hostname = clusterHostnames(
      state.clusters[`${PROJECT}/demo-cluster`] as ClusterRecord,
    )[1] as string;
    const entries = logs(call(state, "2", { params: { hostname } }));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.hostname === hostname)).toBe(true);
    expectError(
      () => call(state, "2", { params: { hostname: "unknown.example" } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    const freeHost = clusterHostnames(
      state.clusters[`${PROJECT}/free-cluster`] as ClusterRecord,
    )[0] as string;
    expectError(
      () => call(state, "2", { params: { hostname: freeHost } }),
      400,
      "ACCESS_LOGS_NOT_SUPPORTED_FOR_TIER",
    );
  });
});
