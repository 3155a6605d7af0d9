/**
 * OutageSimulation provider: starts a simulated regional outage of a cluster (76a) and waits until
 * SIMULATING; any change of what is simulated replaces it (ended first); delete ends it (75) and waits
 * until reading it answers 404. The service ends a simulation only while SIMULATING, so a delete
 * of one still starting first waits for that.
 *
 * Id and importId: `<groupId>/<clusterName>`.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { createOrAdopt, importIdHint } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import {
  deleteThenWaitGone,
  isDone,
  type LifecycleTarget,
  phaseWaitOptions,
  waitAndSettle,
} from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { isEnding, lifecycle, type OutageSimulationLocation } from "./lifecycle";
import {
  describeOutageSimulation,
  fromApi,
  inputsFromLive,
  type LiveOutageSimulation,
  OUTAGE_SIMULATION_CLASSIFICATION,
  outageSimulationId,
  previousInputs,
  toOutputs,
} from "./model";
import {
  OUTAGE_SIMULATION_ID_PARTS,
  type OutageSimulationInputs,
  outageSimulationInputsSchema,
} from "./schema";

export interface OutageSimulationProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

/** The service's answer to a start while the cluster already has a simulation. */
const SIMULATION_STATE_CONFLICT = "INVALID_CLUSTER_OUTAGE_SIMULATION_STATE";

export function createOutageSimulationProvider(deps: OutageSimulationProviderDeps): PlatformProvider {
  const target = (
    client: PlatformClient,
    where: OutageSimulationLocation,
    timeouts: OutageSimulationInputs["timeouts"],
  ): LifecycleTarget<OutageSimulationLocation> => ({
    client,
    where,
    describe: describeOutageSimulation(where),
    timeouts,
    clock: deps.clock,
  });

  /** Waits for SIMULATING; a failed wait keeps the simulation in state (it exists). */
  const settle = (client: PlatformClient, inputs: OutageSimulationInputs, known: LiveOutageSimulation) =>
    waitAndSettle(lifecycle, target(client, inputs, inputs.timeouts), "create", {
      id: outageSimulationId(inputs.groupId, inputs.clusterName),
      known,
      outputs: (live: LiveOutageSimulation) => toOutputs(inputs, live),
    });

  return {
    ...checkAndDiff(outageSimulationInputsSchema, OUTAGE_SIMULATION_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(outageSimulationInputsSchema, bag);
      const client = deps.client();
      const describe = describeOutageSimulation(inputs);
      return createOrAdopt({
        importId: inputs.importId,
        partNames: OUTAGE_SIMULATION_ID_PARTS,
        describe,
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => {
          let started: LiveOutageSimulation;
          try {
            started = fromApi(
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
          return settle(client, inputs, started);
        },
        adopt: async (parts) => {
          const live = await lifecycle.read(client, parts);
          return live === undefined ? undefined : settle(client, inputs, live);
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, OUTAGE_SIMULATION_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    /** Only `timeouts` update in place: the simulation is read again, nothing is sent. */
    async update(id, _olds, news) {
      const where = parseId(id, OUTAGE_SIMULATION_ID_PARTS);
      const inputs = { ...parseInputs(outageSimulationInputsSchema, news), ...where };
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) {
        throw new Error(
          `${describeOutageSimulation(where)} has ended; run pulumi refresh, then pulumi up to start it again`,
        );
      }
      return { outs: { ...toOutputs(inputs, live) } };
    },

    async delete(id, props) {
      const where = parseId(id, OUTAGE_SIMULATION_ID_PARTS);
      const client = deps.client();
      const { timeouts } = previousInputs(props);
      await deleteThenWaitGone(lifecycle, target(client, where, timeouts), async () => {
        const live = await lifecycle.read(client, where);
        if (live === undefined || isEnding(live)) return;
        // The service ends a simulation only while SIMULATING: let a starting one get there first.
        if (!isDone(lifecycle, live)) {
          await lifecycle.waitUntilDone(
            client,
            where,
            phaseWaitOptions(
              describeOutageSimulation(where),
              timeouts,
              lifecycle.defaultTimeouts,
              "delete",
              deps.clock,
            ),
          );
        }
        await client.outageSimulations.end(where.groupId, where.clusterName);
      });
    },
  };
}

export const provider: PlatformProvider = createOutageSimulationProvider({ client: platformClient });
