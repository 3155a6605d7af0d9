import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { banner, optionsFromArgs } from "../../../emulator/cli";
import { isAllowed } from "../../../emulator/core/auth/accessList";
import { DigestAuthenticator, parseAuthParams } from "../../../emulator/core/auth/digest";
import { createClock } from "../../../emulator/core/clock";
import type { OperationDef } from "../../../emulator/core/contract";
import { ApiError } from "../../../emulator/core/contract";
import { negotiateVersion, type RenderContext, renderResult } from "../../../emulator/core/conventions";
import { isoDate } from "../../../emulator/core/dates";
import { apiError, ERROR_CODES } from "../../../emulator/core/errors";
import { globToRegExp } from "../../../emulator/core/faults";
import { mintId } from "../../../emulator/core/ids";
import { FixedWindowLimiter } from "../../../emulator/core/rateLimit";
import { Router } from "../../../emulator/core/router";
import { loadSeed, stateFromSeed } from "../../../emulator/core/seed";
import { testOperations } from "./helpers";

describe("errors", () => {
  test("apiError fills the template and keeps the code's status", () => {
    const error = apiError("CLUSTER_NOT_FOUND", ["demo", "5f1a000000000000000000a1"]);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.detail, error.parameters]).toEqual([
      404,
      "CLUSTER_NOT_FOUND",
      "No cluster named demo exists in group 5f1a000000000000000000a1.",
      ["demo", "5f1a000000000000000000a1"],
    ]);
  });

  test("args fill the template where the body's parameters name only the field; headers ride along", () => {
    const error = apiError("INVALID_ATTRIBUTE", ["acknowledgedUntil"], {
      args: ["acknowledgedUntil", "must be in the future"],
      headers: { "retry-after": "1" },
    });
    expect([error.status, error.detail, error.parameters, error.headers]).toEqual([
      400,
      "Invalid attribute acknowledgedUntil specified: must be in the future.",
      ["acknowledgedUntil"],
      { "retry-after": "1" },
    ]);
  });

  test("one mechanism: only core/errors.ts builds an ApiError; no other file writes a message", () => {
    const root = join(__dirname, "../../../emulator");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(dir, entry.name))
          : entry.name.endsWith(".ts")
            ? [join(dir, entry.name)]
            : [],
      );
    const building = files(root)
      .filter((file) => /new ApiError\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file));
    expect(building).toEqual(["core/errors.ts"]);
  });

  test("every code of docs/spec/operations.md is in the one list with its status", () => {
    const expected: Record<string, number> = {
      VALIDATION_ERROR: 400,
      INVALID_ATTRIBUTE: 400,
      MISSING_ATTRIBUTE: 400,
      ATTRIBUTE_READ_ONLY: 400,
      INVALID_JSON: 400,
      INVALID_ENUM_VALUE: 400,
      INVALID_QUERY_PARAMETER: 400,
      INVALID_PATH_PARAMETER: 400,
      RESOURCE_NOT_FOUND: 404,
      GROUP_NOT_FOUND: 404,
      ORG_NOT_FOUND: 404,
      CLUSTER_NOT_FOUND: 404,
      NOT_ORG_GROUP_CREATOR: 401,
      IP_ADDRESS_NOT_ON_ACCESS_LIST: 403,
      RATE_LIMITED: 429,
      UNEXPECTED_ERROR: 500,
      SERVICE_UNAVAILABLE: 503,
      ALERT_CONFIG_NOT_FOUND: 404,
      ALERT_NOT_FOUND: 404,
      MISSING_NOTIFICATIONS: 400,
      SEARCH_COLLECTION_NOT_FOUND: 400,
      SEARCH_DUPLICATE_INDEX: 409,
      SEARCH_DEPLOYMENT_ALREADY_EXISTS: 409,
      SEARCH_DEPLOYMENT_DOES_NOT_EXIST: 404,
      UNSUPPORTED_DB_VERSION_FOR_SEARCH: 400,
      EXPORT_BUCKET_NOT_FOUND: 404,
      EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE: 400,
      CANNOT_ASSUME_ROLE: 400,
      SNAPSHOT_NOT_FOUND: 404,
      RESTORE_JOB_NOT_FOUND: 404,
      CANNOT_CANCEL_AUTOMATED_RESTORE: 400,
      UNFINISHED_ON_DEMAND_SNAPSHOT: 400,
      CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY: 400,
      CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION: 400,
      INVALID_CLUSTER_OUTAGE_SIMULATION_STATE: 400,
      CLOUD_PROVIDER_ACCESS_ROLE_NOT_FOUND: 404,
      CANNOT_UPDATE_PRIVATE_IP_MODE: 400,
      AUDITING_NOT_SUPPORTED_FOR_TIER: 400,
      // Our choice (docs/api-choices.md): authenticated callers never get 401.
      USER_CANNOT_ACCESS_GROUP: 403,
    };
    const actual = Object.fromEntries(
      Object.keys(expected).map((code) => [code, ERROR_CODES[code as keyof typeof ERROR_CODES]?.status]),
    );
    expect(actual).toEqual(expected);
  });
});

