/**
 * SearchDeployment provider (search nodes of a cluster): check / diff / create / read / update /
 * delete over the client.
 *
 * Id and importId: `<groupId>/<clusterName>`. A cluster has at most one deployment, but it is not a
 * singleton that always exists: creating one where one exists is an error that tells the user to set
 * importId (silently taking over nodes someone else manages would hide a conflict). Create and update
 * wait until stateName is IDLE; delete waits until reading answers `{}`.
 */
import type { PlatformClient } from "../../client";
import { createOrAdopt, importIdHint, isAlreadyExists, RECOVER_HINT } from "../../framework/adoption";
import { checkAndDiff, deepEqual } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import {
  deleteThenWaitGone,
  isDone,
  type LifecycleTarget,
  phaseWaitOptions,
  type TimeoutPhase,
  waitAndSettle,
} from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import {
  findSearchDeployment,
  lifecycle,
  readSearchDeployment,
  waitForSearchDeploymentIdle,
} from "./lifecycle";
import {
  describeSearchDeployment,
  fromApi,
  inputsFromLive,
  type LiveSearchDeployment,
  previousInputs,
  SEARCH_DEPLOYMENT_CLASSIFICATION,
  searchDeploymentId,
  toBody,
  toOutputs,
} from "./model";
import {
  SEARCH_DEPLOYMENT_ID_PARTS,
  type SearchDeploymentInputs,
  searchDeploymentInputsSchema,
} from "./schema";

export interface SearchDeploymentProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

export function createSearchDeploymentProvider(deps: SearchDeploymentProviderDeps): PlatformProvider {
  const target = (
    client: PlatformClient,
    inputs: SearchDeploymentInputs,
  ): LifecycleTarget<SearchDeploymentInputs> => ({
    client,
    where: inputs,
    describe: describeSearchDeployment(inputs),
    timeouts: inputs.timeouts,
    clock: deps.clock,
  });
  const waitOptions = (inputs: SearchDeploymentInputs, phase: TimeoutPhase) =>
    phaseWaitOptions(
      describeSearchDeployment(inputs),
      inputs.timeouts,
      lifecycle.defaultTimeouts,
      phase,
      deps.clock,
    );

  /** Deletes the nodes and waits until reading answers `{}`; nodes already gone are fine. */
  const remove = (client: PlatformClient, inputs: SearchDeploymentInputs) =>
    deleteThenWaitGone(lifecycle, target(client, inputs), () =>
      client.searchDeployments.delete(inputs.groupId, inputs.clusterName),
    );

  /**
   * Waits for IDLE. On failure the deployment stays in state with what we know, unless this create
   * made it and the user asked (deleteOnCreateFailure) to delete it then; adopted nodes are never deleted.
   */
  const settle = (
    client: PlatformClient,
    inputs: SearchDeploymentInputs,
    known: LiveSearchDeployment,
    phase: "create" | "update",
    createdHere = false,
  ) =>
    waitAndSettle(lifecycle, target(client, inputs), phase, {
      id: searchDeploymentId(inputs.groupId, inputs.clusterName),
      known,
      outputs: (live: LiveSearchDeployment) => toOutputs(inputs, live),
      deleteOnFailure:
        createdHere && inputs.deleteOnCreateFailure === true ? () => remove(client, inputs) : undefined,
    });

  const unknownState = (inputs: SearchDeploymentInputs, stateName: string): LiveSearchDeployment => ({
    deploymentId: undefined,
    stateName,
    specs: inputs.specs,
    encryptionAtRestProvider: undefined,
  });

  /** PATCHes the specs (after any change in progress settles, since the service refuses concurrent ones). */
  const converge = async (
    client: PlatformClient,
    inputs: SearchDeploymentInputs,
    live: LiveSearchDeployment,
    phase: "create" | "update",
  ) => {
    let current = live;
    if (deepEqual(current.specs, inputs.specs)) return current;
    if (!isDone(lifecycle, current)) {
      current = await waitForSearchDeploymentIdle(client, inputs, waitOptions(inputs, phase));
    }
    return (
      fromApi(await client.searchDeployments.update(inputs.groupId, inputs.clusterName, toBody(inputs))) ??
      current
    );
  };

  return {
    ...checkAndDiff(searchDeploymentInputsSchema, SEARCH_DEPLOYMENT_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(searchDeploymentInputsSchema, bag);
      const client = deps.client();
      const describe = describeSearchDeployment(inputs);
      const adoptHint = importIdHint(
        searchDeploymentId(inputs.groupId, inputs.clusterName),
        SEARCH_DEPLOYMENT_ID_PARTS,
        "the existing search nodes",
      );
      return createOrAdopt({
        importId: inputs.importId,
        partNames: SEARCH_DEPLOYMENT_ID_PARTS,
        describe,
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => {
          let created: LiveSearchDeployment | undefined;
          try {
            created = fromApi(
              await client.searchDeployments.create(inputs.groupId, inputs.clusterName, toBody(inputs)),
            );
          } catch (error) {
            if (isAlreadyExists(error, "SEARCH_DEPLOYMENT_ALREADY_EXISTS")) {
              throw new Error(
                `${describe} already exist (cluster ${inputs.clusterName} in project ${inputs.groupId}); ${adoptHint}; ${RECOVER_HINT}`,
              );
            }
            throw error;
          }
          return settle(client, inputs, created ?? unknownState(inputs, "UPDATING"), "create", true);
        },
        adopt: async (parts) => {
          const live = await readSearchDeployment(client, parts);
          if (live === undefined) return undefined;
          return settle(client, inputs, await converge(client, inputs, live, "create"), "create");
        },
        findCreated: () => findSearchDeployment(client, inputs),
      });
    },

    async findCreated(bag) {
      return findSearchDeployment(deps.client(), parseInputs(searchDeploymentInputsSchema, bag));
    },

    async read(id, props) {
      const where = parseId(id, SEARCH_DEPLOYMENT_ID_PARTS);
      const live = await readSearchDeployment(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      const where = parseId(id, SEARCH_DEPLOYMENT_ID_PARTS);
      const inputs = parseInputs(searchDeploymentInputsSchema, news);
      const client = deps.client();
      const known: LiveSearchDeployment = {
        deploymentId: typeof olds.deploymentId === "string" ? olds.deploymentId : undefined,
        stateName: String(olds.stateName ?? "unknown"),
        specs: (olds.specs as SearchDeploymentInputs["specs"] | undefined) ?? [],
        encryptionAtRestProvider:
          typeof olds.encryptionAtRestProvider === "string" ? olds.encryptionAtRestProvider : undefined,
      };
      // Only timeouts changed, or an earlier wait did not finish: converge is a no-op, the wait resumes.
      const after = await converge(
        client,
        { ...inputs, groupId: where.groupId, clusterName: where.clusterName },
        known,
        "update",
      );
      return settle(client, inputs, after, "update");
    },

    async delete(id, props) {
      const where = parseId(id, SEARCH_DEPLOYMENT_ID_PARTS);
      await remove(deps.client(), { ...previousInputs(props), ...where });
    },
  };
}

export const provider: PlatformProvider = createSearchDeploymentProvider({ client: platformClient });
