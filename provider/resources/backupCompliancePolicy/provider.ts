/**
 * BackupCompliancePolicy provider: a project singleton (framework/singleton.ts) over the client.
 *
 * A project has at most one policy, written with a full PUT (query overwriteBackupPolicies). Create
 * adopts the project's policy when there is one (with or without importId) and converges it; create
 * and update wait until the state is ACTIVE, and first wait for a pending change to settle (the
 * service refuses a PUT while one is pending). Delete disables the policy, which the service allows
 * only after a support request: by default its refusal fails the delete with an explanation; with
 * `keepEnabledOnDelete: true` delete leaves the policy enabled and only drops it from the stack.
 *
 * Id and importId: `<groupId>`.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { keepInStateIfFails } from "../../framework/errors";
import { deleteThenWaitGone, phaseWaitOptions, type TimeoutPhase } from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import { projectSingletonProvider } from "../../framework/singleton";
import type { TimeoutsInput } from "../../framework/timeouts";
import type { PlatformProvider } from "../../framework/types";
import type { WaitClock } from "../../framework/waiter";
import {
  lifecycle,
  POLICY_ACTIVE,
  POLICY_DISABLING,
  type PolicyWaitOptions,
  readPolicy,
  waitForPolicyActive,
  waitForPolicyGone,
} from "./lifecycle";
import {
  BACKUP_COMPLIANCE_POLICY_CLASSIFICATION,
  type BackupCompliancePolicyOutputs,
  describePolicy,
  fromApi,
  inputsFromLive,
  type LivePolicy,
  policyFieldsToChange,
  previousInputs,
  toBody,
  toOutputs,
} from "./model";
import { type BackupCompliancePolicyInputs, backupCompliancePolicyInputsSchema } from "./schema";

export interface BackupCompliancePolicyProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

const PENDING_ACTION = "CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION";
const CANNOT_DISABLE = "CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY";

export function createBackupCompliancePolicyProvider(
  deps: BackupCompliancePolicyProviderDeps,
): PlatformProvider {
  const waitOptions = (
    groupId: string,
    timeouts: TimeoutsInput | undefined,
    phase: TimeoutPhase,
    reference?: PolicyWaitOptions["reference"],
  ): PolicyWaitOptions => ({
    ...phaseWaitOptions(describePolicy(groupId), timeouts, lifecycle.defaultTimeouts, phase, deps.clock),
    ...(reference === undefined ? {} : { reference }),
  });

  /**
   * Brings the project's policy to the inputs: lets a pending change settle, PUTs when a field
   * differs, and waits until ACTIVE. A wait that fails after the PUT keeps the policy in state.
   */
  const converge = async (
    client: PlatformClient,
    inputs: BackupCompliancePolicyInputs,
    phase: "create" | "update",
  ): Promise<BackupCompliancePolicyOutputs> => {
    const { groupId } = inputs;
    const options = waitOptions(groupId, inputs.timeouts, phase, inputs.scheduledPolicyItems);
    let live = await readPolicy(client, groupId, inputs.scheduledPolicyItems);
    if (live?.state === POLICY_DISABLING) {
      // Being disabled: once gone, the PUT below enables a new policy.
      await waitForPolicyGone(client, groupId, options);
      live = undefined;
    } else if (live !== undefined && live.state !== POLICY_ACTIVE) {
      live = await waitForPolicyActive(client, groupId, options);
    }
    if (live !== undefined && policyFieldsToChange(inputs, live.fields).length === 0) {
      return toOutputs(inputs, live);
    }

    const put = () =>
      client.compliancePolicy.update(groupId, toBody(inputs), {
        overwriteBackupPolicies: inputs.overwriteBackupPolicies,
      });
    let answered: LivePolicy;
    try {
      answered = fromApi(await put(), inputs.scheduledPolicyItems);
    } catch (error) {
      // Someone started a change between our read and the PUT: let it settle, then PUT once more.
      if (!hasErrorCode(error, PENDING_ACTION)) throw error;
      await waitForPolicyActive(client, groupId, options);
      answered = fromApi(await put(), inputs.scheduledPolicyItems);
    }
    const settled = await keepInStateIfFails(groupId, { ...toOutputs(inputs, answered) }, () =>
      waitForPolicyActive(client, groupId, options),
    );
    return toOutputs(inputs, settled);
  };

  return projectSingletonProvider<BackupCompliancePolicyInputs>({
    inputsSchema: backupCompliancePolicyInputsSchema,
    classification: BACKUP_COMPLIANCE_POLICY_CLASSIFICATION,
    describe: describePolicy,
    client: deps.client,
    // With or without importId, create adopts the project's policy. On update, when only
    // keepEnabledOnDelete or timeouts changed, no field differs, so no PUT.
    converge,

    async read(client, groupId, props) {
      const reference = props.scheduledPolicyItems as PolicyWaitOptions["reference"];
      const live = await readPolicy(client, groupId, reference);
      if (live === undefined) return undefined;
      const settings = { ...previousInputs(props), groupId };
      return { outputs: toOutputs(settings, live), inputs: inputsFromLive(settings, live) };
    },

    /** Disables the policy (a policy already gone is a not-found error: nothing to do). */
    async delete(client, groupId, props) {
      const previous = previousInputs(props);
      const describe = describePolicy(groupId);
      if (previous.keepEnabledOnDelete) {
        reportProgress(
          `${describe}: left enabled (keepEnabledOnDelete is true); removed from the stack only`,
        );
        return;
      }
      const target = { client, where: { groupId }, describe, timeouts: previous.timeouts, clock: deps.clock };
      await deleteThenWaitGone(lifecycle, target, async () => {
        try {
          await client.compliancePolicy.disable(groupId);
        } catch (error) {
          if (hasErrorCode(error, CANNOT_DISABLE)) {
            throw new Error(
              `the ${describe} was not disabled: the service disables a backup compliance policy only after a ` +
                `support request (${(error as Error).message}). Either file that request and run pulumi destroy ` +
                "again, or set keepEnabledOnDelete: true on this resource, run pulumi up, and destroy again to " +
                "leave the policy enabled and only remove it from the stack.",
            );
          }
          throw error;
        }
      });
    },
  });
}

export const provider: PlatformProvider = createBackupCompliancePolicyProvider({ client: platformClient });
