/** OutageSimulation: the classification, the live view and the outputs. */
import type { OutageSimulation as ApiSimulation } from "../../client/outageSimulations";
import { type Classification, storedInputs } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import type { OutageFilter, OutageSimulationInputs } from "./schema";

/**
 * No operation changes a running simulation: any change ends it and starts a new one, ending the old
 * one first (a cluster has one simulation at a time).
 */
export const OUTAGE_SIMULATION_CLASSIFICATION: Classification = {
  groupId: { effect: "replace", deleteBeforeReplace: true },
  clusterName: { effect: "replace", deleteBeforeReplace: true },
  outageFilters: { effect: "replace", compare: "set", deleteBeforeReplace: true },
  // Only how long we wait changes: an update with no API call.
  timeouts: "update",
  importId: "ignore-drift",
  simulationId: "output",
  state: "output",
  startRequestDate: "output",
};

/** The live view of a simulation. */
export interface LiveOutageSimulation {
  simulationId: string | undefined;
  state: string;
  startRequestDate: string | undefined;
  outageFilters: OutageFilter[];
}

export function fromApi(simulation: ApiSimulation): LiveOutageSimulation {
  return {
    simulationId: simulation.id,
    state: simulation.state,
    startRequestDate: simulation.startRequestDate,
    outageFilters: (simulation.outageFilters ?? []).map((filter) => ({
      cloudProvider: filter.cloudProvider as OutageFilter["cloudProvider"],
      regionName: filter.regionName ?? "",
      type: (filter.type ?? "REGION") as OutageFilter["type"],
    })),
  };
}

export interface OutageSimulationOutputs extends OutageSimulationInputs {
  simulationId: string | undefined;
  state: string;
  startRequestDate: string | undefined;
}

export function toOutputs(
  inputs: OutageSimulationInputs,
  live: LiveOutageSimulation,
): OutageSimulationOutputs {
  return {
    ...inputs,
    simulationId: live.simulationId,
    state: live.state,
    startRequestDate: live.startRequestDate,
  };
}

/** The inputs as the service has them (read): the live filters, the rest as before. */
export function inputsFromLive(
  previous: OutageSimulationInputs,
  live: LiveOutageSimulation,
  location: { groupId: string; clusterName: string },
): OutageSimulationInputs {
  return { ...previous, ...location, outageFilters: live.outageFilters };
}

/** The id: `<groupId>/<clusterName>`. */
export function outageSimulationId(groupId: string, clusterName: string): string {
  return formatId([groupId, clusterName]);
}

export function describeOutageSimulation(where: { clusterName: string }): string {
  return `outage simulation of cluster ${where.clusterName}`;
}

/** The inputs part of stored outputs. */
export function previousInputs(props: Record<string, unknown>): OutageSimulationInputs {
  return storedInputs(props, OUTAGE_SIMULATION_CLASSIFICATION);
}
