/**
 * The observability example (examples/observability) through the real Pulumi CLI against the
 * emulator's default seed: its alerts, the acknowledgement of the open HOST_DOWN alert the
 * function found, and the access-log query in the outputs; a preview and a refresh right after show
 * nothing; destroy removes the alert configurations and unacknowledges the alert.
 */
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { collect, createClient, type PlatformClient } from "../../provider/client";
import { type E2EStack, emulatorStack, repoRoot } from "./harness";

const GROUP = "5f1a0000000000000000e401";
const FIRST_HOST_DOWN = "5f1a0000000000000000e420";

describe("examples/observability through the real engine", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;
  let client: PlatformClient;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({ baseUrl: emulator.baseUrl, ...DEFAULT_SEED.orgOwnerKey });
    stack = await emulatorStack(emulator, {
      program: join(repoRoot, "examples", "observability"),
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  test("pulumi up creates the alerts and acknowledges the first open HOST_DOWN alert; the outputs hold the function results", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 4 created");
    const outputs = await stack.outputs();
    expect(outputs).toEqual({
      cpuAlertConfigId: expect.stringMatching(/^[a-f0-9]{24}$/),
      hostDownAlertConfigId: expect.stringMatching(/^[a-f0-9]{24}$/),
      acknowledgedAlertId: FIRST_HOST_DOWN,
      acknowledgedUntil: "2030-01-31T12:00:00Z",
      openAlertCount: 3,
      failedLoginSources: ["intruder@198.51.100.7"],
    });
    const configs = await collect(client.alertConfigs.listAll(GROUP));
    expect(configs.map((config) => config.eventTypeName).sort()).toEqual([
      "HOST_DOWN",
      "HOST_DOWN",
      "NO_PRIMARY",
      "OUTSIDE_METRIC_THRESHOLD",
    ]);
    expect(await client.alerts.get(GROUP, FIRST_HOST_DOWN)).toMatchObject({
      acknowledgedUntil: "2030-01-31T12:00:00Z",
      acknowledgementComment: "planned maintenance of obs-cluster, ticket OPS-1234",
    });
  });

  test("preview and refresh right after up show no change", async () => {
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("the notification secrets are stored encrypted, never in plain text", async () => {
    const state = await stack.pulumi(["stack", "export"], { quiet: true });
    for (const secret of [
      "xoxb-observability-example-0001",
      "pagerduty-observability-example-01",
      "observability-webhook-secret-01",
      DEFAULT_SEED.orgOwnerKey.privateKey,
    ])
      expect(state.stdout).not.toContain(secret);
  });

  test("pulumi destroy removes the alert configurations and unacknowledges the alert", async () => {
    const result = await stack.destroy();
    expect(result.stdout).toContain("- 4 deleted");
    const configs = await collect(client.alertConfigs.listAll(GROUP));
    expect(configs.map((config) => config.id).sort()).toEqual([
      "5f1a0000000000000000e410",
      "5f1a0000000000000000e411",
    ]);
    const alert = await client.alerts.get(GROUP, FIRST_HOST_DOWN);
    expect(alert.acknowledgedUntil).toBeUndefined();
    expect(alert.status).toBe("OPEN");
  });
});
