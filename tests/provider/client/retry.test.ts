/** Retry policy: the table of what is retried, backoff, Retry-After, and POST safety over HTTP. */
import { createServer, type Server } from "node:net";
import { createClient, type PlatformClient, PlatformError } from "../../../provider/client";
import {
  type AttemptOutcome,
  backoffDelayMs,
  classifyTransportError,
  isRetryable,
  parseRetryAfter,
} from "../../../provider/client/retry";
import { json, startServer, type TestServer } from "./helpers";

const GROUP = "5f1a000000000000000000a1";

describe("isRetryable: the policy table", () => {
  const status = (s: number): AttemptOutcome => ({ kind: "status", status: s });
  const refused: AttemptOutcome = { kind: "network", notSent: true };
  const reset: AttemptOutcome = { kind: "network", notSent: false };
  const timeout: AttemptOutcome = { kind: "timeout" };
  const table: Array<[string, AttemptOutcome, boolean, boolean]> = [
    // [name, outcome, idempotent methods retry, POST retries]
    ["429", status(429), true, true],
    ["500", status(500), true, false],
    ["502", status(502), true, false],
    ["503", status(503), true, false],
    ["504", status(504), true, false],
    ["400", status(400), false, false],
    ["401", status(401), false, false],
    ["404", status(404), false, false],
    ["409", status(409), false, false],
    ["connection refused (nothing sent)", refused, true, true],
    ["connection reset after sending", reset, true, false],
    ["timeout after sending", timeout, true, false],
  ];
  test.each(table)("%s", (_name, outcome, idempotent, post) => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"])
      expect(isRetryable(method, outcome)).toBe(idempotent);
    expect(isRetryable("POST", outcome)).toBe(post);
  });
});

