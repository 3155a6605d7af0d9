/**
 * CustomDns through the real Pulumi CLI against the in-process emulator: create (adopting the
 * project's setting), a clean preview and refresh, an update in place, an out-of-band change seen by
 * refresh as exactly that field, adoption by importId, a replacing change (another project), and a
 * destroy that leaves every project at the default (disabled).
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
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";
const TYPE = "pulumi-nodejs:dynamic/platform:CustomDns";

describe("CustomDns through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: { dns: { type: "CustomDns", args: { groupId: GROUP, enabled: true } } },
  });

  const enabledIn = async (groupId: string) => (await e2e.client.customDns.get(groupId)).enabled;

  test("pulumi up adopts the project's setting and enables custom DNS", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created");
    const outputs = await resourceOutputs(stack);
    expect(Object.keys(outputs)).toEqual(["dns"]);
    expect(pick(outputs.dns, "id", "enabled")).toEqual({ id: GROUP, enabled: true });
    expect(await enabledIn(GROUP)).toBe(true);
    await expectSmallCredentialFreeProviders(stack, TYPE);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("enabled updates in place", async () => {
    const { stack } = e2e;
    await setResource(stack, "dns", { type: "CustomDns", args: { groupId: GROUP, enabled: false } });
    await expectUp(stack, "~ 1 updated");
    expect(await enabledIn(GROUP)).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh shows an out-of-band change as exactly that field; up converges it back", async () => {
    const { stack, client } = e2e;
    await client.customDns.update(GROUP, { enabled: true });
    await expectRefreshReportsOnly(stack, ["enabled"]);
    await expectUp(stack, "~ 1 updated");
    expect(await enabledIn(GROUP)).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another project's setting and converges it; removing it restores the default", async () => {
    const { stack } = e2e;
    await setResource(stack, "adopted", {
      type: "CustomDns",
      args: { groupId: OTHER, importId: OTHER, enabled: true },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.enabled).toBe(true);
    expect(await enabledIn(OTHER)).toBe(true);
    await expectCleanPreviewAndRefresh(stack);

    await removeResource(stack, "adopted");
    await expectUp(stack, "- 1 deleted");
    expect(await enabledIn(OTHER)).toBe(false);
  });

  test("a new project replaces the resource", async () => {
    const { stack } = e2e;
    await setResource(stack, "dns", { type: "CustomDns", args: { groupId: OTHER, enabled: true } });
    await expectUp(stack, "+-1 replaced");
    const outputs = await resourceOutputs(stack);
    expect(Object.keys(outputs)).toEqual(["dns"]);
    expect(pick(outputs.dns, "id", "enabled")).toEqual({ id: OTHER, enabled: true });
    expect(await enabledIn(OTHER)).toBe(true);
    expect(await enabledIn(GROUP)).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves every project at the default (disabled)", async () => {
    await expectDestroyDeletes(e2e.stack, 2);
    expect(await enabledIn(GROUP)).toBe(false);
    expect(await enabledIn(OTHER)).toBe(false);
  });
});
