/**
 * SearchDeployment: the dedicated search nodes of a cluster (operations 20-23). See
 * docs/resources/searchDeployment.md.
 *
 * Id and importId: `<groupId>/<clusterName>`. A cluster has at most one deployment, but it is not a
 * singleton that always exists: creating one where one exists is an error that tells the user to set
 * importId (silently taking over nodes someone else manages would hide a conflict). Create and update
 * wait until stateName is IDLE; delete waits until reading answers `{}`.
 */

import { z } from "zod";
import { importIdHint, isAlreadyExists, RECOVER_HINT } from "../../framework/adoption";
import { deepEqual } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import { isDone, phaseWaitOptions } from "../../framework/lifecycle";
import {
  defineResource,
  exportText,
  type PropertyTable,
  type ResourceContext,
} from "../../framework/resource";
import {
  findSearchDeployment,
  lifecycle,
  readSearchDeployment,
  type SearchDeploymentLocation,
  waitForSearchDeploymentIdle,
} from "./lifecycle";
import {
  describeSearchDeployment,
  fromApi,
  inputsFromLive,
  type LiveSearchDeployment,
  searchDeploymentId,
  toBody,
  toOutputs,
} from "./model";
import {
  SEARCH_DEPLOYMENT_ID_PARTS,
  type SearchDeploymentInputs,
  searchDeploymentInputsSchema,
} from "./schema";

/** Cluster and project locate the deployment (one per cluster): a change of either replaces it. */
export const SEARCH_DEPLOYMENT_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it replaces the deployment.",
    rules: "24 hexadecimal digits",
  },
  clusterName: {
    effect: "replace",
    doc: "Cluster name. Changing it replaces the deployment.",
    rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`",
  },
  specs: {
    effect: "update",
    doc: "Exactly one spec; updated in place.",
    rules:
      "exactly 1 item; `instanceSize` one of S20…S80 `_HIGHCPU_NVME`, S30…S140 `_LOWCPU_NVME` (and S135), S40…S90 `_STORAGE_NVME` (no S70), steps of 10; `nodeCount` integer 2..32",
    change: "`PATCH {specs}`",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt the cluster's existing search nodes: `<groupId>/<clusterName>`. Without it, creating where nodes already exist is an error (they may be managed elsewhere).",
    rules: "`<groupId>/<clusterName>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call.
  timeouts: {
    effect: "update",
    doc: "How long to wait for IDLE and for deletion.",
    rules: "durations or seconds",
    change: "no API call",
  },
  // Acts only while a create waits: nothing to do when it changes later.
  deleteOnCreateFailure: {
    effect: "ignore-drift",
    doc: "When nodes this resource created do not become IDLE in time, delete them (and fail) instead of keeping them in state for the next `pulumi up` to resume. Default false. Never deletes adopted nodes.",
    rules: "default false",
    change: "after create",
  },
  deploymentId: { effect: "output", type: z.string(), optional: true, doc: "The deployment's own id." },
  stateName: {
    effect: "output",
    type: z.string(),
    doc: "UPDATING, PAUSED or IDLE (IDLE once create/update finished).",
  },
  encryptionAtRestProvider: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "NONE, or the encryption-at-rest provider of the nodes.",
  },
};

/** What is known of nodes whose create answered no view of them yet. */
function unknownState(inputs: SearchDeploymentInputs, stateName: string): LiveSearchDeployment {
  return { deploymentId: undefined, stateName, specs: inputs.specs, encryptionAtRestProvider: undefined };
}

