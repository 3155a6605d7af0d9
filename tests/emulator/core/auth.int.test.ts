import { type RunningEmulator, startEmulator } from "../../../emulator";
import {
  challengesOf,
  DigestClient,
  http,
  md5,
  OTHER_PROJECT,
  OWNER_KEY,
  PROJECT,
  parseChallenge,
  READONLY_KEY,
  SERVICE_ACCOUNT,
  sha256,
  testOperations,
  V2,
} from "./helpers";

let emu: RunningEmulator;

beforeEach(async () => {
  emu = await startEmulator({ port: 0, seed: "default", clock: "manual", operations: testOperations });
});
afterEach(async () => {
  await emu.close();
});

const widgetsPath = `/api/platform/v2/groups/${PROJECT}/widgets`;

describe("HTTP Digest", () => {
  test("an unauthenticated request gets 401 with MD5 and SHA-256 challenges sharing one nonce", async () => {
    const answer = await http(`${emu.baseUrl}/groups/${PROJECT}/widgets`, { headers: { accept: V2 } });
    expect(answer.status).toBe(401);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.json).toEqual({
      detail: "You are not authenticated. No credentials were sent.",
      error: 401,
      errorCode: "UNAUTHENTICATED",
      parameters: ["No credentials were sent."],
      reason: "Unauthorized",
    });
    const [first, second] = challengesOf(answer).map(parseChallenge);
    expect(first).toEqual({
      realm: "MMS Public API",
      domain: "",
      nonce: expect.stringMatching(/^[a-f0-9]{32}$/),
      opaque: expect.stringMatching(/^[a-f0-9]{32}$/),
      algorithm: "MD5",
      qop: "auth",
      stale: "false",
    });
    expect(second).toEqual({ ...first, algorithm: "SHA-256" });
  });

  test.each(["MD5", "SHA-256"] as const)(
    "%s: a correct response is accepted and the nonce is reused",
    async (algorithm) => {
      const client = new DigestClient(emu.url, OWNER_KEY, algorithm);
      await client.challenge();
      const nonce = client.nonce;
      for (let index = 0; index < 3; index++) {
        const answer = await client.call("GET", widgetsPath);
        expect(answer.status).toBe(200);
      }
      expect(client.nonce).toBe(nonce);
      expect(client.nc).toBe(3);
    },
  );

  test("the response is computed exactly as RFC 7616 says (hand-built header)", async () => {
    const challenge = parseChallenge(challengesOf(await http(`${emu.baseUrl}/things/names`))[0] as string);
    const uri = `${widgetsPath}?pageNum=1`;
    const ha1 = sha256(`${OWNER_KEY.username}:MMS Public API:${OWNER_KEY.password}`);
    const ha2 = sha256(`GET:${uri}`);
    const response = sha256(`${ha1}:${challenge.nonce}:00000001:abcdef:auth:${ha2}`);
    const header =
      `Digest username="${OWNER_KEY.username}", realm="MMS Public API", nonce="${challenge.nonce}", ` +
      `uri="${uri}", algorithm=SHA-256, qop=auth, nc=00000001, cnonce="abcdef", response="${response}"`;
    const answer = await http(`${emu.url}${uri}`, { headers: { accept: V2, authorization: header } });
    expect(answer.status).toBe(200);
    // MD5 with the same nonce and the next count.
    const md5Response = md5(
      `${md5(`${OWNER_KEY.username}:MMS Public API:${OWNER_KEY.password}`)}:${challenge.nonce}:00000002:xyz:auth:${md5(`GET:${uri}`)}`,
    );
    const md5Header =
      `Digest username="${OWNER_KEY.username}", realm="MMS Public API", nonce="${challenge.nonce}", ` +
      `uri="${uri}", qop=auth, nc=00000002, cnonce="xyz", response="${md5Response}"`;
    expect(
      (await http(`${emu.url}${uri}`, { headers: { accept: V2, authorization: md5Header } })).status,
    ).toBe(200);
  });

  test("a replayed nonce count is refused", async () => {
    const client = new DigestClient(emu.url, OWNER_KEY);
    await client.challenge();
    const header = client.authorization("GET", widgetsPath);
    const first = await http(`${emu.url}${widgetsPath}`, { headers: { accept: V2, authorization: header } });
    expect(first.status).toBe(200);
    const replay = await http(`${emu.url}${widgetsPath}`, { headers: { accept: V2, authorization: header } });
    expect(replay.status).toBe(401);
    expect((replay.json as { detail: string }).detail).toBe(
      "You are not authenticated. Digest nonce count replayed.",
    );
    expect(parseChallenge(challengesOf(replay)[0] as string).stale).toBe("false");
  });

  test("counts may arrive out of order within the window (concurrent requests sharing a nonce)", async () => {
    const client = new DigestClient(emu.url, OWNER_KEY);
    await client.challenge();
    const third = client.authorization("GET", widgetsPath, 3);
    const second = client.authorization("GET", widgetsPath, 2);
    expect(
      (await http(`${emu.url}${widgetsPath}`, { headers: { accept: V2, authorization: third } })).status,
    ).toBe(200);
    expect(
      (await http(`${emu.url}${widgetsPath}`, { headers: { accept: V2, authorization: second } })).status,
    ).toBe(200);
  });

  test("an expired nonce gets 401 with a new challenge and stale=true", async () => {
    const client = new DigestClient(emu.url, OWNER_KEY);
    await client.challenge();
    const oldNonce = client.nonce;
    expect((await client.call("GET", widgetsPath)).status).toBe(200);
    emu.advance(5 * 60_000);
    const stale = await client.call("GET", widgetsPath, { retryStale: false });
    expect(stale.status).toBe(401);
    const challenge = parseChallenge(challengesOf(stale)[0] as string);
    expect(challenge.stale).toBe("true");
    expect(challenge.nonce).not.toBe(oldNonce);
    expect((stale.json as { detail: string }).detail).toBe(
      "You are not authenticated. The nonce is stale; retry with the new nonce.",
    );
    // The client adopts the new nonce and succeeds with it.
    client.adopt(stale);
    expect((await client.call("GET", widgetsPath)).status).toBe(200);
    expect(client.nonce).toBe(challenge.nonce);
  });

  test("a wrong password gets 401 without stale", async () => {
    const client = new DigestClient(emu.url, { username: OWNER_KEY.username, password: "wrong-password" });
    const answer = await client.call("GET", widgetsPath);
    expect(answer.status).toBe(401);
    expect((answer.json as { detail: string }).detail).toBe(
      "You are not authenticated. Digest wrong response.",
    );
    expect(parseChallenge(challengesOf(answer)[0] as string).stale).toBe("false");
  });

  test("an unknown user and a uri that is not the request's are refused", async () => {
    const stranger = new DigestClient(emu.url, { username: "nobody", password: "whatever-secret" });
    expect((await stranger.call("GET", widgetsPath)).status).toBe(401);
    const client = new DigestClient(emu.url, OWNER_KEY);
    await client.challenge();
    const header = client.authorization("GET", `${widgetsPath}?pageNum=2`);
    const answer = await http(`${emu.url}${widgetsPath}`, { headers: { accept: V2, authorization: header } });
    expect(answer.status).toBe(401);
    expect((answer.json as { detail: string }).detail).toBe(
      "You are not authenticated. Digest uri does not match the request.",
    );
  });

  test("a service account secret cannot be used with Digest", async () => {
    const client = new DigestClient(emu.url, {
      username: SERVICE_ACCOUNT.clientId,
      password: SERVICE_ACCOUNT.clientSecret,
    });
    expect((await client.call("GET", widgetsPath)).status).toBe(401);
  });
});

