/**
 * FtsIndex: inputs <-> the first style's flat body, and the outputs. The flat fields are one text
 * search definition: they are compared together in the canonical form of
 * framework/searchDefinition.ts (every default applied, key order ignored), so a service that echoes
 * the defaults (or leaves them out) shows no diff.
 */

import type { FtsIndex as ApiFtsIndex, FtsIndexInput } from "../../client/searchIndexes";
import { formatId } from "../../framework/ids";
import { definitionsEqual, type FlatDefinitionField } from "../../framework/searchDefinition";
import { type FtsIndexInputs, ftsDefinitionOf } from "./schema";

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface FtsIndexOutputs extends FtsIndexInputs {
  /** The index's id (the API's indexID). */
  indexId: string;
  /** IN_PROGRESS, MIGRATING, STEADY, STALE, FAILED, PAUSED. */
  status: string;
}

/** The id: `<groupId>/<clusterName>/<indexId>`. */
export function ftsIndexId(groupId: string, clusterName: string, indexId: string): string {
  return formatId([groupId, clusterName, indexId]);
}

/**
 * The body of create (15) and update (19): identity plus the flat definition. `type: "search"` is
 * the contract's discriminator (ClusterSearchIndex -> SearchIndex, the schema with the text fields);
 * the service defaults it, but sending it names the schema the body follows.
 */
export function toBody(inputs: FtsIndexInputs): FtsIndexInput {
  return {
    collectionName: inputs.collectionName,
    database: inputs.database,
    name: inputs.name,
    type: "search",
    ...(ftsDefinitionOf(inputs) as Omit<FtsIndexInput, "collectionName" | "database" | "name" | "type">),
  };
}

/** The live view of an index that read and the waits need. */
export interface LiveFtsIndex {
  indexId: string;
  name: string;
  database: string | undefined;
  collectionName: string | undefined;
  status: string;
  /** The flat definition fields the service shows. */
  definition: Record<string, unknown>;
}

export function fromApi(index: ApiFtsIndex): LiveFtsIndex {
  const definition = ftsDefinitionOf(index as Partial<Record<FlatDefinitionField, unknown>>);
  // The service shows `synonyms: []` for an index without any (tests/contract/recordings, fts index
  // describe): read as none, so a read reports no field the program did not set.
  if (Array.isArray(definition.synonyms) && definition.synonyms.length === 0) delete definition.synonyms;
  return {
    indexId: index.indexID,
    name: index.name,
    database: index.database,
    collectionName: index.collectionName,
    status: index.status ?? "UNKNOWN",
    definition,
  };
}

/** Whether the live definition means the same as the inputs' (defaults applied, key order ignored). */
export function sameDefinition(live: LiveFtsIndex, inputs: FtsIndexInputs): boolean {
  return definitionsEqual(live.definition, ftsDefinitionOf(inputs));
}

/**
 * The inputs as the live index has them, for `read`: identity from the service; the definition is
 * the user's own while it means the same as the live one (so a refresh right after up changes
 * nothing), else the live fields (so refresh shows exactly the fields changed out of band).
 */
export function inputsFromLive(
  previous: FtsIndexInputs,
  live: LiveFtsIndex,
  location: { groupId: string; clusterName: string },
): FtsIndexInputs {
  const definition = sameDefinition(live, previous) ? ftsDefinitionOf(previous) : live.definition;
  const inputs = {
    groupId: location.groupId,
    clusterName: location.clusterName,
    database: live.database ?? previous.database,
    collectionName: live.collectionName ?? previous.collectionName,
    name: live.name,
    ...definition,
  } as FtsIndexInputs;
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  if (previous.timeouts !== undefined) inputs.timeouts = previous.timeouts;
  return inputs;
}

/** Outputs: inputs plus the computed fields. */
export function toOutputs(
  inputs: FtsIndexInputs,
  live: Pick<LiveFtsIndex, "indexId" | "status">,
): FtsIndexOutputs {
  return { ...inputs, indexId: live.indexId, status: live.status };
}

/** "first-style search index movies on demo-cluster (sample_mflix.movies)", for progress and errors. */
export function describeFtsIndex(
  inputs: Pick<FtsIndexInputs, "name" | "clusterName" | "database" | "collectionName">,
): string {
  return `first-style search index ${inputs.name} on ${inputs.clusterName} (${inputs.database}.${inputs.collectionName})`;
}
