/** The crash trials' oracle (scripts/lib/crashAll.ts): a trial's emulator tables against the baseline. */
import {
  compareInventories,
  EVERY_TYPE_TRIALS,
  type EveryTypeTrial,
  everyTypeTrialOk,
  killMoments,
  PHASES,
  typeOfUrn,
} from "../../../scripts/lib/crashAll";
import { QUICKSTART_TRIALS } from "../../../scripts/lib/reliability";

const baseline = {
  snapshots: ['"<id>" {"description":"every type","status":"completed"}'],
  auditing: ['"5f1a0000000000000000e201" {"enabled":true}'],
  migrationValidations: ['"<id>" {"status":"SUCCESS"}'],
};

describe("compareInventories", () => {
  test("a trial that ends as the baseline leaves nothing", () => {
    expect(compareInventories(baseline, { ...baseline })).toEqual({
      duplicates: {},
      orphans: {},
      differing: {},
      repeatedChecks: {},
      details: [],
    });
  });

  test("a second snapshot of the declaration is a duplicate, another one an orphan, a changed singleton differs", () => {
    const actual = {
      ...baseline,
      snapshots: [
        '"<id>" {"description":"every type","status":"completed"}',
        '"<id>" {"description":"every type","status":"completed"}',
        '"<id>" {"description":"by hand","status":"completed"}',
      ],
      auditing: ['"5f1a0000000000000000e201" {"enabled":false}'],
    };
    expect(compareInventories(baseline, actual)).toEqual({
      duplicates: { OnDemandSnapshot: 1 },
      orphans: { OnDemandSnapshot: 1 },
      differing: { Auditing: 1 },
      repeatedChecks: {},
      details: [
        'snapshots: beyond the baseline "<id>" {"description":"every type","status":"completed"}',
        'snapshots: beyond the baseline "<id>" {"description":"by hand","status":"completed"}',
        'auditing: missing or differing "5f1a0000000000000000e201" {"enabled":true}',
        'auditing: beyond the baseline "5f1a0000000000000000e201" {"enabled":false}',
      ],
    });
  });

  test("a validation made again is a repeated check, not a failure; a missing one still differs", () => {
    const again = {
      ...baseline,
      migrationValidations: [...baseline.migrationValidations, '"<id>" {"status":"SUCCESS"}'],
    };
    expect(compareInventories(baseline, again)).toEqual({
      duplicates: {},
      orphans: {},
      differing: {},
      repeatedChecks: { LiveMigration: 1 },
      details: [],
    });
    const none = { ...baseline, migrationValidations: [] };
    expect(compareInventories(baseline, none).details).toEqual([
      'migrationValidations: missing or differing "<id>" {"status":"SUCCESS"}',
    ]);
  });
});

describe("typeOfUrn", () => {
  test("names a type as recover's report does: short for this package, whole for any other", () => {
    expect(
      typeOfUrn("urn:pulumi:test::e2e-every-type::pulumi-nodejs:dynamic/platform:SearchIndex::movies"),
    ).toBe("SearchIndex");
    expect(typeOfUrn("urn:pulumi:test::e2e-every-type::pulumi:pulumi:Stack::e2e-every-type-test")).toBe(
      "pulumi:pulumi:Stack",
    );
    expect(
      typeOfUrn("urn:pulumi:test::p::my:index:Backups$pulumi-nodejs:dynamic/platform:RestoreJob::restore"),
    ).toBe("RestoreJob");
  });
});

describe("everyTypeTrialOk (what npm run soak counts as converged)", () => {
  const run = (code: number) => ({ code, stdout: "", stderr: "" });
  const converged: EveryTypeTrial = {
    phase: "create",
    delayMs: 100,
    pendingTypes: ["LiveMigration", "SearchIndex"],
    providerEnded: true,
    recovered: run(1),
    actions: [
      { urn: "urn:a", type: "SearchIndex", operation: "creating", outcome: "adopted", id: "x" },
      { urn: "urn:b", type: "LiveMigration", operation: "creating", outcome: "undecided" },
    ],
    resolvedMigration: "adopted",
    pendingAfterRecover: [],
    rerun: run(0),
    leftovers: { duplicates: {}, orphans: {}, differing: {}, repeatedChecks: {}, details: [] },
  };

  test("the undecided migration resolved, everything acted on and as the baseline: converged", () => {
    expect(everyTypeTrialOk(converged)).toBe(true);
  });

  test("each thing the suite asserts fails it", () => {
    const broken: Array<Partial<EveryTypeTrial>> = [
      { providerEnded: false },
      { recovered: { code: 1, stdout: "", stderr: "error: no checkpoint\n" } },
      { recovered: run(0) },
      { resolvedMigration: undefined },
      { pendingTypes: ["LiveMigration", "SearchIndex", "Auditing"] },
      { pendingAfterRecover: [{ type: "creating", urn: "urn:a" }] },
      { rerun: run(255) },
      { leftovers: { ...converged.leftovers, details: ["snapshots: beyond the baseline x"] } },
      {
        actions: [
          { urn: "urn:a", type: "SearchIndex", operation: "creating", outcome: "undecided" },
          { urn: "urn:b", type: "LiveMigration", operation: "creating", outcome: "undecided" },
        ],
      },
    ];
    expect(broken.map((change) => everyTypeTrialOk({ ...converged, ...change }))).toEqual(
      broken.map(() => false),
    );
  });
});

test("the regular trial sets are the first of their full sets, at least one each", () => {
  for (const set of [
    ...PHASES.map((phase) => EVERY_TYPE_TRIALS[phase]),
    ...Object.values(QUICKSTART_TRIALS),
  ]) {
    expect(set.regular).toBeGreaterThanOrEqual(1);
    expect(set.regular).toBeLessThanOrEqual(set.full);
  }
  expect(PHASES.map((phase) => EVERY_TYPE_TRIALS[phase].seed)).toEqual([31, 37, 41]);
});

test("a set's kills: at the first write, then the seed's moments within the span, the same every time", () => {
  const next = killMoments(31, 1000);
  expect([next(), next(), next(), next()]).toEqual([0, 672, 835, 749]);
  const again = killMoments(31, 2000);
  expect([again(), again()]).toEqual([0, 1344]);
});
