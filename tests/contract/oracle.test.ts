/**
 * The contract oracle itself, on hand-made exchanges: a valid exchange passes, and every kind of
 * divergence is reported with its path.
 */
import { ALLOW_LIST, allows } from "../../scripts/lib/contract/allow-list";
import { ContractOracle, type Divergence, type RecordedExchange } from "../../scripts/lib/contract/oracle";
import { buildReport, formatReport } from "../../scripts/lib/contract/report";

const oracle = new ContractOracle();
const GROUP = "5f1a000000000000000000a1";
const V2023 = "application/vnd.platform.2023-01-01+json";
const CLIENT = "pulumi-cluster-platform-client/0.1";
const FOLDER = `/api/platform/v2/groups/${GROUP}/clusters/demo-cluster/backup/exports`;

function exchange(overrides: {
  method?: string;
  path?: string;
  query?: string;
  request?: Partial<RecordedExchange["request"]>;
  status?: number;
  response?: Partial<RecordedExchange["response"]>;
}): RecordedExchange {
  return {
    method: overrides.method ?? "PATCH",
    path: overrides.path ?? `/api/platform/v2/groups/${GROUP}/awsCustomDNS`,
    query: overrides.query ?? "",
    request: {
      accept: V2023,
      contentType: V2023,
      userAgent: CLIENT,
      body: '{"enabled":true}',
      ...overrides.request,
    },
    status: overrides.status ?? 200,
    response: { contentType: V2023, body: '{"enabled":true}', ...overrides.response },
  };
}

function divergences(value: RecordedExchange): Pick<Divergence, "side" | "kind" | "path">[] {
  const verdict = oracle.check(value);
  if (verdict.kind !== "checked") throw new Error(`skipped: ${verdict.reason}`);
  return verdict.divergences.map(({ side, kind, path }) => ({ side, kind, path }));
}

describe("ContractOracle", () => {
  test("passes a valid exchange and validates both sides", () => {
    const verdict = oracle.check(exchange({}));
    expect(verdict).toEqual({
      kind: "checked",
      operation: "toggleGroupAwsCustomDns (#36)",
      variants: [],
      requestChecked: true,
      answerChecked: true,
      divergences: [],
    });
  });

  test("passes a 204 without a body when the contract names only the version", () => {
    const value = exchange({
      method: "DELETE",
      path: `/api/platform/v2/groups/${GROUP}/clusters/demo-cluster/backup/restoreJobs/5f1b0000000000000000000b`,
      request: { body: null, contentType: null },
      status: 204,
      response: { contentType: null, body: null },
    });
    expect(divergences(value)).toEqual([]);
  });

  test("reports an undeclared status", () => {
    expect(divergences(exchange({ status: 418 }))).toEqual([
      { side: "answer", kind: "undeclared-status", path: "" },
    ]);
  });

  test("reports an error answer that is not application/json", () => {
    const value = exchange({
      status: 404,
      response: { contentType: V2023, body: '{"error":404,"errorCode":"RESOURCE_NOT_FOUND"}' },
    });
    expect(divergences(value)).toEqual([
      { side: "answer", kind: "answer-content-type", path: "Content-Type" },
    ]);
  });

  test("reports an answer in an undeclared version and still checks its body", () => {
    const value = exchange({
      response: { contentType: "application/vnd.platform.2099-01-01+json", body: '{"enabled":"yes"}' },
    });
    expect(divergences(value)).toEqual([
      { side: "answer", kind: "answer-content-type", path: "Content-Type" },
      { side: "answer", kind: "type", path: "enabled" },
    ]);
  });

  test("reports unknown, missing, enum and read-only fields with their JSON paths", () => {
    const value = exchange({
      method: "POST",
      path: FOLDER,
      request: {
        body: '{"exportBucketId":"5f1b00000000000000000001","customData":[{"key":"k","value":"v","extra":1}],"links":[]}',
      },
      response: { body: '{"exportBucketId":"5f1b00000000000000000001","state":"SLEEPING","bogus":true}' },
    });
    expect(divergences(value)).toEqual(
      expect.arrayContaining([
        { side: "request", kind: "missing-field", path: "snapshotId" },
        { side: "request", kind: "unknown-field", path: "customData[*].extra" },
        { side: "request", kind: "read-only-field", path: "links" },
        { side: "answer", kind: "enum", path: "state" },
        { side: "answer", kind: "unknown-field", path: "bogus" },
      ]),
    );
  });

  test("reports the request's version, method and parameters", () => {
    const accept = "application/vnd.platform.2099-01-01+json";
    expect(divergences(exchange({ request: { accept, contentType: accept } }))).toEqual([
      { side: "request", kind: "accept-version", path: "Accept" },
      { side: "request", kind: "content-type-version", path: "Content-Type" },
    ]);
    expect(divergences(exchange({ method: "PUT" }))).toEqual([
      { side: "request", kind: "unknown-operation", path: "" },
    ]);
    const badId = exchange({
      path: "/api/platform/v2/groups/not-an-id/awsCustomDNS",
      query: "pretty=maybe&colour=red",
    });
    expect(divergences(badId)).toEqual([
      { side: "request", kind: "path-parameter", path: "groupId" },
      { side: "request", kind: "query-parameter", path: "pretty" },
      { side: "request", kind: "query-parameter", path: "colour" },
    ]);
  });

  test("holds hand-made requests only to their answers", () => {
    const handMade = exchange({
      request: { userAgent: "undici", accept: "text/plain", body: '{"nope":1}' },
      status: 418,
    });
    expect(divergences(handMade)).toEqual([{ side: "answer", kind: "undeclared-status", path: "" }]);
    const verdict = oracle.check(exchange({ method: "PUT", request: { userAgent: "undici" }, status: 405 }));
    expect(verdict).toEqual({
      kind: "checked",
      operation: undefined,
      variants: [],
      requestChecked: false,
      answerChecked: false,
      divergences: [],
    });
  });

  test("skips the control API and the OAuth endpoints", () => {
    expect(oracle.check(exchange({ path: "/__emulator/reset" }))).toEqual({
      kind: "skipped",
      reason: "emulator control API (not an API operation)",
    });
    expect(oracle.check(exchange({ path: "/api/oauth/token" }))).toEqual({
      kind: "skipped",
      reason: "OAuth endpoint (not an API operation)",
    });
  });

  test("dispatches on a discriminator mapping", () => {
    const path = `/api/platform/v2/groups/${GROUP}/cloudProviderAccess`;
    const body = '{"providerName":"%s","tenantId":"5f1b0000-0000-0000-0000-00075f1b0000"}';
    const azure = exchange({ method: "POST", path, request: { body: body.replace("%s", "AZURE") } });
    expect(divergences(azure).filter((d) => d.side === "request")).toEqual([]);
    // tenantId belongs to the AZURE subtype only: with providerName AWS it is unknown.
    const aws = exchange({ method: "POST", path, request: { body: body.replace("%s", "AWS") } });
    expect(divergences(aws).filter((d) => d.side === "request")).toEqual([
      { side: "request", kind: "unknown-field", path: "tenantId" },
    ]);
  });
});

