/**
 * Cloud backup schedules (51-53): one per cluster with cloud backup, existing with the service's
 * defaults until changed. PATCH sends only the fields to change; DELETE resets to the defaults and
 * returns the schedule. deleteCopiedBackups and updateSnapshots are accepted on update but, being
 * instructions rather than settings, neither stored nor returned.
 */

import {
  CLOUD_PROVIDERS,
  COPY_FREQUENCIES,
  EXPORT_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
  SNAPSHOT_FREQUENCY_TYPES,
} from "../../api/vocabulary";
import type {
  ClusterRecord,
  EmulatorState,
  JsonObject,
  OperationDef,
  OperationRequest,
} from "../core/contract";
import { policyItemFields, settlePolicyItems, unmetRequirements } from "../domain/backupPolicy";
import { clusterKey, entity, pathCluster, requireCloudBackup, table } from "../domain/context";
import { operationError } from "../domain/errors";
import { mintId } from "../domain/ids";
import { isoDate } from "../domain/time";
import {
  arr,
  bool,
  hex24,
  int,
  invalidAttribute,
  missingAttribute,
  obj,
  oneOf,
  readOnly,
  required,
  str,
  validateBody,
} from "../domain/validation";
import { complianceState, currentCompliancePolicy } from "./compliancePolicy";
import { defineOperation } from "./define";
import { exportBucketTable } from "./exportBuckets";

export const DEFAULT_REFERENCE_HOUR = 12;
export const DEFAULT_REFERENCE_MINUTE = 0;
export const DEFAULT_RESTORE_WINDOW_DAYS = 7;

