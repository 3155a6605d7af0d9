/**
 * SearchIndex: inputs <-> API body, the canonical form definitions are compared in, and the outputs.
 *
 * The service may echo a definition with its defaults filled in (analyzer lucene.standard,
 * numPartitions 1, ...) or exactly as sent; either way the same definition must compare equal. So
 * definitions are compared in a canonical form with every default applied, structurally (key order
 * never matters).
 */

import { DEFAULT_ANALYZER } from "../../../api/vocabulary";
import type { JsonObject } from "../../client/schemas";
import type { SearchIndex as ApiSearchIndex, SearchIndexInput } from "../../client/searchIndexes";
import { type Classification, deepEqual, storedInputs } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import {
  DEFAULT_SORT_NO_DATA,
  FLAT_DEFINITION_FIELDS,
  type SearchIndexInputs,
  type SearchIndexType,
} from "./schema";

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface SearchIndexOutputs extends Omit<SearchIndexInputs, "definition"> {
  definition: Record<string, unknown>;
  /** The index's id (the API's indexID). */
  indexId: string;
  /** PENDING, BUILDING, READY, STALE, FAILED, DELETING. */
  status: string;
  /** Whether queries can use the index. */
  queryable: boolean;
}

/**
 * What a change of each input means. Identity fields replace: the API cannot rename an index or move
 * it. A `type` change keeps the same name in the same collection, and names are unique there, so the
 * old index is deleted first.
 */
export const SEARCH_INDEX_CLASSIFICATION: Classification = {
  groupId: "replace",
  clusterName: "replace",
  database: "replace",
  collectionName: "replace",
  name: "replace",
  type: { effect: "replace", deleteBeforeReplace: true },
  definition: { effect: "update", compare: (state, input) => definitionsEqual(state, input) },
  // The first style's flat fields: check moves them into `definition`, so they reach diff only while
  // a value is unknown (preview); they are part of the definition, which updates in place.
  ...Object.fromEntries(FLAT_DEFINITION_FIELDS.map((field) => [field, "update" as const])),
  // Only how long we wait changes: an update with no API call, so later waits use the new values.
  timeouts: "update",
  importId: "ignore-drift",
  // Acts only while a create waits: nothing to do when it changes later.
  deleteOnCreateFailure: "ignore-drift",
  indexId: "output",
  status: "output",
  queryable: "output",
};

/** The id: `<groupId>/<clusterName>/<indexId>`. */
export function searchIndexId(groupId: string, clusterName: string, indexId: string): string {
  return formatId([groupId, clusterName, indexId]);
}