async function token(
  form = "grant_type=client_credentials",
  basic = SERVICE_ACCOUNT,
): Promise<ReturnType<typeof http>> {
  return http(`${emu.url}/api/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${basic.clientId}:${basic.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: form,
  });
}

describe("OAuth 2.0 client credentials", () => {
  test("token, use, revoke", async () => {
    const answer = await token();
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const body = answer.json as { access_token: string; token_type: string; expires_in: number };
    expect(body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 3600 });
    const bearer = { accept: V2, authorization: `Bearer ${body.access_token}` };
    expect((await http(`${emu.url}${widgetsPath}`, { headers: bearer })).status).toBe(200);

    const revoke = await http(`${emu.url}/api/oauth/revoke`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${SERVICE_ACCOUNT.clientId}:${SERVICE_ACCOUNT.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: `token=${body.access_token}&token_type_hint=access_token`,
    });
    expect(revoke.status).toBe(200);
    const after = await http(`${emu.url}${widgetsPath}`, { headers: bearer });
    expect(after.status).toBe(401);
    expect(challengesOf(after)).toEqual([
      expect.stringMatching(/^Digest realm="MMS Public API", .*algorithm=MD5/),
      expect.stringMatching(/^Digest realm="MMS Public API", .*algorithm=SHA-256/),
      'Bearer realm="MMS Public API", error="invalid_token"',
    ]);
  });

  test("a token expires after 3600 s of emulator time", async () => {
    const body = (await token()).json as { access_token: string };
    const bearer = { accept: V2, authorization: `Bearer ${body.access_token}` };
    emu.advance(3599_999);
    expect((await http(`${emu.url}${widgetsPath}`, { headers: bearer })).status).toBe(200);
    emu.advance(1);
    expect((await http(`${emu.url}${widgetsPath}`, { headers: bearer })).status).toBe(401);
  });

  test("wrong secret, wrong grant type, API key as client", async () => {
    const wrong = await token(undefined, {
      clientId: SERVICE_ACCOUNT.clientId,
      clientSecret: "nope-nope-nope",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      error: "invalid_client",
      error_description: "Unknown client or wrong client secret.",
    });
    expect(wrong.headers["www-authenticate"]).toBe('Basic realm="MMS Public API"');
    const grant = await token("grant_type=password");
    expect(grant.status).toBe(400);
    expect(grant.json).toEqual({
      error: "unsupported_grant_type",
      error_description: "Grant type password is not supported.",
    });
    const apiKey = await token(undefined, { clientId: OWNER_KEY.username, clientSecret: OWNER_KEY.password });
    expect(apiKey.status).toBe(401);
  });

  test("the token endpoint allows 10 requests a minute per client", async () => {
    for (let index = 0; index < 10; index++) expect((await token()).status).toBe(200);
    const limited = await token();
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("60");
    expect((limited.json as { errorCode: string }).errorCode).toBe("TOKEN_RATE_LIMITED");
    emu.advance(60_000);
    expect((await token()).status).toBe(200);
  });
});

describe("access list", () => {
  async function withAccessList(accessList: string[]): Promise<DigestClient> {
    const created = await http(`${emu.url}/__emulator/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "apiKey",
        id: "listed-key",
        secret: "listed-key-secret-1",
        orgId: "5f1a00000000000000000001",
        orgRoles: ["ORG_OWNER"],
        accessList,
      }),
    });
    expect(created.status).toBe(201);
    return new DigestClient(emu.url, { username: "listed-key", password: "listed-key-secret-1" });
  }

  test.each([
    [["127.0.0.1"], 200],
    [["127.0.0.0/8"], 200],
    [["::1/128", "127.0.0.1/32"], 200],
    [[], 200],
    [["10.0.0.0/8"], 403],
    [["::1"], 403],
    [["2001:db8::/32", "192.168.1.1"], 403],
  ])("list %j -> %i", async (accessList, status) => {
    const client = await withAccessList(accessList);
    const answer = await client.call("GET", widgetsPath);
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect(answer.json).toEqual({
        detail: "IP address 127.0.0.1 is not allowed to access this resource.",
        error: 403,
        errorCode: "IP_ADDRESS_NOT_ON_ACCESS_LIST",
        parameters: ["127.0.0.1"],
        reason: "Forbidden",
      });
    }
  });

  test("IPv6 callers are matched against IPv6 entries", async () => {
    const v6 = await startEmulator({ port: 0, host: "::1", operations: testOperations });
    try {
      const owner = new DigestClient(v6.url, OWNER_KEY);
      expect((await owner.call("GET", widgetsPath)).status).toBe(200);
      await http(`${v6.url}/__emulator/credentials`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          kind: "apiKey",
          id: "v4-only",
          secret: "v4-only-secret",
          orgId: "5f1a00000000000000000001",
          orgRoles: ["ORG_OWNER"],
          accessList: ["127.0.0.1/32"],
        }),
      });
      const v4only = new DigestClient(v6.url, { username: "v4-only", password: "v4-only-secret" });
      const denied = await v4only.call("GET", widgetsPath);
      expect(denied.status).toBe(403);
      expect((denied.json as { parameters: string[] }).parameters).toEqual(["::1"]);
    } finally {
      await v6.close();
    }
  });
});

