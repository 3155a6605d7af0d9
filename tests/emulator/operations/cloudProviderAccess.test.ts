import type { JsonObject } from "../../../emulator/core/contract";
import { AWS_ROLE, bodyOf, call, expectError, MISSING_ID, makeState } from "./harness";

describe("72-74b cloud provider access", () => {
  test("73 creates an AWS role (unauthorized), 74a authorizes it, 74 gets it", () => {
    const state = makeState();
    const created = bodyOf(call(state, "73", { body: { providerName: "AWS" } }));
    expect(created).toMatchObject({ providerName: "AWS", featureUsages: [] });
    expect(created).not.toHaveProperty("authorizedDate");
    expect(created.platformAWSAccountArn).toMatch(/^arn:aws:iam::\d{12}:root$/);
    const roleId = String(created.roleId);
    const arn = "arn:aws:iam::123456789012:role/my-role";
    const authorized = bodyOf(
      call(state, "74a", { params: { roleId }, body: { providerName: "AWS", iamAssumedRoleArn: arn } }),
    );
    expect(authorized).toMatchObject({ iamAssumedRoleArn: arn, authorizedDate: "2026-01-01T00:00:00Z" });
    expect(bodyOf(call(state, "74", { params: { roleId } })).iamAssumedRoleArn).toBe(arn);
  });

  test("73 creates an Azure service principal with its required fields", () => {
    const state = makeState();
    const body = {
      providerName: "AZURE",
      platformAzureAppId: "app",
      servicePrincipalId: "sp",
      tenantId: "t",
    };
    expect(bodyOf(call(state, "73", { body }))).toMatchObject({
      providerName: "AZURE",
      servicePrincipalId: "sp",
    });
    expectError(() => call(state, "73", { body: { providerName: "AZURE" } }), 400, "MISSING_ATTRIBUTE");
    expectError(() => call(state, "73", { body: { providerName: "GCP" } }), 400, "INVALID_ENUM_VALUE");
    expectError(() => call(state, "73", { body: {} }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(state, "73", { body: { providerName: "AWS", roleId: MISSING_ID } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });

  test("72 lists roles by provider", () => {
    const state = makeState();
    const listed = bodyOf(call(state, "72"));
    expect((listed.awsIamRoles as JsonObject[]).map((r) => r.roleId)).toContain(AWS_ROLE);
    expect(listed.azureServicePrincipals).toEqual([]);
  });

  test("74a refuses a bad ARN; 74 answers 404 for unknown roles", () => {
    const state = makeState();
    expectError(
      () =>
        call(state, "74a", {
          params: { roleId: AWS_ROLE },
          body: { providerName: "AWS", iamAssumedRoleArn: "nope" },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "74a", { params: { roleId: AWS_ROLE }, body: { providerName: "AWS" } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "74", { params: { roleId: MISSING_ID } }),
      404,
      "CLOUD_PROVIDER_ACCESS_ROLE_NOT_FOUND",
    );
  });

  test("shows export buckets as feature usages; 74b refuses while in use, then deauthorizes", () => {
    const state = makeState();
    const bucket = bodyOf(
      call(state, "38", { body: { bucketName: "exports", cloudProvider: "AWS", iamRoleId: AWS_ROLE } }),
    );
    expect(bodyOf(call(state, "74", { params: { roleId: AWS_ROLE } })).featureUsages).toEqual([
      {
        featureType: "EXPORT_SNAPSHOT",
        featureId: { groupId: "5f1a000000000000000000a1", bucketName: "exports" },
      },
    ]);
    const params = { cloudProvider: "AWS", roleId: AWS_ROLE };
    expectError(() => call(state, "74b", { params }), 400, "CLOUD_PROVIDER_ACCESS_ROLE_IN_USE");
    call(state, "39", { params: { exportBucketId: String(bucket._id) } });
    expectError(
      () => call(state, "74b", { params: { ...params, cloudProvider: "AZURE" } }),
      400,
      "INVALID_PATH_PARAMETER",
    );
    expect(call(state, "74b", { params })).toEqual({ kind: "empty", status: 204 });
    expectError(
      () => call(state, "74", { params: { roleId: AWS_ROLE } }),
      404,
      "CLOUD_PROVIDER_ACCESS_ROLE_NOT_FOUND",
    );
  });
});
