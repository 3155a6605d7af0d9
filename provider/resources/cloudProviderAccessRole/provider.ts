/**
 * CloudProviderAccessRole provider: an AWS access role of a project. Create makes the role (73) and,
 * when `iamAssumedRoleArn` is set, authorizes it (74a), retrying while AWS propagates the IAM role;
 * a new ARN authorizes again in place; delete deauthorizes (74b), which removes the role, and waits
 * until reading it answers 404.
 *
 * Id and importId: `<groupId>/<roleId>`.
 */
import type { PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { checkAndDiff, diffInputs } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import {
  deleteThenWaitGone,
  type LifecycleTarget,
  phaseWaitOptions,
  settleOrKeepInState,
} from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { type AccessRoleLocation, authorizeWhenAssumable, lifecycle } from "./lifecycle";
import {
  accessRoleId,
  CLOUD_PROVIDER_ACCESS_ROLE_CLASSIFICATION,
  describeAccessRole,
  fromApi,
  inputsFromLive,
  type LiveAccessRole,
  previousInputs,
  toOutputs,
} from "./model";
import {
  ACCESS_ROLE_PROVIDER,
  CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS,
  type CloudProviderAccessRoleInputs,
  cloudProviderAccessRoleInputsSchema,
} from "./schema";

export interface CloudProviderAccessRoleProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

export function createCloudProviderAccessRoleProvider(
  deps: CloudProviderAccessRoleProviderDeps,
): PlatformProvider {
  const base = checkAndDiff(cloudProviderAccessRoleInputsSchema, CLOUD_PROVIDER_ACCESS_ROLE_CLASSIFICATION);

  /**
   * Authorizes the role when the inputs name an IAM role it is not authorized with yet. A failed
   * authorization keeps the role in state (it exists) with what is known, for the next up to resume.
   */
  const authorizeIfNeeded = (
    client: PlatformClient,
    inputs: CloudProviderAccessRoleInputs,
    live: LiveAccessRole,
    phase: "create" | "update",
  ) => {
    const arn = inputs.iamAssumedRoleArn;
    const where: AccessRoleLocation = { groupId: inputs.groupId, roleId: live.roleId };
    const describe = describeAccessRole(inputs.groupId, live.roleId);
    const alreadyAuthorized = live.authorizedDate !== undefined && live.iamAssumedRoleArn === arn;
    return settleOrKeepInState({
      id: accessRoleId(inputs.groupId, live.roleId),
      known: live,
      outputs: (current: LiveAccessRole) => toOutputs(inputs, current),
      wait: async () =>
        arn === undefined || alreadyAuthorized
          ? live
          : authorizeWhenAssumable(
              client,
              where,
              arn,
              phaseWaitOptions(describe, inputs.timeouts, lifecycle.defaultTimeouts, phase, deps.clock),
            ),
    });
  };

  const target = (
    client: PlatformClient,
    where: AccessRoleLocation,
    inputs: CloudProviderAccessRoleInputs,
  ): LifecycleTarget<AccessRoleLocation> => ({
    client,
    where,
    describe: describeAccessRole(where.groupId, where.roleId),
    timeouts: inputs.timeouts,
    clock: deps.clock,
  });

  return {
    check: base.check,

    /** The table's diff, plus: removing iamAssumedRoleArn replaces the role (no operation withdraws an authorization). */
    async diff(_id, olds, news) {
      const diff = diffInputs(olds, news, CLOUD_PROVIDER_ACCESS_ROLE_CLASSIFICATION);
      const withdrawn = olds.iamAssumedRoleArn !== undefined && news.iamAssumedRoleArn === undefined;
      const replaces = withdrawn ? [...new Set([...diff.replaces, "iamAssumedRoleArn"])] : diff.replaces;
      return { changes: diff.changes, replaces };
    },

    async create(bag) {
      const inputs = parseInputs(cloudProviderAccessRoleInputsSchema, bag);
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS,
        describe: describeAccessRole(inputs.groupId),
        locatedBy: { groupId: inputs.groupId },
        create: async () => {
          const created = await client.cloudProviderAccess.create(inputs.groupId, {
            providerName: ACCESS_ROLE_PROVIDER,
          });
          const live = fromApi(created, created.roleId ?? "");
          return authorizeIfNeeded(client, inputs, live, "create");
        },
        adopt: async (parts) => {
          const live = await lifecycle.read(client, parts);
          return live === undefined ? undefined : authorizeIfNeeded(client, inputs, live, "create");
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where.groupId);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, _olds, news) {
      const where = parseId(id, CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS);
      const inputs = { ...parseInputs(cloudProviderAccessRoleInputsSchema, news), groupId: where.groupId };
      const client = deps.client();
      const live = await lifecycle.read(client, where);
      if (live === undefined) {
        throw new Error(
          `${describeAccessRole(where.groupId, where.roleId)} no longer exists; run pulumi refresh, then pulumi up to create it again`,
        );
      }
      const { outs } = await authorizeIfNeeded(client, inputs, live, "update");
      return { outs };
    },

    async delete(id, props) {
      const where = parseId(id, CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS);
      const client = deps.client();
      await deleteThenWaitGone(lifecycle, target(client, where, previousInputs(props)), () =>
        client.cloudProviderAccess.deauthorize(where.groupId, ACCESS_ROLE_PROVIDER, where.roleId),
      );
    },
  };
}

export const provider: PlatformProvider = createCloudProviderAccessRoleProvider({ client: platformClient });
