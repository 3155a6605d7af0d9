import { UnknownValueError } from "@pulumi/policy";
import { defineRule, ruleConfig } from "../../../provider/policy/rule";
import { FORMS, stackViolationsOf, violationsOf } from "./policyArgs";

const throwing = defineRule({
  id: "throws",
  description: "A rule whose body fails.",
  enforcementLevel: "advisory",
  settings: {},
  validateResource: () => {
    throw new TypeError("cannot read notifications of undefined");
  },
});

const needsUnknown = defineRule({
  id: "reads-unknown",
  description: "A rule reading a value unknown during preview.",
  enforcementLevel: "mandatory",
  settings: {},
  validateStack: () => {
    // What @pulumi/policy's unknownCheckingProxy throws when a rule reads an unknown value; its
    // constructor wants the unknown sentinel, which the package does not export, so the instance is
    // made from the class's prototype (the server and the wrapper both test it with instanceof).
    throw Object.assign(Object.create(UnknownValueError.prototype) as Error, {
      message: "string value at .groupId can't be known during preview",
    });
  },
});

const counting = defineRule({
  id: "counting",
  description: "A rule with a setting.",
  enforcementLevel: "advisory",
  settings: { minimum: { type: "integer", default: 2 } },
  validateResource: (resource, config, report) =>
    report({ resource, property: "count", problem: `is below ${config.minimum}`, fix: "raise it" }),
});

describe.each(FORMS)("a rule as a policy (%s form)", (_form, token) => {
  test("a failing rule fails with an error naming the rule, never passing", async () => {
    await expect(violationsOf(throwing, token("Auditing"), "audit", {})).rejects.toThrow(
      "policy rule throws failed: cannot read notifications of undefined",
    );
  });

  test("an unknown value during preview goes to @pulumi/policy as it is (it reports can't run)", async () => {
    await expect(
      stackViolationsOf(needsUnknown, [{ token: token("Auditing"), name: "audit", props: {} }]),
    ).rejects.toThrow(UnknownValueError);
  });

  test("settings default, the team's values win, and the message names resource, property, rule and fix", async () => {
    expect(await violationsOf(counting, token("SearchDeployment"), "search", {})).toEqual([
      'SearchDeployment "search": count is below 2 (rule counting). Fix: raise it',
    ]);
    expect(await violationsOf(counting, token("SearchDeployment"), "search", {}, { minimum: 5 })).toEqual([
      'SearchDeployment "search": count is below 5 (rule counting). Fix: raise it',
    ]);
  });

  test("an unknown setting fails naming the rule and the key", async () => {
    await expect(
      violationsOf(counting, token("SearchDeployment"), "search", {}, { minimun: 5 }),
    ).rejects.toThrow(
      'policy rule counting failed: policy config of counting: unknown key "minimun" (known: minimum)',
    );
  });
});

test("resources of other packages never reach a rule", async () => {
  expect(await violationsOf(throwing, "aws:s3/bucket:Bucket", "bucket", {})).toEqual([]);
});

test("ruleConfig says when a rule has no settings", () => {
  expect(() => ruleConfig(throwing, { level: 1 })).toThrow(
    'policy config of throws: unknown key "level" (known: none besides enforcementLevel)',
  );
});
