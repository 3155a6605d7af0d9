/**
 * The backup schedule of a cluster as the other nouns see it: its record, the service's default
 * schedule and the lookup that creates it on first use. Operations 51-53 (emulator/operations/
 * backupSchedules.ts), the compliance policy and export buckets and jobs read it here.
 */
import type { ClusterRecord, EmulatorState, JsonObject } from "../core/contract";
import { table } from "../core/entities";
import { mintId } from "../core/ids";
import { clusterKey, requireCloudBackup } from "./clusters";

export const DEFAULT_REFERENCE_HOUR = 12;

export const DEFAULT_REFERENCE_MINUTE = 0;

export const DEFAULT_RESTORE_WINDOW_DAYS = 7;

export interface BackupScheduleRecord extends JsonObject {
  groupId: string;
  clusterId: string;
  clusterName: string;
  autoCopySettingsEnabled: boolean;
  autoExportEnabled: boolean;
  copyPolicyItemsEnabled: boolean;
  copySettings: JsonObject[];
  export: { exportBucketId: string; frequencyType: string } | null;
  extraRetentionSettings: JsonObject[];
  policies: { id: string; policyItems: JsonObject[] }[];
  referenceHourOfDay: number;
  referenceMinuteOfHour: number;
  restoreWindowDays: number;
  useOrgAndGroupNamesInExportPrefix: boolean;
}

export function backupScheduleTable(state: EmulatorState): Record<string, BackupScheduleRecord> {
  return table<BackupScheduleRecord>(state, "backupSchedules");
}

/** The service's default schedule: hourly every 6 h kept 2 days, daily kept 7 days, weekly on
 * Saturday kept 4 weeks, monthly on the last day kept 12 months. */
export function defaultSchedule(state: EmulatorState, cluster: ClusterRecord): BackupScheduleRecord {
  const item = (
    frequencyType: string,
    frequencyInterval: number,
    retentionUnit: string,
    retentionValue: number,
  ) => ({
    id: mintId(state),
    frequencyType,
    frequencyInterval,
    retentionUnit,
    retentionValue,
  });
  return {
    groupId: cluster.groupId,
    clusterId: cluster.id,
    clusterName: cluster.name,
    autoCopySettingsEnabled: false,
    autoExportEnabled: false,
    copyPolicyItemsEnabled: false,
    copySettings: [],
    export: null,
    extraRetentionSettings: [],
    policies: [
      {
        id: mintId(state),
        policyItems: [
          item("hourly", 6, "days", 2),
          item("daily", 1, "days", 7),
          item("weekly", 6, "weeks", 4),
          item("monthly", 40, "months", 12),
        ],
      },
    ],
    referenceHourOfDay: DEFAULT_REFERENCE_HOUR,
    referenceMinuteOfHour: DEFAULT_REFERENCE_MINUTE,
    restoreWindowDays: DEFAULT_RESTORE_WINDOW_DAYS,
    useOrgAndGroupNamesInExportPrefix: false,
  };
}

/** The schedule of a cluster with cloud backup, created with the defaults on first use. */
export function scheduleOf(state: EmulatorState, cluster: ClusterRecord): BackupScheduleRecord {
  requireCloudBackup(cluster);
  const schedules = backupScheduleTable(state);
  const key = clusterKey(cluster.groupId, cluster.name);
  schedules[key] ??= defaultSchedule(state, cluster);
  return schedules[key];
}
