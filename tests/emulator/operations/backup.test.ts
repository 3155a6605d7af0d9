import type { EmulatorState, JsonObject } from "../../../emulator/core/contract";
import { property } from "../contractSchemas";
import {
  AWS_ROLE,
  bodyOf,
  call,
  expectError,
  itemsOf,
  MISSING_ID,
  makeState,
  ORG,
  PROJECT,
  T0,
  UNAUTHORIZED_AWS_ROLE,
} from "./harness";

const bucketBody = { bucketName: "my-exports", cloudProvider: "AWS", iamRoleId: AWS_ROLE };

function bucket(state: EmulatorState, name = "my-exports"): string {
  return String(bodyOf(call(state, "38", { body: { ...bucketBody, bucketName: name } }))._id);
}

function snapshot(state: EmulatorState, clusterName = "demo-cluster", now = T0): string {
  return String(
    bodyOf(
      call(state, "55", {
        params: { clusterName },
        body: { description: "before", retentionInDays: 3 },
        now,
      }),
    ).id,
  );
}

const ZONE = "5f1a0000000000000000e601";

describe("37-40 export buckets", () => {
  it("38 creates with 200; 40 gets by _id; 37 lists", () => {
    const state = makeState();
    const result = call(state, "38", { body: bucketBody });
    expect(result.kind === "entity" && result.status).toBe(200);
    const created = bodyOf(result);
    expect(created).toEqual({ _id: expect.stringMatching(/^[a-f0-9]{24}$/), ...bucketBody });
    expect(bodyOf(call(state, "40", { params: { exportBucketId: String(created._id) } }))).toEqual(created);
    expect(itemsOf(call(state, "37"))).toEqual([created]);
  });

  it("38 validates the body and needs an authorized AWS role", () => {
    const state = makeState();
    expectError(
      () => call(state, "38", { body: { ...bucketBody, bucketName: "ab" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, bucketName: "a".repeat(64) } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    call(state, "38", { body: { ...bucketBody, bucketName: "a".repeat(63) } });
    expectError(
      () => call(state, "38", { body: { ...bucketBody, cloudProvider: "ORACLE" } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    // GCP is a contract variant now: its role field is roleId, so an AWS body with GCP is refused.
    expectError(
      () => call(state, "38", { body: { ...bucketBody, cloudProvider: "GCP" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { bucketName: "abc", cloudProvider: "AWS" } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, _id: MISSING_ID } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, iamRoleId: UNAUTHORIZED_AWS_ROLE } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, iamRoleId: MISSING_ID } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
    call(state, "38", { body: bucketBody });
    expectError(() => call(state, "38", { body: bucketBody }), 409, "EXPORT_BUCKET_ALREADY_EXISTS");
  });

  it("39 deletes; refused while a schedule auto-exports to the bucket", () => {
    const state = makeState();
    const id = bucket(state);
    call(state, "53", {
      body: { autoExportEnabled: true, export: { exportBucketId: id, frequencyType: "monthly" } },
    });
    expectError(
      () => call(state, "39", { params: { exportBucketId: id } }),
      400,
      "EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE",
    );
    call(state, "53", { body: { autoExportEnabled: false } });
    expect(call(state, "39", { params: { exportBucketId: id } })).toEqual({ kind: "empty", status: 204 });
    expectError(() => call(state, "40", { params: { exportBucketId: id } }), 404, "EXPORT_BUCKET_NOT_FOUND");
    expectError(() => call(state, "39", { params: { exportBucketId: id } }), 404, "EXPORT_BUCKET_NOT_FOUND");
  });
});

const policyBody = {
  authorizedEmail: "owner@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
  copyProtectionEnabled: true,
  pitEnabled: true,
  restoreWindowDays: 2,
  onDemandPolicyItem: {
    frequencyInterval: 0,
    frequencyType: "ondemand",
    retentionUnit: "days",
    retentionValue: 3,
  },
  scheduledPolicyItems: [
    { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 2 },
    { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 },
  ],
};

describe("41-43 backup compliance policy", () => {
  it("42 answers 404 when no policy exists", () => {
    expectError(() => call(makeState(), "42"), 404, "BACKUP_POLICY_NOT_FOUND");
  });

  it("43 enables: ENABLING then ACTIVE; a second PUT while pending is refused", () => {
    const state = makeState();
    const enabled = bodyOf(call(state, "43", { body: policyBody, asyncDelayMs: 100 }));
    expect(enabled).toMatchObject({
      projectId: PROJECT,
      state: "ENABLING",
      encryptionAtRestEnabled: false,
      copyProtectionEnabled: true,
      updatedUser: "demo-public-key@api-keys.platform.invalid",
      deletable: false,
    });
    const items = enabled.scheduledPolicyItems as JsonObject[];
    expect(items[0]?.id).toMatch(/^[a-f0-9]{24}$/);
    expectError(
      () => call(state, "43", { body: policyBody, now: T0 + 50, asyncDelayMs: 100 }),
      400,
      "CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION",
    );
    expect(bodyOf(call(state, "42", { now: T0 + 100, asyncDelayMs: 100 })).state).toBe("ACTIVE");
    // Echoing the ids of existing items is accepted; the update moves through UPDATING.
    const updated = bodyOf(
      call(state, "43", {
        body: { ...policyBody, scheduledPolicyItems: items },
        now: T0 + 100,
        asyncDelayMs: 100,
      }),
    );
    expect(updated.state).toBe("UPDATING");
    expect((updated.scheduledPolicyItems as JsonObject[]).map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it("43 validates the body", () => {
    const state = makeState();
    const { authorizedEmail: _, ...noEmail } = policyBody;
    expectError(() => call(state, "43", { body: noEmail }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(state, "43", { body: { ...policyBody, authorizedEmail: "nope" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "43", { body: { ...policyBody, restoreWindowDays: 0 } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "43", { body: { ...policyBody, restoreWindowDays: 3 } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "43", { body: { ...policyBody, state: "ACTIVE" } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(
      () => call(state, "43", { body: { ...policyBody, projectId: MISSING_ID } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "43", {
          body: {
            ...policyBody,
            scheduledPolicyItems: [{ ...policyBody.scheduledPolicyItems[0], id: MISSING_ID }],
          },
        }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(
      () =>
        call(state, "43", {
          body: {
            ...policyBody,
            scheduledPolicyItems: [{ ...policyBody.scheduledPolicyItems[0], frequencyInterval: 5 }],
          },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "43", { body: policyBody, query: { overwriteBackupPolicies: "x" } }),
      400,
      "INVALID_QUERY_PARAMETER",
    );
  });

  it("41 needs a support request; then DISABLING, then gone", () => {
    const state = makeState();
    expectError(() => call(state, "41"), 404, "BACKUP_POLICY_NOT_FOUND");
    call(state, "43", { body: policyBody });
    expectError(() => call(state, "41"), 400, "CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY");
    (state.projects[PROJECT] as JsonObject).compliancePolicyDisableRequested = true;
    expect(call(state, "41", { asyncDelayMs: 100 })).toEqual({ kind: "empty", status: 204 });
    expect(bodyOf(call(state, "42", { asyncDelayMs: 100 }))).toMatchObject({
      state: "DISABLING",
      deletable: true,
    });
    expectError(
      () => call(state, "42", { now: T0 + 100, asyncDelayMs: 100 }),
      404,
      "BACKUP_POLICY_NOT_FOUND",
    );
  });
});

describe("51-53 backup schedule", () => {
  it("52 returns the service defaults", () => {
    const schedule = bodyOf(call(makeState(), "52"));
    expect(schedule).toMatchObject({
      clusterId: "5f1a000000000000000000b1",
      clusterName: "demo-cluster",
      autoExportEnabled: false,
      referenceHourOfDay: 12,
      referenceMinuteOfHour: 0,
      restoreWindowDays: 7,
      copySettings: [],
      extraRetentionSettings: [],
      useOrgAndGroupNamesInExportPrefix: false,
      nextSnapshot: "2026-01-01T06:00:00Z",
    });
    const policies = schedule.policies as JsonObject[];
    expect(policies).toHaveLength(1);
    expect(((policies[0] as JsonObject).policyItems as JsonObject[]).map((i) => i.frequencyType)).toEqual([
      "hourly",
      "daily",
      "weekly",
      "monthly",
    ]);
    expect(schedule).not.toHaveProperty("export");
  });

  it("52 refuses clusters without cloud backup", () => {
    expectError(
      () => call(makeState(), "52", { params: { clusterName: "free-cluster" } }),
      400,
      "CLUSTER_BACKUP_NOT_ENABLED",
    );
    expectError(() => call(makeState(), "52", { params: { clusterName: "nope" } }), 404, "CLUSTER_NOT_FOUND");
  });

  it("53 changes only the fields sent; update-only fields are not stored", () => {
    const state = makeState();
    const before = bodyOf(call(state, "52"));
    const updated = bodyOf(
      call(state, "53", { body: { referenceHourOfDay: 3, updateSnapshots: true, deleteCopiedBackups: [] } }),
    );
    expect(updated).toMatchObject({ referenceHourOfDay: 3, restoreWindowDays: 7, policies: before.policies });
    expect(updated).not.toHaveProperty("updateSnapshots");
    expect(updated).not.toHaveProperty("deleteCopiedBackups");
  });

  it("53 replaces the policy items; ids of existing items are kept, new ones minted", () => {
    const state = makeState();
    const policy = (bodyOf(call(state, "52")).policies as JsonObject[])[0] as JsonObject;
    const daily = (policy.policyItems as JsonObject[])[1] as JsonObject;
    const updated = bodyOf(
      call(state, "53", {
        body: {
          policies: [
            {
              id: String(policy.id),
              policyItems: [
                daily,
                { frequencyType: "yearly", frequencyInterval: 1, retentionUnit: "years", retentionValue: 1 },
              ],
            },
          ],
        },
      }),
    );
    const items = ((updated.policies as JsonObject[])[0] as JsonObject).policyItems as JsonObject[];
    expect(items[0]?.id).toBe(daily.id);
    expect(items[1]?.id).toMatch(/^[a-f0-9]{24}$/);
    expect(updated.nextSnapshot).toBe("2026-01-01T12:00:00Z");
  });

  it("53 keeps the id of an item sent without one (read-only in the contract), by frequencyType + frequencyInterval", () => {
    const state = makeState();
    const policy = (bodyOf(call(state, "52")).policies as JsonObject[])[0] as JsonObject;
    const items = policy.policyItems as JsonObject[];
    const withoutIds = items.map(({ id: _id, ...item }) => ({ ...item, retentionValue: 20 }));
    const updated = bodyOf(call(state, "53", { body: { policies: [{ policyItems: withoutIds }] } }));
    const kept = ((updated.policies as JsonObject[])[0] as JsonObject).policyItems as JsonObject[];
    expect(kept.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(kept.map((item) => item.retentionValue)).toEqual([20, 20, 20, 20]);
  });

  it("53 stores copy settings with copy policy items and the copy flags; 2023-01-01 shows the zone as replicationSpecId", () => {
    const state = makeState();
    const policy = (bodyOf(call(state, "52")).policies as JsonObject[])[0] as JsonObject;
    const dailyId = ((policy.policyItems as JsonObject[])[1] as JsonObject).id;
    const copy: JsonObject = {
      cloudProvider: "AWS",
      regionName: "US_WEST_2",
      zoneId: ZONE,
      copyPolicyItems: [
        { frequencyType: "daily", retentionUnit: "days", retentionValue: 3 },
        { frequencyType: "ondemand" },
      ],
      lastNumberOfSnapshots: 5,
      shouldCopyOplogs: false,
    };
    const body: JsonObject = {
      autoCopySettingsEnabled: true,
      copyPolicyItemsEnabled: true,
      copySettings: [copy],
    };
    const updated = bodyOf(
      call(state, "53", { body: { ...body, deleteCopySnapshots: true, updateCopySnapshots: true } }),
    );
    expect(updated).toMatchObject({ autoCopySettingsEnabled: true, copyPolicyItemsEnabled: true });
    expect(updated).not.toHaveProperty("deleteCopySnapshots");
    const [stored] = updated.copySettings as JsonObject[];
    const [daily, onDemand] = (stored as JsonObject).copyPolicyItems as JsonObject[];
    expect(daily).toEqual({ id: dailyId, frequencyType: "daily", retentionUnit: "days", retentionValue: 3 });
    expect(onDemand).toEqual({ id: expect.stringMatching(/^[a-f0-9]{24}$/), frequencyType: "ondemand" });
    // The on-demand copy item keeps its id when sent again.
    const again = bodyOf(call(state, "53", { body }));
    expect(((again.copySettings as JsonObject[])[0] as JsonObject).copyPolicyItems).toEqual([
      daily,
      onDemand,
    ]);
    const old = bodyOf(call(state, "52", { version: "2023-01-01" }));
    expect(old).not.toHaveProperty("autoCopySettingsEnabled");
    expect(old.copySettings).toEqual([
      {
        cloudProvider: "AWS",
        regionName: "US_WEST_2",
        replicationSpecId: ZONE,
        copyPolicyItems: [daily, onDemand],
        lastNumberOfSnapshots: 5,
        shouldCopyOplogs: false,
      },
    ]);
    expectError(
      () => call(state, "53", { version: "2023-01-01", body: { autoCopySettingsEnabled: true } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });

  it("53 validates copy policy items: retention for a scheduled kind, none for on-demand, at most 6, read-only ids", () => {
    const state = makeState();
    const copyWith = (extra: JsonObject) => ({
      body: { copySettings: [{ cloudProvider: "AWS", regionName: "US_WEST_2", zoneId: ZONE, ...extra }] },
    });
    expectError(
      () =>
        call(
          state,
          "53",
          copyWith({ copyPolicyItems: [{ frequencyType: "weekly", retentionUnit: "weeks" }] }),
        ),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () =>
        call(state, "53", copyWith({ copyPolicyItems: [{ frequencyType: "ondemand", retentionValue: 1 }] })),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "53", copyWith({ copyPolicyItems: Array(7).fill({ frequencyType: "ondemand" }) })),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "53", copyWith({ copyPolicyItems: [{ frequencyType: "ondemand", id: MISSING_ID }] })),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(() => call(state, "53", copyWith({ lastNumberOfSnapshots: 501 })), 400, "INVALID_ATTRIBUTE");
  });

  it("53 validates: limits, read-only fields, at most one policy, export bucket", () => {
    const state = makeState();
    const item = { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 1 };
    expectError(
      () => call(state, "53", { body: { policies: [{ policyItems: [item] }, { policyItems: [item] }] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "53", { body: { policies: [{ policyItems: [{ ...item, id: MISSING_ID }] }] } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(
      () => call(state, "53", { body: { policies: [{ id: MISSING_ID, policyItems: [item] }] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(() => call(state, "53", { body: { referenceHourOfDay: 24 } }), 400, "INVALID_ATTRIBUTE");
    expectError(() => call(state, "53", { body: { restoreWindowDays: 0 } }), 400, "INVALID_ATTRIBUTE");
    expectError(() => call(state, "53", { body: { clusterName: "x" } }), 400, "ATTRIBUTE_READ_ONLY");
    expectError(() => call(state, "53", { body: { nextSnapshot: "x" } }), 400, "ATTRIBUTE_READ_ONLY");
    expectError(() => call(state, "53", { body: { autoExportEnabled: true } }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () =>
        call(state, "53", {
          body: { autoExportEnabled: true, export: { exportBucketId: MISSING_ID, frequencyType: "monthly" } },
        }),
      404,
      "EXPORT_BUCKET_NOT_FOUND",
    );
    // A refused update leaves the schedule unchanged.
    expect(bodyOf(call(state, "52")).autoExportEnabled).toBe(false);
  });

  it("51 resets to the defaults and returns the schedule; refused under a compliance policy", () => {
    const state = makeState();
    call(state, "53", { body: { referenceHourOfDay: 3, restoreWindowDays: 2 } });
    const reset = call(state, "51");
    expect(reset.kind === "entity" && reset.status).toBe(200);
    expect(bodyOf(reset)).toMatchObject({ referenceHourOfDay: 12, restoreWindowDays: 7 });
    call(state, "43", { body: policyBody });
    expectError(
      () => call(state, "51"),
      400,
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
    );
  });
});

describe("54-61 snapshots", () => {
  it("55 takes an on-demand snapshot: queued -> inProgress -> completed", () => {
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
    });
    // The contract's snapshot frequencyType enum (hourly..yearly) has no on-demand value: omitted.
    expect(property("DiskBackupReplicaSet", "frequencyType").enum).not.toContain("ondemand");
    expect(taken).not.toHaveProperty("frequencyType");
    expect(String(taken.dbVersion)).toMatch(
      new RegExp(`^${property("DiskBackupReplicaSet", "dbVersion").pattern}$`),
    );
    const params = { snapshotId: String(taken.id) };
    expect(bodyOf(call(state, "60", { params, now: T0 + 500, asyncDelayMs: 900 })).status).toBe("inProgress");
    expect(bodyOf(call(state, "60", { params, now: T0 + 900, asyncDelayMs: 900 })).status).toBe("completed");
  });

  it("55 refuses a second on-demand snapshot while one is unfinished, and bad bodies", () => {
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

  it("54 lists, 61 changes expiration, 59 deletes", () => {
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

  it("56-58 sharded cluster snapshots", () => {
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

describe("38 export buckets of the contract's AZURE and GCP variants", () => {
  const serviceUrl = "https://exportstorage.blob.core.windows.net/snapshots";

  it("AZURE needs an AZURE role of the project and serviceUrl; answers roleId, serviceUrl, tenantId", () => {
    const state = makeState();
    const role = bodyOf(
      call(state, "73", {
        body: { providerName: "AZURE", platformAzureAppId: "app", servicePrincipalId: "sp", tenantId: "t" },
      }),
    );
    const roleId = String(role._id);
    const tenantId = "6f1e6a0e-1111-4a4a-9b9b-000000000001";
    const created = bodyOf(
      call(state, "38", { body: { cloudProvider: "AZURE", roleId, serviceUrl, tenantId } }),
    );
    expect(created).toEqual({
      _id: created._id,
      bucketName: "snapshots",
      cloudProvider: "AZURE",
      roleId,
      serviceUrl,
      tenantId,
      links: created.links,
    });
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId, serviceUrl: "https://short" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId: AWS_ROLE, serviceUrl } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId, serviceUrl, iamRoleId: AWS_ROLE } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });

  it("GCP needs bucketName and a GCP role of the project (seeded); answers roleId", () => {
    const state = makeState();
    const gcpRole = "5f1a000000000000000000c9";
    const roles = state.entities.cloudProviderAccess as Record<string, JsonObject>;
    roles[gcpRole] = { ...(roles[AWS_ROLE] as JsonObject), roleId: gcpRole, providerName: "GCP" };
    const body = { cloudProvider: "GCP", bucketName: "gcp-exports", roleId: gcpRole };
    const created = bodyOf(call(state, "38", { body }));
    expect(created).toMatchObject({ bucketName: "gcp-exports", cloudProvider: "GCP", roleId: gcpRole });
    expect(created).not.toHaveProperty("iamRoleId");
    expectError(
      () => call(state, "38", { body: { cloudProvider: "GCP", roleId: gcpRole } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { ...body, bucketName: "other", roleId: AWS_ROLE } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
  });
});

describe("44-46 export jobs", () => {
  it("45 creates Queued -> InProgress -> Successful with finishedAt", () => {
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

  it("45's prefix follows the contract's pattern, with names when the schedule asks for them", () => {
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

  it("45 needs an existing snapshot and bucket", () => {
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

describe("47-50 restore jobs", () => {
  it("48 creates an automated restore; finishedAt after the delay; 49 cannot cancel it", () => {
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

  it("48 point in time needs a time; 49 cannot cancel it either", () => {
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

  it("48 download restores can be cancelled; 404s for unknown things", () => {
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

describe("62-63 serverless backups", () => {
  const params = { clusterName: "serverless-instance" };

  it("63 lists and gets the instance's scheduled snapshot", () => {
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

  it("62 creates, lists and gets restore jobs; targets are required", () => {
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

describe("compliance policy and schedules together", () => {
  const stricter = {
    ...policyBody,
    scheduledPolicyItems: [
      { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 2 },
      { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 14 },
      { frequencyInterval: 1, frequencyType: "yearly", retentionUnit: "years", retentionValue: 1 },
    ],
  };

  function scheduleItems(state: EmulatorState, clusterName = "demo-cluster"): JsonObject[] {
    const policies = bodyOf(call(state, "52", { params: { clusterName } })).policies as JsonObject[];
    return (policies[0] as JsonObject).policyItems as JsonObject[];
  }

  it("43 without overwriteBackupPolicies refuses when schedules fall short", () => {
    const state = makeState();
    expectError(
      () => call(state, "43", { body: stricter, query: { overwriteBackupPolicies: "false" } }),
      400,
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
    );
    expectError(() => call(state, "42"), 404, "BACKUP_POLICY_NOT_FOUND");
  });

  it("43 with overwriteBackupPolicies (default) raises every schedule of the project", () => {
    const state = makeState();
    call(state, "43", { body: stricter });
    for (const clusterName of ["demo-cluster", "sharded-cluster", "old-cluster"]) {
      const items = scheduleItems(state, clusterName);
      expect(items.find((i) => i.frequencyType === "daily")).toMatchObject({ retentionValue: 14 });
      expect(items.find((i) => i.frequencyType === "yearly")).toMatchObject({
        retentionValue: 1,
        retentionUnit: "years",
      });
    }
  });

  it("53 refuses a schedule that would fall short of the policy", () => {
    const state = makeState();
    call(state, "43", { body: policyBody });
    const items = scheduleItems(state);
    const withoutHourly = items.filter((i) => i.frequencyType !== "hourly");
    expectError(
      () => call(state, "53", { body: { policies: [{ policyItems: withoutHourly }] } }),
      400,
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
    );
    expectError(
      () => call(state, "53", { body: { restoreWindowDays: 1 } }),
      400,
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
    );
    expect(bodyOf(call(state, "53", { body: { referenceHourOfDay: 5 } })).referenceHourOfDay).toBe(5);
    const copied = { cloudProvider: "AWS", regionName: "US_WEST_2", zoneId: "5f1a000000000000000000f1" };
    expectError(
      () => call(state, "53", { body: { deleteCopiedBackups: [copied] } }),
      400,
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
    );
  });
});

describe("38 and 43 per version (the contract's request schemas of 2023-01-01)", () => {
  it("38 under 2023-01-01 takes AWS buckets only (DiskBackupSnapshotAWSExportBucketRequest)", () => {
    const state = makeState();
    expect(bodyOf(call(state, "38", { version: "2023-01-01", body: bucketBody }))).toMatchObject({
      bucketName: "my-exports",
      cloudProvider: "AWS",
    });
    const gcp = { cloudProvider: "GCP", bucketName: "gcp-exports", roleId: AWS_ROLE };
    const error = expectError(
      () => call(state, "38", { version: "2023-01-01", body: gcp }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expect(error.parameters).toEqual(["GCP", "cloudProvider"]);
  });

  it("43 under 2023-01-01 requires only authorizedEmail; under 2023-10-01 the names too", () => {
    const { authorizedUserFirstName: _first, authorizedUserLastName: _last, ...emailOnly } = policyBody;
    expectError(
      () => call(makeState(), "43", { version: "2023-10-01", body: emailOnly }),
      400,
      "MISSING_ATTRIBUTE",
    );
    const state = makeState();
    const enabled = bodyOf(call(state, "43", { version: "2023-01-01", body: emailOnly }));
    expect(enabled).toMatchObject({ authorizedEmail: "owner@example.com", state: "ACTIVE" });
  });
});
