/**
 * CloudBackupSchedule: the backup schedule of a cluster with cloud backup (one per cluster, always
 * present). Fields the program sets are managed; fields it leaves out keep the service's values.
 * See docs/resources/cloudBackupSchedule.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { AUTO_EXPORT_FREQUENCY_TYPES, EXTRA_RETENTION_FREQUENCY_TYPES } from "../api/vocabulary";
import { PlatformResource } from "./base";

export type BackupCloudProvider = "AWS" | "AZURE" | "GCP";
export type SnapshotFrequency = "HOURLY" | "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY" | "ON_DEMAND";
/** How often snapshots are exported automatically: monthly or yearly (the service takes no other). */
export type ExportFrequency = (typeof AUTO_EXPORT_FREQUENCY_TYPES)[number];

/** A policy item; frequencyType + frequencyInterval identify it (each pair once per policy). */
export interface SchedulePolicyItem {
  /**
   * hourly: 1, 2, 4, 6, 8 or 12 (hours); daily: 1; weekly: 1-7 (day of the week); monthly: 1-28 or 40
   * (the last day); yearly: 1-12 (month).
   */
  frequencyInterval: number;
  frequencyType: "hourly" | "daily" | "weekly" | "monthly" | "yearly";
  retentionUnit: "days" | "weeks" | "months" | "years";
  /** Positive. */
  retentionValue: number;
}

export interface SchedulePolicy {
  /** At least one item. The policy's id and the items' ids are outputs. */
  policyItems: pulumi.Input<pulumi.Input<SchedulePolicyItem>[]>;
}

/** Which snapshots a copy setting copies and how long the copies are kept. */
export interface CopyPolicyItem {
  frequencyType: "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "ondemand";
  /** Required for a scheduled kind; left out for ondemand. */
  retentionUnit?: "days" | "weeks" | "months" | "years";
  /** Positive; required for a scheduled kind; left out for ondemand. */
  retentionValue?: number;
}

/** Copies of snapshots to another region. */
export interface CopySetting {
  cloudProvider: BackupCloudProvider;
  regionName: string;
  /** At most 6. */
  copyPolicyItems?: CopyPolicyItem[];
  /** Which snapshots are copied (deprecated by the service for copyPolicyItems). */
  frequencies?: SnapshotFrequency[];
  /** Copy only the latest this many snapshots, 1-500. */
  lastNumberOfSnapshots?: number;
  /** Default false. */
  shouldCopyOplogs?: boolean;
  /** The replication zone (24 hexadecimal digits) whose snapshots are copied. */
  zoneId: string;
}

export interface ScheduleExport {
  /** An export bucket of the project: an ExportBucket's `exportBucketId` output (which makes the schedule depend on it). */
  exportBucketId: pulumi.Input<string>;
  frequencyType: pulumi.Input<ExportFrequency>;
}

/** An export setting as stored. */
export interface ScheduleExportOutput {
  exportBucketId: string;
  frequencyType: ExportFrequency;
}

/** A longer retention for one kind of snapshot. */
export interface ExtraRetentionSetting {
  /** Upper case, as the service takes it: HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY or ON_DEMAND. */
  frequencyType: (typeof EXTRA_RETENTION_FREQUENCY_TYPES)[number];
  /** Positive. */
  retentionDays: number;
}

export interface CopiedBackupsToDelete {
  cloudProvider: BackupCloudProvider;
  regionName: string;
  /** 24 hexadecimal digits. */
  zoneId: string;
}

