/**
 * The contract check over a traffic folder (scripts/lib/contract/check.ts): what fails a tier (lost
 * coverage, an operation the client uses left unexercised, a stale allow-list entry in the full run),
 * what only warns, and the command line.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALLOW_LIST, type AllowListEntry } from "../../scripts/lib/contract/allow-list";
import { type CheckOptions, parseCheckArguments, runCheck } from "../../scripts/lib/contract/check";
import { BASELINE_ABOUT, renderBaseline } from "../../scripts/lib/contract/coverage";
import { ContractOracle, type RecordedExchange } from "../../scripts/lib/contract/oracle";

const oracle = new ContractOracle();
const GROUP = "5f1a000000000000000000a1";
const V2023 = "application/vnd.platform.2023-01-01+json";
const CLIENT = "pulumi-cluster-platform-client/0.1";
const TOGGLE = "toggleGroupAwsCustomDns (#36)";
const READ = "getGroupAwsCustomDns (#35)";
const CREATE = "createGroupAlertConfig (#5)";
const CATCH_ALL = `${CREATE} [Any Other Alert Configurations]`;
const BY_EMAIL = `${CREATE} [notifications[*].typeName=EMAIL]`;
const EMAIL = { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 0, intervalMin: 60 };

function exchange(method: "GET" | "PATCH" | "POST", userAgent = CLIENT): RecordedExchange {
  const alert = method === "POST";
  return {
    method,
    path: `/api/platform/v2/groups/${GROUP}/${alert ? "alertConfigs" : "awsCustomDNS"}`,
    query: "",
    request: {
      accept: V2023,
      contentType: method === "GET" ? null : V2023,
      userAgent,
      body:
        method === "PATCH"
          ? '{"enabled":true}'
          : alert
            ? JSON.stringify({ eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE", notifications: [EMAIL] })
            : null,
    },
    status: alert ? 400 : 200,
    response: alert
      ? { contentType: "application/json", body: '{"error":400,"errorCode":"INVALID","detail":"x"}' }
      : { contentType: V2023, body: '{"enabled":true}' },
  };
}

/**
 * A catch-all alert configuration body matches none of the contract's alternatives (an allowed
 * contract artifact): tests that send one check with the real allow-list.
 */
const WITH_ALERTS = { allowList: ALLOW_LIST };

/** An allow-list entry this traffic never matches. */
const UNUSED: AllowListEntry = {
  operation: "getGroupAlert (#13)",
  side: "answer",
  kind: "enum",
  path: "status",
  reason: "an entry no exchange of these tests matches",
};

let dir: string;
let traffic: string;
let coverageFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "contract-check-"));
  traffic = join(dir, "traffic");
  mkdirSync(traffic);
  coverageFile = join(dir, "coverage-by-tier.json");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function record(exchanges: RecordedExchange[]): void {
  writeFileSync(join(traffic, "traffic-1.jsonl"), exchanges.map((e) => `${JSON.stringify(e)}\n`).join(""));
}

function commit(quick: string[], all: string[]): void {
  writeFileSync(coverageFile, renderBaseline({ about: BASELINE_ABOUT, quick, all }));
}

function check(options: Partial<CheckOptions>) {
  return runCheck({
    dir: traffic,
    tier: undefined,
    writeCoverage: false,
    showAll: false,
    coverageFile,
    allowList: [],
    oracle,
    usedByClient: [READ, TOGGLE],
    ...options,
  });
}

const failures = (lines: string[]) => lines.filter((line) => line.startsWith("[contract] FAIL"));

