/**
 * Cloud backup schedules (51-53): the routes. The schedule, its defaults and its PATCH are
 * emulator/domain/backupSchedules.ts; a reset or an update must keep the project's compliance policy
 * (emulator/domain/compliancePolicy.ts).
 */
import type { OperationDef } from "../core/contract";
import {
  type BackupScheduleRecord,
  planScheduleUpdate,
  renderSchedule,
  resetSchedule,
  scheduleOf,
} from "../domain/backupSchedules";
import { pathCluster } from "../domain/clusters";
import { requireCompliance, requireNoPolicyInForce } from "../domain/compliancePolicy";
import { defineOperation, entity } from "./define";

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
      const schedule = resetSchedule(state, cluster);
      return entity(renderSchedule(schedule, req), selfPath(schedule));
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
      return entity(renderSchedule(schedule, req), selfPath(schedule));
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
      const update = planScheduleUpdate(state, schedule, req);
      // Checked on the copy, so a refused update leaves the schedule unchanged.
      requireCompliance(state, update.updated, req, update.copiedBackupsToDelete);
      Object.assign(schedule, update.updated);
      return entity(renderSchedule(schedule, req), selfPath(schedule));
    },
  }),
];
