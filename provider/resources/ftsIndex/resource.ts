/**
 * FtsIndex: a text search index on a collection of a cluster, in the API's first (flat) definition
 * style (15 create, 17 delete, 18 get, 19 update; 16 to name the index that holds a taken name). See
 * docs/resources/ftsIndex.md.
 *
 * Id and importId: `<groupId>/<clusterName>/<indexId>`. Create and update wait until the index is
 * STEADY; delete waits until reading it answers 404. A wait that fails or times out after the index
 * exists keeps it in state (partial failure), so the next `pulumi up` resumes the wait.
 */

import { z } from "zod";
import { DEFAULT_ANALYZER } from "../../../api/vocabulary";
import type { PlatformClient } from "../../client";
import type { FieldRule } from "../../framework/diff";
import { defineResource, exportText, type PropertyRule, type PropertyTable } from "../../framework/resource";
import {
  assertAdoptedIndex,
  createIndex,
  definitionsEqual,
  type FlatDefinitionField,
} from "../../framework/searchDefinition";
import { type FtsIndexLocation, lifecycle } from "./lifecycle";
import {
  describeFtsIndex,
  fromApi,
  ftsIndexId,
  inputsFromLive,
  type LiveFtsIndex,
  sameDefinition,
  toBody,
  toOutputs,
} from "./model";
import { FTS_INDEX_ID_PARTS, type FtsIndexInputs, ftsDefinitionOf, ftsIndexInputsSchema } from "./schema";

/**
 * A definition field: updated in place (19 takes the whole body again), compared as part of the
 * whole definition (its default applied).
 */
function definitionField(
  field: FlatDefinitionField,
  docs: Pick<PropertyRule, "doc" | "rules" | "default">,
): PropertyRule {
  const rule: FieldRule = {
    effect: "update",
    compare: (state, input) => definitionsEqual({ [field]: state }, { [field]: input }),
  };
  return {
    ...rule,
    ...docs,
    change: "`PATCH` of the whole body; compared as one definition, defaults applied",
  };
}

/**
 * Every input and output. Identity fields replace: the first style's update (19) refuses a change of
 * name, database or collection (docs/api-choices.md, search indexes). The definition fields update in
 * place.
 */
export const FTS_INDEX_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it replaces the index.",
    rules: "24 hexadecimal digits",
  },
  clusterName: {
    effect: "replace",
    doc: "Cluster name. Changing it replaces the index.",
    rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`",
  },
  database: {
    effect: "replace",
    doc: "Database of the indexed collection. Changing it replaces the index.",
    rules: "non-empty",
  },
  collectionName: {
    effect: "replace",
    doc: "Indexed collection. Changing it replaces the index.",
    rules: "non-empty",
  },
  name: {
    effect: "replace",
    doc: "Index name, unique within the collection. Changing it replaces the index.",
    rules: "non-empty; unique within the collection",
  },
  analyzer: definitionField("analyzer", {
    default: DEFAULT_ANALYZER,
    doc: "Analyzer for indexing: `lucene.<language>` (lucene.standard by default) or one of `analyzers`.",
    rules: "`lucene.<language>` or the name of one of `analyzers`; default `lucene.standard`",
  }),
  analyzers: definitionField("analyzers", {
    doc: "User-defined analyzers.",
    rules:
      "each: `name` unique, not starting with `lucene.`; `tokenizer` with a `type`; optional `charFilters`, `tokenFilters`",
  }),
  searchAnalyzer: definitionField("searchAnalyzer", {
    default: DEFAULT_ANALYZER,
    doc: "Analyzer for queries: `lucene.<language>` (lucene.standard by default) or one of `analyzers`.",
    rules: "`lucene.<language>` or the name of one of `analyzers`; default `lucene.standard`",
  }),
  mappings: definitionField("mappings", {
    doc: "Field mappings (required).",
    rules: "`dynamic` true, false (default) or `{typeSet}`; `fields` map",
  }),
  numPartitions: definitionField("numPartitions", {
    default: 1,
    doc: "Index partitions: 1 (default), 2 or 4.",
    rules: "1, 2 or 4; default 1",
  }),
  storedSource: definitionField("storedSource", {
    doc: "Stored source fields (default: none).",
    rules: "`true`, `false`, `{include: [...]}` or `{exclude: [...]}`",
  }),
  synonyms: definitionField("synonyms", {
    doc: "Synonym mappings.",
    rules: "each: `analyzer` a built-in `lucene.*` analyzer, `name` unique, `source.collection`",
  }),
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing index instead of creating one: `<groupId>/<clusterName>/<indexId>`.",
    rules: "`<groupId>/<clusterName>/<indexId>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call, so later waits use the new values.
  timeouts: {
    effect: "update",
    doc: "How long to wait for STEADY and for deletion (defaults 1h / 1h / 20m).",
    rules: 'durations (`"30m"`, `"1h30m"`) or seconds',
    change: "no API call",
  },
  indexId: { effect: "output", type: z.string(), doc: "The index id (24 hexadecimal digits)." },
  status: {
    effect: "output",
    type: z.string(),
    doc: "The service's status: STEADY once create/update finished (IN_PROGRESS, MIGRATING, STALE on the way; FAILED, PAUSED end a wait).",
  },
};

