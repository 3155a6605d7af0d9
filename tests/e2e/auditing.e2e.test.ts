/**
 * Auditing through the real Pulumi CLI against the in-process emulator: create (adopting the
 * project's configuration), a clean preview and refresh, an update in place, an out-of-band change
 * seen by refresh as exactly that field, adoption by importId, a replacing change (another project),
 * and a destroy that leaves every project at the service's defaults.
 */
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  pick,
  removeResource,
  resourceOutputs,
  setResource,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";
const TYPE = "pulumi-nodejs:dynamic/platform:Auditing";

const DEFAULTS = {
  enabled: false,
  auditAuthorizationSuccess: false,
  auditFilter: "{}",
  configurationType: "NONE",
};

describe("Auditing through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      audit: {
        type: "Auditing",
        args: { groupId: GROUP, enabled: true, auditFilter: { atype: "authenticate" } },
      },
    },
  });

  const live = async (groupId: string) => {
    const { links: _links, ...config } = await e2e.client.auditing.get(groupId);
    return config;
  };

  test("pulumi up adopts the project's configuration and converges it", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created");
    const outputs = await resourceOutputs(stack);
    expect(Object.keys(outputs)).toEqual(["audit"]);
    expect(pick(outputs.audit, "id", "enabled", "auditFilter", "configurationType")).toEqual({
      id: GROUP,
      enabled: true,
      auditFilter: '{"atype":"authenticate"}',
      configurationType: "FILTER_JSON",
    });
    expect(await live(GROUP)).toEqual({
      enabled: true,
      auditAuthorizationSuccess: false,
      auditFilter: '{"atype":"authenticate"}',
      configurationType: "FILTER_JSON",
    });
  });

  test("the serialized provider is a small shim without credentials", async () => {
    await expectSmallCredentialFreeProviders(e2e.stack, TYPE);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("the same filter written differently is no change", async () => {
    const { stack } = e2e;
    await setResource(stack, "audit", {
      type: "Auditing",
      args: { groupId: GROUP, enabled: true, auditFilter: '{ "atype" :  "authenticate" }' },
    });
    await stack.preview({ expectNoChanges: true });
  });

  test("a new filter and auditAuthorizationSuccess update in place", async () => {
    const { stack } = e2e;
    await setResource(stack, "audit", {
      type: "Auditing",
      args: {
        groupId: GROUP,
        enabled: true,
        auditAuthorizationSuccess: true,
        auditFilter: { atype: { $in: ["authenticate", "authCheck"] } },
      },
    });
    await expectUp(stack, "~ 1 updated");
    expect(await live(GROUP)).toMatchObject({
      auditAuthorizationSuccess: true,
      configurationType: "FILTER_JSON",
    });
    expect(JSON.parse(String((await live(GROUP)).auditFilter))).toEqual({
      atype: { $in: ["authenticate", "authCheck"] },
    });
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh shows an out-of-band change as exactly that field; up converges it back", async () => {
    const { stack, client } = e2e;
    await client.auditing.update(GROUP, { auditAuthorizationSuccess: false });
    await expectRefreshReportsOnly(stack, ["auditAuthorizationSuccess"]);
    expect((await storedResource(stack, TYPE, "audit"))?.inputs.auditAuthorizationSuccess).toBe(false);
    await expectUp(stack, "~ 1 updated");
    expect((await live(GROUP)).auditAuthorizationSuccess).toBe(true);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another project's configuration and converges it", async () => {
    const { stack, client } = e2e;
    await client.auditing.update(OTHER, { enabled: true, auditFilter: '{"atype":"createCollection"}' });
    await setResource(stack, "adopted", {
      type: "Auditing",
      args: { groupId: OTHER, importId: OTHER, enabled: true, auditFilter: '{"atype":"dropCollection"}' },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.auditFilter).toBe('{"atype":"dropCollection"}');
    expect(await live(OTHER)).toMatchObject({ enabled: true, auditFilter: '{"atype":"dropCollection"}' });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("removing a resource restores the service's defaults", async () => {
    const { stack } = e2e;
    await removeResource(stack, "adopted");
    await expectUp(stack, "- 1 deleted");
    expect(await live(OTHER)).toEqual(DEFAULTS);
  });

  test("a new project replaces the resource: the new project is configured, the old one reset", async () => {
    const { stack } = e2e;
    await setResource(stack, "audit", {
      type: "Auditing",
      args: { groupId: OTHER, enabled: true, auditFilter: { atype: "authenticate" } },
    });
    await expectUp(stack, "+-1 replaced");
    expect((await resourceOutputs(stack)).audit?.id).toBe(OTHER);
    expect(await live(OTHER)).toMatchObject({ enabled: true, configurationType: "FILTER_JSON" });
    expect(await live(GROUP)).toEqual(DEFAULTS);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves every project at the service's defaults", async () => {
    await expectDestroyDeletes(e2e.stack, 2);
    expect(await live(GROUP)).toEqual(DEFAULTS);
    expect(await live(OTHER)).toEqual(DEFAULTS);
  });
});
