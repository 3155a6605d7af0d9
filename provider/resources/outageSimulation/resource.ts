/**
 * OutageSimulation: a simulated regional outage of a cluster. See docs/resources/outageSimulation.md.
 *
 * Create starts the simulation (76a) and waits until SIMULATING; any change of what is simulated
 * replaces it (ended first); only `timeouts` update in place, which reads the simulation and waits
 * for nothing (`updateWaits: false`). Delete ends it (75) and waits until reading it answers 404. The
 * service ends a simulation only while SIMULATING, so a delete of one still starting first waits for
 * that.
 *
 * Id and importId: `<groupId>/<clusterName>`.
 */

import { z } from "zod";
import { hasErrorCode } from "../../client";
import { importIdHint } from "../../framework/adoption";
import { deepEqual } from "../../framework/diff";
import { pickCreated } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { isDone, phaseWaitOptions } from "../../framework/lifecycle";
import { defineResource, exportText, type PropertyTable } from "../../framework/resource";
import { isEnding, lifecycle, type OutageSimulationLocation } from "./lifecycle";
import {
  describeOutageSimulation,
  fromApi,
  inputsFromLive,
  type LiveOutageSimulation,
  outageSimulationId,
  toOutputs,
} from "./model";
import {
  OUTAGE_SIMULATION_ID_PARTS,
  type OutageSimulationInputs,
  outageSimulationInputsSchema,
} from "./schema";

/** The service's answer to a start while the cluster already has a simulation. */
const SIMULATION_STATE_CONFLICT = "INVALID_CLUSTER_OUTAGE_SIMULATION_STATE";

/**
 * No operation changes a running simulation: any change ends it and starts a new one, ending the old
 * one first (a cluster has one simulation at a time).
 */
export const OUTAGE_SIMULATION_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    deleteBeforeReplace: true,
    doc: "Project id (24 hexadecimal digits). Changing it replaces the simulation (ended first).",
    rules: "24 hexadecimal digits",
  },
  clusterName: {
    effect: "replace",
    deleteBeforeReplace: true,
    doc: "Cluster name. Changing it replaces the simulation (ended first).",
    rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`",
  },
  outageFilters: {
    effect: "replace",
    compare: "set",
    deleteBeforeReplace: true,
    doc: "At least one region; changing them replaces the simulation (ended first).",
    rules:
      "at least 1 item; `cloudProvider` AWS, AZURE or GCP; `regionName` non-empty; `type` REGION (default)",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt the cluster's running simulation: `<groupId>/<clusterName>`.",
    rules: "`<groupId>/<clusterName>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call.
  timeouts: {
    effect: "update",
    doc: 'How long start and end wait (`"30m"`, or seconds). The only input that updates in place.',
    rules: "durations or seconds",
    change: "no API call",
  },
  simulationId: { effect: "output", type: z.string(), optional: true, doc: "The simulation's own id." },
  state: { effect: "output", type: z.string(), doc: "SIMULATING once create finished." },
  startRequestDate: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "When the start was requested.",
  },
};

export const resource = defineResource<
  OutageSimulationInputs,
  OutageSimulationLocation,
  LiveOutageSimulation,
  (typeof OUTAGE_SIMULATION_ID_PARTS)[number]
>({
  type: "OutageSimulation",
  exported: {
    configKey: "outageSimulations",
    scope: "cluster",
    // At most one per cluster; a cluster without one reads as nothing and is left out.
    find: async (_client, groupId, clusterName) => [formatId([groupId, clusterName])],
    resourceName: (args) => `outage-simulation-${exportText(args.clusterName)}`,
  },
  summary: "a simulated regional outage of a cluster",
  example: {
    name: "east-down",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1" }],
    },
  },
  description:
    "A simulated regional outage of a cluster (one at a time per cluster). Create starts it and waits until SIMULATING; any change of what is simulated ends it first and starts a new one; delete ends it and waits until it is gone.",
  inputs: outageSimulationInputsSchema,
  properties: OUTAGE_SIMULATION_PROPERTIES,
  idParts: OUTAGE_SIMULATION_ID_PARTS,
  lifecycle,
  // Only timeouts update in place: nothing to wait for, and the simulation read may be ending.
  updateWaits: false,
  describe: (inputs, where) => describeOutageSimulation(where ?? inputs),
  locate: (parts) => ({ groupId: parts.groupId, clusterName: parts.clusterName }),
  idOf: (inputs) => outageSimulationId(inputs.groupId, inputs.clusterName),
  read: ({ client }, where) => lifecycle.read(client, where),

  async create({ client }, inputs) {
    try {
      return fromApi(
        await client.outageSimulations.start(inputs.groupId, inputs.clusterName, {
          outageFilters: inputs.outageFilters,
        }),
      );
    } catch (error) {
      if (hasErrorCode(error, SIMULATION_STATE_CONFLICT)) {
        const hint = importIdHint(
          outageSimulationId(inputs.groupId, inputs.clusterName),
          OUTAGE_SIMULATION_ID_PARTS,
          "the running simulation",
        );
        throw new Error(
          `cluster ${inputs.clusterName} already has an outage simulation (one at a time); ${hint}, ` +
            `or wait until it has ended (${error instanceof Error ? error.message : String(error)})`,
        );
      }
      throw error;
    }
  },

  /** Only `timeouts` update in place: the simulation is read again, nothing is sent. */
  async update({ client }, where) {
    const live = await lifecycle.read(client, where);
    if (live === undefined) {
      throw new Error(
        `${describeOutageSimulation(where)} has ended; run pulumi refresh, then pulumi up to start it again`,
      );
    }
    return live;
  },

  /** Ends the simulation; the service ends one only while SIMULATING: a starting one gets there first. */
  async remove({ client, clock }, where, previous) {
    const live = await lifecycle.read(client, where);
    if (live === undefined || isEnding(live)) return;
    if (!isDone(lifecycle, live)) {
      await lifecycle.waitUntilDone(
        client,
        where,
        phaseWaitOptions(
          describeOutageSimulation(where),
          previous.timeouts,
          lifecycle.defaultTimeouts,
          "delete",
          clock,
        ),
      );
    }
    await client.outageSimulations.end(where.groupId, where.clusterName);
  },

  findsCreated: {
    identifies: "the cluster's one simulation, of those outage filters",
    dated: "startRequestDate",
  },
  /**
   * What a create started is the cluster's simulation (one at a time) of the outage filters sent,
   * requested at or after the create began (findCreated.ts).
   */
  async findCreated({ client }, inputs, lookup) {
    const live = await lifecycle.read(client, inputs);
    return pickCreated(
      live === undefined ? [] : [live],
      {
        what: describeOutageSimulation(inputs),
        idOf: () => outageSimulationId(inputs.groupId, inputs.clusterName),
        fits: (simulation) => deepEqual(simulation.outageFilters, inputs.outageFilters),
        createdAt: (simulation) => simulation.startRequestDate,
      },
      lookup,
    );
  },

  toOutputs,
  inputsFromLive,
});
