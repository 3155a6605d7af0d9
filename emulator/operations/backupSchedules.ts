/**
 * Cloud backup schedules (51-53): one per cluster with cloud backup, existing with the service's
 * defaults until changed. PATCH sends only the fields to change; DELETE resets to the defaults and
 * returns the schedule. deleteCopiedBackups and updateSnapshots are accepted on update but, being
 * instructions rather than settings, neither stored nor returned.
 */

import {
  AUTO_EXPORT_FREQUENCY_TYPES,
  CLOUD_PROVIDERS,
  COPY_FREQUENCIES,
  EXTRA_RETENTION_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
  SNAPSHOT_FREQUENCY_TYPES,
} from "../../api/vocabulary";
import type { EmulatorState, JsonObject, OperationDef, OperationRequest } from "../core/contract";
import { policyItemFields, settlePolicyItems } from "../domain/backupPolicy";
import {
  type BackupScheduleRecord,
  backupScheduleTable,
  defaultSchedule,
  scheduleOf,
} from "../domain/backupSchedule";
import { requireCompliance, requireNoPolicyInForce } from "../domain/compliance";
import { clusterKey, entity, pathCluster } from "../domain/context";
import { findExportBucket } from "../domain/exportBucket";
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
import { defineOperation } from "./define";

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
        arr(obj(policyItemFields([...SNAPSHOT_FREQUENCY_TYPES, ON_DEMAND_FREQUENCY_TYPE])), { minItems: 1 }),
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
    findExportBucket(state, schedule.groupId, schedule.export.exportBucketId);
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
      requireNoPolicyInForce(state, cluster, req);
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
