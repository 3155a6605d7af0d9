/**
 * CustomDns through the real Pulumi CLI against the in-process emulator: create (adopting the
 * project's setting), a clean preview and refresh, an update in place, an out-of-band change seen by
 * refresh as exactly that field, adoption by importId, a replacing change (another project), and a
 * destroy that leaves every project at the default (disabled).
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack } from "./harness";

// Each test drives whole `pulumi` commands.
jest.setTimeout(10 * 60_000);

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";
const TYPE = "pulumi-nodejs:dynamic/platform:CustomDns";

describe("CustomDns through the real engine", () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;

  const enabledIn = async (groupId: string) => (await client.customDns.get(groupId)).enabled;
  const changedProperties = (stdout: string) =>
    stdout
      .split("\n")
      .map((line) => /^\s+[-+~] ([A-Za-z]+)\s*: /.exec(line)?.[1])
      .filter((name) => name !== undefined);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "demo-private-key-0000-0000-000000000001",
    });
    stack = await E2EStack.create({
      program: join(__dirname, "programs", "customDns"),
      config: {
        "platform:baseUrl": emu.baseUrl,
        "platform:publicKey": "demo-public-key",
        main: JSON.stringify({ groupId: GROUP, enabled: true }),
      },
      secrets: { "platform:privateKey": "demo-private-key-0000-0000-000000000001" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emu?.close();
  });

  test("pulumi up adopts the project's setting and enables custom DNS", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 2 created");
    expect(await stack.outputs()).toEqual({ mainId: GROUP, mainEnabled: true });
    expect(await enabledIn(GROUP)).toBe(true);
    const ours = (await stack.exportState()).deployment.resources?.filter((r) => r.type === TYPE);
    expect(
      String(ours?.[0]?.outputs && (ours[0].outputs as Record<string, unknown>).__provider).length,
    ).toBeLessThan(2600);
    expect(JSON.stringify(ours)).not.toContain("demo-private-key");
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("enabled updates in place", async () => {
    await stack.setConfig("main", JSON.stringify({ groupId: GROUP, enabled: false }));
    const result = await stack.up();
    expect(result.stdout).toContain("~ 1 updated");
    expect(await enabledIn(GROUP)).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh shows an out-of-band change as exactly that field; up converges it back", async () => {
    await client.customDns.update(GROUP, { enabled: true });
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("~ 1 updated");
    expect(changedProperties(refresh.stdout)).toEqual(["enabled"]);
    const up = await stack.up();
    expect(up.stdout).toContain("~ 1 updated");
    expect(await enabledIn(GROUP)).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another project's setting and converges it; removing it restores the default", async () => {
    await stack.setConfig("adopted", JSON.stringify({ groupId: OTHER, importId: OTHER, enabled: true }));
    const result = await stack.up();
    expect(result.stdout).toContain("+ 1 created");
    expect((await stack.outputs()).adoptedEnabled).toBe(true);
    expect(await enabledIn(OTHER)).toBe(true);
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });

    await stack.pulumi(["config", "rm", "adopted"], { quiet: true });
    expect((await stack.up()).stdout).toContain("- 1 deleted");
    expect(await enabledIn(OTHER)).toBe(false);
  });

  test("a new project replaces the resource", async () => {
    await stack.setConfig("main", JSON.stringify({ groupId: OTHER, enabled: true }));
    const result = await stack.up();
    expect(result.stdout).toContain("+-1 replaced");
    expect(await stack.outputs()).toEqual({ mainId: OTHER, mainEnabled: true });
    expect(await enabledIn(OTHER)).toBe(true);
    expect(await enabledIn(GROUP)).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves every project at the default (disabled)", async () => {
    expect((await stack.destroy()).stdout).toContain("- 2 deleted");
    expect(await enabledIn(GROUP)).toBe(false);
    expect(await enabledIn(OTHER)).toBe(false);
  });
});
