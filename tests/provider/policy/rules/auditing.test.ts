import { auditingInProduction } from "../../../../provider/policy/rules/auditing";
import { FORMS, violationsOf } from "../policyArgs";

const GROUP = "5f1a000000000000000000a1";
const PRODUCTION = { production: true };

describe.each(FORMS)("auditing-in-production (%s form)", (_form, token) => {
  const auditing = token("Auditing");

  test("passes auditing enabled with a filter, given as an object or as JSON text", async () => {
    for (const auditFilter of [{ atype: "authenticate" }, '{"atype": "authenticate"}'])
      expect(
        await violationsOf(
          auditingInProduction,
          auditing,
          "audit",
          { groupId: GROUP, enabled: true, auditFilter },
          PRODUCTION,
        ),
      ).toEqual([]);
  });

  test("reports disabled auditing and an empty filter in production", async () => {
    expect(
      await violationsOf(
        auditingInProduction,
        auditing,
        "audit",
        { groupId: GROUP, enabled: false, auditFilter: "{}" },
        PRODUCTION,
      ),
    ).toEqual([
      'Auditing "audit": enabled is not true in production (rule auditing-in-production). Fix: set enabled: true',
      'Auditing "audit": auditFilter selects no events in production (rule auditing-in-production). Fix: set auditFilter to the events to record (for example {"atype": "authenticate"})',
    ]);
  });

  test("reports a filter left out", async () => {
    expect(
      await violationsOf(
        auditingInProduction,
        auditing,
        "audit",
        { groupId: GROUP, enabled: true },
        PRODUCTION,
      ),
    ).toEqual([
      'Auditing "audit": auditFilter selects no events in production (rule auditing-in-production). Fix: set auditFilter to the events to record (for example {"atype": "authenticate"})',
    ]);
  });

  test("checks nothing outside production (the default)", async () => {
    expect(
      await violationsOf(auditingInProduction, auditing, "audit", { groupId: GROUP, enabled: false }),
    ).toEqual([]);
  });
});
