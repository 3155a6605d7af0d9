/**
 * What "done" means for the backup compliance policy (docs/spec/operations.md): a PUT answers state ENABLING
 * (first policy) or UPDATING and is done at ACTIVE; a second PUT while one is pending is refused. After
 * the disable operation the state is DISABLING, then the policy is gone (GET answers 404).
 */

import type { PlatformClient } from "../../client";
import { asynchronous, type PhaseWaitOptions, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LivePolicy } from "./model";

/** The done state. */
export const POLICY_ACTIVE = "ACTIVE";
/** The state after the disable operation, until the policy is gone. */
export const POLICY_DISABLING = "DISABLING";

/** Items order of the outputs (the program's). */
type ItemsReference = readonly { frequencyType: unknown; frequencyInterval: unknown }[];

/** Where the policy is: its project, and the order to give its items in. */
interface PolicyLocation {
  groupId: string;
  reference?: ItemsReference | undefined;
}

export const lifecycle = asynchronous<PolicyLocation, LivePolicy, "compliancePolicy">({
  states: {
    vocabulary: "compliancePolicy",
    done: [POLICY_ACTIVE],
    // Only during a wait for ACTIVE; a wait for the disable to finish goes on through DISABLING.
    failed: { [POLICY_DISABLING]: "the policy is being disabled (someone disabled it meanwhile)" },
    transitional: ["ENABLING", "UPDATING"],
  },
  stateOf: (live) => live.state,
  read: (client, where) =>
    readIfExists(async () => fromApi(await client.compliancePolicy.get(where.groupId), where.reference)),
  gone: { target: "disabled (no policy)", state: "disabled" },
  // Enabling a compliance policy re-checks every backup policy of the project.
  defaultTimeouts: { create: "30m", update: "30m", delete: "30m" },
});

export interface PolicyWaitOptions extends PhaseWaitOptions {
  /** Items order of the outputs (the program's). */
  reference?: ItemsReference;
}

/** Reads the policy; undefined when the project has none (404). */
export function readPolicy(
  client: PlatformClient,
  groupId: string,
  reference?: ItemsReference,
): Promise<LivePolicy | undefined> {
  return lifecycle.read(client, { groupId, reference });
}

/** Waits until the policy is ACTIVE; returns its last live view. */
export function waitForPolicyActive(
  client: PlatformClient,
  groupId: string,
  options: PolicyWaitOptions,
): Promise<LivePolicy> {
  return lifecycle.waitUntilDone(client, { groupId, reference: options.reference }, options);
}

/** Waits until the policy is gone (the disable finished). */
export function waitForPolicyGone(
  client: PlatformClient,
  groupId: string,
  options: PolicyWaitOptions,
): Promise<void> {
  return lifecycle.waitUntilGone(client, { groupId }, options);
}
