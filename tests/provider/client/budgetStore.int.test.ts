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
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "budget-"));
    emulator.reset();
    resetThrottles();
    // Start a fifth into one of the emulator's windows (multiples of WINDOW_MS on its real clock), so
    // a first burst of a few milliseconds never straddles a boundary and the windows below are exact.
    const into = Date.now() % WINDOW_MS;
    const start = WINDOW_MS / 5;
    await new Promise((resolve) => setTimeout(resolve, (start - into + WINDOW_MS) % WINDOW_MS));
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

  /** Answers of 200 per window of the emulator's limiter (windows at multiples of WINDOW_MS). */
  const answersPerWindow = () => {
    const counts = new Map<number, number>();
    for (const entry of emulator.core.requestLog.list()) {
      if (entry.status !== 200) continue;
      const window = Math.floor(Date.parse(entry.time) / WINDOW_MS);
      counts.set(window, (counts.get(window) ?? 0) + 1);
    }
    return counts;
  };

  test("back to back with the shared budget: no 429", async () => {
    await burst(LIMIT, true);
    await burst(LIMIT, true);
    expect(answers429()).toBe(0);
    expect(emulator.core.requestLog.list().filter((entry) => entry.status === 200)).toHaveLength(2 * LIMIT);
  });

  test("the second client waits for the next windows and fills them, without a 429", async () => {
    await burst(LIMIT, true);
    await burst(2 * LIMIT, true);
    expect(answers429()).toBe(0);
    // The first client's window is full; the second client's calls fill the next two windows.
    expect([...answersPerWindow().values()]).toEqual([LIMIT, LIMIT, LIMIT]);
  });

  test("without it, the second client's probe earns the one 429 the store prevents, and the rest wait", async () => {
    await burst(LIMIT, false);
    await burst(LIMIT, false);
    // The second client knows nothing of the first's window: its first request goes alone (the
    // probe), is refused, and the others wait for the next window instead of earning 429s too.
    expect(answers429()).toBe(1);
    expect(emulator.core.requestLog.list().filter((entry) => entry.status === 200)).toHaveLength(2 * LIMIT);
  });
});
