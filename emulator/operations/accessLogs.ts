/**
 * Database access history (operations 1, 2): the routes. The history and its filters are
 * emulator/domain/accessLogs.ts.
 */
import { type OperationDef, param } from "../core/contract";
import { accessLogsBody, clusterOfHost, entriesFor, requireAccessLogTier } from "../domain/accessLogs";
import { clusterHostnames, pathCluster } from "../domain/clusters";
import { defineOperation, entity } from "./define";

const ROLES = ["GROUP_MONITORING_ADMIN", "GROUP_DATABASE_ACCESS_ADMIN"] as const;

export const accessLogOperations: OperationDef[] = [
  defineOperation({
    id: "1",
    name: "Access logs by cluster name",
    method: "GET",
    path: "/groups/{groupId}/dbAccessHistory/clusters/{clusterName}",
    roles: [...ROLES],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = pathCluster(state, req);
      requireAccessLogTier(cluster);
      return entity(
        accessLogsBody(entriesFor(state, cluster, clusterHostnames(cluster), req.now), req.query),
      );
    },
  }),
  defineOperation({
    id: "2",
    name: "Access logs by hostname",
    method: "GET",
    path: "/groups/{groupId}/dbAccessHistory/processes/{hostname}",
    roles: [...ROLES],
    rateLimited: true,
    handler: (req, state) => {
      const hostname = param(req.params, "hostname");
      const cluster = clusterOfHost(state, param(req.params, "groupId"), hostname);
      requireAccessLogTier(cluster);
      return entity(accessLogsBody(entriesFor(state, cluster, [hostname], req.now), req.query));
    },
  }),
];
