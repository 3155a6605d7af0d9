/**
 * Cluster outage simulation (75, 76, and 76a start from docs/spec/operations.md). Start:
 * START_REQUESTED -> STARTING -> SIMULATING; end: RECOVERY_REQUESTED -> RECOVERING -> COMPLETE,
 * then the simulation is gone (GET answers 404).
 */

import { CLOUD_PROVIDERS, LIFECYCLE_STATES } from "../../api/vocabulary";
import type {
  ClusterRecord,
  EmulatorState,
  JsonObject,
  OperationDef,
  OperationRequest,
} from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecyclePhase } from "../core/lifecycle";
import { arr, obj, oneOf, required, str, validateBody } from "../core/validation";
import { clusterKey, pathCluster } from "../domain/clusters";
import { defineOperation, entity } from "./define";

export interface OutageSimulationRecord extends JsonObject {
  id: string;
  groupId: string;
  clusterName: string;
  outageFilters: JsonObject[];
  startRequestedMs: number;
  endRequestedMs: number | null;
}

/** The emulator's own phase after COMPLETE: the simulation is removed (GET answers 404). */
const GONE = "GONE";

function simulationTable(state: EmulatorState): Record<string, OutageSimulationRecord> {
  return table<OutageSimulationRecord>(state, "outageSimulations");
}

function phaseOf(sim: OutageSimulationRecord, req: OperationRequest): string {
  if (sim.endRequestedMs !== null) {
    return lifecyclePhase(
      [...LIFECYCLE_STATES.outageSimulationEnd.steps, GONE],
      sim.endRequestedMs,
      req.now,
      req.asyncDelayMs,
    );
  }
  return lifecyclePhase(
    LIFECYCLE_STATES.outageSimulationStart.steps,
    sim.startRequestedMs,
    req.now,
    req.asyncDelayMs,
  );
}

/** The cluster's simulation, or undefined (an ended one is removed once past COMPLETE). */
function currentSimulation(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): OutageSimulationRecord | undefined {
  const key = clusterKey(cluster.groupId, cluster.name);
  const sim = simulationTable(state)[key];
  if (sim && phaseOf(sim, req) === GONE) {
    delete simulationTable(state)[key];
    return undefined;
  }
  return sim;
}

function render(sim: OutageSimulationRecord, req: OperationRequest): JsonObject {
  const phase = phaseOf(sim, req);
  return {
    id: sim.id,
    groupId: sim.groupId,
    clusterName: sim.clusterName,
    outageFilters: sim.outageFilters,
    startRequestDate: isoDate(sim.startRequestedMs),
    // The answer to the end request itself shows COMPLETE even when the simulation is already gone.
    state: phase === GONE ? "COMPLETE" : phase,
  };
}

function requireSimulation(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): OutageSimulationRecord {
  const sim = currentSimulation(state, cluster, req);
  if (!sim) {
    throw apiError("OUTAGE_SIMULATION_NOT_FOUND", [cluster.name]);
  }
  return sim;
}

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
      const sim = requireSimulation(state, cluster, req);
      const phase = phaseOf(sim, req);
      if (phase !== "SIMULATING") {
        throw apiError("INVALID_CLUSTER_OUTAGE_SIMULATION_STATE", [phase], {
          args: [cluster.name, phase, "it can be ended only while SIMULATING"],
        });
      }
      sim.endRequestedMs = req.now;
      return entity(render(sim, req), selfPath(cluster));
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
      return entity(render(requireSimulation(state, cluster, req), req), selfPath(cluster));
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
      const existing = currentSimulation(state, cluster, req);
      if (existing) {
        throw apiError("INVALID_CLUSTER_OUTAGE_SIMULATION_STATE", [phaseOf(existing, req)], {
          args: [cluster.name, phaseOf(existing, req), "a cluster has one outage simulation at a time"],
        });
      }
      const body = validateBody(req.body, {
        outageFilters: required(
          arr(
            obj({
              cloudProvider: required(oneOf(CLOUD_PROVIDERS)),
              regionName: required(str({ minLength: 1 })),
              type: required(oneOf(["REGION"])),
            }),
            { minItems: 1 },
          ),
        ),
      });
      const sim: OutageSimulationRecord = {
        id: mintId(state),
        groupId: cluster.groupId,
        clusterName: cluster.name,
        outageFilters: body.outageFilters as JsonObject[],
        startRequestedMs: req.now,
        endRequestedMs: null,
      };
      simulationTable(state)[clusterKey(cluster.groupId, cluster.name)] = sim;
      return entity(render(sim, req), selfPath(cluster));
    },
  }),
];
