/**
 * Scripted fault sequences against the emulator (control API POST /__emulator/faults): 429 with
 * Retry-After, 503 then success, dropped connections, stale digest nonces, expired OAuth tokens,
 * and the per-project throttle against the emulator's fixed-window rate limit.
 */
import { startEmulator } from "../../../emulator";
import { createClient, type PlatformClient, PlatformError, resetThrottles } from "../../../provider/client";

type Emulator = Awaited<ReturnType<typeof startEmulator>>;
interface LogEntry {
  method: string;
  path: string;
  status: number;
  operation: string | null;
}

const GROUP = "5f1a000000000000000000a1";
const KEY = { publicKey: "demo-public-key", privateKey: "demo-private-key-0000-0000-000000000001" };
const DNS_PATH = `/api/platform/v2/groups/${GROUP}/awsCustomDNS`;
const BUCKETS_PATH = `/api/platform/v2/groups/${GROUP}/backup/exportBuckets`;

const emulators: Emulator[] = [];
const clients: PlatformClient[] = [];

async function emulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  const emu = await startEmulator({
    port: 0,
    seed: "default",
    rateLimit: { limit: 100_000, windowMs: 60_000 },
    ...options,
  });
  emulators.push(emu);
  return emu;
}

function clientFor(emu: Emulator, extra: Record<string, unknown> = {}): PlatformClient {
  const client = createClient({
    baseUrl: emu.baseUrl,
    ...KEY,
    rateLimitPerMinute: 0,
    retryBaseDelayMs: 10,
    retryMaxDelayMs: 50,
    ...extra,
  });
  clients.push(client);
  return client;
}

async function control(emu: Emulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${emu.url}/__emulator/${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const requestLog = async (emu: Emulator) => (await control(emu, "GET", "requests")) as LogEntry[];

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  for (const emu of emulators.splice(0)) await emu.close();
  resetThrottles();
});

test("429 with Retry-After: waits the given seconds, then succeeds", async () => {
  const emu = await emulator();
  const client = clientFor(emu);
  await client.customDns.get(GROUP); // earn the digest challenge first
  await control(emu, "POST", "faults", {
    pathPattern: DNS_PATH,
    method: "GET",
    status: 429,
    headers: { "Retry-After": "1" },
    body: { error: 429, errorCode: "RATE_LIMITED", detail: "slow down", reason: "Too Many Requests" },
    count: 1,
  });
  await control(emu, "DELETE", "requests");
  const started = Date.now();
  await expect(client.customDns.get(GROUP)).resolves.toHaveProperty("enabled");
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expect((await requestLog(emu)).map((e) => e.status)).toEqual([429, 200]);
});

test("429 is retried for POST too (the server did not act)", async () => {
  const emu = await emulator();
  const client = clientFor(emu);
  await control(emu, "POST", "faults", {
    pathPattern: BUCKETS_PATH,
    method: "POST",
    status: 429,
    headers: { "Retry-After": "0" },
    count: 1,
  });
  const bucket = await client.exportBuckets.create(GROUP, {
    bucketName: "after-429",
    cloudProvider: "AWS",
    iamRoleId: "5f1a000000000000000000c1",
  });
  expect(bucket.bucketName).toBe("after-429");
});

test("503 twice then success for GET; a POST answered 503 is not repeated", async () => {
  const emu = await emulator();
  const client = clientFor(emu);
  await client.customDns.get(GROUP);
  await control(emu, "POST", "faults", { pathPattern: DNS_PATH, method: "GET", status: 503, count: 2 });
  await control(emu, "DELETE", "requests");
  await client.customDns.get(GROUP);
  expect((await requestLog(emu)).map((e) => e.status)).toEqual([503, 503, 200]);

  await control(emu, "POST", "faults", { pathPattern: BUCKETS_PATH, method: "POST", status: 503, count: 1 });
  await control(emu, "DELETE", "requests");
  const err = await client.exportBuckets
    .create(GROUP, { bucketName: "never-twice", cloudProvider: "AWS", iamRoleId: "5f1a000000000000000000c1" })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(PlatformError);
  expect(err).toMatchObject({ status: 503, attempts: 1 });
  expect((await requestLog(emu)).filter((e) => e.method === "POST")).toHaveLength(1);
});

test("a dropped connection: GET is retried; POST is not repeated", async () => {
  const emu = await emulator();
  const client = clientFor(emu);
  await client.customDns.get(GROUP);
  await control(emu, "POST", "faults", { pathPattern: DNS_PATH, method: "GET", drop: true, count: 1 });
  await expect(client.customDns.get(GROUP)).resolves.toHaveProperty("enabled");

  await control(emu, "POST", "faults", { pathPattern: BUCKETS_PATH, method: "POST", drop: true, count: 1 });
  await control(emu, "DELETE", "requests");
  const err = (await client.exportBuckets
    .create(GROUP, { bucketName: "dropped", cloudProvider: "AWS", iamRoleId: "5f1a000000000000000000c1" })
    .catch((e: unknown) => e)) as PlatformError;
  expect(err.code).toBe("NETWORK_ERROR");
  expect(err.message).toContain("not repeated");
  expect((await requestLog(emu)).filter((e) => e.method === "POST")).toHaveLength(1);
});

test("an expired digest nonce (stale=true) costs one extra request", async () => {
  const emu = await emulator({ clock: "manual", nonceTtlMs: 60_000 });
  const client = clientFor(emu);
  await client.customDns.get(GROUP);
  await client.customDns.get(GROUP);
  emu.advance(61_000);
  await control(emu, "DELETE", "requests");
  await client.customDns.get(GROUP);
  await client.customDns.get(GROUP);
  expect((await requestLog(emu)).map((e) => e.status)).toEqual([401, 200, 200]);
  expect(client.stats.authChallenges).toBe(2);
});

test("an expired OAuth token is replaced once, then reused", async () => {
  const emu = await emulator({ clock: "manual" });
  const client = clientFor(emu, {
    publicKey: undefined,
    privateKey: undefined,
    clientId: "mdb_sa_id_demo",
    clientSecret: "mdb_sa_sk_demo_0000000000000001",
  });
  await Promise.all(Array.from({ length: 10 }, () => client.customDns.get(GROUP)));
  expect(client.stats.tokensIssued).toBe(1);
  emu.advance(3_601_000); // the server's token expired; the client's clock did not move
  await Promise.all(Array.from({ length: 10 }, () => client.customDns.get(GROUP)));
  await client.customDns.get(GROUP);
  expect(client.stats.tokensIssued).toBe(2);
  const log = await requestLog(emu);
  expect(log.filter((e) => e.path === "/api/oauth/token")).toHaveLength(2);
});

test("the throttle keeps a project under the emulator's fixed-window limit: no 429, near the minimum time", async () => {
  const limit = 10;
  const windowMs = 1000;
  const emu = await emulator({ rateLimit: { limit, windowMs } });
  const client = clientFor(emu, { rateLimitPerMinute: limit, rateLimitWindowMs: windowMs, maxRetries: 0 });
  const calls = 35;
  const started = Date.now();
  await Promise.all(Array.from({ length: calls }, () => client.alertConfigs.list(GROUP)));
  const elapsed = Date.now() - started;
  const log = await requestLog(emu);
  expect(log.filter((e) => e.status === 429)).toHaveLength(0);
  const minimum = (Math.ceil(calls / limit) - 1) * windowMs; // 3 s
  expect(elapsed).toBeLessThan(minimum * 1.15 + 500); // some room for a loaded machine
}, 20_000);