export interface CloudBackupScheduleArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the resource. */
  groupId: pulumi.Input<string>;
  /** Cluster name. Changing it replaces the resource. */
  clusterName: pulumi.Input<string>;
  /** Copy snapshots to the `copySettings` regions automatically. */
  autoCopySettingsEnabled?: pulumi.Input<boolean>;
  /** Export snapshots automatically to `export.exportBucketId`. */
  autoExportEnabled?: pulumi.Input<boolean>;
  /** Whether `copySettings[].copyPolicyItems` decide which snapshots are copied. */
  copyPolicyItemsEnabled?: pulumi.Input<boolean>;
  copySettings?: pulumi.Input<pulumi.Input<CopySetting>[]>;
  export?: pulumi.Input<ScheduleExport>;
  extraRetentionSettings?: pulumi.Input<pulumi.Input<ExtraRetentionSetting>[]>;
  /** At most one policy. Items are matched by frequencyType + frequencyInterval, not by position. */
  policies?: pulumi.Input<pulumi.Input<SchedulePolicy>[]>;
  /** UTC hour of the scheduled snapshot, 0-23. */
  referenceHourOfDay?: pulumi.Input<number>;
  /** Minute of the scheduled snapshot, 0-59. */
  referenceMinuteOfHour?: pulumi.Input<number>;
  /** Continuous backup window in days, positive. */
  restoreWindowDays?: pulumi.Input<number>;
  useOrgAndGroupNamesInExportPrefix?: pulumi.Input<boolean>;
  /** Update-only instruction: copied snapshots to delete with the update that carries it. Never drift. */
  deleteCopiedBackups?: pulumi.Input<pulumi.Input<CopiedBackupsToDelete>[]>;
  /** Update-only instruction: apply retention changes to existing snapshots too. Never drift. */
  updateSnapshots?: pulumi.Input<boolean>;
  /** Update-only instruction: delete the copies of a copy setting the update removes. Never drift. */
  deleteCopySnapshots?: pulumi.Input<boolean>;
  /** Update-only instruction: apply copy retention changes to existing copies too. Never drift. */
  updateCopySnapshots?: pulumi.Input<boolean>;
  /**
   * True (default): delete restores the service's default schedule. False: delete leaves the schedule
   * as it is (needed while the project has a backup compliance policy, which forbids the reset).
   */
  resetOnDelete?: pulumi.Input<boolean>;
  /** Adoption: `<groupId>/<clusterName>`. The schedule always exists, so create adopts it with or without this. */
  importId?: pulumi.Input<string>;
}

/** A policy item as stored: with its read-only id. */
export type SchedulePolicyItemOutput = SchedulePolicyItem & { id?: string };

export class CloudBackupSchedule extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly autoCopySettingsEnabled: pulumi.Output<boolean>;
  declare readonly autoExportEnabled: pulumi.Output<boolean>;
  declare readonly copyPolicyItemsEnabled: pulumi.Output<boolean>;
  declare readonly copySettings: pulumi.Output<CopySetting[]>;
  declare readonly export: pulumi.Output<ScheduleExportOutput | undefined>;
  declare readonly extraRetentionSettings: pulumi.Output<ExtraRetentionSetting[]>;
  /** With the policy's and the items' read-only ids. */
  declare readonly policies: pulumi.Output<{ id?: string; policyItems: SchedulePolicyItemOutput[] }[]>;
  declare readonly referenceHourOfDay: pulumi.Output<number>;
  declare readonly referenceMinuteOfHour: pulumi.Output<number>;
  declare readonly restoreWindowDays: pulumi.Output<number>;
  declare readonly useOrgAndGroupNamesInExportPrefix: pulumi.Output<boolean>;
  /** The cluster's id. */
  declare readonly clusterId: pulumi.Output<string>;
  /** When the next scheduled snapshot is taken (ISO 8601). */
  declare readonly nextSnapshot: pulumi.Output<string>;
  /** The writable fields this resource manages (the ones the program sets); the others keep the service's values. */
  declare readonly managedFields: pulumi.Output<string[]>;

  constructor(name: string, args: CloudBackupScheduleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "CloudBackupSchedule",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "clusterName",
          "autoCopySettingsEnabled",
          "autoExportEnabled",
          "copyPolicyItemsEnabled",
          "copySettings",
          "export",
          "extraRetentionSettings",
          "policies",
          "referenceHourOfDay",
          "referenceMinuteOfHour",
          "restoreWindowDays",
          "useOrgAndGroupNamesInExportPrefix",
          "clusterId",
          "nextSnapshot",
          "managedFields",
        ],
      },
      opts,
    );
  }
}
