import type { JsonObject } from "../../../emulator/core/contract";
import { policyBody } from "./backupFixtures";
import { bodyOf, call, expectError, MISSING_ID, makeState } from "./harness";

const ZONE = "5f1a0000000000000000e601";

describe("51-53 backup schedule", () => {
  test("52 returns the service defaults", () => {
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

  test("52 refuses clusters without cloud backup", () => {
    expectError(
      () => call(makeState(), "52", { params: { clusterName: "free-cluster" } }),
      400,
      "CLUSTER_BACKUP_NOT_ENABLED",
    );
    expectError(() => call(makeState(), "52", { params: { clusterName: "nope" } }), 404, "CLUSTER_NOT_FOUND");
  });

  test("53 accepts clusterName when it is the path's, as the service does; another is read-only", () => {
    // The vendor's client always sends clusterName; the service answers 200 (mongodb-atlas-cli
    // TestSchedule/Update, recorded 2026-08-10).
    const state = makeState();
    const answer = call(state, "53", {
      body: { clusterName: "demo-cluster", useOrgAndGroupNamesInExportPrefix: true },
    });
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toMatchObject({
      clusterName: "demo-cluster",
      useOrgAndGroupNamesInExportPrefix: true,
    });
    expectError(
      () => call(state, "53", { body: { clusterName: "sharded-cluster" } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
  });

  test("53 changes only the fields sent; update-only fields are not stored", () => {
    const state = makeState();
    const before = bodyOf(call(state, "52"));
    const updated = bodyOf(
      call(state, "53", { body: { referenceHourOfDay: 3, updateSnapshots: true, deleteCopiedBackups: [] } }),
    );
    expect(updated).toMatchObject({ referenceHourOfDay: 3, restoreWindowDays: 7, policies: before.policies });
    expect(updated).not.toHaveProperty("updateSnapshots");
    expect(updated).not.toHaveProperty("deleteCopiedBackups");
  });

  test("53 replaces the policy items; ids of existing items are kept, new ones minted", () => {
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

  test("53 keeps the id of an item sent without one (read-only in the contract), by frequencyType + frequencyInterval", () => {
    const state = makeState();
    const policy = (bodyOf(call(state, "52")).policies as JsonObject[])[0] as JsonObject;
    const items = policy.policyItems as JsonObject[];
    const withoutIds = items.map(({ id: _id, ...item }) => ({ ...item, retentionValue: 20 }));
    const updated = bodyOf(call(state, "53", { body: { policies: [{ policyItems: withoutIds }] } }));
    const kept = ((updated.policies as JsonObject[])[0] as JsonObject).policyItems as JsonObject[];
    expect(kept.map((item) => item.id)).toEqual(items.map((item) => item.id));
    expect(kept.map((item) => item.retentionValue)).toEqual([20, 20, 20, 20]);
  });

  test("53 stores copy settings with copy policy items and the copy flags; 2023-01-01 shows the zone as replicationSpecId", () => {
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

  test("53 validates copy policy items: retention for a scheduled kind, none for on-demand, at most 6, read-only ids", () => {
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

  test("53 validates: limits, read-only fields, at most one policy, export bucket", () => {
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
    expectError(() => call(state, "53", { body: { clusterName: "x" } }), 400, "ATTRIBUTE_READ_ONLY"); // not the path's
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

  test("51 resets to the defaults and returns the schedule; refused under a compliance policy", () => {
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
