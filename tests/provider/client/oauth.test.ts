/** Service account tokens: caching, single-flight, expiry margin, refresh on 401, revoke on close. */
import { createClient, type PlatformClient } from "../../../provider/client";
import { OAuthTokenSource } from "../../../provider/client/oauth";
import { json, startServer, type TestServer } from "./helpers";

const GROUP = "5f1a000000000000000000a1";
const CLIENT_ID = "mdb_sa_id_test";
const CLIENT_SECRET = "mdb_sa_sk_test_SECRET_0001";

describe("OAuthTokenSource", () => {
  test("shares one token request among many concurrent callers", async () => {
    let issued = 0;
    const source = new OAuthTokenSource(
      {
        issue: async () => {
          issued += 1;
          await new Promise((r) => setTimeout(r, 20));
          return { accessToken: `token-number-${issued}`, expiresInSeconds: 3600 };
        },
        revoke: async () => {},
      },
      { refreshMarginMs: 60_000 },
    );
    const tokens = await Promise.all(Array.from({ length: 25 }, () => source.token()));
    expect(issued).toBe(1);
    expect(new Set(tokens.map((t) => t.reveal()))).toEqual(new Set(["token-number-1"]));
  });

  test("renews shortly before expiry (margin), not earlier", async () => {
    let now = 1_000_000;
    let issued = 0;
    const source = new OAuthTokenSource(
      {
        issue: async () => ({ accessToken: `token-number-${++issued}`, expiresInSeconds: 3600 }),
        revoke: async () => {},
      },
      { refreshMarginMs: 60_000, now: () => now },
    );
    expect((await source.token()).reveal()).toBe("token-number-1");
    now += 3600_000 - 61_000;
    expect((await source.token()).reveal()).toBe("token-number-1");
    now += 2_000; // now inside the 60 s margin
    expect((await source.token()).reveal()).toBe("token-number-2");
    expect(issued).toBe(2);
  });

  test("a failed token request is not cached; the next caller tries again", async () => {
    let attempts = 0;
    const source = new OAuthTokenSource(
      {
        issue: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error("boom");
          return { accessToken: "token-after-failure", expiresInSeconds: 3600 };
        },
        revoke: async () => {},
      },
      { refreshMarginMs: 60_000 },
    );
    await expect(source.token()).rejects.toThrow("boom");
    expect((await source.token()).reveal()).toBe("token-after-failure");
  });
});

describe("service account over HTTP", () => {
  let server: TestServer;
  let client: PlatformClient | undefined;
  let tokens: number;
  let revoked: string[];
  let valid: Set<string>;
  afterEach(async () => {
    await client?.close();
    client = undefined;
    await server.close();
  });
  beforeEach(async () => {
    tokens = 0;
    revoked = [];
    valid = new Set();
    server = await startServer(async (req, res) => {
      if (req.url === "/api/oauth/token") {
        const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
        if (req.headers.authorization !== expected || req.body !== "grant_type=client_credentials") {
          json(res, 401, { error: "invalid_client" });
          return;
        }
        tokens += 1;
        const token = `access-token-${tokens}-abcdef`;
        valid.add(token);
        await new Promise((r) => setTimeout(r, 10));
        json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600 });
        return;
      }
      if (req.url === "/api/oauth/revoke") {
        revoked.push(new URLSearchParams(req.body).get("token") ?? "");
        json(res, 200, {});
        return;
      }
      const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
      if (!valid.has(bearer)) {
        json(res, 401, { error: 401, errorCode: "NOT_ORG_GROUP_CREATOR", detail: "expired token" });
        return;
      }
      json(res, 200, { enabled: true });
    });
  });
  const newClient = () => {
    client = createClient({
      baseUrl: server.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      rateLimitPerMinute: 0,
    });
    return client;
  };

  test("mints one token for many concurrent calls and reuses it", async () => {
    const c = newClient();
    await Promise.all(Array.from({ length: 30 }, () => c.customDns.get(GROUP)));
    await c.customDns.get(GROUP);
    expect(tokens).toBe(1);
    expect(c.stats.tokensIssued).toBe(1);
  });

  test("refreshes once after a 401 (token expired server-side)", async () => {
    const c = newClient();
    await c.customDns.get(GROUP);
    valid.clear(); // the server forgets every token
    await Promise.all(Array.from({ length: 10 }, () => c.customDns.get(GROUP)));
    expect(tokens).toBe(2);
  });

  test("does not loop when a fresh token is refused too", async () => {
    const c = newClient();
    await c.customDns.get(GROUP);
    server.setHandler((req, res) => {
      if (req.url === "/api/oauth/token")
        json(res, 200, { access_token: "never-valid-token", expires_in: 3600 });
      else json(res, 401, { error: 401, errorCode: "NOT_ORG_GROUP_CREATOR", detail: "no" });
    });
    valid.clear();
    await expect(c.customDns.get(GROUP)).rejects.toMatchObject({
      status: 401,
      code: "NOT_ORG_GROUP_CREATOR",
      attempts: 2,
    });
  });

  test("reports a refused client secret as the token request's failure", async () => {
    client = createClient({
      baseUrl: server.baseUrl,
      clientId: CLIENT_ID,
      clientSecret: "wrong-secret-value",
      rateLimitPerMinute: 0,
    });
    const err = await client.customDns.get(GROUP).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, path: "/api/oauth/token" });
    expect(String((err as Error).message)).toContain(
      "Requesting an access token for the service account failed",
    );
  });

  test("revokes the token on close()", async () => {
    const c = newClient();
    await c.customDns.get(GROUP);
    await c.close();
    client = undefined;
    expect(revoked).toEqual(["access-token-1-abcdef"]);
  });
});