describe("roles", () => {
  test("the read-only key may read but not write; org owner may do both", async () => {
    const readonly = new DigestClient(emu.url, READONLY_KEY);
    expect((await readonly.call("GET", widgetsPath)).status).toBe(200);
    const write = await readonly.call("POST", widgetsPath, { body: { name: "w" } });
    expect(write.status).toBe(403);
    expect(write.json).toEqual({
      detail:
        "The current credential demo-readonly-key lacks the role required for this operation (one of: GROUP_OWNER).",
      error: 403,
      errorCode: "INSUFFICIENT_ROLE",
      parameters: ["demo-readonly-key", "GROUP_OWNER"],
      reason: "Forbidden",
    });
    const owner = new DigestClient(emu.url, OWNER_KEY);
    expect((await owner.call("POST", widgetsPath, { body: { name: "w" } })).status).toBe(201);
  });

  test("a project the credential has no role in: 403 USER_CANNOT_ACCESS_GROUP", async () => {
    const readonly = new DigestClient(emu.url, READONLY_KEY);
    const answer = await readonly.call("GET", `/api/platform/v2/groups/${OTHER_PROJECT}/widgets`);
    expect(answer.status).toBe(403);
    expect((answer.json as { errorCode: string }).errorCode).toBe("USER_CANNOT_ACCESS_GROUP");
  });

  test("a project role implies GROUP_READ_ONLY; GROUP_OWNER implies every project role", async () => {
    await http(`${emu.url}/__emulator/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        kind: "apiKey",
        id: "backup-key",
        secret: "backup-key-secret",
        orgId: "5f1a00000000000000000001",
        projectRoles: { [PROJECT]: ["GROUP_BACKUP_MANAGER"], [OTHER_PROJECT]: ["GROUP_OWNER"] },
      }),
    });
    const client = new DigestClient(emu.url, { username: "backup-key", password: "backup-key-secret" });
    expect((await client.call("GET", widgetsPath)).status).toBe(200);
    expect(
      (await client.call("GET", `/api/platform/v2/groups/${PROJECT}/clusters/demo-cluster/thing`)).status,
    ).toBe(403);
    expect(
      (await client.call("GET", `/api/platform/v2/groups/${OTHER_PROJECT}/clusters/missing-cluster/thing`))
        .status,
    ).toBe(404);
    // Org roles: the org-scoped operation needs ORG_OWNER.
    const orgThings = await client.call("GET", "/api/platform/v2/orgs/5f1a00000000000000000001/things");
    expect(orgThings.status).toBe(403);
    expect((orgThings.json as { errorCode: string }).errorCode).toBe("USER_CANNOT_ACCESS_ORG");
    const owner = new DigestClient(emu.url, OWNER_KEY);
    expect((await owner.call("GET", "/api/platform/v2/orgs/5f1a00000000000000000001/things")).json).toEqual([
      "5f1a00000000000000000001",
    ]);
  });

  test("roles ANY: every authenticated caller", async () => {
    const readonly = new DigestClient(emu.url, READONLY_KEY);
    expect((await readonly.call("GET", "/api/platform/v2/things/names")).json).toEqual(["ALPHA", "BETA"]);
  });
});
