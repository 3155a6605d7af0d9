import { PLATFORM_RULES, platformPolicies } from "../../../provider/policy";

describe("the pack's rules", () => {
  test("ids are unique, and each says why and has a level a team can override", () => {
    const ids = PLATFORM_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      "backup-schedule-per-cluster",
      "backup-compliance-in-production",
      "snapshot-retention-within-compliance",
      "alert-has-notification",
      "alert-https-urls",
      "auditing-in-production",
      "search-nodes-in-production",
      "export-bucket-private-networking",
      "live-migration-cutover-approval",
      "one-resource-per-singleton",
    ]);
    for (const rule of PLATFORM_RULES) expect(rule.description.length).toBeGreaterThan(40);
  });

  test("the policies carry each rule's settings as their configSchema", () => {
    const search = platformPolicies().find((policy) => policy.name === "search-nodes-in-production");
    expect(search?.enforcementLevel).toBe("advisory");
    expect(Object.keys(search?.configSchema?.properties ?? {})).toEqual(["production", "minNodeCount"]);
    expect(search?.configSchema?.properties.minNodeCount).toMatchObject({
      type: "integer",
      default: 2,
      minimum: 1,
    });
  });
});
