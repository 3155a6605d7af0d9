/**
 * Operation coverage (scripts/lib/contract/coverage.ts): counting, the entries a run exercised, the
 * operations the client uses, the committed list and the verdict.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BASELINE_ABOUT,
  type Coverage,
  clientOperations,
  countExchange,
  exercisedEntries,
  formatCoverage,
  judgeCoverage,
  readBaseline,
  renderBaseline,
  writeBaseline,
  writeCommand,
} from "../../scripts/lib/contract/coverage";
import { ContractOracle } from "../../scripts/lib/contract/oracle";

const oracle = new ContractOracle();
const CREATE = "createGroupAlertConfig (#5)";
const GET = "getGroupAlertConfig (#7)";
const DELETE = "deleteGroupAlertConfig (#6)";

function sample(): Coverage {
  const coverage: Coverage = new Map();
  countExchange(coverage, CREATE, true, ["Host Metric Alert Configuration", "notifications[*].typeName=SMS"]);
  countExchange(coverage, CREATE, true, ["Host Metric Alert Configuration"]);
  countExchange(coverage, CREATE, true, []);
  countExchange(coverage, CREATE, false, ["Any Other Alert Configurations"]);
  countExchange(coverage, GET, true, []);
  countExchange(coverage, DELETE, false, []);
  return coverage;
}

describe("counting", () => {
  test("counts exchanges, requests of our client and their variants per operation", () => {
    expect(sample()).toEqual(
      new Map([
        [
          CREATE,
          {
            exchanges: 4,
            clientRequests: 3,
            variants: new Map([
              ["Host Metric Alert Configuration", 2],
              ["notifications[*].typeName=SMS", 1],
            ]),
          },
        ],
        [GET, { exchanges: 1, clientRequests: 1, variants: new Map() }],
        [DELETE, { exchanges: 1, clientRequests: 0, variants: new Map() }],
      ]),
    );
  });

  test("only requests of our client exercise an operation or a variant", () => {
    expect(exercisedEntries(sample())).toEqual([
      CREATE,
      `${CREATE} [Host Metric Alert Configuration]`,
      `${CREATE} [notifications[*].typeName=SMS]`,
      GET,
    ]);
  });
});

describe("the operations the client uses", () => {
  test("are the 84 of api/versions.ts, by their contract labels", () => {
    const labels = clientOperations(oracle);
    expect(labels).toHaveLength(84);
    expect(new Set(labels).size).toBe(84);
    expect(labels).toEqual(
      expect.arrayContaining([CREATE, "disablePeering (#77)", "listLegacyClusters (#78)"]),
    );
    expect(labels).toContain("deauthorizeGroupCloudProviderAccessRole (#74b)");
  });
});

describe("the verdict", () => {
  test("names what the committed list has and the run lost, unexercised client operations, and gains", () => {
    expect(
      judgeCoverage(
        [CREATE, `${CREATE} [Host Metric Alert Configuration]`, GET],
        [CREATE, `${CREATE} [Any Other Alert Configurations]`, DELETE],
        [CREATE, DELETE, GET, "listGroupAlertConfigs (#4)"],
      ),
    ).toEqual({
      lost: [`${CREATE} [Any Other Alert Configurations]`, DELETE],
      clientUnexercised: [DELETE, "listGroupAlertConfigs (#4)"],
      gained: [`${CREATE} [Host Metric Alert Configuration]`, GET],
    });
  });

  test("a run that exercises its list and the client's operations owes nothing", () => {
    expect(judgeCoverage([CREATE, GET], [CREATE], [GET])).toEqual({
      lost: [],
      clientUnexercised: [],
      gained: [GET],
    });
  });
});

describe("the printed coverage", () => {
  test("one line per operation the client uses or the traffic reached, with counts and variants", () => {
    expect(formatCoverage(sample(), [CREATE, DELETE, "listGroupAlertConfigs (#4)"])).toEqual([
      "[contract] coverage: 1 of 3 operations the client uses exercised by requests of our client; 2 request body variants",
      `[contract]   ${CREATE}: 4 exchanges, 3 from our client; variants: Host Metric Alert Configuration 2, notifications[*].typeName=SMS 1`,
      `[contract]   ${DELETE}: NOT EXERCISED by our client (1 hand-made exchanges)`,
      `[contract]   ${GET}: 1 exchanges, 1 from our client (not an operation the client uses)`,
      "[contract]   listGroupAlertConfigs (#4): NOT EXERCISED by our client (0 hand-made exchanges)",
    ]);
  });
});

describe("the command that records a tier", () => {
  test("names the run's traffic folder, from the repository root when it is inside", () => {
    const inside = join(__dirname, "../../.test-state/contract-traffic");
    expect(writeCommand("all", inside)).toBe(
      "ts-node --transpile-only scripts/contract-check.ts .test-state/contract-traffic --tier all --write-coverage",
    );
    expect(writeCommand("quick", "/tmp/traffic")).toBe(
      "ts-node --transpile-only scripts/contract-check.ts /tmp/traffic --tier quick --write-coverage",
    );
  });
});

describe("the committed list", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "coverage-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("writing a tier keeps the other tier and sorts the entries, one a line", () => {
    const file = join(dir, "coverage-by-tier.json");
    writeBaseline("quick", [GET, CREATE], file);
    writeBaseline("all", [DELETE], file);
    writeBaseline("quick", [GET], file);
    expect(readBaseline(file)).toEqual({ about: BASELINE_ABOUT, quick: [GET], all: [DELETE] });
    expect(readFileSync(file, "utf8")).toBe(
      `{\n  "about": ${JSON.stringify(BASELINE_ABOUT)},\n  "quick": [\n    "${GET}"\n  ],\n  "all": [\n    "${DELETE}"\n  ]\n}\n`,
    );
  });

  test("renders an empty tier as []", () => {
    expect(renderBaseline({ about: "a", quick: [], all: [CREATE, GET] })).toBe(
      `{\n  "about": "a",\n  "quick": [],\n  "all": [\n    "${CREATE}",\n    "${GET}"\n  ]\n}\n`,
    );
  });

  test("reading a list that is not one names the tier", () => {
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ about: "a", quick: [CREATE], all: "everything" }));
    expect(() => readBaseline(file)).toThrow(`${file}: "all" must be a list of operation names`);
  });

  test("the committed file lists all 84 operations for each tier and reads back as written", () => {
    const baseline = readBaseline();
    const operations = clientOperations(oracle);
    for (const tier of ["quick", "all"] as const) {
      expect(baseline[tier]).toEqual(expect.arrayContaining(operations));
      expect(baseline[tier]).toEqual([...baseline[tier]].sort());
    }
    expect(readFileSync(join(__dirname, "../../scripts/lib/contract/coverage-by-tier.json"), "utf8")).toBe(
      renderBaseline(baseline),
    );
  });
});
