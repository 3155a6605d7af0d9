/**
 * CloudProviderAccessRole: an AWS IAM access role of a project, authorized with the IAM role the
 * platform assumes. See docs/resources/cloudProviderAccessRole.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** How long authorization retries (create, update) and delete waits (`"10m"`, or seconds). */
export interface CloudProviderAccessRoleTimeouts {
  /** Authorization retries while AWS propagates the IAM role. Default "10m". */
  create?: DurationInput;
  /** As create, for a new `iamAssumedRoleArn`. Default "10m". */
  update?: DurationInput;
  /** Until the deauthorized role is gone. Default "5m". */
  delete?: DurationInput;
}

export interface CloudProviderAccessRoleArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the role. */
  groupId: pulumi.Input<string>;
  /**
   * The IAM role the platform assumes (`arn:aws:iam::<account>:role/<name>`), trusting
   * `platformAwsAccountArn` with `platformAssumedRoleExternalId`. Absent: the role is created, not
   * authorized. A new value authorizes again in place; removing it replaces the role.
   */
  iamAssumedRoleArn?: pulumi.Input<string>;
  /** Adopt an existing role: `<groupId>/<roleId>`. */
  importId?: pulumi.Input<string>;
  timeouts?: pulumi.Input<CloudProviderAccessRoleTimeouts>;
}

export class CloudProviderAccessRole extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly iamAssumedRoleArn: pulumi.Output<string | undefined>;
  /** The role's id (use it as an export bucket's `iamRoleId`). */
  declare readonly roleId: pulumi.Output<string>;
  /** The platform's AWS account, which the IAM role must trust. */
  declare readonly platformAwsAccountArn: pulumi.Output<string | undefined>;
  /** The external id the IAM role's trust policy must require. */
  declare readonly platformAssumedRoleExternalId: pulumi.Output<string | undefined>;
  /** When the role was authorized; absent until then. */
  declare readonly authorizedDate: pulumi.Output<string | undefined>;
  declare readonly createdDate: pulumi.Output<string | undefined>;

  constructor(name: string, args: CloudProviderAccessRoleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "CloudProviderAccessRole",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "iamAssumedRoleArn",
          "roleId",
          "platformAwsAccountArn",
          "platformAssumedRoleExternalId",
          "authorizedDate",
          "createdDate",
        ],
      },
      opts,
    );
  }
}
