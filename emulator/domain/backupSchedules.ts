/**
 * Cloud backup schedules: one per cluster with cloud backup, existing with the service's defaults
 * until changed (created on first use). PATCH sends only the fields to change; resetting gives the
 * defaults back. deleteCopiedBackups, deleteCopySnapshots, deleteSnapshots, updateCopySnapshots and
 * updateSnapshots are accepted on update but, being instructions rather than settings (write-only in
 * the contract), neither stored nor returned. A schedule that auto-exports names an export bucket of
 * its project, which then cannot be deleted. Served by operations 51-53; the compliance policy's rules
 * over schedules are emulator/domain/compliancePolicy.ts.
 *
 * Two shapes (api/versions.ts): 2024-08-05 (DiskBackupSnapshotSchedule20240805) names a copy setting's
 * cluster part by `zoneId` and has `autoCopySettingsEnabled`; 2023-01-01 (DiskBackupSnapshotSchedule)
 * names it by `replicationSpecId` and lacks that flag. The emulator gives a cluster one replication
 * spec per zone under the same id, so the two names carry the same value.
 */
import {
  AUTO_EXPORT_FREQUENCY_TYPES,
  CLOUD_PROVIDERS,
  COPY_FREQUENCIES,
  COPY_LAST_NUMBER_OF_SNAPSHOTS,
  COPY_POLICY_ITEMS_MAX,
  EXTRA_RETENTION_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
  RETENTION_UNITS,
  SNAPSHOT_FREQUENCY_TYPES,
} from "../../api/vocabulary";
import type { ClusterRecord, EmulatorState, JsonObject, OperationRequest } from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import {
  arr,
  bool,
  hex24,
  int,
  invalidAttribute,
  missingAttribute,
  type ObjectSchema,
  obj,
  oneOf,
  readOnly,
  required,
  type Schema,
  str,
  validateBody,
  withoutPathEchoes,
} from "../core/validation";
import { policyItemFields, settlePolicyItems } from "./backupPolicy";
import { clusterKey, requireCloudBackup } from "./clusters";
import { type ExportBucketRecord, findExportBucket } from "./exportBuckets";

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

const HOUR = 3_600_000;

/** The next scheduled snapshot: the reference time of day, repeated every hourly interval (every
 * 24 h when the policy has no hourly item), first one after `now`. */
export function nextSnapshotMs(schedule: BackupScheduleRecord, nowMs: number): number {
  const hourly = schedule.policies[0]?.policyItems.find((i) => i.frequencyType === "hourly");
  const stepMs = (hourly ? Number(hourly.frequencyInterval) : 24) * HOUR;
  const now = new Date(nowMs);
  let at = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
    schedule.referenceHourOfDay,
    schedule.referenceMinuteOfHour,
  );
  while (at > nowMs) at -= stepMs;
  while (at <= nowMs) at += stepMs;
  return at;
}

/** The field that names a copy setting's part of the cluster in the served version. */
function copyZoneField(version: string): "zoneId" | "replicationSpecId" {
  return version === VERSION_2023_01_01 ? "replicationSpecId" : "zoneId";
}

export function renderSchedule(
  schedule: BackupScheduleRecord,
  req: Pick<OperationRequest, "now" | "version">,
): JsonObject {
  const { groupId, export: exportSettings, ...fields } = schedule;
  const shown: JsonObject = { ...fields, nextSnapshot: isoDate(nextSnapshotMs(schedule, req.now)) };
  if (exportSettings) shown.export = exportSettings;
  if (req.version === VERSION_2023_01_01) {
    delete shown.autoCopySettingsEnabled;
    shown.copySettings = schedule.copySettings.map(({ zoneId, ...copy }) => ({
      ...copy,
      replicationSpecId: zoneId ?? null,
    }));
  }
  return shown;
}

/** A copy policy item (the contract's DiskBackupCopyPolicyItem): a scheduled kind with its retention,
 * or on-demand with none. Its id is read-only. */