/** The body of the create operation (25). */
export function toCreateBody(inputs: SearchIndexInputs): SearchIndexInput {
  return {
    collectionName: inputs.collectionName,
    database: inputs.database,
    name: inputs.name,
    type: inputs.type,
    definition: inputs.definition as JsonObject,
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a definition is a vector search definition (it lists `fields`). */
export function isVectorDefinition(definition: Record<string, unknown>): boolean {
  return Array.isArray(definition.fields);
}

/** The index type a definition belongs to. */
export function definitionType(definition: Record<string, unknown>): SearchIndexType {
  return isVectorDefinition(definition) ? "vectorSearch" : "search";
}

/**
 * `sort` for comparison: a list of [path, {order, noData}] in the written order, because the order of
 * the keys is the sort's priority (a plain object would compare equal in any key order), and `1` means
 * the same as `{order: 1, noData: "lowest"}`.
 */
function canonicalSort(sort: unknown): unknown {
  if (!isPlainObject(sort)) return sort;
  return Object.entries(sort).map(([path, spec]) => [
    path,
    typeof spec === "number"
      ? { order: spec, noData: DEFAULT_SORT_NO_DATA }
      : isPlainObject(spec)
        ? { noData: DEFAULT_SORT_NO_DATA, ...stripUndefined(spec) }
        : spec,
  ]);
}

/** `typeSets` for comparison: a set by name (the service may list them in another order). */
function canonicalTypeSets(typeSets: unknown): unknown {
  if (!Array.isArray(typeSets)) return [];
  const name = (typeSet: unknown) => (isPlainObject(typeSet) ? String(typeSet.name) : "");
  return [...typeSets].sort((left, right) => name(left).localeCompare(name(right)));
}

/**
 * The definition with every service default applied, for comparison only (never sent). Text:
 * analyzer/searchAnalyzer lucene.standard, numPartitions 1, mappings {dynamic false, fields {}},
 * storedSource false, no analyzers, synonyms, typeSets or sort. Vector: numPartitions 1, quantization
 * none, no nestedRoot.
 */
export function canonicalDefinition(definition: unknown): unknown {
  if (!isPlainObject(definition)) return definition;
  if (isVectorDefinition(definition)) {
    const fields = (definition.fields as unknown[]).map((field) =>
      isPlainObject(field) && field.type === "vector"
        ? { quantization: "none", ...stripUndefined(field) }
        : field,
    );
    return { numPartitions: 1, ...stripUndefined(definition), fields };
  }
  const mappings = isPlainObject(definition.mappings) ? definition.mappings : {};
  const analyzers = Array.isArray(definition.analyzers) ? definition.analyzers : [];
  return {
    analyzer: DEFAULT_ANALYZER,
    searchAnalyzer: DEFAULT_ANALYZER,
    numPartitions: 1,
    storedSource: false,
    synonyms: [],
    ...stripUndefined(definition),
    sort: canonicalSort(definition.sort ?? {}),
    typeSets: canonicalTypeSets(definition.typeSets),
    analyzers: analyzers.map((analyzer) =>
      isPlainObject(analyzer) ? { charFilters: [], tokenFilters: [], ...stripUndefined(analyzer) } : analyzer,
    ),
    mappings: { dynamic: false, fields: {}, ...stripUndefined(mappings) },
  };
}

function stripUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** Whether two definitions mean the same index (defaults applied, key order ignored). */
export function definitionsEqual(left: unknown, right: unknown): boolean {
  return deepEqual(canonicalDefinition(left), canonicalDefinition(right));
}

/** The live view of an index that read and the waits need. */
export interface LiveSearchIndex {
  indexId: string;
  name: string;
  database: string | undefined;
  collectionName: string | undefined;
  type: SearchIndexType;
  status: string;
  queryable: boolean;
  definition: Record<string, unknown> | undefined;
}

export function fromApi(index: ApiSearchIndex): LiveSearchIndex {
  const definition = index.latestDefinition as Record<string, unknown> | undefined;
  const type = index.type === "vectorSearch" || index.type === "search" ? index.type : undefined;
  return {
    indexId: index.indexID,
    name: index.name,
    database: index.database,
    collectionName: index.collectionName,
    type: type ?? (definition === undefined ? "search" : definitionType(definition)),
    status: index.status ?? "UNKNOWN",
    queryable: index.queryable ?? false,
    definition,
  };
}

/**
 * The inputs as the live index has them, for `read`: identity from the service; the definition is
 * the user's own when it means the same as the live one (so a refresh right after up changes
 * nothing), else the live definition (so refresh shows exactly the out-of-band change).
 */
export function inputsFromLive(
  previous: SearchIndexInputs,
  live: LiveSearchIndex,
  location: { groupId: string; clusterName: string },
): SearchIndexInputs {
  const definition =
    live.definition === undefined || definitionsEqual(live.definition, previous.definition)
      ? previous.definition
      : (live.definition as SearchIndexInputs["definition"]);
  const inputs: SearchIndexInputs = {
    groupId: location.groupId,
    clusterName: location.clusterName,
    database: live.database ?? previous.database,
    collectionName: live.collectionName ?? previous.collectionName,
    name: live.name,
    type: live.type,
    definition,
  };
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  if (previous.timeouts !== undefined) inputs.timeouts = previous.timeouts;
  if (previous.deleteOnCreateFailure !== undefined)
    inputs.deleteOnCreateFailure = previous.deleteOnCreateFailure;
  return inputs;
}

/** Outputs: inputs plus the computed fields. */
export function toOutputs(inputs: SearchIndexInputs, live: LiveSearchIndex): SearchIndexOutputs {
  const outputs: SearchIndexOutputs = {
    ...inputs,
    definition: inputs.definition as Record<string, unknown>,
    indexId: live.indexId,
    status: live.status,
    queryable: live.queryable,
  };
  return outputs;
}

/** "search index movies on demo-cluster (sample_mflix.movies)", for progress and errors. */
export function describeSearchIndex(
  inputs: Pick<SearchIndexInputs, "name" | "clusterName" | "database" | "collectionName">,
): string {
  return `search index ${inputs.name} on ${inputs.clusterName} (${inputs.database}.${inputs.collectionName})`;
}

/** The inputs part of stored outputs (outputs are the inputs plus computed fields). */
export function previousInputs(props: Record<string, unknown>): SearchIndexInputs {
  return storedInputs(props, SEARCH_INDEX_CLASSIFICATION);
}
