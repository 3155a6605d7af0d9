/**
 * OnDemandSnapshot provider: check / diff / create / read / update / delete over the client.
 *
 * Create takes the snapshot (55) and waits until it is completed; a failed snapshot is an error
 * naming it, and it stays in state (so destroy deletes it). A change of `retentionInDays` changes the
 * expiration in place (61); any other change takes a new snapshot. Delete removes it (59, or 56 for
 * a sharded cluster's) and waits until reading answers 404.
 *
 * Id and importId: `<groupId>/<clusterName>/<snapshotId>`.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteThenWaitGone, type LifecycleTarget, waitAndSettle } from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { deleteSnapshot, lifecycle, type SnapshotLocation } from "./lifecycle";
import {
  describeSnapshot,
  fromApi,
  inputsFromLive,
  type LiveSnapshot,
  liveFromOutputs,
  ON_DEMAND_SNAPSHOT_CLASSIFICATION,
  onDemandSnapshotId,
  previousInputs,
  retentionDaysOf,
  toExpirationBody,
  toOutputs,
} from "./model";
import {
  ON_DEMAND_SNAPSHOT_ID_PARTS,
  type OnDemandSnapshotInputs,
  onDemandSnapshotInputsSchema,
} from "./schema";

export interface OnDemandSnapshotProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

export function createOnDemandSnapshotProvider(deps: OnDemandSnapshotProviderDeps): PlatformProvider {
  const target = (
    client: PlatformClient,
    inputs: OnDemandSnapshotInputs,
    where: SnapshotLocation,
  ): LifecycleTarget<SnapshotLocation> => ({
    client,
    where,
    describe: describeSnapshot(where.clusterName, where.snapshotId),
    timeouts: inputs.timeouts,
    clock: deps.clock,
  });

  const locate = (inputs: OnDemandSnapshotInputs, live: LiveSnapshot): SnapshotLocation => ({
    groupId: inputs.groupId,
    clusterName: inputs.clusterName,
    snapshotId: live.snapshotId,
    type: live.type,
  });

  /** Waits until completed; a failed or timed-out wait keeps the snapshot in state. */
  const settle = (
    client: PlatformClient,
    inputs: OnDemandSnapshotInputs,
    known: LiveSnapshot,
    phase: "create" | "update",
  ) =>
    waitAndSettle(lifecycle, target(client, inputs, locate(inputs, known)), phase, {
      id: onDemandSnapshotId(inputs.groupId, inputs.clusterName, known.snapshotId),
      known,
      outputs: (live: LiveSnapshot) => toOutputs(inputs, live),
    });

  /** Changes the expiration when the retention differs from the snapshot's (61). */
  const converge = async (client: PlatformClient, inputs: OnDemandSnapshotInputs, live: LiveSnapshot) => {
    if (retentionDaysOf(live) === inputs.retentionInDays) return live;
    const changed = await client.snapshots.updateExpiration(
      inputs.groupId,
      inputs.clusterName,
      live.snapshotId,
      toExpirationBody(inputs.retentionInDays),
    );
    return fromApi(changed, live.type);
  };

  /** POSTs the snapshot; a refusal because another one is still being taken says what to do. */
  const take = async (client: PlatformClient, inputs: OnDemandSnapshotInputs): Promise<LiveSnapshot> => {
    try {
      const body = {
        retentionInDays: inputs.retentionInDays,
        ...(inputs.description === undefined ? {} : { description: inputs.description }),
      };
      return fromApi(await client.snapshots.takeOnDemand(inputs.groupId, inputs.clusterName, body));
    } catch (error) {
      if (hasErrorCode(error, "UNFINISHED_ON_DEMAND_SNAPSHOT")) {
        throw new Error(
          `${describeSnapshot(inputs.clusterName)} cannot be taken while another on-demand snapshot of the ` +
            `cluster is unfinished (${(error as Error).message}); run pulumi up again once it has completed`,
        );
      }
      throw error;
    }
  };

  return {
    ...checkAndDiff(onDemandSnapshotInputsSchema, ON_DEMAND_SNAPSHOT_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(onDemandSnapshotInputsSchema, bag);
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: ON_DEMAND_SNAPSHOT_ID_PARTS,
        describe: describeSnapshot(inputs.clusterName),
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => settle(client, inputs, await take(client, inputs), "create"),
        adopt: async (parts) => {
          const live = await lifecycle.read(client, parts);
          if (live === undefined) return undefined;
          if (live.description !== inputs.description) {
            throw new Error(
              `cannot adopt ${describeSnapshot(parts.clusterName, parts.snapshotId)}: its description is ` +
                `${JSON.stringify(live.description ?? null)}, the description input ${JSON.stringify(inputs.description ?? null)}; ` +
                "a description cannot be changed: make them agree, or remove importId to take a new snapshot",
            );
          }
          return settle(client, inputs, await converge(client, inputs, live), "create");
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, ON_DEMAND_SNAPSHOT_ID_PARTS);
      const previous = previousInputs(props);
      const live = await lifecycle.read(deps.client(), {
        ...where,
        type: liveFromOutputs(props, where.snapshotId).type,
      });
      if (live === undefined) return {};
      const inputs = inputsFromLive(previous, live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      const where = parseId(id, ON_DEMAND_SNAPSHOT_ID_PARTS);
      const inputs = parseInputs(onDemandSnapshotInputsSchema, news);
      const client = deps.client();
      const stored = liveFromOutputs(olds, where.snapshotId);
      // Only timeouts changed, or an earlier wait did not finish: no API call, the wait resumes.
      const after = await converge(client, { ...inputs, ...where }, stored);
      return settle(
        client,
        { ...inputs, groupId: where.groupId, clusterName: where.clusterName },
        after,
        "update",
      );
    },

    async delete(id, props) {
      const parts = parseId(id, ON_DEMAND_SNAPSHOT_ID_PARTS);
      const where: SnapshotLocation = { ...parts, type: liveFromOutputs(props, parts.snapshotId).type };
      const client = deps.client();
      await deleteThenWaitGone(lifecycle, target(client, previousInputs(props), where), () =>
        deleteSnapshot(client, where),
      );
    },
  };
}

export const provider: PlatformProvider = createOnDemandSnapshotProvider({ client: platformClient });
