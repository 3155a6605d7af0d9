import { exportBucketPrivateNetworking } from "../../../../provider/policy/rules/exportBuckets";
import { FORMS, violationsOf } from "../policyArgs";

const REQUIRED = { requirePrivateNetworking: true };
const aws = (extra: Record<string, unknown>) => ({
  groupId: "5f1a000000000000000000a1",
  bucketName: "exports",
  cloudProvider: "AWS",
  iamRoleId: "5f1a0000000000000000aa01",
  ...extra,
});

describe.each(FORMS)("export-bucket-private-networking (%s form)", (_form, token) => {
  const bucket = token("ExportBucket");

  test("passes an AWS bucket with private networking where required", async () => {
    expect(
      await violationsOf(
        exportBucketPrivateNetworking,
        bucket,
        "exports",
        aws({ requirePrivateNetworking: true }),
        REQUIRED,
      ),
    ).toEqual([]);
  });

  test("reports an AWS bucket without it where required", async () => {
    expect(await violationsOf(exportBucketPrivateNetworking, bucket, "exports", aws({}), REQUIRED)).toEqual([
      'ExportBucket "exports": requirePrivateNetworking is not true, and this stack requires private networking for export buckets (rule export-bucket-private-networking). Fix: set requirePrivateNetworking: true',
    ]);
  });

  test("leaves buckets alone where not required (the default) and on providers without the setting", async () => {
    expect(await violationsOf(exportBucketPrivateNetworking, bucket, "exports", aws({}))).toEqual([]);
    const azure = { groupId: "5f1a000000000000000000a1", bucketName: "exports", cloudProvider: "AZURE" };
    expect(await violationsOf(exportBucketPrivateNetworking, bucket, "exports", azure, REQUIRED)).toEqual([]);
  });
});