describe("router", () => {
  const router = new Router(testOperations);
  test("literal beats parameter; methods of all matching templates make Allow", () => {
    const validate = router.match("v2", "POST", ["groups", "g", "widgets", "validate"]);
    expect(validate.kind === "match" && validate.op.id).toBe("t9");
    const get = router.match("v2", "GET", ["groups", "g", "widgets", "validate"]);
    expect(get).toEqual({
      kind: "match",
      op: testOperations[2],
      params: { groupId: "g", widgetId: "validate" },
    });
    expect(router.match("v2", "PUT", ["groups", "g", "widgets", "validate"])).toEqual({
      kind: "methodNotAllowed",
      allow: ["DELETE", "GET", "POST"],
    });
    expect(router.match("v2", "GET", ["groups", "g", "nothing"])).toEqual({ kind: "notFound" });
    expect(router.match("v1.0", "GET", ["groups", "g", "widgets"])).toEqual({ kind: "notFound" });
  });

  test("two operations on the same method and path are a startup error", () => {
    const duplicate = [testOperations[0], { ...testOperations[0], id: "dup" }] as OperationDef[];
    expect(() => new Router(duplicate)).toThrow("Two operations answer GET v2/groups/{groupId}/widgets");
  });
});

describe("versions", () => {
  const op = testOperations[4] as OperationDef;
  test.each([
    [undefined, "2023-01-01"],
    ["application/vnd.platform.2024-05-30+json", "2024-05-30"],
    ["APPLICATION/VND.PLATFORM.2025-03-12+JSON", "2025-03-12"],
  ])("%s -> %s", (accept, version) => {
    expect(negotiateVersion(op, accept, "platform")).toBe(version);
  });
  test("a date between versions is served with the newest not later than it (versioning is per resource)", () => {
    expect(negotiateVersion(op, "application/vnd.platform.2025-03-11+json", "platform")).toBe("2024-05-30");
    expect(negotiateVersion(op, "application/vnd.platform.2024-05-29+json", "platform")).toBe("2023-01-01");
    expect(negotiateVersion(op, "application/vnd.platform.2026-01-01+json", "platform")).toBe("2025-03-12");
  });
  test("a date before every version is unsupported; month 13 is malformed", () => {
    expect(() => negotiateVersion(op, "application/vnd.platform.2022-12-31+json", "platform")).toThrow(
      expect.objectContaining({ code: "UNSUPPORTED_VERSION" }),
    );
    expect(() => negotiateVersion(op, "application/vnd.platform.2025-13-01+json", "platform")).toThrow(
      expect.objectContaining({ code: "INVALID_ACCEPT_HEADER" }),
    );
  });
});

