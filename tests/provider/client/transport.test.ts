/** The request pipeline against an in-test loopback server: digest round trips, headers, errors. */
import { createClient, isNotFound, type PlatformClient, PlatformError } from "../../../provider/client";
import {
  digestGuard,
  json,
  startServer,
  TEST_PRIVATE_KEY,
  TEST_PUBLIC_KEY,
  type TestServer,
} from "./helpers";

const GROUP = "5f1a000000000000000000a1";
const alertConfig = {
  id: "5f1a0000000000000000aaaa",
  groupId: GROUP,
  eventTypeName: "DEPLOYMENT_FAILURE",
  enabled: true,
};

let server: TestServer;
let client: PlatformClient | undefined;

afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
});

function newClient(extra: Record<string, unknown> = {}): PlatformClient {
  client = createClient({
    baseUrl: server.baseUrl,
    publicKey: TEST_PUBLIC_KEY,
    privateKey: TEST_PRIVATE_KEY,
    rateLimitPerMinute: 0,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...extra,
  });
  return client;
}

describe("digest authentication over HTTP", () => {
  test("costs one round trip per call in steady state (nonce reused, nc increasing)", async () => {
    const guard = digestGuard({ username: TEST_PUBLIC_KEY, password: TEST_PRIVATE_KEY });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, alertConfig);
    });
    const c = newClient();
    for (let i = 0; i < 20; i++) await c.alertConfigs.get(GROUP, alertConfig.id);
    expect(server.requests).toHaveLength(21);
    expect(guard.stats.challenges).toBe(1);
    expect(guard.stats.ncs.slice(0, 3)).toEqual(["00000001", "00000002", "00000003"]);
  });

  test("stays correct under concurrency (every request its own nc)", async () => {
    const guard = digestGuard({
      username: TEST_PUBLIC_KEY,
      password: TEST_PRIVATE_KEY,
      algorithm: "SHA-256",
    });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, alertConfig);
    });
    const c = newClient();
    await c.alertConfigs.get(GROUP, alertConfig.id);
    await Promise.all(Array.from({ length: 40 }, () => c.alertConfigs.get(GROUP, alertConfig.id)));
    expect(guard.stats.ok).toBe(41);
    expect(server.requests).toHaveLength(42);
  });

  test("concurrent first calls share one challenge round trip", async () => {
    const guard = digestGuard({ username: TEST_PUBLIC_KEY, password: TEST_PRIVATE_KEY });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, alertConfig);
    });
    const c = newClient();
    await Promise.all(Array.from({ length: 30 }, () => c.alertConfigs.get(GROUP, alertConfig.id)));
    expect(guard.stats.challenges).toBe(1);
    expect(server.requests).toHaveLength(31);
  });

  test("costs two round trips per call with nonce reuse off", async () => {
    const guard = digestGuard({ username: TEST_PUBLIC_KEY, password: TEST_PRIVATE_KEY });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, alertConfig);
    });
    const c = newClient({ digestNonceReuse: false });
    for (let i = 0; i < 10; i++) await c.alertConfigs.get(GROUP, alertConfig.id);
    expect(server.requests).toHaveLength(20);
  });

  test("renews a stale nonce with one extra request", async () => {
    const guard = digestGuard({ username: TEST_PUBLIC_KEY, password: TEST_PRIVATE_KEY, nonceUses: 3 });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, alertConfig);
    });
    const c = newClient();
    for (let i = 0; i < 7; i++) await c.alertConfigs.get(GROUP, alertConfig.id);
    // 1 initial challenge + 7 successes + 2 stale renewals (after uses 3 and 6).
    expect(guard.stats.stale).toBe(2);
    expect(server.requests).toHaveLength(1 + 7 + 2);
  });

  test("fails with AUTHENTICATION_FAILED (no loop) when the key is wrong", async () => {
    const guard = digestGuard({ username: TEST_PUBLIC_KEY, password: "another-private-key" });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, alertConfig);
    });
    const c = newClient();
    const err = await c.alertConfigs.get(GROUP, alertConfig.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ status: 401, attempts: 2 });
    expect((err as PlatformError).message).toContain("Check the configured credentials");
    expect(server.requests).toHaveLength(2);
  });
});

