/**
 * Integration-test fixture for resource providers: the in-process emulator (default seed, manual
 * clock) and a client for it, plus a wait clock that moves the emulator's time instead of sleeping,
 * so waits through asynchronous states run instantly and deterministically.
 */
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import { setProgressSink } from "../../../provider/framework/progress";
import type { PlatformProvider } from "../../../provider/framework/types";
import type { WaitClock } from "../../../provider/framework/waiter";

export const GROUP = "5f1a000000000000000000a1";
export const OTHER_GROUP = "5f1a000000000000000000a2";
export const AWS_ROLE = "5f1a000000000000000000c1";

export interface EmulatorFixture {
  emu: RunningEmulator;
  client: PlatformClient;
  /** Sleeping advances the emulator's manual clock. */
  clock: WaitClock;
  /** Progress lines reported while waiting. */
  progress: string[];
  close(): Promise<void>;
}

export async function startFixture(options: { asyncDelayMs?: number } = {}): Promise<EmulatorFixture> {
  // Waits poll many times in little real time: no rate limits on either side (they are tested elsewhere).
  const emu = await startEmulator({
    port: 0,
    seed: "default",
    clock: "manual",
    asyncDelayMs: options.asyncDelayMs ?? 0,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
  const client = createClient({
    baseUrl: emu.baseUrl,
    ...DEFAULT_SEED.orgOwnerKey,
    rateLimitPerMinute: 0,
  });
  const progress: string[] = [];
  const previousSink = setProgressSink((line) => progress.push(line));
  const clock: WaitClock = {
    now: () => emu.now(),
    sleep: async (ms) => emu.advance(ms),
    random: () => 0,
  };
  return {
    emu,
    client,
    clock,
    progress,
    async close() {
      setProgressSink(previousSink);
      await client.close();
      await emu.close();
    },
  };
}

/**
 * One emulator for the test file (started before its first test, closed after its last), reset
 * before each test with the progress lines emptied. The returned fixture reads through to the
 * running one, so it can be taken at module level and used inside tests.
 */
export function useEmulatorFixture(options: { asyncDelayMs?: number } = {}): EmulatorFixture {
  let running: EmulatorFixture | undefined;
  const current = (): EmulatorFixture => {
    if (running === undefined) throw new Error("the emulator fixture is used outside a test (not started)");
    return running;
  };
  beforeAll(async () => {
    running = await startFixture(options);
  });
  afterAll(async () => running?.close());
  beforeEach(() => {
    current().emu.reset();
    current().progress.length = 0;
  });
  return {
    get emu() {
      return current().emu;
    },
    get client() {
      return current().client;
    },
    get clock() {
      return current().clock;
    },
    get progress() {
      return current().progress;
    },
    close: () => current().close(),
  };
}

/** Runs the provider's check, expects no failures, and returns the checked inputs. */
export async function checkedInputs(
  provider: PlatformProvider,
  news: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await provider.check({}, news);
  expect(result.failures).toEqual([]);
  return result.inputs as Record<string, unknown>;
}

/** The provider's create, with the outputs it always returns (CreateResult types them optional). */
export async function createdWith(
  provider: PlatformProvider,
  inputs: Record<string, unknown>,
): Promise<{ id: string; outs: Record<string, unknown> }> {
  const result = await provider.create(inputs);
  return { id: result.id, outs: result.outs ?? {} };
}
