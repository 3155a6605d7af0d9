/** The crash trials' oracle (scripts/lib/crashAll.ts): a trial's emulator tables against the baseline. */
import { compareInventories, typeOfUrn } from "../../../scripts/lib/crashAll";

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
