import { type RunningEmulator, startEmulator } from "../../../emulator";
import defaultSeed from "../../../emulator/seed/default.json";
import {
  controlCall,
  DigestClient,
  http,
  OTHER_PROJECT,
  OWNER_KEY,
  PROJECT,
  SERVICE_ACCOUNT,
  testOperations,
  V2,
} from "./helpers";

const DEFAULT_SEED_CLUSTER_COUNT = defaultSeed.clusters.length;

let emu: RunningEmulator;
let owner: DigestClient;
const widgets = `/api/platform/v2/groups/${PROJECT}/widgets`;
const otherWidgets = `/api/platform/v2/groups/${OTHER_PROJECT}/widgets`;

beforeEach(async () => {
  emu = await startEmulator({
    port: 0,
    clock: "manual",
    // The manual clock starts on a window boundary; 2.5 s in, 7.5 s remain in a 10 s window.
    startTime: Date.parse("2025-03-12T00:00:02.500Z"),
    rateLimit: { limit: 3, windowMs: 10_000 },
    operations: testOperations,
  });
  owner = new DigestClient(emu.url, OWNER_KEY);
});
afterEach(async () => {
  await emu.close();
});

const control = (method: string, path: string, body?: unknown) => controlCall(emu.url, method, path, body);

describe("rate limit", () => {
  test("limit per window, 429 with Retry-After, reset at the window, projects counted apart", async () => {
    for (let index = 0; index < 3; index++) {
      const answer = await owner.call("GET", widgets);
      expect(answer.status).toBe(200);
      expect(answer.headers["ratelimit-limit"]).toBe("3");
      expect(answer.headers["ratelimit-remaining"]).toBe(String(2 - index));
    }
    const limited = await owner.call("GET", widgets);
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("8");
    expect(limited.headers["ratelimit-remaining"]).toBe("0");
    expect(limited.json).toEqual({
      detail:
        "Resource /groups/{groupId}/widgets is limited to 3 requests every 10 seconds for this project.",
      error: 429,
      errorCode: "RATE_LIMITED",
      parameters: ["/groups/{groupId}/widgets", 3, 10],
      reason: "Too Many Requests",
    });
    // Creates share the project's counter; operations without rateLimited do not count.
    expect((await owner.call("POST", widgets, { body: { name: "x" } })).status).toBe(429);
    expect((await owner.call("GET", "/api/platform/v2/things/names")).status).toBe(200);
    // The other project has its own counter.
    expect((await owner.call("GET", otherWidgets)).status).toBe(200);
    emu.advance(7_499);
    const lastMs = await owner.call("GET", widgets);
    expect(lastMs.status).toBe(429);
    expect(lastMs.headers["retry-after"]).toBe("1");
    emu.advance(1);
    const reset = await owner.call("GET", widgets);
    expect(reset.status).toBe(200);
    expect(reset.headers["ratelimit-remaining"]).toBe("2");
  });

  test("every answer carries the rate-limit headers; only rate-limited operations count", async () => {
    // The service's answers all carry Ratelimit-Limit and Ratelimit-Remaining (the vendor's
    // recordings, docs/api-choices.md "Rate limits").
    await owner.call("GET", widgets);
    const uncounted = await owner.call("GET", `${widgets}/5f1a0000000000000000ffff`);
    expect([uncounted.headers["ratelimit-limit"], uncounted.headers["ratelimit-remaining"]]).toEqual([
      "3",
      "2",
    ]);
    const noProject = await owner.call("GET", "/api/platform/v2/things/names");
    expect(noProject.status).toBe(200);
    expect([noProject.headers["ratelimit-limit"], noProject.headers["ratelimit-remaining"]]).toEqual([
      "3",
      "3",
    ]);
    expect((await owner.call("GET", widgets)).headers["ratelimit-remaining"]).toBe("1");
  });

  test("settings change the limit at run time", async () => {
    expect((await control("PUT", "settings", { rateLimit: { limit: 1, windowMs: 60_000 } })).status).toBe(
      200,
    );
    expect((await owner.call("GET", widgets)).status).toBe(200);
    const limited = await owner.call("GET", widgets);
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("58");
    expect((await control("GET", "settings")).json).toEqual({
      asyncDelayMs: 0,
      rateLimit: { limit: 1, windowMs: 60_000 },
    });
  });
});

