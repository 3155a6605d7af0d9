/**
 * Cluster outage simulation (75, 76, and 76a start from docs/spec/operations.md): the routes. The
 * simulation and its lifecycle are emulator/domain/outageSimulations.ts.
 */
import type { ClusterRecord, OperationDef } from "../core/contract";
import { pathCluster } from "../domain/clusters";
import {
  endSimulation,
  renderSimulation,
  requireSimulation,
  startSimulation,
} from "../domain/outageSimulations";
import { defineOperation, entity } from "./define";

const PATH = "/groups/{groupId}/clusters/{clusterName}/outageSimulation";
const selfPath = (c: ClusterRecord) => `/groups/${c.groupId}/clusters/${c.name}/outageSimulation`;

export const outageSimulationOperations: OperationDef[] = [
  defineOperation({
    id: "75",
    name: "End an outage simulation",
    method: "DELETE",
    path: PATH,
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const cluster = pathCluster(state, req);
      const sim = endSimulation(state, cluster, req);
      return entity(renderSimulation(sim, req), selfPath(cluster));
    },
  }),
  defineOperation({
    id: "76",
    name: "Get an outage simulation",
    method: "GET",
    path: PATH,
    roles: ["GROUP_READ_ONLY"],
    handler: (req, state) => {
      const cluster = pathCluster(state, req);
      return entity(renderSimulation(requireSimulation(state, cluster, req), req), selfPath(cluster));
    },
  }),
  defineOperation({
    id: "76a",
    name: "Start an outage simulation",
    method: "POST",
    path: PATH,
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const cluster = pathCluster(state, req);
      const sim = startSimulation(state, cluster, req);
      return entity(renderSimulation(sim, req), selfPath(cluster));
    },
  }),
];
