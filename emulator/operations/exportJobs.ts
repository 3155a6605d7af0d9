/**
 * Snapshot export jobs (44-46): the routes. The job, its lifecycle and its create rule are
 * emulator/domain/exportJobs.ts.
 */
import { type OperationDef, param } from "../core/contract";
import { requireBackupCluster } from "../domain/clusters";
import { createExportJob, exportJobsOfCluster, findExportJob, renderExportJob } from "../domain/exportJobs";
import { defineOperation, entity, list } from "./define";

const jobPath = (groupId: string, clusterName: string, id: string) =>
  `/groups/${groupId}/clusters/${clusterName}/backup/exports/${id}`;
const PATH = "/groups/{groupId}/clusters/{clusterName}/backup/exports";
const ROLES = ["GROUP_PLATFORM_ADMIN"] as const;

export const exportJobOperations: OperationDef[] = [
  defineOperation({
    id: "44",
    name: "List snapshot export jobs",
    method: "GET",
    path: PATH,
    roles: [...ROLES],
    rateLimited: true,
    paginated: true,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      return list(
        exportJobsOfCluster(state, cluster).map((j) => renderExportJob(j, req)),
        (item) => jobPath(cluster.groupId, cluster.name, String(item.id)),
      );
    },
  }),
  defineOperation({
    id: "45",
    name: "Create a snapshot export job",
    method: "POST",
    path: PATH,
    roles: [...ROLES],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      const job = createExportJob(state, cluster, req);
      return entity(renderExportJob(job, req), jobPath(cluster.groupId, cluster.name, job.id));
    },
  }),
  defineOperation({
    id: "46",
    name: "Get a snapshot export job",
    method: "GET",
    path: `${PATH}/{exportId}`,
    roles: [...ROLES],
    rateLimited: true,
    pretty: false,
    handler: (req, state) => {
      const cluster = requireBackupCluster(state, req);
      const exportId = param(req.params, "exportId");
      const job = findExportJob(state, cluster, exportId);
      return entity(renderExportJob(job, req), jobPath(cluster.groupId, cluster.name, exportId));
    },
  }),
];
