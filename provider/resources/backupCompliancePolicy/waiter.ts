/**
 * What "done" means for the backup compliance policy (docs/spec/operations.md): a PUT answers state ENABLING
 * (first policy) or UPDATING and is done at ACTIVE; a second PUT while one is pending is refused. After
 * the disable operation the state is DISABLING, then the policy is gone (GET answers 404).
 */

import type { LIFECYCLE_STATES } from "../../../api/vocabulary";
import { isNotFound, type PlatformClient } from "../../client";
import { type PhaseWaitOptions, type PollResult, phaseWaitFields, waitFor } from "../../framework/waiter";
import { fromApi, type LivePolicy } from "./model";

type PolicyState =
  | (typeof LIFECYCLE_STATES.compliancePolicy.steps)[number]
  | (typeof LIFECYCLE_STATES.compliancePolicy.other)[number];

/** The done state. */
export const POLICY_ACTIVE = "ACTIVE" satisfies PolicyState;
/** The state after the disable operation, until the policy is gone. */
export const POLICY_DISABLING = "DISABLING" satisfies PolicyState;

export interface PolicyWaitOptions extends PhaseWaitOptions {
  /** Items order of the outputs (the program's). */
  reference?: readonly { frequencyType: unknown; frequencyInterval: unknown }[];
}

/** Reads the policy; undefined when the project has none (404). */
export async function readPolicy(
  client: PlatformClient,
  groupId: string,
  reference?: PolicyWaitOptions["reference"],
): Promise<LivePolicy | undefined> {
  try {
    return fromApi(await client.compliancePolicy.get(groupId), reference);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** Classifies one read for a wait until ACTIVE. */
export function activePoll(live: LivePolicy | undefined): PollResult {
  if (live === undefined) return { state: "none", done: false, gone: true };
  if (live.state === POLICY_DISABLING) {
    return {
      state: live.state,
      done: false,
      failed: "the policy is being disabled (someone disabled it meanwhile)",
    };
  }
  return { state: live.state, done: live.state === POLICY_ACTIVE };
}

/** Classifies one read for a wait until the policy is gone. */
export function gonePoll(live: LivePolicy | undefined): PollResult {
  if (live === undefined) return { state: "disabled", done: true };
  return { state: live.state, done: false };
}

/** Waits until the policy is ACTIVE; returns its last live view. */
export async function waitForPolicyActive(
  client: PlatformClient,
  groupId: string,
  options: PolicyWaitOptions,
): Promise<LivePolicy> {
  let last: LivePolicy | undefined;
  await waitFor({
    ...phaseWaitFields(options),
    target: POLICY_ACTIVE,
    poll: async () => {
      last = await readPolicy(client, groupId, options.reference);
      return activePoll(last);
    },
  });
  // waitFor returns only after a poll that found the policy ACTIVE.
  return last as LivePolicy;
}

/** Waits until the policy is gone (the disable finished). */
export async function waitForPolicyGone(
  client: PlatformClient,
  groupId: string,
  options: PolicyWaitOptions,
): Promise<void> {
  await waitFor({
    ...phaseWaitFields(options),
    target: "disabled (no policy)",
    poll: async () => gonePoll(await readPolicy(client, groupId)),
  });
}
