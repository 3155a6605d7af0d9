/**
 * Integration-test fixture for resource providers: the in-process emulator (default seed, manual
 * clock) and a client for it, plus a wait clock that moves the emulator's time instead of sleeping,
 * so waits through asynchronous states run instantly and deterministically.
 */
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import { setProgressSink } from "../../../provider/framework/progress";
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
    publicKey: "demo-public-key",
    privateKey: "demo-private-key-0000-0000-000000000001",
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
