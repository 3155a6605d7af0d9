/**
 * What "done" means for an outage simulation (docs/spec/operations.md, Asynchronous states): start
 * answers START_REQUESTED, then STARTING, and the outage is in effect at SIMULATING. Ending it moves
 * through RECOVERY_REQUESTED, RECOVERING and COMPLETE, then reading answers 404.
 */
import { LIFECYCLE_STATES } from "../../../api/vocabulary";
import { asynchronous, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveOutageSimulation } from "./model";

/** Where the simulation is (one per cluster). */
export interface OutageSimulationLocation {
  groupId: string;
  clusterName: string;
}

export const lifecycle = asynchronous<
  OutageSimulationLocation,
  LiveOutageSimulation,
  "outageSimulationStart"
>({
  states: {
    vocabulary: "outageSimulationStart",
    done: ["SIMULATING"],
    failed: {},
    transitional: ["START_REQUESTED", "STARTING"],
  },
  stateOf: (live) => live.state,
  read: (client, where) =>
    readIfExists(async () => fromApi(await client.outageSimulations.get(where.groupId, where.clusterName))),
  gone: { target: "ended (404)", state: "ended" },
  // Taking regions out and bringing them back takes minutes on the service.
  defaultTimeouts: { create: "30m", update: "30m", delete: "30m" },
});

/** The states of a simulation being ended (ending is already under way; only wait until it is gone). */
export function isEnding(live: LiveOutageSimulation): boolean {
  return (LIFECYCLE_STATES.outageSimulationEnd.steps as readonly string[]).includes(live.state);
}
