import { SEARCH_NODE_INSTANCE_SIZES } from "../../../api/vocabulary";
import { bodyOf, call, expectError, makeState, T0 } from "./harness";

const specs = [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }];

describe("20-23 search nodes", () => {
  test("21 answers 200 {} when no deployment exists", () => {
    expect(bodyOf(call(makeState(), "21"))).toEqual({});
  });

  test("23 creates with 201 (200 under 2023-01-01); UPDATING then IDLE", () => {
    const state = makeState();
    const result = call(state, "23", { body: { specs }, asyncDelayMs: 100 });
    expect(result.kind === "entity" && result.status).toBe(201);
    expect(bodyOf(result)).toMatchObject({
      specs,
      stateName: "UPDATING",
      encryptionAtRestProvider: "NONE",
      groupId: "5f1a000000000000000000a1",
    });
    expect(bodyOf(call(state, "21", { now: T0 + 100, asyncDelayMs: 100 })).stateName).toBe("IDLE");
    const legacy = call(state, "23", {
      params: { clusterName: "sharded-cluster" },
      body: { specs },
      version: "2023-01-01",
    });
    expect(legacy.kind === "entity" && legacy.status).toBe(200);
  });

  test("23 refuses a second deployment and bad specs", () => {
    const state = makeState();
    call(state, "23", { body: { specs } });
    expectError(() => call(state, "23", { body: { specs } }), 409, "SEARCH_DEPLOYMENT_ALREADY_EXISTS");
    const other = { clusterName: "sharded-cluster" };
    expectError(() => call(state, "23", { params: other, body: { specs: [] } }), 400, "INVALID_ATTRIBUTE");
    expectError(
      () => call(state, "23", { params: other, body: { specs: [...specs, ...specs] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "23", {
          params: other,
          body: { specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 1 }] },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "23", {
          params: other,
          body: { specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 33 }] },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "23", { params: other, body: { specs: [{ instanceSize: "M10", nodeCount: 2 }] } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "23", { params: { clusterName: "old-cluster" }, body: { specs } }),
      400,
      "UNSUPPORTED_DB_VERSION_FOR_SEARCH",
    );
    expect(SEARCH_NODE_INSTANCE_SIZES).toEqual(
      expect.arrayContaining([
        "S20_HIGHCPU_NVME",
        "S80_HIGHCPU_NVME",
        "S140_LOWCPU_NVME",
        "S90_STORAGE_NVME",
      ]),
    );
  });

  test("22 updates; 404 when none exists", () => {
    const state = makeState();
    expectError(() => call(state, "22", { body: { specs } }), 404, "SEARCH_DEPLOYMENT_DOES_NOT_EXIST");
    call(state, "23", { body: { specs } });
    const next = [{ instanceSize: "S40_LOWCPU_NVME", nodeCount: 4 }];
    expect(bodyOf(call(state, "22", { body: { specs: next } })).specs).toEqual(next);
  });

  test("20 deletes with 204 (200 under 2023-01-01); GET answers {} after the delay", () => {
    const state = makeState();
    expectError(() => call(state, "20"), 404, "SEARCH_DEPLOYMENT_DOES_NOT_EXIST");
    call(state, "23", { body: { specs } });
    expect(call(state, "20", { asyncDelayMs: 50 })).toEqual({ kind: "empty", status: 204 });
    expect(bodyOf(call(state, "21", { asyncDelayMs: 50 })).stateName).toBe("UPDATING");
    expectError(() => call(state, "20", { asyncDelayMs: 50 }), 404, "SEARCH_DEPLOYMENT_DOES_NOT_EXIST");
    expect(bodyOf(call(state, "21", { now: T0 + 50, asyncDelayMs: 50 }))).toEqual({});
    call(state, "23", { body: { specs } });
    expect(call(state, "20", { version: "2023-01-01" })).toEqual({ kind: "empty", status: 200 });
  });
});