describe("rendering", () => {
  const ctx = (envelope: boolean): RenderContext => ({
    op: testOperations[2] as OperationDef,
    origin: "http://127.0.0.1:1",
    rootPath: "/api/platform/v2",
    path: "/api/platform/v2/groups/x/thing",
    query: new URLSearchParams(),
    envelope,
    pretty: false,
    page: undefined,
  });
  test("an entity gets a self link; withoutLinks renders the body exactly (search nodes' {})", () => {
    expect(renderResult({ kind: "entity", status: 200, body: { a: 1 } }, ctx(false)).payload).toBe(
      '{"a":1,"links":[{"rel":"self","href":"http://127.0.0.1:1/api/platform/v2/groups/x/thing"}]}',
    );
    const empty = { kind: "entity", status: 200, body: {}, withoutLinks: true } as const;
    expect(renderResult(empty, ctx(false))).toEqual({ status: 200, payload: "{}" });
    expect(renderResult(empty, ctx(true))).toEqual({ status: 200, payload: '{"status":200,"content":{}}' });
  });
});

describe("access lists", () => {
  test.each([
    [["127.0.0.1/32"], "::ffff:127.0.0.1", true],
    [["10.1.0.0/16"], "10.1.255.3", true],
    [["10.1.0.0/16"], "10.2.0.1", false],
    [["2001:db8::/32"], "2001:db8:1::5", true],
    [["2001:db8::/32"], "2001:db9::1", false],
    [[], "203.0.113.9", true],
  ])("%j allows %s: %s", (list, address, allowed) => {
    expect(isAllowed(list, address)).toBe(allowed);
  });
});

describe("digest", () => {
  test("parses quoted values with commas and escapes, and bare tokens", () => {
    const params = parseAuthParams(' username="a\\"b", uri="/x?a=1,2", nc=00000001, qop=auth');
    expect(Object.fromEntries(params)).toEqual({
      username: 'a"b',
      uri: "/x?a=1,2",
      nc: "00000001",
      qop: "auth",
    });
  });
  test("the challenge names realm, nonce, opaque, algorithm, qop and stale", () => {
    const clock = createClock("manual");
    const digest = new DigestAuthenticator(() => clock.now());
    const challenge = digest.challenges(false)[0] as string;
    expect(challenge).toMatch(
      /^Digest realm="MMS Public API", domain="", nonce="[a-f0-9]{32}", opaque="[a-f0-9]{32}", algorithm=MD5, qop="auth", stale=false$/,
    );
  });
});