export interface BackupScheduleRecord extends JsonObject {
  groupId: string;
  clusterId: string;
  clusterName: string;
  autoExportEnabled: boolean;
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
    autoExportEnabled: false,
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

function render(schedule: BackupScheduleRecord, req: OperationRequest): JsonObject {
  const { groupId, export: exportSettings, ...fields } = schedule;
  const shown: JsonObject = { ...fields, nextSnapshot: isoDate(nextSnapshotMs(schedule, req.now)) };
  if (exportSettings) shown.export = exportSettings;
  return shown;
}

const copyTarget = {
  cloudProvider: required(oneOf(CLOUD_PROVIDERS)),
  regionName: required(str()),
  zoneId: required(hex24()),
};

const patchBody = {
  autoExportEnabled: bool(),
  copySettings: arr(
    obj({ ...copyTarget, frequencies: required(arr(oneOf(COPY_FREQUENCIES))), shouldCopyOplogs: bool() }),
  ),
  export: obj({
    exportBucketId: required(hex24()),
    frequencyType: required(oneOf(EXPORT_FREQUENCY_TYPES)),
  }),
  extraRetentionSettings: arr(
    obj({
      frequencyType: required(oneOf([...SNAPSHOT_FREQUENCY_TYPES, ON_DEMAND_FREQUENCY_TYPE])),
      retentionDays: required(int({ min: 1 })),
    }),
  ),
  policies: arr(
    obj({
      id: hex24(),
      policyItems: required(arr(obj(policyItemFields(SNAPSHOT_FREQUENCY_TYPES)), { minItems: 1 })),
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
  updateSnapshots: bool(),
  clusterId: readOnly(hex24()),
  clusterName: readOnly(str()),
  nextSnapshot: readOnly(str()),
};

function applyPatch(state: EmulatorState, schedule: BackupScheduleRecord, body: JsonObject): void {
  const policies = body.policies as { id?: string; policyItems: JsonObject[] }[] | undefined;
  if (policies) {
    const current = schedule.policies[0];
    schedule.policies = policies.map((policy, i) => {
      if (policy.id !== undefined && policy.id !== current?.id) {
        invalidAttribute(`policies[${i}].id`, "names no policy of this schedule");
      }
      const existingIds = current?.policyItems.map((item) => String(item.id)) ?? [];
      return {
        id: current?.id ?? mintId(state),
        policyItems: settlePolicyItems(state, policy.policyItems, existingIds, `policies[${i}].policyItems`),
      };
    });
  }
  for (const key of [
    "autoExportEnabled",
    "copySettings",
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
    const bucket = exportBucketTable(state)[schedule.export.exportBucketId];
    if (!bucket || bucket.groupId !== schedule.groupId) {
      throw operationError(
        "EXPORT_BUCKET_NOT_FOUND",
        `No export bucket with ID ${schedule.export.exportBucketId} exists in group ${schedule.groupId}.`,
        [schedule.export.exportBucketId],
      );
    }
  }
}

/** Under a compliance policy in force, a schedule must keep meeting its items and restore window, and
 * copy protection forbids deleting copied backups. */
function requireCompliance(
  state: EmulatorState,
  schedule: BackupScheduleRecord,
  req: OperationRequest,
  copiedBackupsToDelete: number,
): void {
  const policy = currentCompliancePolicy(state, schedule.groupId, req);
  if (!policy || complianceState(policy, req) === "DISABLING") return;
  if (policy.copyProtectionEnabled && copiedBackupsToDelete > 0) {
    throw operationError(
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
      `Copied backups of ${schedule.clusterName} cannot be deleted: the backup compliance policy has copy protection.`,
      [schedule.clusterName],
    );
  }
  const unmet = unmetRequirements(schedule.policies[0]?.policyItems ?? [], policy.scheduledPolicyItems);
  const windowTooShort =
    policy.pitEnabled &&
    policy.restoreWindowDays !== null &&
    schedule.restoreWindowDays < policy.restoreWindowDays;
  if (unmet.length > 0 || windowTooShort) {
    const what = windowTooShort
      ? `restoreWindowDays must be at least ${policy.restoreWindowDays}`
      : `missing or shorter items: ${unmet.map((i) => `${String(i.frequencyType)} every ${String(i.frequencyInterval)} kept ${String(i.retentionValue)} ${String(i.retentionUnit)}`).join("; ")}`;
    throw operationError(
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
      `The backup schedule of ${schedule.clusterName} would not meet the backup compliance policy: ${what}.`,
      [schedule.clusterName],
    );
  }
}

const PATH = "/groups/{groupId}/clusters/{clusterName}/backup/schedule";
const selfPath = (s: BackupScheduleRecord) =>
  `/groups/${s.groupId}/clusters/${s.clusterName}/backup/schedule`;

export const backupScheduleOperations: OperationDef[] = [
  defineOperation({
    id: "51",
    name: "Delete (reset) the backup schedule",
    method: "DELETE",
    path: PATH,
    roles: ["GROUP_PLATFORM_ADMIN"],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const cluster = pathCluster(state, req);
      scheduleOf(state, cluster);
      const policy = currentCompliancePolicy(state, cluster.groupId, req);
      if (policy && complianceState(policy, req) !== "DISABLING") {
        throw operationError(
          "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
          `The backup schedule of ${cluster.name} cannot be removed while group ${cluster.groupId} has a backup compliance policy.`,
          [cluster.name],
        );
      }
      const schedule = defaultSchedule(state, cluster);
      backupScheduleTable(state)[clusterKey(cluster.groupId, cluster.name)] = schedule;
      return entity(render(schedule, req), selfPath(schedule));
    },
  }),
  defineOperation({
    id: "52",
    name: "Get the backup schedule",
    method: "GET",
    path: PATH,
    roles: ["GROUP_READ_ONLY"],
    rateLimited: true,
    handler: (req, state) => {
      const schedule = scheduleOf(state, pathCluster(state, req));
      return entity(render(schedule, req), selfPath(schedule));
    },
  }),
  defineOperation({
    id: "53",
    name: "Update the backup schedule",
    method: "PATCH",
    path: PATH,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const schedule = scheduleOf(state, pathCluster(state, req));
      const body = validateBody(req.body, patchBody, { partial: true });
      // Work on a copy so a refused update leaves the schedule unchanged.
      const updated = structuredClone(schedule);
      applyPatch(state, updated, body);
      requireCompliance(
        state,
        updated,
        req,
        (body.deleteCopiedBackups as JsonObject[] | undefined)?.length ?? 0,
      );
      Object.assign(schedule, updated);
      return entity(render(schedule, req), selfPath(schedule));
    },
  }),
];
