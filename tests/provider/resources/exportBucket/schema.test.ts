import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { exportBucketInputsSchema } from "../../../../provider/resources/exportBucket/schema";

const GROUP = "5f1a000000000000000000a1";
const ROLE = "5f1a000000000000000000c1";
const BUCKET_ID = "65f0c0ffee0000000000abcd";

function check(news: Record<string, unknown>) {
  return checkWith(exportBucketInputsSchema, news);
}

describe("ExportBucket check", () => {
  it("defaults cloudProvider to AWS", () => {
    expect(check({ groupId: GROUP, bucketName: "my-exports", iamRoleId: ROLE })).toEqual({
      inputs: { groupId: GROUP, bucketName: "my-exports", cloudProvider: "AWS", iamRoleId: ROLE },
      failures: [],
    });
  });

  it("accepts bucket names of 3 and of 63 characters", () => {
    expect(check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE }).failures).toEqual([]);
    expect(check({ groupId: GROUP, bucketName: "a".repeat(63), iamRoleId: ROLE }).failures).toEqual([]);
  });

  it.each([
    ["2", "bucketName must be at least 3 characters"],
    ["a".repeat(64), "bucketName must be at most 63 characters"],
  ])("rejects the bucket name %s", (bucketName, reason) => {
    expect(check({ groupId: GROUP, bucketName, iamRoleId: ROLE }).failures).toEqual([
      { property: "bucketName", reason },
    ]);
  });

  it("requires bucketName and iamRoleId", () => {
    expect(check({ groupId: GROUP }).failures).toEqual([
      { property: "bucketName", reason: "bucketName is required" },
      { property: "iamRoleId", reason: "iamRoleId is required" },
    ]);
  });

  it("rejects an iamRoleId that is not 24 hex digits and a cloud provider other than AWS", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: "arn:aws:iam::1:role/x", cloudProvider: "GCP" })
        .failures,
    ).toEqual([
      { property: "cloudProvider", reason: 'cloudProvider must be "AWS"' },
      { property: "iamRoleId", reason: "iamRoleId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
  });

  it("accepts importId <groupId>/<exportBucketId> of the same project", () => {
    expect(
      check({ groupId: GROUP, bucketName: "abc", iamRoleId: ROLE, importId: `${GROUP}/${BUCKET_ID}` })
        .failures,
    ).toEqual([]);
  });

  it("rejects an importId of another project or of the wrong shape", () => {
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
        reason: `importId must look like <groupId>/<exportBucketId>; got "${BUCKET_ID}" (1 part, expected 2)`,
      },
    ]);
  });

  it("rejects a timeouts entry that is not a duration", () => {
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

  it("treats unknown values (preview) as unknown, not as errors", () => {
    expect(check({ groupId: GROUP, bucketName: UNKNOWN, iamRoleId: UNKNOWN })).toEqual({
      inputs: { groupId: GROUP, bucketName: UNKNOWN, cloudProvider: "AWS", iamRoleId: UNKNOWN },
      failures: [],
    });
  });
});
