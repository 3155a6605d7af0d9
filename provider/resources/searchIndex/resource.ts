/**
 * SearchIndex: a full-text ("search") or vector ("vectorSearch") search index on a collection of a
 * cluster (second definition style, operations 24-32). See docs/resources/searchIndex.md.
 *
 * Id and importId: `<groupId>/<clusterName>/<indexId>` (get 31, update 32, delete 30), or, for an
 * index adopted by names, `<groupId>/<clusterName>/<database>/<collectionName>/<indexName>` (get 28,
 * update 29, delete 27; the waits read by the index id learnt from the first read). Create and update
 * wait until the index is READY (queryable); delete waits until reading it answers 404.
 */

import { z } from "zod";
import type { PlatformClient } from "../../client";
import { formatId } from "../../framework/ids";
import { readIfExists } from "../../framework/lifecycle";
import { defineResource, exportText, type PropertyTable } from "../../framework/resource";
import {
  assertAdoptedIndex,
  createIndex,
  definitionsEqual,
  FLAT_DEFINITION_FIELDS,
} from "../../framework/searchDefinition";
import { findSearchIndex, lifecycle, type SearchIndexLocation } from "./lifecycle";
import {
  describeSearchIndex,
  fromApi,
  inputsFromLive,
  type LiveSearchIndex,
  searchIndexId,
  toCreateBody,
  toOutputs,
} from "./model";
import {
  definitionInputSchema,
  SEARCH_INDEX_ID_PARTS,
  SEARCH_INDEX_NAMES_ID_PARTS,
  type SearchIndexInputs,
  searchIndexInputsSchema,
} from "./schema";

/** An index addressed by names: the id's second format. */
type IndexNames = Record<(typeof SEARCH_INDEX_NAMES_ID_PARTS)[number], string>;

/**
 * A part of either id format. An id holds the parts of one format only: `locate` tells them apart by
 * `indexName`.
 */
type IdPart = (typeof SEARCH_INDEX_ID_PARTS)[number] | (typeof SEARCH_INDEX_NAMES_ID_PARTS)[number];

/** Where the index is: its id, and its names when the resource addresses it by names. */
interface IndexAddress extends SearchIndexLocation {
  names?: IndexNames;
}

/**
 * Every input and output. Identity fields replace: the API cannot rename an index or move it. A
 * `type` change keeps the same name in the same collection, and names are unique there, so the old
 * index is deleted first.
 */
export const SEARCH_INDEX_PROPERTIES: PropertyTable = {
  groupId: { effect: "replace", doc: "Project id (24 hexadecimal digits).", rules: "24 hexadecimal digits" },
  clusterName: { effect: "replace", doc: "Cluster name.", rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`" },
  database: { effect: "replace", doc: "Database of the indexed collection.", rules: "non-empty" },
  collectionName: { effect: "replace", doc: "Indexed collection.", rules: "non-empty" },
  name: {
    effect: "replace",
    doc: "Index name, unique within the collection.",
    rules: "non-empty; unique within the collection",
  },
  type: {
    effect: "replace",
    deleteBeforeReplace: true,
    default: "search",
    doc: '"search" (text search, the default) or "vectorSearch".',
    rules: 'default `"search"`',
    change: "the name stays taken until the old index is gone",
  },
  definition: {
    effect: "update",
    compare: (state, input) => definitionsEqual(state, input),
    input: definitionInputSchema,
    alwaysSet: true,
    doc: "The definition: a text search definition, or a vector search definition. Updated in place; compared structurally, with the service's defaults applied.",
    rules: "text or vector definition (see below)",
    change: "`PATCH {definition}`, compared structurally with the service's defaults applied",
  },
  // The first style's flat fields: check moves them into `definition`, so they reach diff only while
  // a value is unknown (preview); they are part of the definition, which updates in place.
  ...Object.fromEntries(
    FLAT_DEFINITION_FIELDS.map((field) => [
      field,
      {
        effect: "update" as const,
        notStored: true,
        doc: `First-style flat field, moved into \`definition\` by check${field === "numPartitions" ? "" : " (text search only)"}.`,
        rules: "same rules as inside `definition`",
        change: "moved into `definition` by check",
      },
    ]),
  ),
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing index instead of creating one: `<groupId>/<clusterName>/<indexId>`, or by names `<groupId>/<clusterName>/<database>/<collectionName>/<indexName>` (the index is then read, updated and deleted by names).",
    rules:
      "`<groupId>/<clusterName>/<indexId>`, or by names `<groupId>/<clusterName>/<database>/<collectionName>/<indexName>`",
    change: "after adoption",
  },
  timeouts: {
    effect: "update",
    doc: 'How long to wait for READY and for deletion (`"45m"`, `"1h30m"`, or seconds).',
    rules: 'durations (`"30m"`, `"1h30m"`) or seconds',
    change: "no API call",
  },
  deleteOnCreateFailure: {
    effect: "ignore-drift",
    doc: "When the build of an index this resource created fails or times out, delete the index (and fail) instead of keeping it in state for the next `pulumi up` to resume. Default false. Never deletes an adopted index.",
    rules: "default false",
    change: "after create",
  },
  indexId: { effect: "output", type: z.string(), doc: "The index id (24 hexadecimal digits)." },
  status: {
    effect: "output",
    type: z.string(),
    doc: "The service's status: READY once create or update finished (PENDING, BUILDING, STALE, FAILED, DELETING on the way).",
  },
  queryable: { effect: "output", type: z.boolean(), doc: "Whether queries can use the index." },
};

