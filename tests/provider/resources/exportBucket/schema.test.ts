import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { exportBucketInputsSchema } from "../../../../provider/resources/exportBucket/schema";

const GROUP = "5f1a000000000000000000a1";
const ROLE = "5f1a000000000000000000c1";
const BUCKET_ID = "65f0c0ffee0000000000abcd";

function check(news: Record<string, unknown>) {
  return checkWith(exportBucketInputsSchema, news);
}

describe("ExportBucket check", () => {
  test("defaults cloudProvider to AWS", () => {
    expect(check({ groupId: GROUP, bucketName: "my-exports", iamRoleId: ROLE })).toEqual({
      inputs: { groupId: GROUP, bucketName: "my-exports", cloudProvider: "AWS", iamRoleId: ROLE },
      failures: [],
    });
  });

  test("accepts bucket names of 3 and of 63 characters", () => {
    expect(check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE }).failures).toEqual([]);
    expect(check({ groupId: GROUP, bucketName: "a".repeat(63), iamRoleId: ROLE }).failures).toEqual([]);
  });

  test.each([
    ["2", "bucketName must be at least 3 characters"],
    ["a".repeat(64), "bucketName must be at most 63 characters"],
  ])("rejects the bucket name %s", (bucketName, reason) => {
    expect(check({ groupId: GROUP, bucketName, iamRoleId: ROLE }).failures).toEqual([
      { property: "bucketName", reason },
    ]);
  });

  test("requires bucketName and iamRoleId", () => {
    expect(check({ groupId: GROUP }).failures).toEqual([
      { property: "bucketName", reason: "bucketName is required" },
      { property: "iamRoleId", reason: "iamRoleId is required for AWS buckets" },
    ]);
  });

  test("rejects an iamRoleId that is not 24 hex digits and an unknown cloud provider", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: "arn:aws:iam::1:role/x", cloudProvider: "OCI" })
        .failures,
    ).toEqual([
      { property: "cloudProvider", reason: 'cloudProvider must be one of "AWS", "AZURE", "GCP"' },
      { property: "iamRoleId", reason: "iamRoleId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
  });

  const SERVICE_URL = "https://exportsaccount.blob.core.windows.net/exports";

  test("accepts AZURE (roleId, serviceUrl) and GCP (roleId) buckets, and AWS requirePrivateNetworking", () => {
    const azure = {
      groupId: GROUP,
      bucketName: "exports",
      cloudProvider: "AZURE",
      roleId: ROLE,
      serviceUrl: SERVICE_URL,
    };
    expect(check(azure)).toEqual({ inputs: azure, failures: [] });
    const gcp = { groupId: GROUP, bucketName: "exports", cloudProvider: "GCP", roleId: ROLE };
    expect(check(gcp)).toEqual({ inputs: gcp, failures: [] });
    const aws = { groupId: GROUP, bucketName: "exports", iamRoleId: ROLE, requirePrivateNetworking: true };
    expect(check(aws).failures).toEqual([]);
  });

  test("names each provider's missing fields and the fields of other providers", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", cloudProvider: "AZURE", iamRoleId: ROLE }).failures,
    ).toEqual([
      { property: "iamRoleId", reason: "iamRoleId is not used by AZURE buckets (only AWS buckets have it)" },
      { property: "roleId", reason: "roleId is required for AZURE buckets" },
      { property: "serviceUrl", reason: "serviceUrl is required for AZURE buckets" },
    ]);
    expect(
      check({
        groupId: GROUP,
        bucketName: "abc",
        cloudProvider: "GCP",
        roleId: ROLE,
        serviceUrl: SERVICE_URL,
      }).failures,
    ).toEqual([
      {
        property: "serviceUrl",
        reason: "serviceUrl is not used by GCP buckets (only AZURE buckets have it)",
      },
    ]);
    expect(
      check({
        groupId: GROUP,
        bucketName: "abc",
        iamRoleId: ROLE,
        roleId: ROLE,
        requirePrivateNetworking: false,
      }).failures,
    ).toEqual([
      {
        property: "roleId",
        reason: "roleId is not used by AWS buckets (only AZURE and GCP buckets have it)",
      },
    ]);
  });

  test("checks serviceUrl: https, 33 to 2048 characters", () => {
    const azure = { groupId: GROUP, bucketName: "abc", cloudProvider: "AZURE", roleId: ROLE };
    expect(check({ ...azure, serviceUrl: "https://a.blob.core.net/c" }).failures).toEqual([
      { property: "serviceUrl", reason: "serviceUrl must be at least 33 characters" },
    ]);
    expect(check({ ...azure, serviceUrl: "http://exportsaccount.blob.core.windows.net/x" }).failures).toEqual(
      [
        {
          property: "serviceUrl",
          reason: "serviceUrl must be an https:// URL (the storage account's blob URL)",
        },
      ],
    );
  });

  test("does not judge provider fields not known yet (preview)", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", cloudProvider: UNKNOWN, roleId: ROLE }).failures,
    ).toEqual([]);
    expect(
      check({ groupId: GROUP, bucketName: "abc", cloudProvider: "GCP", roleId: UNKNOWN }).failures,
    ).toEqual([]);
  });

  test("accepts importId <groupId>/<exportBucketId> of the same project", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE, importId: `${GROUP}/${BUCKET_ID}` })
        .failures,
    ).toEqual([]);
  });

  test("rejects an importId of another project or of the wrong shape", () => {
    const other = "5f1a000000000000000000a2";
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE, importId: `${other}/${BUCKET_ID}` })
        .failures,
    ).toEqual([
      {
        property: "importId",
        reason: `importId names project ${other} but groupId is ${GROUP}; they must be the same project`,
      },
    ]);
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE, importId: BUCKET_ID }).failures,
    ).toEqual([
      {
        property: "importId",
        reason: `importId must look like <groupId>/<exportBucketId>; got "${BUCKET_ID}"`,
      },
    ]);
  });

  test("rejects a timeouts entry that is not a duration", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE, timeouts: { delete: "soon" } }).failures,
    ).toEqual([
      {
        property: "timeouts.delete",
        reason:
          'timeouts.delete must be a duration such as "90s", "30m", "1h" or "1h30m", or a positive number of seconds',
      },
    ]);
  });

  test("treats unknown values (preview) as unknown, not as errors", () => {
    expect(check({ groupId: GROUP, bucketName: UNKNOWN, iamRoleId: UNKNOWN })).toEqual({
      inputs: { groupId: GROUP, bucketName: UNKNOWN, cloudProvider: "AWS", iamRoleId: UNKNOWN },
      failures: [],
    });
  });
});
