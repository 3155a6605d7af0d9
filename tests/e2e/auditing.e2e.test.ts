/**
 * Auditing through the real Pulumi CLI against the in-process emulator: create (adopting the
 * project's configuration), a clean preview and refresh, an update in place, an out-of-band change
 * seen by refresh as exactly that field, adoption by importId, a replacing change (another project),
 * and a destroy that leaves every project at the service's defaults.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack } from "./harness";

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";
const TYPE = "pulumi-nodejs:dynamic/platform:Auditing";
// Each test drives whole `pulumi` commands.
jest.setTimeout(10 * 60_000);

const DEFAULTS = {
  enabled: false,
  auditAuthorizationSuccess: false,
  auditFilter: "{}",
  configurationType: "NONE",
};

describe("Auditing through the real engine", () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;

  const live = async (groupId: string) => {
    const { links: _links, ...config } = await client.auditing.get(groupId);
    return config;
  };
  const stateOf = async (name: string) => {
    const state = await stack.exportState();
    return state.deployment.resources?.find((r) => r.type === TYPE && String(r.urn).endsWith(`::${name}`)) as
      | { id: string; outputs: Record<string, unknown>; inputs: Record<string, unknown> }
      | undefined;
  };
  /** The lines of a preview/refresh/up output that show a changed property. */
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
      program: join(__dirname, "programs", "auditing"),
      config: {
        "platform:baseUrl": emu.baseUrl,
        "platform:publicKey": "demo-public-key",
        main: JSON.stringify({ groupId: GROUP, enabled: true, auditFilter: { atype: "authenticate" } }),
      },
      secrets: { "platform:privateKey": "demo-private-key-0000-0000-000000000001" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emu?.close();
  });

  test("pulumi up adopts the project's configuration and converges it", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 2 created");
    expect(await stack.outputs()).toEqual({
      mainId: GROUP,
      mainEnabled: true,
      mainFilter: '{"atype":"authenticate"}',
      mainConfigurationType: "FILTER_JSON",
    });
    expect(await live(GROUP)).toEqual({
      enabled: true,
      auditAuthorizationSuccess: false,
      auditFilter: '{"atype":"authenticate"}',
      configurationType: "FILTER_JSON",
    });
  });

  test("the serialized provider is a small shim without credentials", async () => {
    const shim = String((await stateOf("audit"))?.outputs.__provider);
    expect(shim.length).toBeLessThan(2600);
    // The engine keeps the stack config (the private key as a secret) with its default provider only.
    const ours = (await stack.exportState()).deployment.resources?.filter((r) => r.type === TYPE);
    expect(JSON.stringify(ours)).not.toContain("demo-private-key");
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("the same filter written differently is no change", async () => {
    await stack.setConfig(
      "main",
      JSON.stringify({ groupId: GROUP, enabled: true, auditFilter: '{ "atype" :  "authenticate" }' }),
    );
    await stack.preview({ expectNoChanges: true });
  });

  test("a new filter and auditAuthorizationSuccess update in place", async () => {
    await stack.setConfig(
      "main",
      JSON.stringify({
        groupId: GROUP,
        enabled: true,
        auditAuthorizationSuccess: true,
        auditFilter: { atype: { $in: ["authenticate", "authCheck"] } },
      }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("~ 1 updated");
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
    await client.auditing.update(GROUP, { auditAuthorizationSuccess: false });
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("~ 1 updated");
    expect(changedProperties(refresh.stdout)).toEqual(["auditAuthorizationSuccess"]);
    expect((await stateOf("audit"))?.inputs.auditAuthorizationSuccess).toBe(false);
    const up = await stack.up();
    expect(up.stdout).toContain("~ 1 updated");
    expect((await live(GROUP)).auditAuthorizationSuccess).toBe(true);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another project's configuration and converges it", async () => {
    await client.auditing.update(OTHER, { enabled: true, auditFilter: '{"atype":"createCollection"}' });
    await stack.setConfig(
      "adopted",
      JSON.stringify({
        groupId: OTHER,
        importId: OTHER,
        enabled: true,
        auditFilter: '{"atype":"dropCollection"}',
      }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("+ 1 created");
    expect((await stack.outputs()).adoptedFilter).toBe('{"atype":"dropCollection"}');
    expect(await live(OTHER)).toMatchObject({ enabled: true, auditFilter: '{"atype":"dropCollection"}' });
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("removing a resource restores the service's defaults", async () => {
    await stack.pulumi(["config", "rm", "adopted"], { quiet: true });
    const result = await stack.up();
    expect(result.stdout).toContain("- 1 deleted");
    expect(await live(OTHER)).toEqual(DEFAULTS);
  });

  test("a new project replaces the resource: the new project is configured, the old one reset", async () => {
    await stack.setConfig(
      "main",
      JSON.stringify({ groupId: OTHER, enabled: true, auditFilter: { atype: "authenticate" } }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("+-1 replaced");
    expect((await stack.outputs()).mainId).toBe(OTHER);
    expect(await live(OTHER)).toMatchObject({ enabled: true, configurationType: "FILTER_JSON" });
    expect(await live(GROUP)).toEqual(DEFAULTS);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves every project at the service's defaults", async () => {
    const result = await stack.destroy();
    expect(result.stdout).toContain("- 2 deleted");
    expect(await live(GROUP)).toEqual(DEFAULTS);
    expect(await live(OTHER)).toEqual(DEFAULTS);
  });
});