/** PATCHes the specs (after any change in progress settles, since the service refuses concurrent ones). */
async function converge(
  { client, clock }: ResourceContext,
  inputs: SearchDeploymentInputs,
  live: LiveSearchDeployment,
  phase: "create" | "update",
): Promise<LiveSearchDeployment> {
  let current = live;
  if (deepEqual(current.specs, inputs.specs)) return current;
  if (!isDone(lifecycle, current)) {
    current = await waitForSearchDeploymentIdle(
      client,
      inputs,
      phaseWaitOptions(
        describeSearchDeployment(inputs),
        inputs.timeouts,
        lifecycle.defaultTimeouts,
        phase,
        clock,
      ),
    );
  }
  return (
    fromApi(await client.searchDeployments.update(inputs.groupId, inputs.clusterName, toBody(inputs))) ??
    current
  );
}

export const resource = defineResource<
  SearchDeploymentInputs,
  SearchDeploymentLocation,
  LiveSearchDeployment,
  (typeof SEARCH_DEPLOYMENT_ID_PARTS)[number]
>({
  type: "SearchDeployment",
  exported: {
    configKey: "searchDeployments",
    scope: "cluster",
    find: async (_client, groupId, clusterName) => [formatId([groupId, clusterName])],
    resourceName: (args) => `search-nodes-${exportText(args.clusterName)}`,
  },
  summary: "dedicated search nodes",
  example: {
    name: "nodes",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
      timeouts: { create: "45m" },
    },
  },
  description:
    "The dedicated search nodes of one cluster (at most one deployment per cluster; one spec applies to all its nodes). Create and update wait until the nodes are IDLE; delete waits until the cluster has none. Creating where the cluster already has nodes is an error unless `importId` adopts them.",
  inputs: searchDeploymentInputsSchema,
  properties: SEARCH_DEPLOYMENT_PROPERTIES,
  idParts: SEARCH_DEPLOYMENT_ID_PARTS,
  lifecycle,
  describe: (inputs, where) => describeSearchDeployment(where ?? inputs),
  locate: (parts) => ({ groupId: parts.groupId, clusterName: parts.clusterName }),
  idOf: (inputs) => searchDeploymentId(inputs.groupId, inputs.clusterName),
  read: ({ client }, where) => readSearchDeployment(client, where),

  async create({ client }, inputs) {
    let created: LiveSearchDeployment | undefined;
    try {
      created = fromApi(
        await client.searchDeployments.create(inputs.groupId, inputs.clusterName, toBody(inputs)),
      );
    } catch (error) {
      if (isAlreadyExists(error, "SEARCH_DEPLOYMENT_ALREADY_EXISTS")) {
        const adoptHint = importIdHint(
          searchDeploymentId(inputs.groupId, inputs.clusterName),
          SEARCH_DEPLOYMENT_ID_PARTS,
          "the existing search nodes",
        );
        throw new Error(
          `${describeSearchDeployment(inputs)} already exist (cluster ${inputs.clusterName} in project ${inputs.groupId}); ${adoptHint}; ${RECOVER_HINT}`,
        );
      }
      throw error;
    }
    return created ?? unknownState(inputs, "UPDATING");
  },

  /** Adopted nodes are converged to the specs (waiting for a change in progress first). */
  adopt: (context, inputs, live) => converge(context, inputs, live, "create"),

  /**
   * From the view stored in state: new specs are PATCHed; when only timeouts changed, or an earlier
   * wait did not finish, nothing is sent and the wait resumes.
   */
  update(context, _where, inputs, olds) {
    const known: LiveSearchDeployment = {
      deploymentId: typeof olds.deploymentId === "string" ? olds.deploymentId : undefined,
      stateName: String(olds.stateName ?? "unknown"),
      specs: (olds.specs as SearchDeploymentInputs["specs"] | undefined) ?? [],
      encryptionAtRestProvider:
        typeof olds.encryptionAtRestProvider === "string" ? olds.encryptionAtRestProvider : undefined,
    };
    return converge(context, inputs, known, "update");
  },

  remove: ({ client }, where) => client.searchDeployments.delete(where.groupId, where.clusterName),
  toOutputs,
  inputsFromLive,
  findsCreated: { identifies: "the cluster's search nodes" },
  findCreated: ({ client }, inputs) => findSearchDeployment(client, inputs),
});
