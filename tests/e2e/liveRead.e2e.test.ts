/**
 * What the tool does in its own process against what the engine does, the oracle, through the real
 * Pulumi CLI. The preview host (provider/cli/previewHost.ts) against the engine's preview with its
 * own provider host: on the stack of every type, each resource's planned step is the same text both
 * ways, with the program unchanged and then with three of its inputs changed by config; on a stack
 * whose program adds another provider's dynamic resources, the tool's host refuses and the engine's
 * own host previews it. The live state read (provider/cli/liveRead.ts) against the engine's own
 * refresh preview: on a stack of every resource type
 * (programs/everyType), each resource's verdict and its old and new inputs and outputs, as the
 * engine's events carry them (secrets blinded), are the same text both ways, first with nothing
 * changed, then after changes made out of band (an alert's threshold and its webhook secret, the
 * custom DNS flag, a search index deleted), which both ways must see. On a stack of twenty alert
 * configurations in one project (scripts/bench/program), the in-process reads cost the service one
 * list page, as the engine's provider host's do (the page reads of framework/pageReads.ts), never
 * more requests than the engine's refresh.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DEFAULT_SEED } from "../../emulator/seed/demoCredentials";
import { driftFrom } from "../../provider/cli/drift";
import { type OperationEvents, openStack, refreshPreview } from "../../provider/cli/engine";
import { readLiveInProcess } from "../../provider/cli/liveRead";
import { createClient, type PlatformClient } from "../../provider/client";
import { everyTypeStack, UPDATED_CONFIG } from "../../scripts/lib/crashAll";
import { emulatorStack, repoRoot } from "../../scripts/lib/pulumi-stack";
import type { E2EStack } from "./harness";
import {
  answeredInProcess,
  openedBothWays,
  previewBothWays,
  readBothWays,
  stepsText,
  withStackEnv,
} from "./liveReadOracle";

interface Stored {
  id: string;
  outputs: Record<string, unknown>;
}

describe("the live state read in process equals the engine's refresh preview", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;
  let client: PlatformClient;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 0 });
    stack = await everyTypeStack(emulator);
    await stack.up();
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: DEFAULT_SEED.orgOwnerKey.publicKey,
      privateKey: DEFAULT_SEED.orgOwnerKey.privateKey,
    });
  }, 600_000);

  afterAll(async () => {
    await client?.close();
    stack?.dispose();
    await emulator?.close();
  });

  const bothWays = () => readBothWays(stack, "test");

  const stored = async (name: string): Promise<Stored> => {
    const state = await stack.exportState();
    const resource = (state.deployment.resources ?? []).find((r) => String(r.urn).endsWith(`::${name}`));
    if (resource === undefined) throw new Error(`no resource ${name} in state`);
    return { id: String(resource.id), outputs: resource.outputs as Record<string, unknown> };
  };

  test("with nothing changed: every resource's step is the engine's, and nothing drifted", async () => {
    const { inProcess, engine } = await bothWays();
    expect(Object.keys(stepsText(engine))).toHaveLength(18);
    expect(stepsText(inProcess)).toEqual(stepsText(engine));
    expect(driftFrom(inProcess)).toEqual([]);
  }, 300_000);

  test("after changes out of band: the same steps both ways, and the drift they make", async () => {
    const alert = await stored("cpu-alert");
    const groupId = String(alert.outputs.groupId);
    const alertId = String(alert.outputs.alertConfigId);
    const live = await client.alertConfigs.get(groupId, alertId);
    await client.alertConfigs.update(groupId, alertId, {
      enabled: true,
      eventTypeName: live.eventTypeName,
      matchers: (live.matchers ?? []).map(({ fieldName, operator, value }) => ({
        fieldName,
        operator,
        value: value ?? "",
      })),
      metricThreshold: { ...(live.metricThreshold ?? {}), threshold: 90 },
      notifications: [
        { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 },
        {
          typeName: "WEBHOOK",
          webhookUrl: "https://hooks.example.com/every-type",
          webhookSecret: "every-type-webhook-secret-rotated",
        },
      ],
    });
    const dns = await stored("custom-dns");
    await client.customDns.update(String(dns.outputs.groupId), { enabled: false });
    const movies = await stored("movies");
    await client.searchIndexes.delete(
      String(movies.outputs.groupId),
      String(movies.outputs.clusterName),
      String(movies.outputs.indexId),
    );

    const { inProcess, engine } = await bothWays();
    expect(stepsText(inProcess)).toEqual(stepsText(engine));
    expect(
      driftFrom(inProcess).map((r) => `${r.type} ${r.name} ${r.status} ${JSON.stringify(r.fields)}`),
    ).toEqual([
      'AlertConfiguration cpu-alert changed [{"path":"metricThreshold.threshold","secret":false,"state":85,"live":90}]',
      'CustomDns custom-dns changed [{"path":"enabled","secret":false,"state":true,"live":false}]',
      "SearchIndex movies missing []",
    ]);
  }, 300_000);

  test("the program's preview: the same planned steps with the provider calls answered in process", async () => {
    const unchanged = await previewBothWays(stack, "test");
    expect(Object.keys(stepsText(unchanged.engine))).toHaveLength(18);
    expect(stepsText(answeredInProcess(unchanged.inProcess))).toEqual(stepsText(unchanged.engine));
    expect(stepsText(unchanged.viaTool)).toEqual(stepsText(unchanged.engine));
    expect(unchanged.progress).toEqual([]);

    // The state the preview was sent opens the checkpoint's secrets as the export does.
    const { opened, exported, ciphertexts } = await openedBothWays(stack, "test");
    expect(ciphertexts).toBe(7);
    expect(opened).toEqual(exported);

    const pairs = Object.entries(UPDATED_CONFIG).flatMap(([key, value]) => [
      "--plaintext",
      `${key}=${value}`,
    ]);
    await stack.pulumi(["config", "set-all", ...pairs], { quiet: true });
    const changed = await previewBothWays(stack, "test");
    expect(stepsText(answeredInProcess(changed.inProcess))).toEqual(stepsText(changed.engine));
    expect(
      [...changed.engine.steps.values()]
        .filter((step) => step.metadata.op !== "same")
        .map((step) => `${step.metadata.op} ${step.urn.split("::").pop()}`)
        .sort(),
    ).toEqual([
      "replace restore",
      "replace snapshot-export",
      "update movies",
      "update orders-schedule",
      "update snapshot",
    ]);
  }, 300_000);
});

describe("the live state read in process costs the service no more than the engine's refresh", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 0 });
    stack = await emulatorStack(emulator, {
      program: join(repoRoot, "scripts", "bench", "program"),
      echo: false,
      config: { "bench:kind": "platform", "bench:count": "20", "bench:groupId": "5f1a000000000000000000a1" },
    });
    await stack.up();
  }, 600_000);

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  /**
   * The API calls the service answered while `read` ran, by method and path (ids as `{id}`); the
   * Digest challenges (401 before the first authenticated request of a client) are not calls.
   */
  const callsOf = async (read: () => Promise<OperationEvents | undefined>) => {
    const before = emulator.core.requestLog.list().length;
    const events = await read();
    const calls = emulator.core.requestLog
      .list()
      .slice(before)
      .filter((entry) => entry.status !== 401)
      .map((entry) => `${entry.method} ${entry.path.replace(/[0-9a-f]{24}/g, "{id}")}`)
      .sort();
    return { events, calls };
  };

  test("twenty alert configurations of one project: one list page, and the engine's steps", async () => {
    const { inProcess, engine } = await withStackEnv(stack, async () => {
      const opened = await openStack("test", stack.programDir);
      return {
        inProcess: await callsOf(() => readLiveInProcess(opened, () => {})),
        engine: await callsOf(() => refreshPreview(opened, () => {})),
      };
    });
    expect(inProcess.calls).toEqual(["GET /api/platform/v2/groups/{id}/alertConfigs"]);
    expect(engine.calls).toContain("GET /api/platform/v2/groups/{id}/alertConfigs");
    expect(engine.calls.length).toBeGreaterThanOrEqual(inProcess.calls.length);
    if (inProcess.events === undefined || engine.events === undefined) throw new Error("not read in process");
    expect(Object.keys(stepsText(engine.events))).toHaveLength(20);
    expect(stepsText(inProcess.events)).toEqual(stepsText(engine.events));
  }, 300_000);

  test("a program adding another provider's dynamic resources: the engine's own host previews it", async () => {
    await stack.setConfig("bench:kind", "noop");
    const { inProcess, engine, viaTool, progress } = await previewBothWays(stack, "test");
    expect(inProcess).toEqual({ refusal: "a resource whose provider is not this version's" });
    expect(stepsText(viaTool)).toEqual(stepsText(engine));
    expect(Object.keys(stepsText(engine))).toHaveLength(40);
    expect(progress).toEqual([
      "  comparing again with the engine's own provider host (a resource whose provider is not this version's)",
    ]);
  }, 300_000);
});
