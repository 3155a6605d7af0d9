import { checkWith } from "../../../../provider/framework/validation";
import { cloudProviderAccessRoleInputsSchema } from "../../../../provider/resources/cloudProviderAccessRole/schema";

const GROUP = "5f1a000000000000000000a1";
const failures = (news: Record<string, unknown>) =>
  checkWith(cloudProviderAccessRoleInputsSchema, news).failures;

describe("CloudProviderAccessRole inputs", () => {
  test("an ARN is optional and must be an IAM role ARN", () => {
    expect(failures({ groupId: GROUP })).toEqual([]);
    expect(
      failures({ groupId: GROUP, iamAssumedRoleArn: "arn:aws:iam::123456789012:role/path/name" }),
    ).toEqual([]);
    expect(failures({ groupId: GROUP, iamAssumedRoleArn: "arn:aws:iam::1234:role/x" })).toEqual([
      {
        property: "iamAssumedRoleArn",
        reason: "iamAssumedRoleArn must be an AWS IAM role ARN: arn:aws:iam::<12-digit account>:role/<name>",
      },
    ]);
  });

  test("importId is <groupId>/<roleId>; timeouts are durations; unknown inputs are named", () => {
    expect(failures({ groupId: GROUP, importId: GROUP })[0]?.reason).toBe(
      `importId must look like <groupId>/<roleId>; got "${GROUP}"`,
    );
    expect(failures({ groupId: GROUP, timeouts: { create: "soon" } })[0]?.property).toBe("timeouts.create");
    expect(failures({ groupId: GROUP, providerName: "AZURE" })).toEqual([
      { property: "providerName", reason: "providerName is not a known input (check its spelling)" },
    ]);
  });
});
