import type { JsonObject } from "../../../emulator/core/contract";
import { bucket, bucketBody } from "./backupFixtures";
import {
  AWS_ROLE,
  bodyOf,
  call,
  expectError,
  itemsOf,
  MISSING_ID,
  makeState,
  UNAUTHORIZED_AWS_ROLE,
} from "./harness";

describe("37-40 export buckets", () => {
  test("38 creates with 200; 40 gets by _id; 37 lists", () => {
    const state = makeState();
    const result = call(state, "38", { body: bucketBody });
    expect(result.kind === "entity" && result.status).toBe(200);
    const created = bodyOf(result);
    // requirePrivateNetworking left out of the create shows false, as the service's answer does.
    expect(created).toEqual({
      _id: expect.stringMatching(/^[a-f0-9]{24}$/),
      ...bucketBody,
      requirePrivateNetworking: false,
    });
    expect(bodyOf(call(state, "40", { params: { exportBucketId: String(created._id) } }))).toEqual(created);
    expect(itemsOf(call(state, "37"))).toEqual([created]);
  });

  test("38 validates the body and needs an authorized AWS role", () => {
    const state = makeState();
    expectError(
      () => call(state, "38", { body: { ...bucketBody, bucketName: "ab" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, bucketName: "a".repeat(64) } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    call(state, "38", { body: { ...bucketBody, bucketName: "a".repeat(63) } });
    expectError(
      () => call(state, "38", { body: { ...bucketBody, cloudProvider: "ORACLE" } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    // GCP is a contract variant now: its role field is roleId, so an AWS body with GCP is refused.
    expectError(
      () => call(state, "38", { body: { ...bucketBody, cloudProvider: "GCP" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { bucketName: "abc", cloudProvider: "AWS" } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, _id: MISSING_ID } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, iamRoleId: UNAUTHORIZED_AWS_ROLE } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
    expectError(
      () => call(state, "38", { body: { ...bucketBody, iamRoleId: MISSING_ID } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
    call(state, "38", { body: bucketBody });
    expectError(() => call(state, "38", { body: bucketBody }), 409, "EXPORT_BUCKET_ALREADY_EXISTS");
  });

  test("39 deletes; refused while a schedule auto-exports to the bucket", () => {
    const state = makeState();
    const id = bucket(state);
    call(state, "53", {
      body: { autoExportEnabled: true, export: { exportBucketId: id, frequencyType: "monthly" } },
    });
    expectError(
      () => call(state, "39", { params: { exportBucketId: id } }),
      400,
      "EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE",
    );
    call(state, "53", { body: { autoExportEnabled: false } });
    expect(call(state, "39", { params: { exportBucketId: id } })).toEqual({ kind: "empty", status: 204 });
    expectError(() => call(state, "40", { params: { exportBucketId: id } }), 404, "EXPORT_BUCKET_NOT_FOUND");
    expectError(() => call(state, "39", { params: { exportBucketId: id } }), 404, "EXPORT_BUCKET_NOT_FOUND");
  });
});

describe("38 export buckets of the contract's AZURE and GCP variants", () => {
  const serviceUrl = "https://exportstorage.blob.core.windows.net/snapshots";

  test("AZURE needs an AZURE role of the project and serviceUrl; answers roleId, serviceUrl, tenantId", () => {
    const state = makeState();
    const role = bodyOf(
      call(state, "73", {
        body: { providerName: "AZURE", platformAzureAppId: "app", servicePrincipalId: "sp", tenantId: "t" },
      }),
    );
    const roleId = String(role._id);
    const tenantId = "6f1e6a0e-1111-4a4a-9b9b-000000000001";
    const created = bodyOf(
      call(state, "38", { body: { cloudProvider: "AZURE", roleId, serviceUrl, tenantId } }),
    );
    expect(created).toEqual({
      _id: created._id,
      bucketName: "snapshots",
      cloudProvider: "AZURE",
      roleId,
      serviceUrl,
      tenantId,
      links: created.links,
    });
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId, serviceUrl: "https://short" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId: AWS_ROLE, serviceUrl } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
    expectError(
      () => call(state, "38", { body: { cloudProvider: "AZURE", roleId, serviceUrl, iamRoleId: AWS_ROLE } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });

  test("GCP needs bucketName and a GCP role of the project (seeded); answers roleId", () => {
    const state = makeState();
    const gcpRole = "5f1a000000000000000000c9";
    const roles = state.entities.cloudProviderAccess as Record<string, JsonObject>;
    roles[gcpRole] = { ...(roles[AWS_ROLE] as JsonObject), roleId: gcpRole, providerName: "GCP" };
    const body = { cloudProvider: "GCP", bucketName: "gcp-exports", roleId: gcpRole };
    const created = bodyOf(call(state, "38", { body }));
    expect(created).toMatchObject({ bucketName: "gcp-exports", cloudProvider: "GCP", roleId: gcpRole });
    expect(created).not.toHaveProperty("iamRoleId");
    expectError(
      () => call(state, "38", { body: { cloudProvider: "GCP", roleId: gcpRole } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "38", { body: { ...body, bucketName: "other", roleId: AWS_ROLE } }),
      400,
      "CANNOT_ASSUME_ROLE",
    );
  });
});

describe("38 per version (the contract's request schemas of 2023-01-01)", () => {
  test("38 under 2023-01-01 takes AWS buckets only (DiskBackupSnapshotAWSExportBucketRequest)", () => {
    const state = makeState();
    expect(bodyOf(call(state, "38", { version: "2023-01-01", body: bucketBody }))).toMatchObject({
      bucketName: "my-exports",
      cloudProvider: "AWS",
    });
    const gcp = { cloudProvider: "GCP", bucketName: "gcp-exports", roleId: AWS_ROLE };
    const error = expectError(
      () => call(state, "38", { version: "2023-01-01", body: gcp }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expect(error.parameters).toEqual(["GCP", "cloudProvider"]);
  });
});
