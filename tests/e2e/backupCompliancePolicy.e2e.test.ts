/**
 * BackupCompliancePolicy through the real Pulumi CLI against the in-process emulator: create (waiting
 * until ACTIVE, with progress), a clean preview and refresh, an update in place, an out-of-band change
 * seen by refresh, adoption by importId, a replacing change (another project; the old policy is
 * disabled after a support request), a destroy refused by the service with an explanation, and a
 * destroy that disables the policy before resetting the schedule, leaving a policy marked
 * keepEnabledOnDelete in place.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack } from "./harness";

// Each test drives whole `pulumi` commands.
jest.setTimeout(10 * 60_000);

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
  let emu: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;

  const policyIn = async (groupId: string) => {
    try {
      return await client.compliancePolicy.get(groupId);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined;
      throw error;
    }
  };
  /** The project's support request to disable its policy, as the emulator models it. */
  const allowDisable = (groupId: string) => {
    const project = emu.state.projects[groupId];
    if (project !== undefined) project.compliancePolicyDisableRequested = true;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
  const changedProperties = (stdout: string) =>
    stdout
      .split("\n")
      .map((line) => /^\s+[-+~] ([A-Za-z]+)\s*: /.exec(line)?.[1])
      .filter((name) => name !== undefined);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    // A third project of the same organization, for the replacing change.
    emu.state.projects[THIRD] = { id: THIRD, name: "third-project", orgId: "5f1a00000000000000000001" };
    client = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "demo-private-key-0000-0000-000000000001",
    });
    stack = await E2EStack.create({
      program: join(__dirname, "programs", "backupCompliancePolicy"),
      config: {
        "platform:baseUrl": emu.baseUrl,
        "platform:publicKey": "demo-public-key",
        schedule: JSON.stringify({ groupId: GROUP, clusterName: "demo-cluster", referenceHourOfDay: 3 }),
        policy: JSON.stringify(POLICY),
      },
      secrets: { "platform:privateKey": "demo-private-key-0000-0000-000000000001" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emu?.close();
  });

  test("pulumi up creates the policy and waits until it is ACTIVE, showing progress", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 3 created");
    expect(result.stdout + result.stderr).toContain(
      `platform: backup compliance policy of project ${GROUP}: ENABLING`,
    );
    expect(await stack.outputs()).toMatchObject({
      policyId: GROUP,
      policyState: "ACTIVE",
      policyFirstName: "Ada",
    });
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE", ...PERSON });
    const ours = (await stack.exportState()).deployment.resources?.filter((r) => r.type === TYPE);
    expect(JSON.stringify(ours)).not.toContain("demo-private-key");
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("3 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("the authorized user's first name updates in place", async () => {
    await stack.setConfig("policy", JSON.stringify({ ...POLICY, authorizedUserFirstName: "Augusta" }));
    const result = await stack.up();
    expect(result.stdout).toContain("~ 1 updated");
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE", authorizedUserFirstName: "Augusta" });
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh shows an out-of-band change; up converges it back", async () => {
    const current = await policyIn(GROUP);
    const { state: _s, deletable: _d, updatedDate: _u, updatedUser: _w, links: _l, ...body } = current ?? {};
    await client.compliancePolicy.update(GROUP, {
      ...(body as typeof PERSON),
      authorizedUserLastName: "King",
    });
    await settle();
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("~ 1 updated");
    const outputsOnly = ["updatedDate", "updatedUser", "state"];
    expect(changedProperties(refresh.stdout).filter((name) => !outputsOnly.includes(name))).toEqual([
      "authorizedUserLastName",
    ]);
    const up = await stack.up();
    expect(up.stdout).toContain("~ 1 updated");
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE", authorizedUserLastName: "Lovelace" });
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another project's policy and converges it", async () => {
    await client.compliancePolicy.update(OTHER, { ...PERSON, authorizedUserFirstName: "Grace" });
    await settle();
    await stack.setConfig(
      "adopted",
      JSON.stringify({ ...POLICY, groupId: OTHER, importId: OTHER, authorizedUserFirstName: "Barbara" }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("+ 1 created");
    expect(await stack.outputs()).toMatchObject({ adoptedId: OTHER, adoptedFirstName: "Barbara" });
    expect(await policyIn(OTHER)).toMatchObject({ state: "ACTIVE", authorizedUserFirstName: "Barbara" });
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("another project replaces the resource; the old policy is disabled after its support request", async () => {
    allowDisable(OTHER);
    await stack.setConfig(
      "adopted",
      JSON.stringify({ ...POLICY, groupId: THIRD, authorizedUserFirstName: "Barbara" }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("+-1 replaced");
    expect((await stack.outputs()).adoptedId).toBe(THIRD);
    expect(await policyIn(THIRD)).toMatchObject({ state: "ACTIVE" });
    expect(await policyIn(OTHER)).toBeUndefined();
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy without a support request fails with the service's refusal and what to do", async () => {
    const result = await stack.pulumi(["destroy", "--yes", "--skip-preview"], { allowFailure: true });
    expect(result.code).not.toBe(0);
    expect(result.stdout + result.stderr).toContain(
      `the backup compliance policy of project ${GROUP} was not disabled: the service disables a backup compliance policy only after a support request`,
    );
    expect(result.stdout + result.stderr).toContain("set keepEnabledOnDelete: true on this resource");
    expect(await policyIn(GROUP)).toMatchObject({ state: "ACTIVE" });
    expect(await policyIn(THIRD)).toMatchObject({ state: "ACTIVE" });
    expect((await client.backupSchedules.get(GROUP, "demo-cluster")).referenceHourOfDay).toBe(3);
  });

  test("pulumi destroy disables the policy before resetting the schedule, and keeps a policy marked keepEnabledOnDelete", async () => {
    await stack.setConfig(
      "adopted",
      JSON.stringify({
        ...POLICY,
        groupId: THIRD,
        authorizedUserFirstName: "Barbara",
        keepEnabledOnDelete: true,
      }),
    );
    expect((await stack.up()).stdout).toContain("~ 1 updated");
    allowDisable(GROUP);
    const result = await stack.destroy();
    expect(result.stdout).toContain("- 4 deleted");
    expect(result.stdout + result.stderr).toContain(
      `platform: backup compliance policy of project ${THIRD}: left enabled (keepEnabledOnDelete is true); removed from the stack only`,
    );
    expect(await policyIn(GROUP)).toBeUndefined();
    expect((await client.backupSchedules.get(GROUP, "demo-cluster")).referenceHourOfDay).toBe(12);
    expect(await policyIn(THIRD)).toMatchObject({ state: "ACTIVE" });
  });
});
