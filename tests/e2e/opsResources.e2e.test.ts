/**
 * The issue-10 operations resources through the real Pulumi CLI against the in-process emulator, in
 * one stack to keep the suite short: CloudProviderAccessRole, OutageSimulation, LiveMigration,
 * LiveMigrationLinkToken and PrivateIpMode each go through create, a clean preview and refresh, an
 * in-place change or a replacement, adoption by importId (not the link token: the API never shows a
 * token again), and destroy; CloudProviderAccessRole also through an out-of-band authorization that
 * refresh shows and up converges back (the others' out-of-band changes are in the integration
 * tests; PrivateIpMode has no read operation, so refresh cannot see its changes). The link token
 * and the migration source's password stay encrypted in state; turning Peering-Only mode off where a
 * cluster runs 4.0 fails before any write, naming it.
 */
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  removeResource,
  resourceOutputs,
  SECRET_SIG,
  setResource,
  setResources,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a0000000000000000e301";
const DEMO_GROUP = "5f1a000000000000000000a1";
const OTHER_GROUP = "5f1a000000000000000000a2";
const ORG = "5f1a00000000000000000001";
const SEEDED_ROLE = "5f1a000000000000000000c1";
const SEEDED_ARN = "arn:aws:iam::123456789012:role/demo-export-role";
const ARN = "arn:aws:iam::123456789012:role/platform-e2e";
const OTHER_ARN = "arn:aws:iam::123456789012:role/platform-e2e-elsewhere";
const SOURCE_PASSWORD = "e2e-source-password-7731";
const SOURCE_GROUP = "65f0c0ffee0000000000aa01";
const type = (name: string) => `pulumi-nodejs:dynamic/platform:${name}`;

const EAST = { cloudProvider: "AWS", regionName: "US_EAST_1" };
const WEST = { cloudProvider: "AWS", regionName: "US_WEST_2" };
const role = (args: Record<string, unknown>): DeclaredResource => ({ type: "CloudProviderAccessRole", args });
const simulation = (args: Record<string, unknown>): DeclaredResource => ({ type: "OutageSimulation", args });
const link = (args: Record<string, unknown>): DeclaredResource => ({ type: "LiveMigrationLinkToken", args });
const ipMode = (args: Record<string, unknown>): DeclaredResource => ({ type: "PrivateIpMode", args });
const migration = (overrides: Record<string, unknown> = {}): DeclaredResource => ({
  type: "LiveMigration",
  args: migrationArgs(overrides),
});
const migrationArgs = (overrides: Record<string, unknown>) => ({
  groupId: GROUP,
  destination: { clusterName: "migration-target", hostnameSchemaType: "PUBLIC" },
  source: {
    clusterName: "self-managed-rs",
    groupId: SOURCE_GROUP,
    managedAuthentication: false,
    ssl: true,
    username: "migrator",
    // Plain config on purpose: the class must still keep it encrypted in state (inputs and outputs).
    password: SOURCE_PASSWORD,
  },
  migrationHosts: ["migration-host-0.self-managed.local"],
  ...overrides,
});

