/**
 * Reliability of the quickstart through the real Pulumi CLI (the larger counts: `npm run soak`):
 * - with about 10% of API requests faulted (500, 500 after the request acted, 503, 429, dropped
 *   connections after the request acted, added latency; each request independently), `up`,
 *   `refresh` and `destroy` succeed on the first try and the emulator then holds exactly what the
 *   quickstart declares: a create whose answer was lost finds its object instead of failing or
 *   making a second one;
 * - the emulator restarted with `--data-dir` in the middle of `up` loses nothing it acknowledged;
 * - a `pulumi up` killed while its creates wait on long builds: the provider process ends with the
 *   CLI (it does not go on polling), `pulumi-cluster-platform recover` resolves the pending creates,
 *   and the next `up` succeeds with exactly the declared objects on the service (no duplicate, no
 *   orphan). Ten kills at seeded random moments: crashTrials.e2e.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { LocalStack } from "../../scripts/lib/pulumi-stack";
import {
  apiQuietAfter,
  injectFaults,
  pendingOperations,
  processesOfStack,
  quickstartProblems,
  quickstartStack,
  recover,
  upKilledAfter,
  waitUntil,
} from "../../scripts/lib/reliability";

const FAULT_RATE = 0.1;
const SEED = 11;

describe("quickstart under faults, an emulator restart and a killed CLI", () => {
  let dataDir: string;
  let emulator: RunningEmulator;
  let stack: LocalStack;

  const start = (port: number) =>
    startEmulator({
      port,
      seed: "default",
      asyncDelayMs: 300,
      dataDir,
      rateLimit: { limit: 1000, windowMs: 60_000 },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "reliability-e2e-"));
    emulator = await start(0);
    stack = await quickstartStack(emulator);
  });

  afterAll(async () => {
    if (stack !== undefined) for (const pid of processesOfStack(stack)) process.kill(pid, "SIGKILL");
    stack?.dispose();
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("up with 10% faults and an emulator restart mid-way succeeds first try; the service holds the declared objects", async () => {
    injectFaults(emulator, FAULT_RATE, SEED);
    // Besides the random 10% (whose count in a run this short can be zero), the first create's
    // answer is lost after the service acted: the create must find its object, not make a second.
    emulator.core.faults.add({
      pathPattern: "/api/**",
      method: "POST",
      status: 500,
      afterHandling: true,
      count: 1,
    });
    const up = stack.up();
    // Restart once a few writes were acknowledged (persisted before each answer): none may be lost.
    const writes = () => emulator.core.requestLog.list().filter((entry) => entry.method !== "GET").length;
    expect(await waitUntil(() => writes() >= 4, 120_000, 20)).toBe(true);
    const faultedBefore = emulator.core.requestLog.list().filter((entry) => entry.fault !== null).length;
    const port = emulator.port;
    await emulator.close();
    emulator = await start(port);
    injectFaults(emulator, FAULT_RATE, SEED + 100);
    const result = await up;
    expect(result.stdout).toContain("+ 10 created");
    expect(await quickstartProblems(emulator, "up")).toEqual([]);
    // Faults really were injected, on requests of the run.
    const faultedAfter = emulator.core.requestLog.list().filter((entry) => entry.fault !== null).length;
    expect(faultedBefore + faultedAfter).toBeGreaterThan(0);
  });

  test("refresh with 10% faults succeeds first try and finds nothing changed", async () => {
    await stack.refresh({ expectNoChanges: true });
  });

  test("destroy with 10% faults succeeds first try and leaves nothing behind", async () => {
    await stack.destroy();
    expect(await quickstartProblems(emulator, "destroyed")).toEqual([]);
  });

  // One moment early in the writes, while the creates wait on long builds (ten trials at random
  // moments of a normal run: crashTrials.e2e.test.ts).
  test.each([["early", 100 + ((SEED * 389) % 400)]])(
    "up killed %s (+%i ms after its first write): recover, up, destroy leave exactly the declared objects",
    async (_when, delayMs) => {
      emulator.core.faults.clear();
      emulator.reset();
      // Long builds, so the kill finds the provider waiting on them.
      emulator.settings.asyncDelayMs = 20_000;
      const killed = await upKilledAfter(stack, emulator, delayMs);
      expect(killed.killed).toBe(true);
      // The provider host ends with the engine (it checks the engine's pid every 2 s): from 10 s after
      // the kill nothing calls the API, although the builds the killed up was waiting for take 20 s (a
      // host left running would go on polling them).
      expect(await apiQuietAfter(emulator)).toBe(true);
      emulator.settings.asyncDelayMs = 300;

      const recovered = await recover(stack);
      expect(recovered.stderr).not.toMatch(/^error:/m);
      expect(recovered.code).toBe(0);
      expect(recovered.stdout).toMatch(
        /^Stack test: (adopted \d+, cleared \d+ pending operations?|nothing to recover)/,
      );
      expect(await pendingOperations(stack)).toEqual([]);

      await stack.up();
      expect(await quickstartProblems(emulator, "up")).toEqual([]);
      // Everything the killed run made is in the state: destroy leaves no orphan.
      await stack.destroy();
      expect(await quickstartProblems(emulator, "destroyed")).toEqual([]);
    },
  );
});
