/**
 * The throttle's budget survives across processes (client/budgetStore.ts): a client that starts
 * right after another used the project's whole budget waits instead of earning 429s. Two clients
 * with separate throttles (the registry reset between them, as in a new process) share only the
 * budget directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { collect, createClient, fileBudgetStore, resetThrottles } from "../../../provider/client";

const GROUP = DEFAULT_SEED.projectId;
const LIMIT = 8;
const WINDOW_MS = 2000;

describe("a project's request budget shared between processes", () => {
  let emulator: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    emulator = await startEmulator({
      port: 0,
      seed: "default",
      rateLimit: { limit: LIMIT, windowMs: WINDOW_MS },
    });
  });
  afterAll(async () => emulator.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "budget-"));
    emulator.reset();
    resetThrottles();
  });
  afterEach(() => {
    resetThrottles();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A client as a new provider process makes it: its own throttle, the shared store (or none). */
  async function burst(calls: number, shared: boolean): Promise<void> {
    resetThrottles();
    const client = createClient(
      {
        baseUrl: emulator.baseUrl,
        ...DEFAULT_SEED.orgOwnerKey,
        rateLimitPerMinute: LIMIT,
        rateLimitWindowMs: WINDOW_MS,
      },
      shared ? { budgetStore: fileBudgetStore(dir) } : {},
    );
    try {
      await Promise.all(Array.from({ length: calls }, () => collect(client.alertConfigs.listAll(GROUP))));
    } finally {
      await client.close();
    }
  }

  const answers429 = () => emulator.core.requestLog.list().filter((entry) => entry.status === 429).length;

  test("back to back with the shared budget: no 429", async () => {
    await burst(LIMIT, true);
    await burst(LIMIT, true);
    expect(answers429()).toBe(0);
    expect(emulator.core.requestLog.list().filter((entry) => entry.status === 200)).toHaveLength(2 * LIMIT);
  });

  test("without it, the second client starts with a full bucket and earns 429s (what the store prevents)", async () => {
    await burst(LIMIT, false);
    await burst(LIMIT, false);
    expect(answers429()).toBeGreaterThan(0);
  });
});
