/**
 * BackupCompliancePolicy through the real Pulumi CLI against the in-process emulator: create (waiting
 * until ACTIVE, with progress), a clean preview and refresh, an update in place, an out-of-band change
 * seen by refresh, adoption by importId, a replacing change (another project; the old policy is
 * disabled after a support request), a destroy refused by the service with an explanation, and a
 * destroy that disables the policy before resetting the schedule, leaving a policy marked
 * keepEnabledOnDelete in place.
 */

import type { CompliancePolicyInput } from "../../provider/client/compliancePolicy";
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectFailingRun,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  pick,
  resourceOutputs,
  setResource,
  settle,
  startPlatformE2E,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";
const THIRD = "5f1a000000000000000000a3";
const TYPE = "pulumi-nodejs:dynamic/platform:BackupCompliancePolicy";
const PERSON = {
  authorizedEmail: "ada@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
};
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const POLICY = {
  groupId: GROUP,
  ...PERSON,
  scheduledPolicyItems: [daily],
  timeouts: { create: "2m", update: "2m", delete: "2m" },
};

describe("BackupCompliancePolicy through the real engine", () => {
  const e2e = startPlatformE2E({
    // The policy depends on the schedule of a cluster in its project, so destroy disables the policy
    // before resetting the schedule (the service refuses the reset while a policy is active).
    resources: {
      schedule: {
        type: "CloudBackupSchedule",
        args: { groupId: GROUP, clusterName: "demo-cluster", referenceHourOfDay: 3 },
      },
      policy: { type: "BackupCompliancePolicy", args: POLICY, options: { dependsOn: ["schedule"] } },
    },
  });

  beforeAll(() => {
    // A third project of the same organization, for the replacing change.
    e2e.emulator.state.projects[THIRD] = {
      id: THIRD,
      name: "third-project",
      orgId: "5f1a00000000000000000001",
    };
  });

  const policyIn = async (groupId: string) => {
    try {
      return await e2e.client.compliancePolicy.get(groupId);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined;
      throw error;
    }
  };
  /** The project's support request to disable its policy, as the emulator models it. */
  const allowDisable = (groupId: string) => {
    const project = e2e.emulator.state.projects[groupId];
    if (project !== undefined) project.compliancePolicyDisableRequested = true;
  };

  test("pulumi up creates the policy and waits until it is ACTIVE, showing progress", async () => {
    const { stack } = e2e;
    const result = await expectUp(stack, "+ 3 created");
    expect(result.stdout + result.stderr).toContain(
      `platform: backup compliance policy of project ${GROUP}: ENABLING`,
    );
    expect(pick((await resourceOutputs(stack)).policy, "id", "state", "authorizedUserFirstName")).toEqual({
      id: GROUP,
      state: "ACTIVE",
      authorizedUserFirstName: "Ada",
    });
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE", ...PERSON });
    await expectSmallCredentialFreeProviders(stack, TYPE);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("3 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("the authorized user's first name updates in place", async () => {
    const { stack } = e2e;
    await setResource(stack, "policy", {
      type: "BackupCompliancePolicy",
      args: { ...POLICY, authorizedUserFirstName: "Augusta" },
      options: { dependsOn: ["schedule"] },
    });
    await expectUp(stack, "~ 1 updated");
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE", authorizedUserFirstName: "Augusta" });
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh shows an out-of-band change; up converges it back", async () => {
    const { stack, client } = e2e;
    const current = await policyIn(GROUP);
    const {
      state: _s,
      deletable: _d,
      updatedDate: _u,
      updatedUser: _w,
      links: _l,
      scheduledPolicyItems,
      onDemandPolicyItem,
      ...body
    } = current ?? {};
    // Policy item ids are read-only (the contract); the body sends the items without them, as the
    // provider does.
    const withoutId = ({ id: _id, ...item }: Record<string, unknown>) => item;
    await client.compliancePolicy.update(GROUP, {
      ...body,
      scheduledPolicyItems: scheduledPolicyItems?.map(withoutId),
      onDemandPolicyItem: onDemandPolicyItem === undefined ? undefined : withoutId(onDemandPolicyItem),
      authorizedUserLastName: "King",
    } as CompliancePolicyInput);
    await settle();
    await expectRefreshReportsOnly(stack, ["authorizedUserLastName"], {
      ignoring: ["updatedDate", "updatedUser", "state"],
    });
    await expectUp(stack, "~ 1 updated");
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE", authorizedUserLastName: "Lovelace" });
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another project's policy and converges it", async () => {
    const { stack, client } = e2e;
    await client.compliancePolicy.update(OTHER, { ...PERSON, authorizedUserFirstName: "Grace" });
    await settle();
    await setResource(stack, "adopted", {
      type: "BackupCompliancePolicy",
      args: { ...POLICY, groupId: OTHER, importId: OTHER, authorizedUserFirstName: "Barbara" },
    });
    await expectUp(stack, "+ 1 created");
    expect(pick((await resourceOutputs(stack)).adopted, "id", "authorizedUserFirstName")).toEqual({
      id: OTHER,
      authorizedUserFirstName: "Barbara",
    });
    expect(await policyIn(OTHER)).toMatchObject({ state: "ACTIVE", authorizedUserFirstName: "Barbara" });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("another project replaces the resource; the old policy is disabled after its support request", async () => {
    const { stack } = e2e;
    allowDisable(OTHER);
    await setResource(stack, "adopted", {
      type: "BackupCompliancePolicy",
      args: { ...POLICY, groupId: THIRD, authorizedUserFirstName: "Barbara" },
    });
    await expectUp(stack, "+-1 replaced");
    expect((await resourceOutputs(stack)).adopted?.id).toBe(THIRD);
    expect(await policyIn(THIRD)).toMatchObject({ state: "ACTIVE" });
    expect(await policyIn(OTHER)).toBeUndefined();
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy without a support request fails with the service's refusal and what to do", async () => {
    const { stack, client } = e2e;
    const printed = await expectFailingRun(stack, "destroy");
    expect(printed).toContain(
      `the backup compliance policy of project ${GROUP} was not disabled: the service disables a backup compliance policy only after a support request`,
    );
    expect(printed).toContain("set keepEnabledOnDelete: true on this resource");
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE" });
    expect(await policyIn(THIRD)).toMatchObject({ state: "ACTIVE" });
    expect((await client.backupSchedules.get(GROUP, "demo-cluster")).referenceHourOfDay).toBe(3);
  });

  test("pulumi destroy disables the policy before resetting the schedule, and keeps a policy marked keepEnabledOnDelete", async () => {
    const { stack, client } = e2e;
    await setResource(stack, "adopted", {
      type: "BackupCompliancePolicy",
      args: { ...POLICY, groupId: THIRD, authorizedUserFirstName: "Barbara", keepEnabledOnDelete: true },
    });
    await expectUp(stack, "~ 1 updated");
    allowDisable(GROUP);
    const result = await expectDestroyDeletes(stack, 4);
    expect(result.stdout + result.stderr).toContain(
      `platform: backup compliance policy of project ${THIRD}: left enabled (keepEnabledOnDelete is true); removed from the stack only`,
    );
    expect(await policyIn(GROUP)).toBeUndefined();
    expect((await client.backupSchedules.get(GROUP, "demo-cluster")).referenceHourOfDay).toBe(12);
    expect(await policyIn(THIRD)).toMatchObject({ state: "ACTIVE" });
  });
});
