/**
 * What "done" means for search nodes (docs/spec/operations.md): create and update answer stateName UPDATING,
 * possibly PAUSED on the way, and are done at IDLE. After a delete, reading answers 200 with `{}`.
 */

import type { LIFECYCLE_STATES } from "../../../api/vocabulary";
import { isNotFound, type PlatformClient } from "../../client";
import { type PhaseWaitOptions, type PollResult, phaseWaitFields, waitFor } from "../../framework/waiter";
import { fromApi, type LiveSearchDeployment } from "./model";

export const SEARCH_DEPLOYMENT_IDLE =
  "IDLE" satisfies (typeof LIFECYCLE_STATES.searchDeployment.steps)[number];

/** One read; undefined when there are no search nodes (`{}`) or no cluster any more (404). */
export async function readSearchDeployment(
  client: PlatformClient,
  where: { groupId: string; clusterName: string },
) {
  try {
    return fromApi(await client.searchDeployments.get(where.groupId, where.clusterName));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export type SearchDeploymentWaitOptions = PhaseWaitOptions;

/** Classifies one read for a wait until IDLE. */
export function idlePoll(live: LiveSearchDeployment | undefined): PollResult {
  if (live === undefined) return { state: "none", done: false, gone: true };
  return { state: live.stateName, done: live.stateName === SEARCH_DEPLOYMENT_IDLE };
}

/** Waits until the deployment is IDLE; returns its last live view. */
export async function waitForSearchDeploymentIdle(
  client: PlatformClient,
  where: { groupId: string; clusterName: string },
  options: SearchDeploymentWaitOptions,
): Promise<LiveSearchDeployment> {
  let last: LiveSearchDeployment | undefined;
  await waitFor({
    ...phaseWaitFields(options),
    target: SEARCH_DEPLOYMENT_IDLE,
    poll: async () => {
      const live = await readSearchDeployment(client, where);
      if (live !== undefined) last = live;
      return idlePoll(live);
    },
  });
  // waitFor returns only after a poll that found the deployment IDLE.
  return last as LiveSearchDeployment;
}

/** Waits until reading answers `{}` (no search nodes). */
export async function waitForSearchDeploymentGone(
  client: PlatformClient,
  where: { groupId: string; clusterName: string },
  options: SearchDeploymentWaitOptions,
): Promise<void> {
  await waitFor({
    ...phaseWaitFields(options),
    target: "deleted (no search nodes)",
    poll: async () => {
      const live = await readSearchDeployment(client, where);
      return live === undefined ? { state: "deleted", done: true } : { state: live.stateName, done: false };
    },
  });
}
