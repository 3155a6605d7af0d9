import type { JsonObject } from "../../../emulator/core/contract";
import { arrayOf, bodyOf, call, expectError, MISSING_ID, makeState, ORG, PROJECT, T0 } from "./harness";

const migration: JsonObject = {
  destination: { clusterName: "demo-cluster", groupId: PROJECT, hostnameSchemaType: "PUBLIC" },
  source: {
    clusterName: "self-managed-rs",
    groupId: "5f1a000000000000000000e1",
    username: "admin",
    password: "pw",
    ssl: true,
  },
  migrationHosts: ["migration-host-0.self-managed.local"],
  dropDestinationData: false,
};

describe("64 and 65 per version (the contract's LiveMigrationRequest and LiveMigrationRequest20240530)", () => {
  const { dropDestinationData: _newer, ...common } = migration;
  test("2023-01-01 takes dropEnabled, required, and refuses dropDestinationData", () => {
    const state = makeState();
    for (const id of ["64", "65"]) {
      const body = { ...common, dropEnabled: true };
      expect(bodyOf(call(state, id, { version: "2023-01-01", body }))).toHaveProperty("_id");
      expectError(() => call(state, id, { version: "2023-01-01", body: common }), 400, "MISSING_ATTRIBUTE");
      expectError(
        () => call(state, id, { version: "2023-01-01", body: migration }),
        400,
        "INVALID_ATTRIBUTE",
      );
    }
  });

  test("2024-05-30 takes dropDestinationData, optional, and refuses dropEnabled", () => {
    const state = makeState();
    expect(bodyOf(call(state, "64", { version: "2024-05-30", body: common }))).toHaveProperty("_id");
    expectError(
      () => call(state, "64", { version: "2024-05-30", body: { ...common, dropEnabled: true } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });
});

describe("64-68 live migrations", () => {
  test("64 creates with 201: NEW, then WORKING and ready for cutover; 68 cuts over to COMPLETE", () => {
    const state = makeState();
    const result = call(state, "64", { body: migration, asyncDelayMs: 100 });
    expect(result.kind === "entity" && result.status).toBe(201);
    const created = bodyOf(result);
    expect(created).toMatchObject({
      status: "NEW",
      readyForCutover: false,
      migrationHosts: migration.migrationHosts,
    });
    const params = { liveMigrationId: String(created._id) };
    expectError(
      () => call(state, "68", { params, asyncDelayMs: 100 }),
      400,
      "LIVE_MIGRATION_NOT_READY_FOR_CUTOVER",
    );
    const ready = bodyOf(call(state, "67", { params, now: T0 + 100, asyncDelayMs: 100 }));
    expect(ready).toMatchObject({ status: "WORKING", readyForCutover: true });
    expect(call(state, "68", { params, now: T0 + 100, asyncDelayMs: 100 })).toEqual({
      kind: "empty",
      status: 202,
    });
    expect(bodyOf(call(state, "67", { params, now: T0 + 150, asyncDelayMs: 100 }))).toMatchObject({
      status: "WORKING",
      readyForCutover: false,
    });
    expect(bodyOf(call(state, "67", { params, now: T0 + 200, asyncDelayMs: 100 })).status).toBe("COMPLETE");
    expectError(
      () => call(state, "68", { params, now: T0 + 200, asyncDelayMs: 100 }),
      400,
      "LIVE_MIGRATION_NOT_READY_FOR_CUTOVER",
    );
  });

  test("64 validates the body", () => {
    const state = makeState();
    expectError(
      () => call(state, "64", { body: { ...migration, migrationHosts: [] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "64", { body: { ...migration, migrationHosts: ["a", "b"] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "64", {
          body: { destination: migration.destination as JsonObject, migrationHosts: ["h"] },
        }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "64", {
          body: {
            ...migration,
            destination: { ...(migration.destination as JsonObject), hostnameSchemaType: "MAGIC" },
          },
        }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () =>
        call(state, "64", {
          body: {
            ...migration,
            destination: { ...(migration.destination as JsonObject), groupId: MISSING_ID },
          },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "64", {
          body: {
            ...migration,
            destination: { ...(migration.destination as JsonObject), clusterName: "nope" },
          },
        }),
      404,
      "CLUSTER_NOT_FOUND",
    );
    expectError(
      () =>
        call(state, "64", {
          body: { ...migration, sharding: { createSupportingIndexes: true, shardingEntries: [] } },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    const sharded = {
      ...migration,
      destination: { ...(migration.destination as JsonObject), clusterName: "sharded-cluster" },
      sharding: {
        createSupportingIndexes: true,
        shardingEntries: [{ database: "db", collection: "c", shardCollection: { key: [{ _id: "hashed" }] } }],
      },
    };
    expect(bodyOf(call(state, "64", { body: sharded })).status).toBe("WORKING");
  });

  test("65 validates: PENDING then SUCCESS, or FAILED for a missing destination; 66 gets it", () => {
    const state = makeState();
    const validation = bodyOf(call(state, "65", { body: migration, asyncDelayMs: 100 }));
    expect(validation).toMatchObject({
      status: "PENDING",
      groupId: PROJECT,
      sourceGroupId: "5f1a000000000000000000e1",
      errorMessage: null,
    });
    const params = { validationId: String(validation._id) };
    expect(bodyOf(call(state, "66", { params, now: T0 + 100, asyncDelayMs: 100 })).status).toBe("SUCCESS");
    const failing = bodyOf(
      call(state, "65", {
        body: {
          ...migration,
          destination: { ...(migration.destination as JsonObject), clusterName: "nope" },
        },
      }),
    );
    expect(failing.status).toBe("FAILED");
    expect(String(failing.errorMessage)).toContain("nope");
    expectError(
      () => call(state, "66", { params: { validationId: MISSING_ID } }),
      404,
      "LIVE_MIGRATION_VALIDATION_NOT_FOUND",
    );
    expectError(
      () => call(state, "67", { params: { liveMigrationId: MISSING_ID } }),
      404,
      "LIVE_MIGRATION_NOT_FOUND",
    );
  });
});

describe("69-71 organization link", () => {
  test("71 creates a link token; 69 lists the migratable project; 70 deletes the link", () => {
    const state = makeState();
    expect(arrayOf(call(state, "69"))).toEqual([]);
    const token = bodyOf(call(state, "71", { body: { accessListIps: ["192.0.2.1", "10.0.0.0/8"] } }));
    expect(token.linkToken).toEqual(expect.any(String));
    expect(Object.keys(token)).toEqual(["linkToken"]);
    const projects = arrayOf(call(state, "69")) as JsonObject[];
    expect(projects).toHaveLength(1);
    expect(projects[0]).toMatchObject({ name: "self-managed-project", migrationHosts: expect.any(Array) });
    expect(projects[0]).not.toHaveProperty("orgId");
    expect(((projects[0] as JsonObject).deployments as JsonObject[])[0]).toMatchObject({
      managed: true,
      sharded: false,
      tlsEnabled: true,
    });
    const again = bodyOf(call(state, "71", { body: {} }));
    expect(again.linkToken).not.toBe(token.linkToken);
    expect(arrayOf(call(state, "69"))).toHaveLength(1);
    expect(call(state, "70")).toEqual({ kind: "empty", status: 204 });
    expect(arrayOf(call(state, "69"))).toEqual([]);
    expectError(() => call(state, "70"), 404, "ORGANIZATION_LINK_NOT_FOUND");
  });

  test("refuses bad IPs and unknown organizations", () => {
    expectError(
      () => call(makeState(), "71", { body: { accessListIps: ["not-an-ip"] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(() => call(makeState(), "69", { params: { orgId: MISSING_ID } }), 404, "ORG_NOT_FOUND");
    expect(ORG).toBe("5f1a00000000000000000001");
  });
});
