import type { EmulatorState, JsonObject } from "../../../emulator/core/contract";
import { policyBody } from "./backupFixtures";
import { bodyOf, call, expectError, MISSING_ID, makeState, PROJECT, T0 } from "./harness";

describe("41-43 backup compliance policy", () => {
  test("42 answers 404 when no policy exists", () => {
    expectError(() => call(makeState(), "42"), 404, "BACKUP_POLICY_NOT_FOUND");
  });

  test("43 enables: ENABLING then ACTIVE; a second PUT while pending is refused", () => {
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

  test("43 accepts restoreWindowDays 0 as the service does", () => {
    // The vendor's client sends 0 with no items; the service answers 200 ENABLING
    // (mongodb-atlas-cli TestBackupCompliancePolicyEnable, recorded 2026-08-10).
    const body = { ...policyBody, restoreWindowDays: 0, scheduledPolicyItems: [], onDemandPolicyItem: null };
    const answer = call(makeState(), "43", { body });
    expect(answer.status).toBe(200);
    expect(bodyOf(answer)).toMatchObject({ restoreWindowDays: 0, scheduledPolicyItems: [] });
  });

  test("43 validates the body", () => {
    const state = makeState();
    const { authorizedEmail: _, ...noEmail } = policyBody;
    expectError(() => call(state, "43", { body: noEmail }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(state, "43", { body: { ...policyBody, authorizedEmail: "nope" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "43", { body: { ...policyBody, restoreWindowDays: -1 } }),
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

  test("41 needs a support request; then DISABLING, then gone", () => {
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

  test("43 without overwriteBackupPolicies refuses when schedules fall short", () => {
    const state = makeState();
    expectError(
      () => call(state, "43", { body: stricter, query: { overwriteBackupPolicies: "false" } }),
      400,
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
    );
    expectError(() => call(state, "42"), 404, "BACKUP_POLICY_NOT_FOUND");
  });

  test("43 with overwriteBackupPolicies (default) raises every schedule of the project", () => {
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

  test("53 refuses a schedule that would fall short of the policy", () => {
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

describe("43 per version (the contract's request schemas of 2023-01-01)", () => {
  test("43 under 2023-01-01 requires only authorizedEmail; under 2023-10-01 the names too", () => {
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
