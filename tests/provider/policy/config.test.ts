import { PLATFORM_RULES, policyConfigProblems } from "../../../provider/policy";

describe("a policy config file checked against the rules", () => {
  test("levels, the all key and settings of the right type pass", () => {
    const config = {
      all: "advisory",
      "alert-https-urls": "mandatory",
      "search-nodes-in-production": { enforcementLevel: "mandatory", production: true, minNodeCount: 3 },
    };
    expect(policyConfigProblems(PLATFORM_RULES, config)).toEqual([]);
  });

  test("each unknown rule id, unknown setting, wrong type and level is named", () => {
    const config = {
      "no-such-rule": "mandatory",
      "alert-https-urls": "blocking",
      "search-nodes-in-production": {
        production: "yes",
        minNodeCount: 0,
        minNodes: 3,
        enforcementLevel: "hard",
      },
      "export-bucket-private-networking": 1,
    };
    expect(policyConfigProblems(PLATFORM_RULES, config)).toEqual([
      `no-such-rule: no rule of this pack has this id (rules: all, ${PLATFORM_RULES.map((rule) => rule.id).join(", ")})`,
      'alert-https-urls: "blocking" is not one of advisory, mandatory, remediate, disabled',
      "search-nodes-in-production.production: must be true or false",
      "search-nodes-in-production.minNodeCount: must be at least 1",
      "search-nodes-in-production.minNodes: not a setting of search-nodes-in-production (settings: enforcementLevel, production, minNodeCount)",
      'search-nodes-in-production.enforcementLevel: "hard" is not one of advisory, mandatory, remediate, disabled',
      "export-bucket-private-networking: must be an enforcement level or an object of settings",
    ]);
  });

  test("a file that is not an object is refused", () => {
    expect(policyConfigProblems(PLATFORM_RULES, ["alert-https-urls"])).toEqual([
      "the policy config must be a JSON object: rule id -> level or settings",
    ]);
  });
});
