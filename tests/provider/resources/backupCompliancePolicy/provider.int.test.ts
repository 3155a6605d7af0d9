import { resource as backupCompliancePolicyResource } from "../../../../provider/resources/backupCompliancePolicy/resource";
import { checkedInputs, GROUP, useEmulatorFixture } from "../emulatorFixture";

// Every change takes 5 s of emulator time: ENABLING/UPDATING, then ACTIVE; DISABLING, then gone.
const DELAY_MS = 5000;
const fx = useEmulatorFixture({ asyncDelayMs: DELAY_MS });
const provider = () =>
  backupCompliancePolicyResource.providerWith({ client: () => fx.client, clock: fx.clock });
const PERSON = {
  authorizedEmail: "ada@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
};

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

const hourly = { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 7 };
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const weekly = { frequencyInterval: 6, frequencyType: "weekly", retentionUnit: "weeks", retentionValue: 4 };

function stripIds(items: unknown): unknown {
  return (items as Record<string, unknown>[]).map(({ id: _id, ...item }) => item);
}

function allowDisable(): void {
  const project = fx.emu.state.projects[GROUP];
  if (project !== undefined) project.compliancePolicyDisableRequested = true;
}

describe("BackupCompliancePolicy provider against the emulator", () => {
  test("create PUTs the policy and waits until ACTIVE, reporting progress", async () => {
    const inputs = await checked({
      groupId: GROUP,
      ...PERSON,
      pitEnabled: true,
      restoreWindowDays: 2,
      scheduledPolicyItems: [daily, hourly],
      onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
    });
    const started = fx.emu.now();
    const created = await provider().create(inputs);
    expect(fx.emu.now() - started).toBeGreaterThanOrEqual(DELAY_MS);
    expect(created.id).toBe(GROUP);
    expect(created.outs).toMatchObject({ ...inputs, state: "ACTIVE", projectId: GROUP, deletable: false });
    expect(stripIds(created.outs?.scheduledPolicyItems)).toEqual([daily, hourly]);
    expect(fx.progress[0]).toBe(
      "platform: backup compliance policy of project 5f1a000000000000000000a1: ENABLING (0s elapsed)",
    );
  });

  test("read right after create changes nothing; the PUT query carries overwriteBackupPolicies", async () => {
    const put = jest.spyOn(fx.client.compliancePolicy, "update");
    const inputs = await checked({
      groupId: GROUP,
      ...PERSON,
      scheduledPolicyItems: [weekly],
      overwriteBackupPolicies: false,
    });
    const created = await provider().create(inputs);
    expect(put.mock.calls[0]?.[2]).toEqual({ overwriteBackupPolicies: false });
    put.mockRestore();
    const read = await provider().read(GROUP, created.outs ?? {});
    expect(read).toEqual({ id: GROUP, props: created.outs, inputs });
    expect(await provider().diff(GROUP, read.props ?? {}, inputs)).toEqual({ changes: false, replaces: [] });
  });

  test("an out-of-band change shows as exactly that field; update converges it after the pending change settles", async () => {
    const inputs = await checked({ groupId: GROUP, ...PERSON, scheduledPolicyItems: [daily] });
    const created = await provider().create(inputs);
    await fx.client.compliancePolicy.update(GROUP, {
      ...PERSON,
      authorizedUserFirstName: "Augusta",
      scheduledPolicyItems: [daily],
    });
    const read = await provider().read(GROUP, created.outs ?? {});
    expect(read.inputs).toEqual({ ...inputs, authorizedUserFirstName: "Augusta" });
    expect(read.props).toMatchObject({ authorizedUserFirstName: "Augusta", state: "UPDATING" });
    expect(await provider().diff(GROUP, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
    // The out-of-band PUT is still UPDATING: update waits for ACTIVE before its own PUT.
    const updated = await provider().update?.(GROUP, read.props ?? {}, inputs);
    expect(updated?.outs).toMatchObject({ authorizedUserFirstName: "Ada", state: "ACTIVE" });
  });

  test("an update that changes only keepEnabledOnDelete or timeouts sends no PUT", async () => {
    const inputs = await checked({ groupId: GROUP, ...PERSON });
    const created = await provider().create(inputs);
    const news = await checked({
      groupId: GROUP,
      ...PERSON,
      keepEnabledOnDelete: true,
      timeouts: { delete: "1h" },
    });
    expect(await provider().diff(GROUP, created.outs ?? {}, news)).toEqual({ changes: true, replaces: [] });
    const put = jest.spyOn(fx.client.compliancePolicy, "update");
    const updated = await provider().update?.(GROUP, created.outs ?? {}, news);
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    expect(updated?.outs).toMatchObject({ keepEnabledOnDelete: true, timeouts: { delete: "1h" } });
  });

  test("overwriteBackupPolicies is never drift", async () => {
    const inputs = await checked({ groupId: GROUP, ...PERSON });
    const created = await provider().create(inputs);
    const news = await checked({ groupId: GROUP, ...PERSON, overwriteBackupPolicies: false });
    expect(await provider().diff(GROUP, created.outs ?? {}, news)).toEqual({ changes: false, replaces: [] });
  });

  test("a change of project replaces the resource", async () => {
    const created = await provider().create(await checked({ groupId: GROUP, ...PERSON }));
    const news = await checked({ groupId: "5f1a000000000000000000a2", ...PERSON });
    expect(await provider().diff(GROUP, created.outs ?? {}, news)).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  test("create adopts the project's policy and sends no PUT when it already matches", async () => {
    await fx.client.compliancePolicy.update(GROUP, { ...PERSON, scheduledPolicyItems: [daily, weekly] });
    fx.emu.advance(DELAY_MS);
    const put = jest.spyOn(fx.client.compliancePolicy, "update");
    const created = await provider().create(
      await checked({ groupId: GROUP, ...PERSON, scheduledPolicyItems: [weekly, daily], importId: GROUP }),
    );
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    expect(stripIds(created.outs?.scheduledPolicyItems)).toEqual([weekly, daily]);
  });

  test("delete by default fails with the service's refusal and says what to do; the policy stays", async () => {
    const created = await provider().create(await checked({ groupId: GROUP, ...PERSON }));
    await expect(provider().delete(GROUP, created.outs ?? {})).rejects.toThrow(
      /^the backup compliance policy of project 5f1a000000000000000000a1 was not disabled: the service disables a backup compliance policy only after a support request \(.*CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY.*\)\. Either file that request and run pulumi destroy again, or set keepEnabledOnDelete: true on this resource, run pulumi up, and destroy again to leave the policy enabled and only remove it from the stack\.$/,
    );
    expect((await fx.client.compliancePolicy.get(GROUP)).state).toBe("ACTIVE");
  });

  test("with keepEnabledOnDelete, delete leaves the policy enabled", async () => {
    const created = await provider().create(
      await checked({ groupId: GROUP, ...PERSON, keepEnabledOnDelete: true }),
    );
    await provider().delete(GROUP, created.outs ?? {});
    expect((await fx.client.compliancePolicy.get(GROUP)).state).toBe("ACTIVE");
    expect(fx.progress).toContain(
      "platform: backup compliance policy of project 5f1a000000000000000000a1: left enabled (keepEnabledOnDelete is true); removed from the stack only",
    );
  });

  test("after a support request, delete disables the policy and waits until it is gone; then the schedule can be reset", async () => {
    const created = await provider().create(await checked({ groupId: GROUP, ...PERSON }));
    allowDisable();
    await provider().delete(GROUP, created.outs ?? {});
    await expect(fx.client.compliancePolicy.get(GROUP)).rejects.toMatchObject({ status: 404 });
    expect(fx.progress).toContain(
      "platform: backup compliance policy of project 5f1a000000000000000000a1: DISABLING (0s elapsed)",
    );
    await fx.client.backupSchedules.delete(GROUP, "demo-cluster");
    expect(await provider().read(GROUP, created.outs ?? {})).toEqual({});
  });

  test("a wait that times out names the policy, the state and the time, and keeps the policy in state", async () => {
    const inputs = await checked({ groupId: GROUP, ...PERSON, timeouts: { create: "2s" } });
    await expect(provider().create(inputs)).rejects.toMatchObject({
      id: GROUP,
      message:
        "timed out after 2s waiting for backup compliance policy of project 5f1a000000000000000000a1: still in state ENABLING (waiting for ACTIVE); " +
        "it may still finish on the service's side. To wait longer, raise timeouts.create of the resource, or run pulumi refresh later to pick up its final state",
    });
  });
});
