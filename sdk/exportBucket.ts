/**
 * ExportBucket: an AWS S3 bucket, Azure Blob Storage container or Google Cloud Storage bucket that cloud
 * backup snapshots are exported to. The API has no update
 * operation: changing any field replaces the bucket. See docs/resources/exportBucket.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** How long operations wait (`"10m"`, `"1h"`, or seconds). */
export interface ExportBucketTimeouts {
  /** Unused: creating a bucket is immediate. */
  create?: DurationInput;
  /** Unused: a bucket is never updated in place. */
  update?: DurationInput;
  /** Until the bucket is gone after delete. Default "10m". */
  delete?: DurationInput;
}

export interface ExportBucketArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the bucket. */
  groupId: pulumi.Input<string>;
  /** Name of the bucket (Azure: the container), 3 to 63 characters. Changing it replaces the bucket (the new one is created first). */
  bucketName: pulumi.Input<string>;
  /** "AWS" (the default), "AZURE" or "GCP". Changing it replaces the bucket (the old one is deleted first). */
  cloudProvider?: pulumi.Input<"AWS" | "AZURE" | "GCP">;
  /**
   * AWS (required there, refused for the others): roleId (24 hexadecimal digits) of an authorized AWS
   * cloud provider access role of the project, used to reach the bucket. Changing it replaces the
   * bucket (the old one is deleted first: names are unique in a project).
   */
  iamRoleId?: pulumi.Input<string>;
  /** AWS only: reach the bucket over private networking only. Default false. Changing it replaces the bucket. */
  requirePrivateNetworking?: pulumi.Input<boolean>;
  /** AZURE and GCP (required there): the authorized cloud provider access role (24 hex). Changing it replaces the bucket. */
  roleId?: pulumi.Input<string>;
  /** AZURE only (required there): the storage account's https URL, 33 to 2048 characters. Changing it replaces the bucket. */
  serviceUrl?: pulumi.Input<string>;
  /** Adopt an existing bucket: `<groupId>/<exportBucketId>`. Its fields must equal the inputs. */
  importId?: pulumi.Input<string>;
  /** How long delete waits for the bucket to be gone. */
  timeouts?: pulumi.Input<ExportBucketTimeouts>;
}

export class ExportBucket extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly bucketName: pulumi.Output<string>;
  declare readonly cloudProvider: pulumi.Output<string>;
  declare readonly iamRoleId: pulumi.Output<string | undefined>;
  declare readonly requirePrivateNetworking: pulumi.Output<boolean | undefined>;
  declare readonly roleId: pulumi.Output<string | undefined>;
  declare readonly serviceUrl: pulumi.Output<string | undefined>;
  /** The bucket's id (the API's `_id`): use it as a CloudBackupSchedule's `export.exportBucketId`. */
  declare readonly exportBucketId: pulumi.Output<string>;

  constructor(name: string, args: ExportBucketArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "ExportBucket",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "bucketName",
          "cloudProvider",
          "iamRoleId",
          "requirePrivateNetworking",
          "roleId",
          "serviceUrl",
          "exportBucketId",
        ],
      },
      opts,
    );
  }
}