describe("the report and the allow-list", () => {
  test("groups divergences, counts them, and marks allowed ones", () => {
    const undeclared = exchange({ status: 418 });
    const report = buildReport(
      oracle,
      [exchange({}), undeclared, undeclared, exchange({ path: "/__emulator/reset" })],
      [],
    );
    expect(report.requestsValidated).toBe(3);
    expect(report.answersValidated).toBe(3);
    expect(report.skipped).toEqual(new Map([["emulator control API (not an API operation)", 1]]));
    expect(report.groups).toHaveLength(1);
    expect(report.groups[0]?.count).toBe(2);
    expect(report.groups[0]?.allowedBy).toBeUndefined();
    expect(formatReport(report)).toContain(
      "toggleGroupAwsCustomDns (#36) | answer undeclared-status | (body) | 418 is not declared",
    );
  });

  test("matches entries by operation, side, kind, path pattern and message", () => {
    const divergence: Divergence = {
      side: "answer",
      operation: "getGroupClusterSearchIndex (#31)",
      kind: "type",
      path: "statusDetail[*].mainIndex.definition.mappings.dynamic",
      message: "must be object",
    };
    expect(ALLOW_LIST.some((entry) => allows(entry, divergence))).toBe(true);
    expect(ALLOW_LIST.some((entry) => allows(entry, { ...divergence, path: "mappings.dynamo" }))).toBe(false);
    const entry = { operation: "*", side: "answer", kind: "type", path: "a[*].b", reason: "r" } as const;
    expect(allows(entry, { ...divergence, path: "a[*].b" })).toBe(true);
    expect(allows(entry, { ...divergence, path: "a[0].b" })).toBe(false);
    expect(allows({ ...entry, messageIncludes: "object" }, { ...divergence, path: "a[*].b" })).toBe(true);
    expect(allows({ ...entry, messageIncludes: "string" }, { ...divergence, path: "a[*].b" })).toBe(false);
  });

  test("gives every allow-list entry a reason", () => {
    for (const entry of ALLOW_LIST) expect(entry.reason.length).toBeGreaterThan(20);
  });
});