describe("headers and paths", () => {
  test("sends the versioned media type, a request id and the legacy Accept on v1.0", async () => {
    server = await startServer((req, res) => {
      if (req.url.includes("/v1.0/")) json(res, 200, { enabled: false });
      else json(res, 200, alertConfig);
    });
    const guardless = newClient();
    // The server never challenges: credentials are only sent once a challenge is known.
    await guardless.alertConfigs.create(GROUP, { eventTypeName: "DEPLOYMENT_FAILURE", notifications: [] });
    await guardless.alertConfigs.get(GROUP, alertConfig.id);
    await guardless.legacy.setPrivateIpMode(GROUP, false);
    const [create, get, legacy] = server.requests;
    expect(create?.url).toBe(`/api/platform/v2/groups/${GROUP}/alertConfigs`);
    // Operation 5 declares only 2023-01-01: the newest version not later than the default date.
    expect(create?.headers.accept).toBe("application/vnd.platform.2023-01-01+json");
    expect(create?.headers["content-type"]).toBe("application/vnd.platform.2023-01-01+json");
    expect(get?.headers["content-type"]).toBeUndefined();
    expect(create?.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(create?.headers["x-request-id"]).not.toBe(get?.headers["x-request-id"]);
    expect(legacy?.url).toBe(`/api/platform/v1.0/groups/${GROUP}/privateIpMode`);
    expect(legacy?.headers.accept).toBe("application/json");
  });

  test("lets an operation choose another resource version and encodes path segments", async () => {
    server = await startServer((_req, res) => json(res, 200, { id: "a1", status: "OPEN" }));
    const c = newClient();
    await c.alerts.acknowledge(
      GROUP,
      "a1",
      { acknowledgedUntil: "2030-01-01T00:00:00Z" },
      { version: "2023-01-01" },
    );
    await c.searchIndexes
      .getByName(GROUP, "demo-cluster", "db", "coll/with slash", "idx")
      .catch(() => undefined);
    expect(server.requests[0]?.headers.accept).toBe("application/vnd.platform.2023-01-01+json");
    expect(server.requests[1]?.url).toBe(
      `/api/platform/v2/groups/${GROUP}/clusters/demo-cluster/search/indexes/db/coll%2Fwith%20slash/idx`,
    );
  });
});

describe("error mapping", () => {
  test("reads as a sentence naming operation, method, path, status, errorCode and detail", async () => {
    server = await startServer((_req, res) =>
      json(res, 409, {
        error: 409,
        errorCode: "SEARCH_DUPLICATE_INDEX",
        detail: "Index default already exists.",
        parameters: ["default"],
        reason: "Conflict",
      }),
    );
    const c = newClient();
    const err = (await c.searchIndexes
      .create(GROUP, "demo-cluster", { database: "db", collectionName: "c", name: "default", definition: {} })
      .catch((e: unknown) => e)) as PlatformError;
    expect(err.message).toBe(
      `Creating search index failed: POST /groups/${GROUP}/clusters/demo-cluster/search/indexes answered 409 SEARCH_DUPLICATE_INDEX: Index default already exists.`,
    );
    expect(err).toMatchObject({
      code: "SEARCH_DUPLICATE_INDEX",
      errorCode: "SEARCH_DUPLICATE_INDEX",
      status: 409,
      detail: "Index default already exists.",
      parameters: ["default"],
      method: "POST",
      attempts: 1,
      operation: "Creating search index",
    });
    expect(err.requestId).toBe(server.requests[0]?.headers["x-request-id"]);
  });

  test("maps an error answer without a body to HTTP_<status>, and 404 is recognised by isNotFound", async () => {
    server = await startServer((_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    const c = newClient();
    const err = await c.exportBuckets.get(GROUP, "5f1a000000000000000000ff").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "HTTP_404", status: 404 });
    expect(isNotFound(err)).toBe(true);
  });

  test("rejects a success body of the wrong shape with INVALID_RESPONSE naming the field", async () => {
    server = await startServer((_req, res) =>
      json(res, 200, { results: [{ id: 7, eventTypeName: "X" }], totalCount: 1 }),
    );
    const c = newClient();
    const err = (await c.alertConfigs.list(GROUP).catch((e: unknown) => e)) as PlatformError;
    expect(err.code).toBe("INVALID_RESPONSE");
    expect(err.message).toContain("`results.0.id`");
  });

  test("keeps unknown extra fields (loose schemas)", async () => {
    server = await startServer((_req, res) => json(res, 200, { ...alertConfig, brandNewField: { x: 1 } }));
    const c = newClient();
    const config = await c.alertConfigs.get(GROUP, alertConfig.id);
    expect(config).toMatchObject({ brandNewField: { x: 1 } });
  });

  test("rejects a success body that is not JSON", async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>");
    });
    const c = newClient();
    await expect(c.customDns.get(GROUP)).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
  });

  test("fails CLIENT_CLOSED after close()", async () => {
    server = await startServer((_req, res) => json(res, 200, { enabled: true }));
    const c = newClient();
    await c.close();
    await expect(c.customDns.get(GROUP)).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
  });
});

