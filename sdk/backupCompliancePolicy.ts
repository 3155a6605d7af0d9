/**
 * BackupCompliancePolicy: the project's backup compliance policy (a project singleton). Deleting it
 * needs a prior support request: by default `pulumi destroy` fails with the service's refusal; set
 * `keepEnabledOnDelete: true` to leave the policy in place. See docs/resources/backupCompliancePolicy.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

export type RetentionUnit = "days" | "weeks" | "months" | "years";

/** The policy item for on-demand snapshots. */
export interface OnDemandPolicyItem {
  /** Always 0 (the default). */
  frequencyInterval?: 0;
  /** Always "ondemand" (the default). */
  frequencyType?: "ondemand";
  retentionUnit: RetentionUnit;
  /** Positive. */
  retentionValue: number;
}

/** A scheduled policy item; frequencyType + frequencyInterval identify it (each pair once). */
export interface CompliancePolicyItem {
  /**
   * hourly: 1, 2, 4, 6, 8 or 12 (hours); daily: 1; weekly: 1-7 (day of the week); monthly: 1-28 or 40
   * (the last day); yearly: 1-12 (month).
   */
  frequencyInterval: number;
  frequencyType: "hourly" | "daily" | "weekly" | "monthly" | "yearly";
  retentionUnit: RetentionUnit;
  /** Positive. */
  retentionValue: number;
}

/** How long operations wait (`"30m"`, `"1h"`, or seconds). */
export interface BackupCompliancePolicyTimeouts {
  /** Until ACTIVE after create. Default "30m". */
  create?: DurationInput;
  /** Until ACTIVE after an update. Default "30m". */
  update?: DurationInput;
  /** Until the policy is gone after it is disabled. Default "30m". */
  delete?: DurationInput;
}

export interface BackupCompliancePolicyArgs {
  /** Project id (24 hexadecimal digits; the API's projectId). Changing it replaces the resource. */
  groupId: pulumi.Input<string>;
  /** Email address of the user who authorized the policy. */
  authorizedEmail: pulumi.Input<string>;
  authorizedUserFirstName: pulumi.Input<string>;
  authorizedUserLastName: pulumi.Input<string>;
  /** Blocks deleting copied backups. Default false. */
  copyProtectionEnabled?: pulumi.Input<boolean>;
  /** Default false. */
  encryptionAtRestEnabled?: pulumi.Input<boolean>;
  /** Continuous cloud backup. Default false; when true, restoreWindowDays is required. */
  pitEnabled?: pulumi.Input<boolean>;
  /** Positive; may not exceed the retention of the hourly item. */
  restoreWindowDays?: pulumi.Input<number>;
  onDemandPolicyItem?: pulumi.Input<OnDemandPolicyItem>;
  /** Default none. Matched by frequencyType + frequencyInterval, not by position. */
  scheduledPolicyItems?: pulumi.Input<pulumi.Input<CompliancePolicyItem>[]>;
  /**
   * Sent with every write (query parameter): whether the clusters' backup policies are overwritten to
   * comply. Default true. Not compared with the live policy.
   */
  overwriteBackupPolicies?: pulumi.Input<boolean>;
  /**
   * False (default): delete disables the policy, which the service refuses without a prior support
   * request (the delete then fails with that refusal). True: delete leaves the policy enabled and only
   * removes it from the stack.
   */
  keepEnabledOnDelete?: pulumi.Input<boolean>;
  /** Adoption: `<groupId>`. A project has one policy, so create adopts it with or without this. */
  importId?: pulumi.Input<string>;
  /** How long to wait for ACTIVE and for the disable to finish. */
  timeouts?: pulumi.Input<BackupCompliancePolicyTimeouts>;
}

export class BackupCompliancePolicy extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly authorizedEmail: pulumi.Output<string>;
  declare readonly authorizedUserFirstName: pulumi.Output<string>;
  declare readonly authorizedUserLastName: pulumi.Output<string>;
  declare readonly copyProtectionEnabled: pulumi.Output<boolean>;
  declare readonly encryptionAtRestEnabled: pulumi.Output<boolean>;
  declare readonly pitEnabled: pulumi.Output<boolean>;
  declare readonly restoreWindowDays: pulumi.Output<number | undefined>;
  /** With its read-only id. */
  declare readonly onDemandPolicyItem: pulumi.Output<(OnDemandPolicyItem & { id?: string }) | undefined>;
  /** With their read-only ids. */
  declare readonly scheduledPolicyItems: pulumi.Output<(CompliancePolicyItem & { id?: string })[]>;
  /** The project id as the API names it. */
  declare readonly projectId: pulumi.Output<string>;
  /** ACTIVE once create/update finished (ENABLING, UPDATING, DISABLING on the way). */
  declare readonly state: pulumi.Output<string>;
  /** Whether the service would allow disabling the policy now. */
  declare readonly deletable: pulumi.Output<boolean | undefined>;
  declare readonly updatedDate: pulumi.Output<string | undefined>;
  declare readonly updatedUser: pulumi.Output<string | undefined>;

  constructor(name: string, args: BackupCompliancePolicyArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "BackupCompliancePolicy",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "authorizedEmail",
          "authorizedUserFirstName",
          "authorizedUserLastName",
          "copyProtectionEnabled",
          "encryptionAtRestEnabled",
          "pitEnabled",
          "restoreWindowDays",
          "onDemandPolicyItem",
          "scheduledPolicyItems",
          "projectId",
          "state",
          "deletable",
          "updatedDate",
          "updatedUser",
        ],
      },
      opts,
    );
  }
}