describe("coverage of a tier", () => {
  test("a run that exercises its committed list and the client's operations passes", () => {
    record([exchange("GET"), exchange("PATCH"), exchange("PATCH", "curl/8.0")]);
    commit([READ, TOGGLE], [READ, TOGGLE]);
    const result = check({ tier: "quick" });
    expect(failures(result.lines)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.lines).toContain(`[contract]   ${TOGGLE}: 2 exchanges, 1 from our client`);
    expect(result.lines).toContain(
      "[contract] coverage: 2 of 2 operations the client uses exercised by requests of our client; 0 request body variants",
    );
  });

  test("an entry the tier's list names and the run no longer exercises fails, naming it", () => {
    record([exchange("GET"), exchange("PATCH"), exchange("POST", "curl/8.0")]);
    commit([READ, TOGGLE, CREATE, CATCH_ALL], []);
    const result = check({ tier: "quick", ...WITH_ALERTS });
    const command = `ts-node --transpile-only scripts/contract-check.ts ${traffic} --tier quick --write-coverage`;
    expect(failures(result.lines)).toEqual([
      `[contract] FAIL coverage: the quick tier (npm test) no longer exercises ${CREATE}, which it did (${coverageFile}); exercise it again, or if it is gone on purpose, record the run with \`${command}\``,
      `[contract] FAIL coverage: the quick tier (npm test) no longer exercises ${CATCH_ALL}, which it did (${coverageFile}); exercise it again, or if it is gone on purpose, record the run with \`${command}\``,
    ]);
    expect(result.exitCode).toBe(1);
  });

  test("the full tier is held to its own list", () => {
    record([exchange("GET"), exchange("PATCH")]);
    commit([READ, TOGGLE], [READ, TOGGLE, CATCH_ALL]);
    expect(failures(check({ tier: "quick" }).lines)).toEqual([]);
    expect(failures(check({ tier: "all" }).lines)).toEqual([
      expect.stringMatching(
        /^\[contract\] FAIL coverage: the all tier \(npm run test:all\) no longer exercises createGroupAlertConfig \(#5\) \[Any Other Alert Configurations\], which it did/,
      ),
    ]);
  });

  test("an operation the client uses with no request of our client in the traffic fails", () => {
    record([exchange("GET"), exchange("PATCH", "curl/8.0")]);
    commit([READ], [READ]);
    const result = check({ tier: "quick" });
    expect(failures(result.lines)).toEqual([
      `[contract] FAIL coverage: the client uses ${TOGGLE} but no request of our client to it is in the quick tier's traffic`,
    ]);
    expect(result.lines).toContain(
      `[contract]   ${TOGGLE}: NOT EXERCISED by our client (1 hand-made exchanges)`,
    );
    expect(result.exitCode).toBe(1);
  });

  test("entries exercised beyond the list are named with the command that records them, and pass", () => {
    record([exchange("GET"), exchange("PATCH"), exchange("POST")]);
    commit([READ, TOGGLE], []);
    const result = check({ tier: "quick", ...WITH_ALERTS });
    expect(result.exitCode).toBe(0);
    expect(result.lines).toContain(
      `[contract] the quick tier now exercises 3 entries its committed list does not name (${CREATE}, ${CATCH_ALL}, ${BY_EMAIL}); record them with \`ts-node --transpile-only scripts/contract-check.ts ${traffic} --tier quick --write-coverage\``,
    );
  });

  test("--write-coverage records the run as the tier's list and keeps the other tier's", () => {
    record([exchange("GET"), exchange("PATCH"), exchange("POST")]);
    commit([READ], [READ, TOGGLE, "listGroupAlerts (#12)"]);
    const result = check({ tier: "quick", writeCoverage: true, ...WITH_ALERTS });
    expect(result.exitCode).toBe(0);
    expect(result.lines).toContain(
      `[contract] wrote the quick tier's 5 exercised entries to ${coverageFile}`,
    );
    expect(JSON.parse(readFileSync(coverageFile, "utf8"))).toEqual({
      about: BASELINE_ABOUT,
      quick: [CREATE, CATCH_ALL, BY_EMAIL, READ, TOGGLE],
      all: [READ, TOGGLE, "listGroupAlerts (#12)"],
    });
  });

  test("without a tier (a partial run) coverage is printed and judges nothing", () => {
    record([exchange("GET")]);
    commit([READ, TOGGLE, CREATE], [READ, TOGGLE, CREATE]);
    const result = check({});
    expect(result.exitCode).toBe(0);
    expect(result.lines).toContain(
      `[contract]   ${TOGGLE}: NOT EXERCISED by our client (0 hand-made exchanges)`,
    );
  });
});

describe("stale allow-list entries", () => {
  beforeEach(() => {
    record([exchange("GET"), exchange("PATCH")]);
    commit([READ, TOGGLE], [READ, TOGGLE]);
  });
  const warning =
    "[contract] allow-list entry matched nothing in this run (the full run fails on it if it matches nothing there either): getGroupAlert (#13) answer enum status";

  test("fail the full run, naming the entry", () => {
    const result = check({ tier: "all", allowList: [UNUSED] });
    expect(failures(result.lines)).toEqual([
      "[contract] FAIL allow-list entry matched nothing in the full run (remove it): getGroupAlert (#13) answer enum status",
    ]);
    expect(result.exitCode).toBe(1);
  });

  test("only warn in the quick tier and in a partial run", () => {
    for (const tier of ["quick", undefined] as const) {
      const result = check({ tier, allowList: [UNUSED] });
      expect(result.lines).toContain(warning);
      expect(failures(result.lines)).toEqual([]);
      expect(result.exitCode).toBe(0);
    }
  });

  test("are named with their message fragment when they have one", () => {
    const result = check({ tier: "all", allowList: [{ ...UNUSED, messageIncludes: "must be" }] });
    expect(failures(result.lines)).toEqual([
      '[contract] FAIL allow-list entry matched nothing in the full run (remove it): getGroupAlert (#13) answer enum status ("must be")',
    ]);
  });
});

describe("divergences and missing traffic", () => {
  test("a divergence outside the allow-list fails whatever the tier", () => {
    record([{ ...exchange("PATCH"), status: 418 }]);
    commit([], []);
    const result = check({ tier: undefined, usedByClient: [] });
    expect(result.lines).toContain("[contract] 0 divergence groups allowed by the allow-list, 1 not allowed");
    expect(result.exitCode).toBe(1);
  });

  test("no folder, or an empty one, is exit 2", () => {
    expect(check({ dir: join(dir, "absent") })).toEqual({
      lines: [
        `[contract] no traffic folder ${join(dir, "absent")}: run the jest suites with PLATFORM_CONTRACT_TRAFFIC_DIR set`,
      ],
      exitCode: 2,
    });
    expect(check({})).toEqual({ lines: [`[contract] ${traffic} holds no recorded exchanges`], exitCode: 2 });
  });
});

describe("the command line", () => {
  test("a folder, a tier, --write-coverage and --all", () => {
    expect(parseCheckArguments(["/t", "--tier", "all", "--write-coverage", "--all"], "/fallback")).toEqual({
      ok: true,
      options: { dir: "/t", tier: "all", writeCoverage: true, showAll: true },
    });
    expect(parseCheckArguments(["--tier", "quick"], "/fallback")).toEqual({
      ok: true,
      options: { dir: "/fallback", tier: "quick", writeCoverage: false, showAll: false },
    });
  });

  test("bad arguments are named", () => {
    expect(parseCheckArguments(["--tier", "e2e"], "/f")).toEqual({
      ok: false,
      message: "--tier takes quick or all, got e2e",
    });
    expect(parseCheckArguments(["--tier"], "/f")).toEqual({
      ok: false,
      message: "--tier takes quick or all, got nothing",
    });
    expect(parseCheckArguments(["--fast"], "/f")).toEqual({ ok: false, message: "unknown option --fast" });
    expect(parseCheckArguments(["/a", "/b"], "/f")).toEqual({
      ok: false,
      message: "one traffic folder only, got /a and /b",
    });
    expect(parseCheckArguments(["--write-coverage"], "/f")).toEqual({
      ok: false,
      message: "--write-coverage needs --tier quick or --tier all",
    });
  });
});
