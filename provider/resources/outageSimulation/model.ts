/** OutageSimulation: the live view and the outputs. */
import type { OutageSimulation as ApiSimulation } from "../../client/outageSimulations";
import { formatId } from "../../framework/ids";
import type { OutageFilter, OutageSimulationInputs } from "./schema";

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
