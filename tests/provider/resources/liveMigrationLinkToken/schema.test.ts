import { checkWith } from "../../../../provider/framework/validation";
import { liveMigrationLinkTokenInputsSchema } from "../../../../provider/resources/liveMigrationLinkToken/schema";

const check = (news: Record<string, unknown>) => checkWith(liveMigrationLinkTokenInputsSchema, news);

describe("LiveMigrationLinkToken inputs", () => {
  test("orgId is an organization id; accessListIps is optional; there is no importId", () => {
    expect(check({ orgId: "5f1a00000000000000000001" }).failures).toEqual([]);
    expect(check({ orgId: "5f1a00000000000000000001", accessListIps: [""] }).failures).toEqual([
      { property: "accessListIps[0]", reason: "accessListIps[0] must be at least 1 character" },
    ]);
    expect(
      check({ orgId: "5f1a00000000000000000001", importId: "5f1a00000000000000000001" }).failures,
    ).toEqual([{ property: "importId", reason: "importId is not a known input (check its spelling)" }]);
  });
});