describe("backoff and Retry-After", () => {
  test("is exponential with full jitter, capped", () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 };
    expect([1, 2, 3, 4, 5, 6].map((r) => backoffDelayMs(r, options))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(backoffDelayMs(3, { ...options, random: () => 0 })).toBe(0);
  });
  test("waits at least Retry-After", () => {
    expect(backoffDelayMs(1, { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 }, 7000)).toBe(7000);
  });
  test("parses seconds and HTTP dates", () => {
    expect(parseRetryAfter("3")).toBe(3000);
    expect(
      parseRetryAfter("Wed, 21 Oct 2015 07:28:10 GMT", Date.parse("Wed, 21 Oct 2015 07:28:00 GMT")),
    ).toBe(10000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
  test("classifies transport errors, including wrapped and aggregated ones", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(classifyTransportError(refused)).toEqual({ kind: "network", notSent: true });
    expect(classifyTransportError(new AggregateError([refused]))).toEqual({ kind: "network", notSent: true });
    const socket = Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" });
    expect(classifyTransportError(socket)).toEqual({ kind: "network", notSent: false });
    expect(
      classifyTransportError(Object.assign(new Error("t"), { code: "UND_ERR_HEADERS_TIMEOUT" })),
    ).toEqual({
      kind: "timeout",
    });
    expect(classifyTransportError(new Error("plain"))).toBeUndefined();
  });
});

describe("retries over HTTP", () => {
  let server: TestServer | undefined;
  let client: PlatformClient | undefined;
  const sleeps: number[] = [];
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
    sleeps.length = 0;
  });
  const newClient = (baseUrl: string, extra: Record<string, unknown> = {}) => {
    client = createClient(
      {
        baseUrl,
        publicKey: "retry-public",
        privateKey: "retry-private-key-0001",
        rateLimitPerMinute: 0,
        maxRetries: 3,
        ...extra,
      },
      {
        random: () => 0.5,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      },
    );
    return client;
  };
  /** Answer the given statuses in order, then 200 with `body`. */
  const sequence = (statuses: Array<[number, Record<string, string>?]>, body: unknown) => {
    let index = 0;
    return startServer((_req, res) => {
      const next = statuses[index++];
      if (next)
        json(
          res,
          next[0],
          {
            error: next[0],
            errorCode: next[0] === 429 ? "RATE_LIMITED" : "SERVICE_UNAVAILABLE",
            detail: "try later",
          },
          next[1],
        );
      else json(res, 200, body);
    });
  };

  test("retries 503 then succeeds for GET, with backoff between attempts", async () => {
    server = await sequence([[503], [503]], { enabled: true });
    const c = newClient(server.baseUrl);
    await expect(c.customDns.get(GROUP)).resolves.toEqual({ enabled: true });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
    const ids = new Set(server.requests.map((r) => r.headers["x-request-id"]));
    expect(ids.size).toBe(1); // one request id per logical call
  });

  test("honours Retry-After on 429, also for POST", async () => {
    server = await sequence([[429, { "retry-after": "7" }]], {
      _id: "b1",
      bucketName: "bucket",
      cloudProvider: "AWS",
    });
    const c = newClient(server.baseUrl);
    await c.exportBuckets.create(GROUP, { bucketName: "bucket", cloudProvider: "AWS", iamRoleId: "r" });
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
  });

  test("honours Retry-After on 503 for idempotent methods", async () => {
    server = await sequence([[503, { "retry-after": "2" }]], { enabled: true });
    const c = newClient(server.baseUrl);
    await c.customDns.get(GROUP);
    expect(sleeps).toEqual([2000]);
  });

  test("never retries a POST on 500 or 503", async () => {
    for (const status of [500, 503]) {
      server = await sequence([[status]], { _id: "b1", bucketName: "bucket", cloudProvider: "AWS" });
      const c = newClient(server.baseUrl);
      const err = (await c.exportBuckets
        .create(GROUP, { bucketName: "bucket", cloudProvider: "AWS", iamRoleId: "r" })
        .catch((e: unknown) => e)) as PlatformError;
      expect(err).toBeInstanceOf(PlatformError);
      expect(err.status).toBe(status);
      expect(err.message).toContain("not repeated");
      expect(server.requests).toHaveLength(1);
      await c.close();
      await server.close();
    }
    server = undefined;
  });

  test("gives up after maxRetries with the last answer", async () => {
    server = await sequence([[503], [503], [503], [503], [503]], {});
    const c = newClient(server.baseUrl);
    const err = (await c.customDns.get(GROUP).catch((e: unknown) => e)) as PlatformError;
    expect(err).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, attempts: 4 });
    expect(err.message).toContain("(after 4 HTTP requests)");
  });

  test("a 429 that persists ends as RATE_LIMITED", async () => {
    server = await sequence([[429], [429], [429], [429]], {});
    const c = newClient(server.baseUrl);
    await expect(c.customDns.get(GROUP)).rejects.toMatchObject({ code: "RATE_LIMITED", status: 429 });
  });

  test("does not retry a POST whose connection was reset after sending; does retry a GET", async () => {
    let calls = 0;
    server = await startServer((req, res, raw) => {
      calls += 1;
      if (calls === 1) {
        raw.socket.destroy();
        return;
      }
      json(
        res,
        200,
        req.method === "POST" ? { _id: "b", bucketName: "b", cloudProvider: "AWS" } : { enabled: true },
      );
    });
    const c = newClient(server.baseUrl);
    const err = (await c.exportBuckets
      .create(GROUP, { bucketName: "bucket", cloudProvider: "AWS", iamRoleId: "r" })
      .catch((e: unknown) => e)) as PlatformError;
    expect(err.code).toBe("NETWORK_ERROR");
    expect(err.message).toContain("may have acted on it");
    expect(calls).toBe(1);
    calls = 0;
    await expect(c.customDns.get(GROUP)).resolves.toEqual({ enabled: true });
    expect(calls).toBe(2);
  });

  test("retries a POST whose connection was refused (nothing sent)", async () => {
    // A port that refuses: bind, note the port, close.
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const c = newClient(`http://127.0.0.1:${port}/api/platform/v2`);
    const err = (await c.exportBuckets
      .create(GROUP, { bucketName: "bucket", cloudProvider: "AWS", iamRoleId: "r" })
      .catch((e: unknown) => e)) as PlatformError;
    expect(err.code).toBe("NETWORK_ERROR");
    expect(err.attempts).toBe(4);
    expect(err.message).toContain("ECONNREFUSED");
    expect(sleeps).toHaveLength(3);
  });

  test("times out a request (TIMEOUT); GET is retried, POST is not", async () => {
    server = await startServer(() => {
      /* never answer */
    });
    const c = newClient(server.baseUrl, { requestTimeoutMs: 100, maxRetries: 1 });
    await expect(c.customDns.get(GROUP)).rejects.toMatchObject({ code: "TIMEOUT", attempts: 2 });
    const requestsAfterGet = server.requests.length;
    await expect(
      c.exportBuckets.create(GROUP, { bucketName: "bucket", cloudProvider: "AWS", iamRoleId: "r" }),
    ).rejects.toMatchObject({ code: "TIMEOUT", attempts: 1 });
    expect(server.requests.length - requestsAfterGet).toBe(1);
  });

  test("stops at the call's deadline (DEADLINE_EXCEEDED)", async () => {
    server = await startServer(() => {
      /* never answer */
    });
    const c = newClient(server.baseUrl, { requestTimeoutMs: 10_000, deadlineMs: 150 });
    const started = Date.now();
    await expect(c.customDns.get(GROUP)).rejects.toMatchObject({ code: "DEADLINE_EXCEEDED" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("does not wait for a Retry-After beyond the deadline", async () => {
    server = await sequence([[429, { "retry-after": "120" }]], {});
    const c = newClient(server.baseUrl, { deadlineMs: 5000 });
    const err = (await c.customDns.get(GROUP).catch((e: unknown) => e)) as PlatformError;
    expect(err.code).toBe("RATE_LIMITED");
    expect(err.message).toContain("would pass the 5000 ms deadline");
    expect(sleeps).toEqual([]);
  });
});
