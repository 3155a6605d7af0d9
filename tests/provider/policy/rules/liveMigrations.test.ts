import { liveMigrationCutoverApproval } from "../../../../provider/policy/rules/liveMigrations";
import { FORMS, violationsOf } from "../policyArgs";

const migration = (cutover: boolean) => ({ groupId: "5f1a000000000000000000a1", cutover });

describe.each(FORMS)("live-migration-cutover-approval (%s form)", (_form, token) => {
  const type = token("LiveMigration");

  test("passes a migration that does not cut over, and an approved cutover", async () => {
    expect(await violationsOf(liveMigrationCutoverApproval, type, "move", migration(false))).toEqual([]);
    expect(
      await violationsOf(liveMigrationCutoverApproval, type, "move", migration(true), {
        cutoverApproved: true,
      }),
    ).toEqual([]);
  });

  test("reports a cutover without approval", async () => {
    expect(await violationsOf(liveMigrationCutoverApproval, type, "move", migration(true))).toEqual([
      'LiveMigration "move": cutover is true without approval (rule live-migration-cutover-approval). Fix: set cutover: false until approved; to approve, set "cutoverApproved": true for live-migration-cutover-approval in the policy config',
    ]);
  });
});
