/**
 * What "done" means for search nodes (docs/spec/operations.md): create and update answer stateName UPDATING,
 * possibly PAUSED on the way, and are done at IDLE. After a delete, reading answers 200 with `{}`.
 */

import type { PlatformClient } from "../../client";
import { asynchronous, type PhaseWaitOptions, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveSearchDeployment, searchDeploymentId } from "./model";

/** Where the search nodes are. */
export interface SearchDeploymentLocation {
  groupId: string;
  clusterName: string;
}

export const lifecycle = asynchronous<SearchDeploymentLocation, LiveSearchDeployment, "searchDeployment">({
  states: {
    vocabulary: "searchDeployment",
    done: ["IDLE"],
    failed: {},
    transitional: ["UPDATING", "PAUSED"],
  },
  stateOf: (live) => live.stateName,
  // Undefined when there are no search nodes (`{}`) or no cluster any more (404).
  read: (client, where) =>
    readIfExists(async () => fromApi(await client.searchDeployments.get(where.groupId, where.clusterName))),
  gone: { target: "deleted (no search nodes)", state: "deleted" },
  // Search nodes take a while to provision and resize.
  defaultTimeouts: { create: "2h", update: "2h", delete: "1h" },
});

/** One read; undefined when there are no search nodes (`{}`) or no cluster any more (404). */
export function readSearchDeployment(
  client: PlatformClient,
  where: SearchDeploymentLocation,
): Promise<LiveSearchDeployment | undefined> {
  return lifecycle.read(client, where);
}

export type SearchDeploymentWaitOptions = PhaseWaitOptions;

/** Waits until the deployment is IDLE; returns its last live view. */
export function waitForSearchDeploymentIdle(
  client: PlatformClient,
  where: SearchDeploymentLocation,
  options: SearchDeploymentWaitOptions,
): Promise<LiveSearchDeployment> {
  return lifecycle.waitUntilDone(client, where, options);
}

/** Waits until reading answers `{}` (no search nodes). */
export function waitForSearchDeploymentGone(
  client: PlatformClient,
  where: SearchDeploymentLocation,
  options: SearchDeploymentWaitOptions,
): Promise<void> {
  return lifecycle.waitUntilGone(client, where, options);
}

/**
 * The natural key of search nodes: the cluster (it has at most one deployment). The id of the
 * deployment a create with these inputs made, or undefined when the cluster has none.
 */
export async function findSearchDeployment(
  client: PlatformClient,
  where: SearchDeploymentLocation,
): Promise<string | undefined> {
  const live = await readSearchDeployment(client, where);
  if (live === undefined) return undefined;
  return searchDeploymentId(where.groupId, where.clusterName);
}
