/**
 * Client benchmark (npm run bench:client). One run prints three figures, counted by the emulator's
 * request log (GET /__emulator/requests), not by the client itself:
 *
 *   1. HTTP requests per API call over 500 calls with digest nonce reuse (goal <= 1.02);
 *   2. the same with nonce reuse off (expected 2.0: every call earns its own challenge);
 *   3. 300 calls against one project with the emulator's limit at 100 requests per 10 s window:
 *      failed calls (goal 0), 429 answers, and total time against the theoretical minimum
 *      (goal within 1.15x). The minimum is the fixed-window bound (scripts/lib/fixed-window-bound.ts):
 *      from the start, the time until the window in which the last batch may go opens.
 *
 *   npm run bench:client [-- --calls 500 --throttle-calls 300 --limit 100 --window-ms 10000]
 */
import { parseArgs } from "node:util";
import { DEFAULT_SEED, startEmulator } from "../emulator";
import { createClient, type PlatformClient, resetThrottles } from "../provider/client";
import { fixedWindowBoundSeconds } from "./lib/fixed-window-bound";

const GROUP = DEFAULT_SEED.projectId;
const KEY = DEFAULT_SEED.orgOwnerKey;

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
interface LogEntry {
  path: string;
  status: number;
}

async function requestLog(emu: Emulator): Promise<LogEntry[]> {
  const response = await fetch(`${emu.url}/__emulator/requests`);
  return ((await response.json()) as LogEntry[]).filter((e) => e.path.startsWith("/api/"));
}

async function clearLog(emu: Emulator): Promise<void> {
  await fetch(`${emu.url}/__emulator/requests`, { method: "DELETE" });
}

/** Sequential calls, so every call's round trips are its own. */
async function requestsPerCall(emu: Emulator, calls: number, digestNonceReuse: boolean): Promise<number> {
  const client: PlatformClient = createClient({
    baseUrl: emu.baseUrl,
    ...KEY,
    digestNonceReuse,
    rateLimitPerMinute: 0,
  });
  await clearLog(emu);
  for (let i = 0; i < calls; i++) await client.customDns.get(GROUP);
  await client.close();
  const log = await requestLog(emu);
  const failed = log.filter((e) => e.status !== 200 && e.status !== 401).length;
  if (failed > 0) throw new Error(`${failed} unexpected answers during the round-trip benchmark`);
  return log.length / calls;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      calls: { type: "string", default: "500" },
      "throttle-calls": { type: "string", default: "300" },
      limit: { type: "string", default: "100" },
      "window-ms": { type: "string", default: "10000" },
    },
  });
  const calls = Number(values.calls);
  const throttleCalls = Number(values["throttle-calls"]);
  const limit = Number(values.limit);
  const windowMs = Number(values["window-ms"]);

  // 1 and 2: round trips per call (the project limit lifted: this part measures authentication).
  const open = await startEmulator({
    port: 0,
    seed: "default",
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
  const withReuse = await requestsPerCall(open, calls, true);
  const withoutReuse = await requestsPerCall(open, calls, false);
  await open.close();

  // 3: throttle against the emulator's fixed-window limit, every call launched at once.
  resetThrottles();
  const limited = await startEmulator({ port: 0, seed: "default", rateLimit: { limit, windowMs } });
  const client = createClient({
    baseUrl: limited.baseUrl,
    ...KEY,
    rateLimitPerMinute: limit,
    rateLimitWindowMs: windowMs,
  });
  const started = Date.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: throttleCalls }, () => client.alertConfigs.list(GROUP)),
  );
  const elapsedMs = Date.now() - started;
  await client.close();
  const log = await requestLog(limited);
  await limited.close();
  const failedCalls = outcomes.filter((o) => o.status === "rejected").length;
  const answered429 = log.filter((e) => e.status === 429).length;
  const minimumMs =
    fixedWindowBoundSeconds({ startMs: started, usedAtStart: 0, needed: throttleCalls, limit, windowMs }) *
    1000;

  const lines = [
    `Client benchmark (${new Date().toISOString()}, Node ${process.version})`,
    `digest, nonce reuse on : ${withReuse.toFixed(3)} HTTP requests per API call over ${calls} calls (goal <= 1.02)`,
    `digest, nonce reuse off: ${withoutReuse.toFixed(3)} HTTP requests per API call over ${calls} calls (expected 2.0)`,
    `throttle: ${throttleCalls} calls, one project, emulator limit ${limit} per ${windowMs} ms window:`,
    `  failed calls ${failedCalls} (goal 0), 429 answers ${answered429}`,
    `  total ${(elapsedMs / 1000).toFixed(2)} s vs theoretical minimum ${(minimumMs / 1000).toFixed(2)} s = ${(elapsedMs / minimumMs).toFixed(3)}x (goal <= 1.15x)`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