const copyPolicyItem: Schema = {
  kind: "tagged",
  tag: "frequencyType",
  variants: {
    ...Object.fromEntries(
      SNAPSHOT_FREQUENCY_TYPES.map((type) => [
        type,
        {
          id: readOnly(hex24()),
          retentionUnit: required(oneOf(RETENTION_UNITS)),
          retentionValue: required(int({ min: 1 })),
        },
      ]),
    ),
    [ON_DEMAND_FREQUENCY_TYPE]: { id: readOnly(hex24()) },
  },
};

function patchBody(version: string): ObjectSchema {
  const zoneField = copyZoneField(version);
  const copyTarget = {
    cloudProvider: required(oneOf(CLOUD_PROVIDERS)),
    regionName: required(str()),
    [zoneField]: required(hex24()),
  };
  return {
    ...(version === VERSION_2023_01_01 ? {} : { autoCopySettingsEnabled: bool() }),
    autoExportEnabled: bool(),
    copyPolicyItemsEnabled: bool(),
    copySettings: arr(
      obj({
        ...copyTarget,
        copyPolicyItems: arr(copyPolicyItem, { maxItems: COPY_POLICY_ITEMS_MAX }),
        frequencies: arr(oneOf(COPY_FREQUENCIES)),
        lastNumberOfSnapshots: int(COPY_LAST_NUMBER_OF_SNAPSHOTS),
        shouldCopyOplogs: bool(),
      }),
    ),
    export: obj({
      exportBucketId: required(hex24()),
      frequencyType: required(oneOf(AUTO_EXPORT_FREQUENCY_TYPES)),
    }),
    extraRetentionSettings: arr(
      obj({
        frequencyType: required(oneOf(EXTRA_RETENTION_FREQUENCY_TYPES)),
        retentionDays: required(int({ min: 1 })),
      }),
    ),
    policies: arr(
      obj({
        id: hex24(),
        policyItems: required(
          arr(obj(policyItemFields([...SNAPSHOT_FREQUENCY_TYPES, ON_DEMAND_FREQUENCY_TYPE])), {
            minItems: 1,
          }),
        ),
      }),
      {
        maxItems: 1,
      },
    ),
    referenceHourOfDay: int({ min: 0, max: 23 }),
    referenceMinuteOfHour: int({ min: 0, max: 59 }),
    restoreWindowDays: int({ min: 1 }),
    useOrgAndGroupNamesInExportPrefix: bool(),
    deleteCopiedBackups: arr(obj(copyTarget)),
    deleteCopySnapshots: bool(),
    deleteSnapshots: bool(),
    updateCopySnapshots: bool(),
    updateSnapshots: bool(),
    clusterId: readOnly(hex24()),
    clusterName: readOnly(str()),
    nextSnapshot: readOnly(str()),
  };
}

/**
 * The copy settings as stored (by `zoneId`), each copy policy item with an id: the id of the schedule's
 * policy item of the same frequencyType (the item whose snapshots it copies), else the id the same item
 * of the same copy setting had, else a new one.
 */
function settleCopySettings(
  state: EmulatorState,
  schedule: BackupScheduleRecord,
  sent: JsonObject[],
  version: string,
): JsonObject[] {
  const zoneField = copyZoneField(version);
  const sameTarget = (a: JsonObject, b: JsonObject) =>
    a.cloudProvider === b.cloudProvider && a.regionName === b.regionName && a.zoneId === b.zoneId;
  return sent.map(({ [zoneField]: zone, ...rest }) => {
    const copy: JsonObject = { ...rest, zoneId: zone ?? null };
    const before = schedule.copySettings.find((old) => sameTarget(old, copy));
    if (Array.isArray(copy.copyPolicyItems)) {
      copy.copyPolicyItems = (copy.copyPolicyItems as JsonObject[]).map((item) => {
        const policyItem = schedule.policies[0]?.policyItems.find(
          (p) => p.frequencyType === item.frequencyType,
        );
        const earlier = (before?.copyPolicyItems as JsonObject[] | undefined)?.find(
          (old) => old.frequencyType === item.frequencyType,
        );
        return { id: policyItem?.id ?? earlier?.id ?? mintId(state), ...item };
      });
    }
    return copy;
  });
}