describe("faults", () => {
  test("status with default body and headers, for the next N matching requests (glob)", async () => {
    const created = await control("POST", "faults", {
      pathPattern: "/api/platform/v2/groups/*/widgets",
      method: "get",
      status: 503,
      headers: { "retry-after": "2" },
      count: 2,
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      pathPattern: "/api/platform/v2/groups/*/widgets",
      method: "GET",
      status: 503,
      headers: { "retry-after": "2" },
      count: 2,
      id: "fault-1",
      applied: 0,
    });
    for (let index = 0; index < 2; index++) {
      const answer = await owner.call("GET", widgets);
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("2");
      expect(answer.json).toEqual({
        detail: "Injected fault: HTTP 503.",
        error: 503,
        errorCode: "SERVICE_UNAVAILABLE",
        parameters: [],
        reason: "Service Unavailable",
      });
    }
    expect((await owner.call("GET", widgets)).status).toBe(200);
    expect((await control("GET", "faults")).json).toEqual([]);
  });

  test("a custom body, a regex pattern, method filtering, delete all", async () => {
    await control("POST", "faults", {
      pathPattern: "^/api/platform/v2/groups/[a-f0-9]+/widgets$",
      method: "POST",
      status: 500,
      body: { custom: true },
    });
    expect((await owner.call("GET", widgets)).status).toBe(200);
    const post = await owner.call("POST", widgets, { body: { name: "x" } });
    expect(post.status).toBe(500);
    expect(post.json).toEqual({ custom: true });
    expect((await control("DELETE", "faults")).status).toBe(204);
    expect((await owner.call("POST", widgets, { body: { name: "x" } })).status).toBe(201);
  });

  test("rate 0 never fires, rate 1 always fires, rate 0.5 fires on a reproducible subset", async () => {
    await control("POST", "faults", { pathPattern: "**/widgets", status: 502, rate: 0 });
    for (let index = 0; index < 3; index++) expect((await owner.call("GET", otherWidgets)).status).toBe(200);
    await control("DELETE", "faults");
    await control("POST", "faults", { pathPattern: "**/things/names", status: 502, rate: 1 });
    for (let index = 0; index < 3; index++) {
      expect((await owner.call("GET", "/api/platform/v2/things/names")).status).toBe(502);
    }
    await control("DELETE", "faults");
    const run = async () => {
      await control("POST", "faults", { pathPattern: "**/things/names", status: 502, rate: 0.5 });
      const statuses: number[] = [];
      for (let index = 0; index < 40; index++) {
        statuses.push((await owner.call("GET", "/api/platform/v2/things/names")).status);
      }
      await control("DELETE", "faults");
      return statuses;
    };
    const first = await run();
    const faulted = first.filter((status) => status === 502).length;
    expect(faulted).toBeGreaterThan(8);
    expect(faulted).toBeLessThan(32);
    expect(first.filter((status) => status !== 502 && status !== 200)).toEqual([]);
  });

  test("latency delays the answer; drop destroys the connection", async () => {
    await control("POST", "faults", { pathPattern: "**/things/names", latencyMs: 150, count: 1 });
    const started = Date.now();
    expect((await owner.call("GET", "/api/platform/v2/things/names")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await control("POST", "faults", { pathPattern: "**/things/names", drop: true, count: 1 });
    await expect(owner.call("GET", "/api/platform/v2/things/names")).rejects.toThrow(
      /other side closed|socket/i,
    );
    expect((await owner.call("GET", "/api/platform/v2/things/names")).status).toBe(200);
  });

  test("invalid fault specifications are refused with the reason", async () => {
    const answer = await control("POST", "faults", { pathPattern: "**", rate: 2 });
    expect(answer.status).toBe(400);
    expect((await control("POST", "faults", { pathPattern: "**", unknownField: 1 })).status).toBe(400);
    expect((await control("POST", "faults", { pathPattern: "^(" })).status).toBe(400);
  });
});

describe("request log", () => {
  test("records method, path, status, principal, operation and time, never credentials", async () => {
    await owner.call("GET", `${widgets}?pageNum=1`);
    const tokenAnswer = await http(`${emu.url}/api/oauth/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${SERVICE_ACCOUNT.clientId}:${SERVICE_ACCOUNT.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    const accessToken = (tokenAnswer.json as { access_token: string }).access_token;
    await http(`${emu.url}${widgets}`, { headers: { accept: V2, authorization: `Bearer ${accessToken}` } });
    const log = await control("GET", "requests");
    expect(log.json).toEqual([
      {
        time: "2025-03-12T00:00:02.500Z",
        method: "GET",
        path: "/api/platform/v2/things/names",
        status: 401,
        principal: null,
        operation: null,
        durationMs: expect.any(Number),
        fault: null,
      },
      {
        time: "2025-03-12T00:00:02.500Z",
        method: "GET",
        path: widgets,
        status: 200,
        principal: "demo-public-key",
        operation: "t1",
        durationMs: expect.any(Number),
        fault: null,
      },
      {
        time: "2025-03-12T00:00:02.500Z",
        method: "POST",
        path: "/api/oauth/token",
        status: 200,
        principal: "mdb_sa_id_demo",
        operation: null,
        durationMs: expect.any(Number),
        fault: null,
      },
      {
        time: "2025-03-12T00:00:02.500Z",
        method: "GET",
        path: widgets,
        status: 200,
        principal: "mdb_sa_id_demo",
        operation: "t1",
        durationMs: expect.any(Number),
        fault: null,
      },
    ]);
    for (const secret of [OWNER_KEY.password, SERVICE_ACCOUNT.clientSecret, accessToken]) {
      expect(log.text).not.toContain(secret);
    }
    const credentials = await control("GET", "credentials");
    for (const secret of [OWNER_KEY.password, SERVICE_ACCOUNT.clientSecret])
      expect(credentials.text).not.toContain(secret);
    expect((await control("DELETE", "requests")).status).toBe(204);
    expect((await control("GET", "requests")).json).toEqual([]);
  });
});

describe("control API", () => {
  test("orgs, projects, clusters: create, list, use; reset returns to the seed", async () => {
    const org = await control("POST", "orgs", { name: "second-org" });
    expect(org.status).toBe(201);
    expect(org.json).toEqual({ id: "5f1b00000000000000000001", name: "second-org" });
    const project = await control("POST", "projects", { name: "p", orgId: "5f1b00000000000000000001" });
    expect(project.json).toEqual({
      id: "5f1b00000000000000000002",
      name: "p",
      orgId: "5f1b00000000000000000001",
    });
    const cluster = await control("POST", "clusters", {
      groupId: PROJECT,
      name: "new-cluster",
      tier: "M0",
      sharded: false,
    });
    expect(cluster.json).toEqual({
      id: "5f1b00000000000000000003",
      groupId: PROJECT,
      name: "new-cluster",
      tier: "M0",
      dbVersion: "7.0",
      provider: "AWS",
      sharded: false,
    });
    expect((await control("POST", "clusters", { groupId: PROJECT, name: "new-cluster" })).status).toBe(409);
    expect(
      (await owner.call("GET", `/api/platform/v2/groups/${PROJECT}/clusters/new-cluster/thing`)).status,
    ).toBe(200);
    // Every cluster of the default seed, and the new one.
    expect(((await control("GET", "clusters")).json as unknown[]).length).toBe(
      DEFAULT_SEED_CLUSTER_COUNT + 1,
    );
    expect((await control("DELETE", `clusters/${PROJECT}/new-cluster`)).status).toBe(204);
    expect(
      (await owner.call("GET", `/api/platform/v2/groups/${PROJECT}/clusters/new-cluster/thing`)).status,
    ).toBe(404);
    await control("POST", "projects", { name: "q", orgId: "5f1b00000000000000000001" });
    expect((await control("POST", "reset")).status).toBe(200);
    expect(Object.keys(emu.state.projects)).toEqual([
      PROJECT,
      OTHER_PROJECT,
      "5f1a0000000000000000e0d1",
      "5f1a0000000000000000e0d2",
      "5f1a0000000000000000e0d3",
      "5f1a0000000000000000e401",
      "5f1a0000000000000000e101",
      "5f1a0000000000000000e102",
      "5f1a0000000000000000e103",
      "5f1a0000000000000000e201",
      "5f1a0000000000000000e301",
    ]);
    expect(emu.state.idCounter).toBe(0);
  });

  test("projects: PATCH sets the accepted fields, names an unknown one, 404 for an unknown project", async () => {
    const patched = await control("PATCH", `projects/${PROJECT}`, { compliancePolicyDisableRequested: true });
    expect(patched.status).toBe(200);
    expect(patched.json).toEqual({
      id: PROJECT,
      name: "demo-project",
      orgId: "5f1a00000000000000000001",
      compliancePolicyDisableRequested: true,
    });
    expect((await control("PATCH", `projects/${PROJECT}`, { name: "renamed" })).json).toMatchObject({
      name: "renamed",
      compliancePolicyDisableRequested: true,
    });
    const unknownField = await control("PATCH", `projects/${PROJECT}`, { orgId: OTHER_PROJECT });
    expect(unknownField.status).toBe(400);
    expect((unknownField.json as { error: string }).error).toContain("orgId");
    const wrongType = await control("PATCH", `projects/${PROJECT}`, {
      compliancePolicyDisableRequested: "yes",
    });
    expect(wrongType.status).toBe(400);
    expect((wrongType.json as { error: string }).error).toContain("compliancePolicyDisableRequested");
    expect((await control("PATCH", `projects/5f1a0000000000000000ffff`, { name: "x" })).status).toBe(404);
    expect(emu.state.projects[PROJECT]).toMatchObject({
      name: "renamed",
      compliancePolicyDisableRequested: true,
    });
  });

  test("alerts: POST validates its input; unknown project or alert configuration is 404", async () => {
    const CONFIG = "5f1a0000000000000000dddd";
    const badStatus = await control("POST", "alerts", {
      groupId: PROJECT,
      alertConfigId: CONFIG,
      status: "x",
    });
    expect(badStatus.status).toBe(400);
    expect((badStatus.json as { error: string }).error).toContain("status");
    expect((await control("POST", "alerts", { groupId: PROJECT })).status).toBe(400);
    expect((await control("POST", "alerts", { groupId: PROJECT, alertConfigId: CONFIG, x: 1 })).status).toBe(
      400,
    );
    const noProject = await control("POST", "alerts", {
      groupId: "5f1a0000000000000000ffff",
      alertConfigId: CONFIG,
    });
    expect(noProject.status).toBe(404);
    const noConfig = await control("POST", "alerts", { groupId: PROJECT, alertConfigId: CONFIG });
    expect(noConfig.status).toBe(404);
    expect((noConfig.json as { error: string }).error).toContain(CONFIG);
  });

  test("clock: get and advance", async () => {
    expect((await control("GET", "clock")).json).toEqual({
      kind: "manual",
      now: Date.parse("2025-03-12T00:00:02.500Z"),
      iso: "2025-03-12T00:00:02.500Z",
    });
    const advanced = await control("POST", "clock/advance", { ms: 60_000 });
    expect((advanced.json as { iso: string }).iso).toBe("2025-03-12T00:01:02.500Z");
    expect(emu.now()).toBe(Date.parse("2025-03-12T00:01:02.500Z"));
    expect((await control("POST", "clock/advance", { ms: -1 })).status).toBe(400);
  });

  test("credentials: the secret is shown once at creation, never in the list; bad access lists refused", async () => {
    const created = await control("POST", "credentials", {
      kind: "serviceAccount",
      orgId: "5f1a00000000000000000001",
      orgRoles: ["ORG_MEMBER"],
    });
    expect(created.status).toBe(201);
    const record = created.json as { id: string; secret: string };
    expect(record.id).toMatch(/^mdb_sa_id_[a-f0-9]{12}$/);
    expect(record.secret.length).toBe(24);
    const listed = (await control("GET", "credentials")).json as { id: string; secret?: string }[];
    expect(listed.map((entry) => entry.id)).toEqual([
      "demo-public-key",
      "demo-readonly-key",
      "mdb_sa_id_demo",
      "second-org-public-key",
      record.id,
    ]);
    expect(listed.every((entry) => entry.secret === undefined)).toBe(true);
    const bad = await control("POST", "credentials", {
      kind: "apiKey",
      orgId: "5f1a00000000000000000001",
      accessList: ["300.1.1.1"],
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ error: "Access list entry 300.1.1.1: not an IP address or CIDR" });
    expect((await control("DELETE", `credentials/${record.id}`)).status).toBe(204);
    expect((await control("GET", "nothing")).status).toBe(404);
  });
});
