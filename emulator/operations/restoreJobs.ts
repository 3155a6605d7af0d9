/**
 * Restore jobs of clusters (47-50) and serverless instances (62): the routes, and where each scope's
 * jobs live. The job, its lifecycle and the rules of each delivery type are
 * emulator/domain/restoreJobs.ts.
 */
import type { ClusterRecord, OperationDef, OperationRequest } from "../core/contract";
import {
  CLUSTER_SCOPE,
  cancelRestoreJob,
  createRestoreJob,
  findJob,
  jobsOf,
  type RestoreJobRecord,
  type RestoreScope,
  renderRestoreJob,
  SERVERLESS_SCOPE,
} from "../domain/restoreJobs";
import { defineOperation, entity, list, noContent } from "./define";

/** A scope of restore jobs as the routes name it: the URL of one of its jobs. */
interface ScopeRoute {
  scope: RestoreScope;
  jobPath(cluster: ClusterRecord, jobId: string): string;
}
const CLUSTER_ROUTE: ScopeRoute = {
  scope: CLUSTER_SCOPE,
  jobPath: (c, id) => `/groups/${c.groupId}/clusters/${c.name}/backup/restoreJobs/${id}`,
};
const SERVERLESS_ROUTE: ScopeRoute = {
  scope: SERVERLESS_SCOPE,
  jobPath: (c, id) => `/groups/${c.groupId}/serverless/${c.name}/backup/restoreJobs/${id}`,
};

function shown(job: RestoreJobRecord, req: OperationRequest, route: ScopeRoute, cluster: ClusterRecord) {
  return entity(renderRestoreJob(job, req), route.jobPath(cluster, job.id));
}

function listJobs(route: ScopeRoute): OperationDef["handler"] {
  return (req, state) => {
    const cluster = route.scope.source(state, req);
    return list(
      jobsOf(state, cluster, route.scope).map((j) => renderRestoreJob(j, req)),
      (item) => route.jobPath(cluster, String(item.id)),
    );
  };
}

function createJobIn(route: ScopeRoute): OperationDef["handler"] {
  return (req, state) => {
    const cluster = route.scope.source(state, req);
    return shown(createRestoreJob(state, req, cluster, route.scope), req, route, cluster);
  };
}

function getJob(route: ScopeRoute): OperationDef["handler"] {
  return (req, state) => {
    const cluster = route.scope.source(state, req);
    return shown(findJob(state, cluster, req, route.scope), req, route, cluster);
  };
}

const PATH = "/groups/{groupId}/clusters/{clusterName}/backup/restoreJobs";
const SERVERLESS_PATH = "/groups/{groupId}/serverless/{clusterName}/backup/restoreJobs";
const MANAGE = ["GROUP_BACKUP_MANAGER"] as const;

export const restoreJobOperations: OperationDef[] = [
  defineOperation({
    id: "47",
    name: "List restore jobs",
    method: "GET",
    path: PATH,
    roles: [...MANAGE],
    rateLimited: true,
    paginated: true,
    handler: listJobs(CLUSTER_ROUTE),
  }),
  defineOperation({
    id: "48",
    name: "Create a restore job",
    method: "POST",
    path: PATH,
    roles: [...MANAGE],
    rateLimited: true,
    handler: createJobIn(CLUSTER_ROUTE),
  }),
  defineOperation({
    id: "49",
    name: "Cancel a restore job",
    method: "DELETE",
    path: `${PATH}/{restoreJobId}`,
    roles: [...MANAGE],
    rateLimited: true,
    handler: (req, state) => {
      cancelRestoreJob(findJob(state, CLUSTER_SCOPE.source(state, req), req, CLUSTER_SCOPE));
      return noContent();
    },
  }),
  defineOperation({
    id: "50",
    name: "Get a restore job",
    method: "GET",
    path: `${PATH}/{restoreJobId}`,
    roles: [...MANAGE],
    rateLimited: true,
    handler: getJob(CLUSTER_ROUTE),
  }),
  defineOperation({
    id: "62-list",
    name: "List serverless restore jobs",
    method: "GET",
    path: SERVERLESS_PATH,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    paginated: true,
    handler: listJobs(SERVERLESS_ROUTE),
  }),
  defineOperation({
    id: "62-create",
    name: "Create a serverless restore job",
    method: "POST",
    path: SERVERLESS_PATH,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: createJobIn(SERVERLESS_ROUTE),
  }),
  defineOperation({
    id: "62-get",
    name: "Get a serverless restore job",
    method: "GET",
    path: `${SERVERLESS_PATH}/{restoreJobId}`,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: getJob(SERVERLESS_ROUTE),
  }),
];
