/**
 * Cluster outage simulations, one per cluster at a time. Start: START_REQUESTED -> STARTING ->
 * SIMULATING; end (only while SIMULATING): RECOVERY_REQUESTED -> RECOVERING -> COMPLETE, then the
 * simulation is gone. Served by operations 75, 76 and 76a.
 */
import { CLOUD_PROVIDERS, LIFECYCLE_STATES } from "../../api/vocabulary";
import type { ClusterRecord, EmulatorState, JsonObject, OperationRequest } from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecyclePhase } from "../core/lifecycle";
import { arr, obj, oneOf, required, str, validateBody } from "../core/validation";
import { clusterKey } from "./clusters";

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

/** The simulation's phase; after an end request, GONE once past COMPLETE. */
function phaseOf(sim: OutageSimulationRecord, req: Pick<OperationRequest, "now" | "asyncDelayMs">): string {
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

export function renderSimulation(
  sim: OutageSimulationRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
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

/** The cluster's simulation (404 OUTAGE_SIMULATION_NOT_FOUND when it has none). */
export function requireSimulation(
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

/** Starts a simulation of the cluster from a `{outageFilters}` body (76a); one at a time. */
export function startSimulation(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): OutageSimulationRecord {
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
  return sim;
}

/** Ends the cluster's simulation (75): only while SIMULATING. */
export function endSimulation(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): OutageSimulationRecord {
  const sim = requireSimulation(state, cluster, req);
  const phase = phaseOf(sim, req);
  if (phase !== "SIMULATING") {
    throw apiError("INVALID_CLUSTER_OUTAGE_SIMULATION_STATE", [phase], {
      args: [cluster.name, phase, "it can be ended only while SIMULATING"],
    });
  }
  sim.endRequestedMs = req.now;
  return sim;
}
