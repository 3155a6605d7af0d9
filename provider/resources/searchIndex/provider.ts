/**
 * SearchIndex provider: check / diff / create / read / update / delete over the client.
 *
 * Id and importId: `<groupId>/<clusterName>/<indexId>`. Create and update wait until the index is
 * READY (queryable); delete waits until reading it answers 404. A wait that fails or times out after
 * the index exists keeps it in state (partial failure), so the next `pulumi up` resumes the wait.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { createOrAdopt, importIdHint, RECOVER_HINT } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteThenWaitGone, type LifecycleTarget, waitAndSettle } from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { findSearchIndex, lifecycle, type SearchIndexLocation } from "./lifecycle";
import {
  definitionsEqual,
  describeSearchIndex,
  fromApi,
  inputsFromLive,
  type LiveSearchIndex,
  previousInputs,
  SEARCH_INDEX_CLASSIFICATION,
  searchIndexId,
  toCreateBody,
  toOutputs,
} from "./model";
import { SEARCH_INDEX_ID_PARTS, type SearchIndexInputs, searchIndexInputsSchema } from "./schema";

export interface SearchIndexProviderDeps {
  /** The API client (built from the `configure` settings in production). */
  client: () => PlatformClient;
  /** Time for the waits (tests use a manual clock). */
  clock?: WaitClock;
}

/** The live view before the first poll: what we know right after a create/update call. */
function pending(indexId: string, inputs: SearchIndexInputs, status: string): LiveSearchIndex {
  return {
    indexId,
    name: inputs.name,
    database: inputs.database,
    collectionName: inputs.collectionName,
    type: inputs.type,
    status,
    queryable: false,
    definition: inputs.definition as Record<string, unknown>,
  };
}

export function createSearchIndexProvider(deps: SearchIndexProviderDeps): PlatformProvider {
  const target = (
    client: PlatformClient,
    where: SearchIndexLocation,
    inputs: SearchIndexInputs,
  ): LifecycleTarget<SearchIndexLocation> => ({
    client,
    where,
    describe: describeSearchIndex(inputs),
    timeouts: inputs.timeouts,
    clock: deps.clock,
  });

  /** Deletes the index and waits until it is gone; an index already gone is fine. */
  const remove = (client: PlatformClient, where: SearchIndexLocation, inputs: SearchIndexInputs) =>
    deleteThenWaitGone(lifecycle, target(client, where, inputs), () =>
      client.searchIndexes.delete(where.groupId, where.clusterName, where.indexId),
    );

  /**
   * Waits for READY. On failure the index stays in state with what we know, unless this create made
   * it and the user asked (deleteOnCreateFailure) to delete it then; an adopted index is never deleted.
   */
  const settle = (
    client: PlatformClient,
    inputs: SearchIndexInputs,
    known: LiveSearchIndex,
    phase: "create" | "update",
    createdHere = false,
  ) => {
    const where: SearchIndexLocation = {
      groupId: inputs.groupId,
      clusterName: inputs.clusterName,
      indexId: known.indexId,
    };
    return waitAndSettle(lifecycle, target(client, where, inputs), phase, {
      id: searchIndexId(inputs.groupId, inputs.clusterName, known.indexId),
      known,
      outputs: (live: LiveSearchIndex) => toOutputs(inputs, live),
      deleteOnFailure:
        createdHere && inputs.deleteOnCreateFailure === true
          ? () => remove(client, where, inputs)
          : undefined,
    });
  };

  return {
    ...checkAndDiff(searchIndexInputsSchema, SEARCH_INDEX_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(searchIndexInputsSchema, bag);
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: SEARCH_INDEX_ID_PARTS,
        describe: describeSearchIndex(inputs),
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => {
          let created: LiveSearchIndex;
          try {
            created = fromApi(
              await client.searchIndexes.create(inputs.groupId, inputs.clusterName, toCreateBody(inputs)),
            );
          } catch (error) {
            if (hasErrorCode(error, "SEARCH_DUPLICATE_INDEX"))
              throw await duplicateIndexError(client, inputs, error);
            throw error;
          }
          return settle(client, inputs, created, "create", true);
        },
        adopt: async (parts) => {
          let live = await lifecycle.read(client, parts);
          if (live === undefined) return undefined;
          assertSameIdentity(inputs, live);
          if (!definitionsEqual(live.definition, inputs.definition)) {
            live = await updateDefinition(client, parts, inputs);
          }
          return settle(client, inputs, live, "create");
        },
        findCreated: () => findSearchIndex(client, inputs),
      });
    },

    async findCreated(bag) {
      return findSearchIndex(deps.client(), parseInputs(searchIndexInputsSchema, bag));
    },

    async read(id, props) {
      const where = parseId(id, SEARCH_INDEX_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      const where = parseId(id, SEARCH_INDEX_ID_PARTS);
      const inputs = parseInputs(searchIndexInputsSchema, news);
      const client = deps.client();
      let known: LiveSearchIndex;
      if (!definitionsEqual(olds.definition, inputs.definition)) {
        known = await updateDefinition(client, where, inputs);
      } else {
        // Only timeouts changed, or an earlier wait did not finish: wait (again) for READY.
        known = pending(where.indexId, inputs, String(olds.status ?? "unknown"));
      }
      return settle(client, inputs, known, "update");
    },

    async delete(id, props) {
      const where = parseId(id, SEARCH_INDEX_ID_PARTS);
      await remove(deps.client(), where, previousInputs(props));
    },
  };
}

