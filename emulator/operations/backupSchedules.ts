/**
 * Cloud backup schedules (51-53): one per cluster with cloud backup, existing with the service's
 * defaults until changed. PATCH sends only the fields to change; DELETE resets to the defaults and
 * returns the schedule. deleteCopiedBackups, deleteCopySnapshots, deleteSnapshots,
 * updateCopySnapshots and updateSnapshots are accepted on update but, being instructions rather than
 * settings (write-only in the contract), neither stored nor returned.
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
import type { EmulatorState, JsonObject, OperationDef, OperationRequest } from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate } from "../core/dates";
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
} from "../core/validation";
import { policyItemFields, settlePolicyItems } from "../domain/backupPolicy";
import {
  type BackupScheduleRecord,
  backupScheduleTable,
  defaultSchedule,
  scheduleOf,
} from "../domain/backupSchedule";
import { clusterKey, pathCluster } from "../domain/clusters";
import { requireCompliance, requireNoPolicyInForce } from "../domain/compliance";
import { findExportBucket } from "../domain/exportBucket";
import { defineOperation, entity } from "./define";

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

function render(schedule: BackupScheduleRecord, req: OperationRequest): JsonObject {
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
      const body = validateBody(req.body, patchBody(req.version), { partial: true });
      // Work on a copy so a refused update leaves the schedule unchanged.
      const updated = structuredClone(schedule);
      applyPatch(state, updated, body, req.version);
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
