/**
 * Credentials never leak: every failure path is driven with known secrets, and the thrown value
 * (message, stack, JSON, inspect), plus every captured log line, is searched for them.
 */
import { inspect } from "node:util";
import {
  createClient,
  maskSecrets,
  type PlatformClient,
  resolveClientConfig,
  Secret,
} from "../../../provider/client";
import { digestGuard, json, startServer, type TestServer } from "./helpers";

const GROUP = "5f1a000000000000000000a1";
const PRIVATE_KEY = "leak-check-private-key-7f3a9c";
const CLIENT_SECRET = "leak-check-client-secret-91bd";
const ACCESS_TOKEN = "leak-check-access-token-c0ffee";

function everyForm(err: unknown): string {
  const e = err as Error;
  return [
    String(err),
    e.message,
    e.stack ?? "",
    JSON.stringify(err),
    inspect(err, { depth: 10, showHidden: true }),
  ].join("\n");
}

function expectClean(text: string): void {
  for (const secret of [PRIVATE_KEY, CLIENT_SECRET, ACCESS_TOKEN]) expect(text).not.toContain(secret);
}

describe("secrets never leak", () => {
  let server: TestServer;
  let client: PlatformClient | undefined;
  const logs: string[] = [];
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await server?.close();
    expectClean(logs.join("\n"));
    logs.length = 0;
  });

  const digestClient = (extra: Record<string, unknown> = {}) => {
    client = createClient(
      {
        baseUrl: server.baseUrl,
        publicKey: "leak-public",
        privateKey: PRIVATE_KEY,
        rateLimitPerMinute: 0,
        maxRetries: 1,
        retryBaseDelayMs: 1,
        logger: (line) => logs.push(line),
        ...extra,
      },
      { sleep: async () => {} },
    );
    return client;
  };
  const oauthClient = () => {
    client = createClient({
      baseUrl: server.baseUrl,
      clientId: "leak-client",
      clientSecret: CLIENT_SECRET,
      rateLimitPerMinute: 0,
      maxRetries: 1,
      retryBaseDelayMs: 1,
      logger: (line) => logs.push(line),
    });
    return client;
  };

  test("wrong digest key (401)", async () => {
    const guard = digestGuard({ username: "leak-public", password: "the-right-key-0000" });
    server = await startServer((req, res) => {
      if (guard.check(req, res)) json(res, 200, {});
    });
    const err = await digestClient()
      .customDns.get(GROUP)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401 });
    expectClean(everyForm(err));
  });

  test("a server that echoes the credentials in its error detail and parameters", async () => {
    server = await startServer((req, res) =>
      json(res, 400, {
        error: 400,
        errorCode: "INVALID_ATTRIBUTE",
        detail: `Bad header ${req.headers.authorization} with key ${PRIVATE_KEY}`,
        parameters: [PRIVATE_KEY, req.headers.authorization],
      }),
    );
    const err = await digestClient()
      .exportBuckets.create(GROUP, { bucketName: PRIVATE_KEY, cloudProvider: "AWS", iamRoleId: "x" })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "INVALID_ATTRIBUTE" });
    expectClean(everyForm(err));
  });

  test("5xx retries, 429, timeouts and network failures", async () => {
    let n = 0;
    server = await startServer((_req, res, raw) => {
      n += 1;
      if (n % 3 === 0) raw.socket.destroy();
      else json(res, n % 2 ? 503 : 429, { error: 503, detail: `key ${PRIVATE_KEY}` }, { "retry-after": "0" });
    });
    const c = digestClient();
    for (let i = 0; i < 4; i++) expectClean(everyForm(await c.customDns.get(GROUP).catch((e: unknown) => e)));
    server.setHandler(() => {});
    const slow = digestClient({ requestTimeoutMs: 50 });
    expectClean(everyForm(await slow.customDns.get(GROUP).catch((e: unknown) => e)));
    const dead = digestClient({ requestTimeoutMs: 5000, deadlineMs: 60 });
    expectClean(everyForm(await dead.customDns.get(GROUP).catch((e: unknown) => e)));
  });

  test("invalid response bodies", async () => {
    server = await startServer((_req, res) => json(res, 200, { enabled: PRIVATE_KEY }));
    const err = await digestClient()
      .customDns.get(GROUP)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "INVALID_RESPONSE" });
    expectClean(everyForm(err));
  });

  test("OAuth: refused client secret, refused token, and a token echoed back", async () => {
    server = await startServer((req, res) => {
      if (req.url === "/api/oauth/token")
        json(res, 401, { error: "invalid_client", detail: req.headers.authorization });
      else json(res, 200, {});
    });
    expectClean(
      everyForm(
        await oauthClient()
          .customDns.get(GROUP)
          .catch((e: unknown) => e),
      ),
    );
    server.setHandler((req, res) => {
      if (req.url === "/api/oauth/token") json(res, 200, { access_token: ACCESS_TOKEN, expires_in: 3600 });
      else
        json(res, 401, {
          error: 401,
          errorCode: "NOT_ORG_GROUP_CREATOR",
          detail: `token ${ACCESS_TOKEN} refused`,
        });
    });
    const c = oauthClient();
    const err = await c.customDns.get(GROUP).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401 });
    expectClean(everyForm(err));
    expectClean(inspect(c, { depth: 10, showHidden: true }));
    expectClean(JSON.stringify(c.config));
  });

  test("configuration errors", () => {
    for (const source of [
      { baseUrl: "http://example.com/api/p/v2", publicKey: "p", privateKey: PRIVATE_KEY },
      { baseUrl: `https://u:${PRIVATE_KEY}@example.com/api/p/v2`, publicKey: "p", privateKey: PRIVATE_KEY },
      { baseUrl: "https://example.com/api/p/v2", privateKey: PRIVATE_KEY },
      {
        baseUrl: "https://example.com/api/p/v2",
        clientSecret: CLIENT_SECRET,
        publicKey: "p",
        privateKey: PRIVATE_KEY,
      },
    ]) {
      let thrown: unknown;
      try {
        resolveClientConfig(source, {});
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeDefined();
      expectClean(everyForm(thrown));
    }
  });
});

describe("maskSecrets (the log-line helper)", () => {
  test("masks registered secrets and credential-looking fragments", () => {
    new Secret("registered-secret-value-42");
    const line = [
      "value registered-secret-value-42 here",
      'Authorization: Digest username="u", realm="r", nonce="n", response="abcdef0123", cnonce="c1"',
      "Bearer eyJhbGciOi.payload.sig",
      "grant_type=client_credentials&client_secret=abc123",
      '{"access_token":"tok-123","privateKey":"pk-999"}',
    ].join(" | ");
    const masked = maskSecrets(line);
    for (const secret of [
      "registered-secret-value-42",
      "abcdef0123",
      "eyJhbGciOi",
      "abc123",
      "tok-123",
      "pk-999",
    ]) {
      expect(masked).not.toContain(secret);
    }
    expect(masked).toContain("[REDACTED]");
  });
});