describe("pagination", () => {
  test("list returns one page; listAll walks every page", async () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ ...alertConfig, id: `id-${i}` }));
    server = await startServer((req, res) => {
      const url = new URL(req.url, "http://x");
      const pageNum = Number(url.searchParams.get("pageNum") ?? 1);
      const itemsPerPage = Number(url.searchParams.get("itemsPerPage") ?? 100);
      const results = items.slice((pageNum - 1) * itemsPerPage, pageNum * itemsPerPage);
      json(res, 200, { results, totalCount: items.length, links: [] });
    });
    const c = newClient();
    const page = await c.alertConfigs.list(GROUP, { pageNum: 2, itemsPerPage: 3, includeCount: true });
    expect(page.results.map((r) => r.id)).toEqual(["id-3", "id-4", "id-5"]);
    expect(page.totalCount).toBe(7);
    expect(server.requests[0]?.url).toContain("pageNum=2&itemsPerPage=3&includeCount=true");
    const all: string[] = [];
    for await (const item of c.alertConfigs.listAll(GROUP)) all.push(item.id);
    expect(all).toHaveLength(7);
  });
});

describe("throttle over HTTP", () => {
  test("queues calls so a fixed-window server limit is never hit (no 429s)", async () => {
    const limit = 5;
    const windowMs = 300;
    const arrivals: number[] = [];
    const windowCounts = new Map<number, number>();
    let rejected = 0;
    // Like the service: authenticate first, then count the project's requests in fixed windows.
    const guard = digestGuard({ username: TEST_PUBLIC_KEY, password: TEST_PRIVATE_KEY });
    server = await startServer((req, res) => {
      if (!guard.check(req, res)) return;
      const now = Date.now();
      arrivals.push(now);
      const window = Math.floor(now / windowMs);
      const count = (windowCounts.get(window) ?? 0) + 1;
      windowCounts.set(window, count);
      if (count > limit) {
        rejected += 1;
        json(res, 429, { error: 429, errorCode: "RATE_LIMITED" }, { "retry-after": "1" });
      } else json(res, 200, { enabled: true });
    });
    const c = newClient({ rateLimitPerMinute: limit, rateLimitWindowMs: windowMs, maxRetries: 0 });
    // Start a fifth into a window, so the first batch never straddles a boundary.
    await new Promise((resolve) =>
      setTimeout(resolve, (windowMs / 5 - (Date.now() % windowMs) + windowMs) % windowMs),
    );
    await Promise.all(Array.from({ length: 12 }, () => c.customDns.get(GROUP)));
    expect(rejected).toBe(0);
    // 12 calls at 5 per window: the fixed-window optimum, each window full but the last, none skipped.
    const windows = [...windowCounts.keys()];
    expect(Math.max(...windows) - Math.min(...windows)).toBe(2);
    expect([...windowCounts.values()]).toEqual([5, 5, 2]);
    expect(arrivals).toHaveLength(12);
  });
});
