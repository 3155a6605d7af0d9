/**
 * SearchIndex: inputs <-> API body and the outputs. Definitions are compared in the canonical form
 * of framework/searchDefinition.ts (every default applied, key order ignored).
 */

import type { JsonObject } from "../../client/schemas";
import type { SearchIndex as ApiSearchIndex, SearchIndexInput } from "../../client/searchIndexes";
import { formatId } from "../../framework/ids";
import { definitionsEqual, isVectorDefinition } from "../../framework/searchDefinition";
import type { SearchIndexInputs, SearchIndexType } from "./schema";

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

/** The index type a definition belongs to. */
export function definitionType(definition: Record<string, unknown>): SearchIndexType {
  return isVectorDefinition(definition) ? "vectorSearch" : "search";
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