/** Replaces the definition (19 takes the whole body, identity unchanged). */
async function updateIndex(
  client: PlatformClient,
  where: FtsIndexLocation,
  inputs: FtsIndexInputs,
): Promise<LiveFtsIndex> {
  return fromApi(
    await client.searchIndexes.fts.update(where.groupId, where.clusterName, where.indexId, toBody(inputs)),
  );
}

/**
 * The natural key of a text search index: its name on its collection (the service refuses a second
 * index of that name there). An index being deleted is not what a create made, unless `deleting`
 * (the name is taken all the same).
 */
async function findFtsIndex(
  client: PlatformClient,
  inputs: FtsIndexInputs,
  deleting = false,
): Promise<string | undefined> {
  const indexes = await client.searchIndexes.fts.listForCollection(
    inputs.groupId,
    inputs.clusterName,
    inputs.database,
    inputs.collectionName,
  );
  const found = indexes.find(
    (index) => index.name === inputs.name && (deleting || index.status !== "DELETING"),
  );
  return found === undefined ? undefined : ftsIndexId(inputs.groupId, inputs.clusterName, found.indexID);
}

export const resource = defineResource<
  FtsIndexInputs,
  FtsIndexLocation,
  LiveFtsIndex,
  (typeof FTS_INDEX_ID_PARTS)[number]
>({
  type: "FtsIndex",
  exported: {
    configKey: "ftsIndexes",
    scope: "cluster",
    // The first-style operations (15-19) show the same indexes as the second style, which export
    // declares as SearchIndex; declaring them twice would make two resources own one index.
    find: async () => [],
    resourceName: (args) => `fts-index-${exportText(args.clusterName)}-${exportText(args.name)}`,
  },
  summary: "text search index, first (flat) definition style",
  example: {
    name: "titles",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      analyzer: "lucene.english",
      mappings: { dynamic: false, fields: { title: { type: "string" } } },
    },
  },
  description:
    "A text search index on one collection of a cluster, in the API's first (flat) definition style. Create and update wait until the index is STEADY; delete waits until it is gone.",
  inputs: ftsIndexInputsSchema,
  properties: FTS_INDEX_PROPERTIES,
  idParts: FTS_INDEX_ID_PARTS,
  lifecycle,
  // The flat fields are typed with SearchIndex's definition types (SearchMappings, StoredSource, ...).
  sdkTypesFrom: ["searchIndex"],
  describe: (inputs) => describeFtsIndex(inputs),
  locate: (parts) => ({ groupId: parts.groupId, clusterName: parts.clusterName, indexId: parts.indexId }),
  idOf: (inputs, live) => ftsIndexId(inputs.groupId, inputs.clusterName, live.indexId),
  read: ({ client }, where) => lifecycle.read(client, where),

  create: ({ client }, inputs) =>
    createIndex(
      async () =>
        fromApi(await client.searchIndexes.fts.create(inputs.groupId, inputs.clusterName, toBody(inputs))),
      {
        describe: describeFtsIndex(inputs),
        existingId: () => findFtsIndex(client, inputs, true),
        idParts: FTS_INDEX_ID_PARTS,
      },
    ),

  /** Adoption converges the definition only (assertAdoptedIndex). */
  async adopt({ client }, inputs, live, where) {
    assertAdoptedIndex(inputs.importId, inputs, live);
    return sameDefinition(live, inputs) ? live : updateIndex(client, where, inputs);
  },

  async update({ client }, where, inputs, olds) {
    if (!definitionsEqual(ftsDefinitionOf(olds), ftsDefinitionOf(inputs)))
      return updateIndex(client, where, inputs);
    // Only timeouts changed, or an earlier wait did not finish: wait (again) for STEADY.
    return {
      indexId: where.indexId,
      name: inputs.name,
      database: inputs.database,
      collectionName: inputs.collectionName,
      status: String(olds.status ?? "unknown"),
      definition: ftsDefinitionOf(inputs),
    };
  },

  remove: ({ client }, where) =>
    client.searchIndexes.fts.delete(where.groupId, where.clusterName, where.indexId),
  findsCreated: { identifies: "its name on the collection" },
  findCreated: ({ client }, inputs) => findFtsIndex(client, inputs),
  toOutputs,
  inputsFromLive: (previous, live, parts) => inputsFromLive(previous, live, parts),
});