describe("clock, ids, limiter, seed", () => {
  test("manual clock starts at the spec date and only moves on advance", () => {
    const clock = createClock("manual");
    expect(isoDate(clock.now())).toBe("2025-03-12T00:00:00Z");
    clock.advance(1500);
    expect(isoDate(clock.now())).toBe("2025-03-12T00:00:01Z");
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  test("ids are minted from the state's counter", () => {
    const state = stateFromSeed(loadSeed("empty"));
    expect([mintId(state), mintId(state)]).toEqual(["5f1b00000000000000000001", "5f1b00000000000000000002"]);
    expect(state.idCounter).toBe(2);
  });

  test("fixed windows per key", () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(
      () => now,
      () => ({ limit: 2, windowMs: 1000 }),
    );
    expect([limiter.take("a").allowed, limiter.take("a").allowed, limiter.take("a").allowed]).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.take("b")).toEqual({ allowed: true, limit: 2, remaining: 1, retryAfterSeconds: 1 });
    now = 1000;
    expect(limiter.take("a").remaining).toBe(1);
  });

  test("the default seed has the documented ids and credentials", () => {
    const state = stateFromSeed(loadSeed("default"));
    expect(Object.keys(state.orgs)).toEqual(["5f1a00000000000000000001", "5f1a0000000000000000e1f1"]);
    expect(Object.values(state.projects).map((project) => [project.id, project.name])).toEqual([
      ["5f1a000000000000000000a1", "demo-project"],
      ["5f1a000000000000000000a2", "other-project"],
      ["5f1a0000000000000000e0d1", "promotion-dev"],
      ["5f1a0000000000000000e0d2", "promotion-staging"],
      ["5f1a0000000000000000e0d3", "promotion-prod"],
      ["5f1a0000000000000000e401", "observability"],
      ["5f1a0000000000000000e101", "export-source"],
      ["5f1a0000000000000000e102", "second-org-project"],
      ["5f1a0000000000000000e103", "multi-org-primary"],
      ["5f1a0000000000000000e201", "backup-example"],
      ["5f1a0000000000000000e301", "ops-resources"],
    ]);
    expect(
      Object.values(state.clusters).map((cluster) => [
        cluster.name,
        cluster.tier,
        cluster.dbVersion,
        cluster.sharded,
      ]),
    ).toEqual([
      ["demo-cluster", "M10", "7.0", false],
      ["sharded-cluster", "M30", "7.0", true],
      ["free-cluster", "M0", "7.0", false],
      ["old-cluster", "M10", "4.0", false],
      ["serverless-instance", "SERVERLESS", "7.0", false],
      ["app-cluster", "M30", "7.0", false],
      ["app-cluster", "M30", "7.0", false],
      ["app-cluster", "M30", "7.0", false],
      ["obs-cluster", "M10", "7.0", false],
      ["export-cluster", "M10", "7.0", false],
      ["export-analytics", "M30", "7.0", false],
      ["second-cluster", "M10", "7.0", false],
      ["primary-cluster", "M10", "7.0", false],
      ["orders-cluster", "M30", "7.0", false],
      ["orders-restore", "M30", "7.0", false],
      ["sim-cluster", "M30", "7.0", false],
      ["migration-target", "M30", "7.0", false],
    ]);
    expect(
      Object.values(state.credentials).map((credential) => [
        credential.kind,
        credential.id,
        credential.secret,
      ]),
    ).toEqual([
      ["apiKey", "demo-public-key", "demo-private-key-0000-0000-000000000001"],
      ["apiKey", "demo-readonly-key", "demo-private-key-0000-0000-000000000002"],
      ["serviceAccount", "mdb_sa_id_demo", "mdb_sa_sk_demo_0000000000000001"],
      ["apiKey", "second-org-public-key", "second-org-private-key-0000-0000-000000000001"],
    ]);
    expect(
      Object.values(state.credentials).every((c) => c.accessList.join() === "127.0.0.1/32,::1/128"),
    ).toBe(true);
    expect(state.entities.cloudProviderAccess?.["5f1a000000000000000000c1"]?.providerName).toBe("AWS");
    // The observability project's open alerts (examples/observability acknowledges one).
    expect(Object.values(state.entities.alerts ?? {}).map((alert) => [alert.id, alert.status])).toEqual([
      ["5f1a0000000000000000e420", "OPEN"],
      ["5f1a0000000000000000e421", "OPEN"],
      ["5f1a0000000000000000e422", "OPEN"],
    ]);
  });

  test("an invalid seed names the field", () => {
    expect(() => loadSeed({ orgs: [{ id: "nothex", name: "x" }] })).toThrow(
      /orgs\[0\]\.id|must be 24 hexadecimal/,
    );
  });
});