describe("CloudProviderAccessRole, OutageSimulation, LiveMigration(LinkToken), PrivateIpMode through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      role: role({ groupId: GROUP }),
      simulation: simulation({ groupId: GROUP, clusterName: "sim-cluster", outageFilters: [EAST] }),
      link: link({ orgId: ORG, accessListIps: ["203.0.113.10"] }),
      migration: migration(),
      "ip-mode": ipMode({ groupId: GROUP, enabled: true }),
    },
  });

  const simulationState = async (clusterName: string) =>
    e2e.client.outageSimulations.get(GROUP, clusterName).then(
      (simulation) => simulation.state,
      (error: { status?: number }) => (error.status === 404 ? "gone" : "error"),
    );
  const roleExists = async (roleId: string) =>
    e2e.client.cloudProviderAccess.get(GROUP, roleId).then(
      () => true,
      (error: { status?: number }) => (error.status === 404 ? false : "error"),
    );

  test("pulumi up creates all five; the link token and the source password stay encrypted in state", async () => {
    const { stack } = e2e;
    await expectUp(
      stack,
      "+ 6 created",
      "platform: outage simulation of cluster sim-cluster: ",
      "platform: live migration into cluster migration-target",
    );
    const outputs = await resourceOutputs(stack);
    expect(outputs.role?.platformAssumedRoleExternalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(outputs.simulation?.state).toBe("SIMULATING");
    expect(outputs.migration?.status).toBe("WORKING");
    expect(outputs["ip-mode"]?.enabled).toBe(true);
    expect(outputs.role?.authorizedDate).toBeUndefined();
    const token = String(outputs.link?.linkToken);
    expect(token.length).toBeGreaterThan(20);

    // The resources as stored (no --show-secrets): ciphertext only. (The password is in the stack's
    // plain-text config on purpose, which the engine keeps as given; the resources must not be.)
    const exported = JSON.parse((await stack.pulumi(["stack", "export"], { quiet: true })).stdout) as {
      deployment: { resources: Array<{ type: string }> };
    };
    const stored = JSON.stringify(
      exported.deployment.resources.filter((resource) =>
        resource.type.startsWith("pulumi-nodejs:dynamic/platform:"),
      ),
    );
    expect(stored).toContain("LiveMigration");
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(SOURCE_PASSWORD);
    expect(
      (await storedResource(stack, type("LiveMigrationLinkToken"), "link"))?.outputs.linkToken,
    ).toHaveProperty(SECRET_SIG);
    const storedMigration = await storedResource(stack, type("LiveMigration"), "migration");
    expect(storedMigration?.inputs.source).toHaveProperty(SECRET_SIG);
    expect(storedMigration?.outputs.source).toHaveProperty(SECRET_SIG);
    for (const name of [
      "CloudProviderAccessRole",
      "OutageSimulation",
      "LiveMigration",
      "LiveMigrationLinkToken",
      "PrivateIpMode",
    ])
      await expectSmallCredentialFreeProviders(stack, type(name), [token, SOURCE_PASSWORD]);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("6 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("turning Peering-Only mode off where a cluster runs 4.0 fails before any write, naming the cluster", async () => {
    const { stack, emulator } = e2e;
    await setResource(stack, "ip-mode-other", ipMode({ groupId: DEMO_GROUP, enabled: false }));
    emulator.core.requestLog.clear();
    const up = await stack.pulumi(["up", "--yes", "--skip-preview"], { allowFailure: true });
    expect(up.code).not.toBe(0);
    expect(emulator.core.requestLog.list().filter((entry) => entry.method !== "GET")).toEqual([]);
    expect(up.stdout + up.stderr).toContain(
      `enabled cannot be false while a cluster of project ${DEMO_GROUP} runs a database version below 5.0: old-cluster (4.0.28)`,
    );
    await removeResource(stack, "ip-mode-other");
  });

  test("in place: the role is authorized (retrying while AWS propagates it), the migration cuts over, the mode turns off; replaced: the simulation and the link", async () => {
    const { stack, emulator } = e2e;
    const before = await resourceOutputs(stack);
    emulator.core.faults.add({
      pathPattern: "/api/platform/v2/groups/*/cloudProviderAccess/*",
      method: "PATCH",
      status: 400,
      body: {
        error: 400,
        errorCode: "CANNOT_ASSUME_ROLE",
        detail: "not yet",
        reason: "Bad Request",
        parameters: [],
      },
      count: 2,
    });
    await setResources(stack, {
      role: role({ groupId: GROUP, iamAssumedRoleArn: ARN }),
      migration: migration({ cutover: true }),
      "ip-mode": ipMode({ groupId: GROUP, enabled: false }),
      simulation: simulation({ groupId: GROUP, clusterName: "sim-cluster", outageFilters: [WEST] }),
      link: link({ orgId: ORG, accessListIps: ["203.0.113.11"] }),
    });
    await expectUp(
      stack,
      "~ 3 updated",
      "+-2 replaced",
      "CANNOT_ASSUME_ROLE (AWS may still be propagating the IAM role)",
    );
    const after = await resourceOutputs(stack);
    expect(after.role?.roleId).toBe(before.role?.roleId);
    expect(after.role?.authorizedDate).toEqual(expect.any(String));
    expect(after.migration?.liveMigrationId).toBe(before.migration?.liveMigrationId);
    expect(after.migration?.status).toBe("COMPLETE");
    expect(after["ip-mode"]?.enabled).toBe(false);
    expect(after.simulation?.state).toBe("SIMULATING");
    expect(after.simulation?.simulationId).not.toBe(before.simulation?.simulationId);
    expect(after.link?.linkToken).not.toBe(before.link?.linkToken);
    const live = await e2e.client.cloudProviderAccess.get(GROUP, String(before.role?.roleId));
    expect(live.iamAssumedRoleArn).toBe(ARN);
    expect((await e2e.client.outageSimulations.get(GROUP, "sim-cluster")).outageFilters).toEqual([
      { ...WEST, type: "REGION" },
    ]);
    // No preview here: the adoption step's clean preview and refresh cover every resource of the stack.
  });

  test("refresh shows the role authorized out of band for another IAM role; up converges it back", async () => {
    const { stack, client } = e2e;
    const roleId = String((await resourceOutputs(stack)).role?.roleId);
    await client.cloudProviderAccess.authorize(GROUP, roleId, {
      providerName: "AWS",
      iamAssumedRoleArn: OTHER_ARN,
    });
    // Re-authorizing stamps a new authorizedDate (an output the service sets on every authorization).
    await expectRefreshReportsOnly(stack, ["iamAssumedRoleArn"], { ignoring: ["authorizedDate"] });
    const stored = await storedResource(stack, type("CloudProviderAccessRole"), "role");
    expect(stored?.outputs.iamAssumedRoleArn).toBe(OTHER_ARN);
    await expectUp(stack, "~ 1 updated");
    expect((await client.cloudProviderAccess.get(GROUP, roleId)).iamAssumedRoleArn).toBe(ARN);
    expect(
      (await storedResource(stack, type("CloudProviderAccessRole"), "role"))?.outputs.iamAssumedRoleArn,
    ).toBe(ARN);
    // No preview here: the adoption step's clean preview and refresh follow.
  });

  test("importId adopts a role, a running simulation, a migration and another project's mode", async () => {
    const { stack, client } = e2e;
    await client.outageSimulations.start(GROUP, "migration-target", {
      outageFilters: [{ ...EAST, type: "REGION" }],
    });
    const existing = await client.liveMigrations.create(GROUP, {
      destination: { clusterName: "migration-target", groupId: GROUP, hostnameSchemaType: "PUBLIC" },
      source: {
        clusterName: "self-managed-rs",
        groupId: SOURCE_GROUP,
        managedAuthentication: false,
        ssl: true,
      },
      migrationHosts: ["migration-host-0.self-managed.local"],
    });
    await setResources(stack, {
      "role-adopted": role({
        groupId: DEMO_GROUP,
        iamAssumedRoleArn: SEEDED_ARN,
        importId: `${DEMO_GROUP}/${SEEDED_ROLE}`,
      }),
      "simulation-adopted": simulation({
        groupId: GROUP,
        clusterName: "migration-target",
        outageFilters: [EAST],
        importId: `${GROUP}/migration-target`,
      }),
      "migration-adopted": migration({ importId: `${GROUP}/${existing._id}` }),
      "ip-mode-other": ipMode({ groupId: OTHER_GROUP, enabled: true, importId: OTHER_GROUP }),
    });
    await expectUp(stack, "+ 4 created");
    const outputs = await resourceOutputs(stack);
    expect(outputs["role-adopted"]?.id).toBe(`${DEMO_GROUP}/${SEEDED_ROLE}`);
    expect(outputs["simulation-adopted"]?.state).toBe("SIMULATING");
    expect(outputs["migration-adopted"]?.status).toBe("WORKING");
    expect(outputs["ip-mode-other"]?.enabled).toBe(true);
    await expectCleanPreviewAndRefresh(stack);
  });

  test("pulumi destroy deauthorizes the roles, ends the simulations, removes the link and forgets the migrations", async () => {
    const { stack, client } = e2e;
    const roleId = (await resourceOutputs(stack)).role?.roleId;
    // The seeded role is used by nothing, so deauthorizing it works too.
    const destroy = await expectDestroyDeletes(stack, 10);
    expect(destroy.stdout).toContain(
      "is only forgotten: the API has no operation that deletes or cancels a live migration",
    );
    expect(await roleExists(String(roleId))).toBe(false);
    expect(await simulationState("sim-cluster")).toBe("gone");
    expect(await simulationState("migration-target")).toBe("gone");
    expect(await client.liveMigrations.listAvailableProjects(ORG)).toEqual([]);
  });
});
