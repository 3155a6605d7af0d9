/**
 * SearchIndex provider: check / diff / create / read / update / delete over the client.
 *
 * Id and importId: `<groupId>/<clusterName>/<indexId>` (get 31, update 32, delete 30), or, for an
 * index adopted by names, `<groupId>/<clusterName>/<database>/<collectionName>/<indexName>` (get 28,
 * update 29, delete 27; the waits read by the index id learnt from the first read). Create and update wait until the index is
 * READY (queryable); delete waits until reading it answers 404. A wait that fails or times out after
 * the index exists keeps it in state (partial failure), so the next `pulumi up` resumes the wait.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { assertAdoptedIdentity, createOrAdopt, importIdHint, RECOVER_HINT } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { formatId, parseId } from "../../framework/ids";
import {
  deleteThenWaitGone,
  type LifecycleTarget,
  readIfExists,
  waitAndSettle,
} from "../../framework/lifecycle";
import { definitionsEqual } from "../../framework/searchDefinition";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { findSearchIndex, lifecycle, type SearchIndexLocation } from "./lifecycle";
import {
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
import {
  SEARCH_INDEX_ID_PARTS,
  SEARCH_INDEX_NAMES_ID_PARTS,
  type SearchIndexInputs,
  searchIndexInputsSchema,
} from "./schema";

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

  /**
   * Deletes the index (by names when its id is in that format) and waits until it is gone; an index
   * already gone is fine.
   */
  const remove = (
    client: PlatformClient,
    where: SearchIndexLocation,
    inputs: SearchIndexInputs,
    names?: IndexNames,
  ) =>
    deleteThenWaitGone(lifecycle, target(client, where, inputs), () =>
      names === undefined
        ? client.searchIndexes.delete(where.groupId, where.clusterName, where.indexId)
        : client.searchIndexes.deleteByName(
            names.groupId,
            names.clusterName,
            names.database,
            names.collectionName,
            names.indexName,
          ),
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
    names?: IndexNames,
  ) => {
    const where: SearchIndexLocation = {
      groupId: inputs.groupId,
      clusterName: inputs.clusterName,
      indexId: known.indexId,
    };
    return waitAndSettle(lifecycle, target(client, where, inputs), phase, {
      id:
        names === undefined
          ? searchIndexId(inputs.groupId, inputs.clusterName, known.indexId)
          : namesId(names),
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
      // importId by names: adopt the index that holds that name and keep addressing it by names.
      if (inputs.importId?.split("/").length === SEARCH_INDEX_NAMES_ID_PARTS.length) {
        return createOrAdopt({
          importId: inputs.importId,
          partNames: SEARCH_INDEX_NAMES_ID_PARTS,
          describe: describeSearchIndex(inputs),
          locatedBy: {
            groupId: inputs.groupId,
            clusterName: inputs.clusterName,
            database: inputs.database,
            collectionName: inputs.collectionName,
            // The index name is checked by assertSameIdentity, under the input's own name (`name`).
          },
          // createOrAdopt creates only without importId, and this branch has one.
          create: () => Promise.reject(new Error("unreachable: importId is set")),
          adopt: async (names) => {
            let live = await readByNames(client, names);
            if (live === undefined) return undefined;
            assertSameIdentity(inputs, live);
            if (!definitionsEqual(live.definition, inputs.definition)) {
              live = await updateDefinition(client, { ...names, indexId: live.indexId }, inputs, names);
            }
            return settle(client, inputs, live, "create", false, names);
          },
        });
      }
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
      const { where, names } = address(id, props);
      const live =
        names === undefined
          ? await lifecycle.read(deps.client(), where)
          : await readByNames(deps.client(), names);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      const { where, names } = address(id, olds);
      const inputs = parseInputs(searchIndexInputsSchema, news);
      const client = deps.client();
      let known: LiveSearchIndex;
      if (!definitionsEqual(olds.definition, inputs.definition)) {
        known = await updateDefinition(client, where, inputs, names);
      } else {
        // Only timeouts changed, or an earlier wait did not finish: wait (again) for READY.
        known = pending(where.indexId, inputs, String(olds.status ?? "unknown"));
      }
      return settle(client, inputs, known, "update", false, names);
    },

    async delete(id, props) {
      const { where, names } = address(id, props);
      await remove(deps.client(), where, previousInputs(props), names);
    },
  };
}

/** An index addressed by names: the id's second format. */
type IndexNames = Record<(typeof SEARCH_INDEX_NAMES_ID_PARTS)[number], string>;

function namesId(names: IndexNames): string {
  return formatId(SEARCH_INDEX_NAMES_ID_PARTS.map((part) => names[part]));
}

/**
 * Where an id points: by id, or by names (five parts) with the index id of the stored outputs for
 * the waits (reading by id sees the same index).
 */
function address(
  id: string,
  props: Record<string, unknown>,
): { where: SearchIndexLocation; names?: IndexNames } {
  if (id.split("/").length !== SEARCH_INDEX_NAMES_ID_PARTS.length)
    return { where: parseId(id, SEARCH_INDEX_ID_PARTS) };
  const names = parseId(id, SEARCH_INDEX_NAMES_ID_PARTS);
  return {
    where: { groupId: names.groupId, clusterName: names.clusterName, indexId: String(props.indexId ?? "") },
    names,
  };
}

/** Reads the index by names (28); undefined when no index holds the name. */
async function readByNames(client: PlatformClient, names: IndexNames): Promise<LiveSearchIndex | undefined> {
  return readIfExists(async () =>
    fromApi(
      await client.searchIndexes.getByName(
        names.groupId,
        names.clusterName,
        names.database,
        names.collectionName,
        names.indexName,
      ),
    ),
  );
}

/** Replaces the index's definition (the only field that changes in place): by id (32) or by names (29). */
async function updateDefinition(
  client: PlatformClient,
  where: SearchIndexLocation,
  inputs: SearchIndexInputs,
  names?: IndexNames,
): Promise<LiveSearchIndex> {
  const definition = toCreateBody(inputs).definition;
  return fromApi(
    names === undefined
      ? await client.searchIndexes.update(where.groupId, where.clusterName, where.indexId, definition)
      : await client.searchIndexes.updateByName(
          names.groupId,
          names.clusterName,
          names.database,
          names.collectionName,
          names.indexName,
          definition,
        ),
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
  assertAdoptedIdentity(inputs.importId, "search index", [
    ["database", inputs.database, live.database],
    ["collectionName", inputs.collectionName, live.collectionName],
    ["name", inputs.name, live.name],
    ["type", inputs.type, live.type],
  ]);
}

export const provider: PlatformProvider = createSearchIndexProvider({ client: platformClient });