describe("faults and CLI", () => {
  test("globs: * within a segment, ** across", () => {
    expect(globToRegExp("/api/*/v2/groups/*/x").test("/api/platform/v2/groups/abc/x")).toBe(true);
    expect(globToRegExp("/api/*/x").test("/api/a/b/x")).toBe(false);
    expect(
      globToRegExp("**/search/deployment").test("/api/platform/v2/groups/g/clusters/c/search/deployment"),
    ).toBe(true);
  });

  test("CLI defaults and parsing", () => {
    expect(optionsFromArgs([])).toEqual({
      port: 8787,
      host: "127.0.0.1",
      seed: "default",
      dataDir: undefined,
      https: false,
      asyncDelayMs: 3000,
      serviceName: "platform",
      rateLimit: { limit: 100, windowMs: 60_000 },
      clock: "real",
    });
    expect(
      optionsFromArgs([
        "--port",
        "0",
        "--clock",
        "manual",
        "--rate-limit",
        "5",
        "--https",
        "--seed",
        "empty",
      ]),
    ).toEqual(
      expect.objectContaining({
        port: 0,
        clock: "manual",
        rateLimit: { limit: 5, windowMs: 60_000 },
        https: true,
        seed: "empty",
      }),
    );
    expect(() => optionsFromArgs(["--port", "x"])).toThrow('--port needs an integer >= 0, got "x"');
    expect(() => optionsFromArgs(["--clock", "fast"])).toThrow('--clock must be real or manual, got "fast"');
    expect(() => optionsFromArgs(["--nope"])).toThrow();
  });
});

describe("seed files and the CLI banner", () => {
  test("a seed file path loads and validates", () => {
    const folder = mkdtempSync(join(tmpdir(), "seed-"));
    try {
      const file = join(folder, "seed.json");
      writeFileSync(
        file,
        JSON.stringify({
          orgs: [{ id: "0000000000000000000000aa", name: "o" }],
          projects: [{ id: "0000000000000000000000bb", name: "p", orgId: "0000000000000000000000aa" }],
          clusters: [{ groupId: "0000000000000000000000bb", name: "c1" }],
          idCounter: 7,
        }),
      );
      const state = stateFromSeed(loadSeed(file));
      expect(state.clusters["0000000000000000000000bb/c1"]).toEqual({
        id: "5f1c00000000000000000001",
        groupId: "0000000000000000000000bb",
        name: "c1",
        tier: "M10",
        dbVersion: "7.0",
        provider: "AWS",
        sharded: false,
      });
      expect(mintId(state)).toBe("5f1b00000000000000000008");
      writeFileSync(
        file,
        JSON.stringify({
          projects: [{ id: "0000000000000000000000bb", name: "p", orgId: "0000000000000000000000aa" }],
        }),
      );
      expect(() => stateFromSeed(loadSeed(file))).toThrow(
        "Seed project 0000000000000000000000bb: unknown orgId 0000000000000000000000aa",
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test("the banner names the URLs, the seeded credentials and how to trust the certificate", () => {
    const state = stateFromSeed(loadSeed("default"));
    const fake = {
      url: "https://127.0.0.1:8787",
      baseUrl: "https://127.0.0.1:8787/api/platform/v2",
      legacyBaseUrl: "https://127.0.0.1:8787/api/platform/v1.0",
      state,
      settings: { asyncDelayMs: 3000, rateLimit: { limit: 100, windowMs: 60_000 } },
      certPath: "/data/emulator-cert.pem",
    } as unknown as Parameters<typeof banner>[0];
    const text = banner(fake, { clock: "real", dataDir: "/data" });
    expect(text).toContain("  base URL     https://127.0.0.1:8787/api/platform/v2\n");
    expect(text).toContain("  control API  https://127.0.0.1:8787/__emulator/\n");
    expect(text).toContain(
      "    API key         public demo-public-key  private demo-private-key-0000-0000-000000000001  (ORG_OWNER)\n",
    );
    expect(text).toContain(
      "    service account client id mdb_sa_id_demo  secret mdb_sa_sk_demo_0000000000000001  (ORG_OWNER)\n",
    );
    expect(text).toContain("export PLATFORM_CA_CERT_PATH=/data/emulator-cert.pem\n");
    expect(text).toContain("export NODE_EXTRA_CA_CERTS=/data/emulator-cert.pem\n");
  });
});
