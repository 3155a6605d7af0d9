/** Cluster outage simulation (operations 75, 76, and 76a start). */
import { z } from "zod";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const OutageFilterSchema = entity({
  cloudProvider: z.string().optional(),
  regionName: z.string().optional(),
  type: z.string().optional(),
});
export const OutageSimulationSchema = entity({
  id: z.string().optional(),
  clusterName: z.string().optional(),
  groupId: z.string().optional(),
  state: z.string(),
  startRequestDate: z.string().optional(),
  outageFilters: z.array(OutageFilterSchema).optional(),
});
export type OutageSimulation = z.infer<typeof OutageSimulationSchema>;

export interface OutageSimulationInput {
  outageFilters: Array<{ cloudProvider: string; regionName: string; type: string }>;
}

export function outageSimulationsApi(t: Transport) {
  const path = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/outageSimulation`;
  return {
    /** 75: end the simulation; answers the simulation. */
    end: (groupId: string, clusterName: string) =>
      t.call(
        {
          id: "75",
          operation: "Ending outage simulation",
          method: "DELETE",
          path: path(groupId, clusterName),
        },
        OutageSimulationSchema,
      ),
    /** 76 */
    get: (groupId: string, clusterName: string) =>
      t.call(
        { id: "76", operation: "Reading outage simulation", method: "GET", path: path(groupId, clusterName) },
        OutageSimulationSchema,
      ),
    /** 76a: start (not in the spec). */
    start: (groupId: string, clusterName: string, body: OutageSimulationInput) =>
      t.call(
        {
          id: "76a",
          operation: "Starting outage simulation",
          method: "POST",
          path: path(groupId, clusterName),
          body,
        },
        OutageSimulationSchema,
      ),
  };
}
export type OutageSimulationsApi = ReturnType<typeof outageSimulationsApi>;
