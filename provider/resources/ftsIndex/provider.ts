/**
 * FtsIndex provider: check / diff / create / read / update / delete over the first-style operations
 * (15 create, 17 delete, 18 get, 19 update; 16 to name the index that holds a taken name).
 *
 * Id and importId: `<groupId>/<clusterName>/<indexId>`. Create and update wait until the index is
 * STEADY; delete waits until reading it answers 404. A wait that fails or times out after the index
 * exists keeps it in state (partial failure), so the next `pulumi up` resumes the wait.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { assertAdoptedIdentity, createOrAdopt, importIdHint } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteThenWaitGone, type LifecycleTarget, waitAndSettle } from "../../framework/lifecycle";
import { definitionsEqual } from "../../framework/searchDefinition";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { type FtsIndexLocation, lifecycle } from "./lifecycle";
import {
  describeFtsIndex,
  FTS_INDEX_CLASSIFICATION,
  fromApi,
  ftsIndexId,
  inputsFromLive,
  type LiveFtsIndex,
  previousInputs,
  sameDefinition,
  toBody,
  toOutputs,
} from "./model";
import { FTS_INDEX_ID_PARTS, type FtsIndexInputs, ftsDefinitionOf, ftsIndexInputsSchema } from "./schema";

export interface FtsIndexProviderDeps {
  /** The API client (built from the `configure` settings in production). */
  client: () => PlatformClient;
  /** Time for the waits (tests use a manual clock). */
  clock?: WaitClock;
}

export function createFtsIndexProvider(deps: FtsIndexProviderDeps): PlatformProvider {
  const target = (
    client: PlatformClient,
    where: FtsIndexLocation,
    inputs: FtsIndexInputs,
  ): LifecycleTarget<FtsIndexLocation> => ({
    client,
    where,
    describe: describeFtsIndex(inputs),
    timeouts: inputs.timeouts,
    clock: deps.clock,
  });

  /** Waits for STEADY; a failed wait keeps the index in state with what is known. */
  const settle = (
    client: PlatformClient,
    inputs: FtsIndexInputs,
    known: LiveFtsIndex,
    phase: "create" | "update",
  ) => {
    const where = { groupId: inputs.groupId, clusterName: inputs.clusterName, indexId: known.indexId };
    return waitAndSettle(lifecycle, target(client, where, inputs), phase, {
      id: ftsIndexId(inputs.groupId, inputs.clusterName, known.indexId),
      known,
      outputs: (live: LiveFtsIndex) => toOutputs(inputs, live),
    });
  };

  /** Replaces the definition (19 takes the whole body, identity unchanged). */
  const update = async (client: PlatformClient, where: FtsIndexLocation, inputs: FtsIndexInputs) =>
    fromApi(
      await client.searchIndexes.fts.update(where.groupId, where.clusterName, where.indexId, toBody(inputs)),
    );

  return {
    ...checkAndDiff(ftsIndexInputsSchema, FTS_INDEX_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(ftsIndexInputsSchema, bag);
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: FTS_INDEX_ID_PARTS,
        describe: describeFtsIndex(inputs),
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => {
          let created: LiveFtsIndex;
          try {
            created = fromApi(
              await client.searchIndexes.fts.create(inputs.groupId, inputs.clusterName, toBody(inputs)),
            );
          } catch (error) {
            if (hasErrorCode(error, "SEARCH_DUPLICATE_INDEX"))
              throw await duplicateIndexError(client, inputs, error);
            throw error;
          }
          return settle(client, inputs, created, "create");
        },
        adopt: async (parts) => {
          let live = await lifecycle.read(client, parts);
          if (live === undefined) return undefined;
          assertAdoptedIdentity(inputs.importId, "search index", [
            ["database", inputs.database, live.database],
            ["collectionName", inputs.collectionName, live.collectionName],
            ["name", inputs.name, live.name],
          ]);
          if (!sameDefinition(live, inputs)) live = await update(client, parts, inputs);
          return settle(client, inputs, live, "create");
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, FTS_INDEX_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      const where = parseId(id, FTS_INDEX_ID_PARTS);
      const inputs = parseInputs(ftsIndexInputsSchema, news);
      const client = deps.client();
      const changed = !definitionsEqual(ftsDefinitionOf(olds), ftsDefinitionOf(inputs));
      // Only timeouts changed, or an earlier wait did not finish: wait (again) for STEADY.
      const known: LiveFtsIndex = changed
        ? await update(client, where, inputs)
        : {
            indexId: where.indexId,
            name: inputs.name,
            database: inputs.database,
            collectionName: inputs.collectionName,
            status: String(olds.status ?? "unknown"),
            definition: ftsDefinitionOf(inputs),
          };
      return settle(client, inputs, known, "update");
    },

    async delete(id, props) {
      const where = parseId(id, FTS_INDEX_ID_PARTS);
      const client = deps.client();
      await deleteThenWaitGone(lifecycle, target(client, where, previousInputs(props)), () =>
        client.searchIndexes.fts.delete(where.groupId, where.clusterName, where.indexId),
      );
    },
  };
}

/**
 * The name is taken in that collection: say which index holds it and how to adopt it, rather than
 * only relaying the service's error.
 */
async function duplicateIndexError(
  client: PlatformClient,
  inputs: FtsIndexInputs,
  cause: unknown,
): Promise<Error> {
  let existingId: string | undefined;
  try {
    const indexes = await client.searchIndexes.fts.listForCollection(
      inputs.groupId,
      inputs.clusterName,
      inputs.database,
      inputs.collectionName,
    );
    existingId = indexes.find((index) => index.name === inputs.name)?.indexID;
  } catch {
    // The lookup only improves the message; the service's error below still explains the failure.
  }
  const adopt = importIdHint(
    existingId === undefined ? undefined : ftsIndexId(inputs.groupId, inputs.clusterName, existingId),
    FTS_INDEX_ID_PARTS,
  );
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(
    `${describeFtsIndex(inputs)} already exists (${reason}); choose another name, or ${adopt}`,
  );
}

export const provider: PlatformProvider = createFtsIndexProvider({ client: platformClient });