function namesId(names: IndexNames): string {
  return formatId(SEARCH_INDEX_NAMES_ID_PARTS.map((part) => names[part]));
}

/** Whether an importId names the index by names (the id's second format). */
function isNamesId(id: string | undefined): boolean {
  return id?.split("/").length === SEARCH_INDEX_NAMES_ID_PARTS.length;
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
  where: IndexAddress,
  inputs: SearchIndexInputs,
): Promise<LiveSearchIndex> {
  const definition = toCreateBody(inputs).definition;
  const { names } = where;
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

/** The id of the index holding the inputs' name in their collection. */
async function indexHoldingName(client: PlatformClient, inputs: SearchIndexInputs): Promise<string> {
  const existing = await client.searchIndexes.getByName(
    inputs.groupId,
    inputs.clusterName,
    inputs.database,
    inputs.collectionName,
    inputs.name,
  );
  return searchIndexId(inputs.groupId, inputs.clusterName, existing.indexID);
}

export const resource = defineResource<SearchIndexInputs, IndexAddress, LiveSearchIndex, IdPart>({
  type: "SearchIndex",
  exported: {
    configKey: "searchIndexes",
    scope: "cluster",
    find: async (client, groupId, clusterName) =>
      (await client.searchIndexes.list(groupId, clusterName)).map((index) =>
        formatId([groupId, clusterName, exportText(index.indexID)]),
      ),
    resourceName: (args) => `index-${exportText(args.clusterName)}-${exportText(args.name)}`,
    after: ["SearchDeployment"],
  },
  summary: "search index (text or vector)",
  example: {
    name: "plots",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      database: "sample_mflix",
      collectionName: "movies",
      name: "plots",
      type: "vectorSearch",
      definition: {
        fields: [
          { type: "vector", path: "plot_embedding", numDimensions: 1536, similarity: "cosine" },
          { type: "filter", path: "year" },
        ],
      },
      timeouts: { create: "30m" },
    },
  },
  description:
    'A full-text (`type: "search"`) or vector (`type: "vectorSearch"`) search index on one collection of a cluster. Create and update wait until the index is READY and queryable; delete waits until it is gone.',
  inputs: searchIndexInputsSchema,
  properties: SEARCH_INDEX_PROPERTIES,
  idParts: SEARCH_INDEX_ID_PARTS,
  alternativeIdParts: SEARCH_INDEX_NAMES_ID_PARTS,
  lifecycle,
  sdkAliases: { SearchTimeouts: "SearchIndexTimeouts" },
  describe: describeSearchIndex,

  /**
   * By id, or by names (five parts) with the index id of the stored outputs for the waits (reading
   * by id sees the same index).
   */
  locate(parts, stored): IndexAddress {
    if (parts.indexName === undefined)
      return { groupId: parts.groupId, clusterName: parts.clusterName, indexId: parts.indexId };
    const names: IndexNames = {
      groupId: parts.groupId,
      clusterName: parts.clusterName,
      database: parts.database,
      collectionName: parts.collectionName,
      indexName: parts.indexName,
    };
    return {
      groupId: names.groupId,
      clusterName: names.clusterName,
      indexId: String(stored.indexId ?? ""),
      names,
    };
  },

  idOf(inputs, live) {
    if (!isNamesId(inputs.importId)) return searchIndexId(inputs.groupId, inputs.clusterName, live.indexId);
    return namesId({
      groupId: inputs.groupId,
      clusterName: inputs.clusterName,
      database: inputs.database,
      collectionName: inputs.collectionName,
      indexName: inputs.name,
    });
  },

  read: ({ client }, where) =>
    where.names === undefined ? lifecycle.read(client, where) : readByNames(client, where.names),

  create: ({ client }, inputs) =>
    createIndex(
      async () =>
        fromApi(await client.searchIndexes.create(inputs.groupId, inputs.clusterName, toCreateBody(inputs))),
      {
        describe: describeSearchIndex(inputs),
        existingId: () => indexHoldingName(client, inputs),
        idParts: SEARCH_INDEX_ID_PARTS,
      },
    ),

  /** Adoption converges the definition only (assertAdoptedIndex); the type cannot change either. */
  async adopt({ client }, inputs, live, where) {
    assertAdoptedIndex(inputs.importId, inputs, live, [["type", inputs.type, live.type]]);
    if (definitionsEqual(live.definition, inputs.definition)) return live;
    return updateDefinition(client, { ...where, indexId: live.indexId }, inputs);
  },

  async update({ client }, where, inputs, olds) {
    if (!definitionsEqual(olds.definition, inputs.definition)) return updateDefinition(client, where, inputs);
    // Only timeouts changed, or an earlier wait did not finish: wait (again) for READY.
    return {
      indexId: where.indexId,
      name: inputs.name,
      database: inputs.database,
      collectionName: inputs.collectionName,
      type: inputs.type,
      status: String(olds.status ?? "unknown"),
      queryable: false,
      definition: inputs.definition as Record<string, unknown>,
    };
  },

  remove({ client }, where) {
    const { names } = where;
    return names === undefined
      ? client.searchIndexes.delete(where.groupId, where.clusterName, where.indexId)
      : client.searchIndexes.deleteByName(
          names.groupId,
          names.clusterName,
          names.database,
          names.collectionName,
          names.indexName,
        );
  },

  toOutputs,
  inputsFromLive: (previous, live, parts) => inputsFromLive(previous, live, parts),
  findsCreated: { identifies: "its name on the collection" },
  findCreated: ({ client }, inputs) => findSearchIndex(client, inputs),
});