function applyPatch(
  state: EmulatorState,
  schedule: BackupScheduleRecord,
  body: JsonObject,
  version: string,
): void {
  const policies = body.policies as { id?: string; policyItems: JsonObject[] }[] | undefined;
  if (policies) {
    const current = schedule.policies[0];
    schedule.policies = policies.map((policy, i) => {
      if (policy.id !== undefined && policy.id !== current?.id) {
        invalidAttribute(`policies[${i}].id`, "names no policy of this schedule");
      }
      return {
        id: current?.id ?? mintId(state),
        policyItems: settlePolicyItems(
          state,
          policy.policyItems,
          current?.policyItems ?? [],
          `policies[${i}].policyItems`,
        ),
      };
    });
  }
  if (body.copySettings !== undefined) {
    schedule.copySettings = settleCopySettings(state, schedule, body.copySettings as JsonObject[], version);
  }
  for (const key of [
    "autoCopySettingsEnabled",
    "autoExportEnabled",
    "copyPolicyItemsEnabled",
    "extraRetentionSettings",
    "referenceHourOfDay",
    "referenceMinuteOfHour",
    "restoreWindowDays",
    "useOrgAndGroupNamesInExportPrefix",
  ] as const) {
    if (body[key] !== undefined) (schedule as JsonObject)[key] = body[key];
  }
  if (body.export !== undefined) schedule.export = body.export as BackupScheduleRecord["export"];
  if (schedule.autoExportEnabled) {
    if (!schedule.export) missingAttribute("export.exportBucketId");
    findExportBucket(state, schedule.groupId, schedule.export.exportBucketId);
  }
}

/** Resets the cluster's schedule to the service's defaults (51) and returns it. */
export function resetSchedule(state: EmulatorState, cluster: ClusterRecord): BackupScheduleRecord {
  const schedule = defaultSchedule(state, cluster);
  backupScheduleTable(state)[clusterKey(cluster.groupId, cluster.name)] = schedule;
  return schedule;
}

/** A PATCH (53) worked out on a copy of the schedule, so it can be checked before it is kept. */
export interface ScheduleUpdate {
  updated: BackupScheduleRecord;
  /** How many copied backups the body asks to delete (an instruction, not stored). */
  copiedBackupsToDelete: number;
}

/** The schedule as a PATCH body of the served version would leave it, on a copy. */
export function planScheduleUpdate(
  state: EmulatorState,
  schedule: BackupScheduleRecord,
  req: Pick<OperationRequest, "body" | "version">,
): ScheduleUpdate {
  const echoes = { clusterName: schedule.clusterName };
  const body = validateBody(withoutPathEchoes(req.body, echoes), patchBody(req.version), { partial: true });
  const updated = structuredClone(schedule);
  applyPatch(state, updated, body, req.version);
  return {
    updated,
    copiedBackupsToDelete: (body.deleteCopiedBackups as JsonObject[] | undefined)?.length ?? 0,
  };
}

/** The backup schedules of the bucket's project that auto-export to it. */
export function schedulesExportingTo(
  state: EmulatorState,
  bucket: ExportBucketRecord,
): BackupScheduleRecord[] {
  return Object.values(backupScheduleTable(state)).filter(
    (s) => s.groupId === bucket.groupId && s.autoExportEnabled && s.export?.exportBucketId === bucket._id,
  );
}

/** A bucket a schedule auto-exports to cannot be deleted (39): the error names the clusters. */
export function requireNoScheduleExportsTo(state: EmulatorState, bucket: ExportBucketRecord): void {
  const exporting = schedulesExportingTo(state, bucket);
  if (exporting.length > 0) {
    throw apiError("EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE", [bucket._id], {
      args: [bucket._id, exporting.map((s) => s.clusterName).join(", ")],
    });
  }
}