/** Replaces the index's definition (the only field that changes in place). */
async function updateDefinition(
  client: PlatformClient,
  where: SearchIndexLocation,
  inputs: SearchIndexInputs,
): Promise<LiveSearchIndex> {
  const definition = toCreateBody(inputs).definition;
  return fromApi(
    await client.searchIndexes.update(where.groupId, where.clusterName, where.indexId, definition),
  );
}

/**
 * The name is taken in that collection: say which index holds it and how to adopt it, rather than
 * only relaying the service's error.
 */
async function duplicateIndexError(
  client: PlatformClient,
  inputs: SearchIndexInputs,
  cause: unknown,
): Promise<Error> {
  let existingId: string | undefined;
  try {
    const existing = await client.searchIndexes.getByName(
      inputs.groupId,
      inputs.clusterName,
      inputs.database,
      inputs.collectionName,
      inputs.name,
    );
    existingId = existing.indexID;
  } catch {
    // The lookup only improves the message; the service's error below still explains the failure.
  }
  const adopt = importIdHint(
    existingId === undefined ? undefined : searchIndexId(inputs.groupId, inputs.clusterName, existingId),
    SEARCH_INDEX_ID_PARTS,
  );
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(
    `${describeSearchIndex(inputs)} already exists (${reason}); choose another name, or ${adopt}; ${RECOVER_HINT}`,
  );
}

/**
 * Adoption converges the definition only: an index cannot be renamed or moved, so an importId naming
 * an index whose identity differs from the inputs is an error (before any change is made).
 */
function assertSameIdentity(inputs: SearchIndexInputs, live: LiveSearchIndex): void {
  const mismatches: string[] = [];
  const expect = (field: string, want: string, got: string | undefined) => {
    if (got !== undefined && got !== want)
      mismatches.push(`${field} is ${JSON.stringify(got)} (inputs say ${JSON.stringify(want)})`);
  };
  expect("database", inputs.database, live.database);
  expect("collectionName", inputs.collectionName, live.collectionName);
  expect("name", inputs.name, live.name);
  expect("type", inputs.type, live.type);
  if (mismatches.length > 0) {
    throw new Error(
      `importId ${JSON.stringify(inputs.importId)} names a search index whose ${mismatches.join(", ")}; ` +
        "these fields cannot change in place: make the inputs match the existing index, or remove importId to create a new one",
    );
  }
}

export const provider: PlatformProvider = createSearchIndexProvider({ client: platformClient });
