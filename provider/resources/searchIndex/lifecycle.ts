/**
 * What "done" means for a search index (second definition style, docs/spec/operations.md):
 * create/update answer PENDING, then BUILDING, then READY (queryable). STALE is queryable but behind
 * the latest definition, so a wait for an update is not over yet. FAILED ends the wait. A delete is
 * eventually consistent: DELETING, then 404.
 */

import type { PlatformClient } from "../../client";
import { asynchronous, type PhaseWaitOptions, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveSearchIndex, searchIndexId } from "./model";
import type { SearchIndexInputs } from "./schema";

/** Where the index is, for the waits. */
export interface SearchIndexLocation {
  groupId: string;
  clusterName: string;
  indexId: string;
}

export const lifecycle = asynchronous<SearchIndexLocation, LiveSearchIndex, "searchIndex">({
  states: {
    vocabulary: "searchIndex",
    done: ["READY"],
    failed: { FAILED: "the service could not build the index; check the definition against the collection" },
    transitional: ["PENDING", "BUILDING", "STALE", "DELETING"],
  },
  stateOf: (live) => live.status,
  doneAlso: (live) => live.queryable,
  read: (client, where) =>
    readIfExists(async () =>
      fromApi(await client.searchIndexes.get(where.groupId, where.clusterName, where.indexId)),
    ),
  gone: { target: "deleted (404)", state: "deleted" },
  // Index builds on large collections are slow.
  defaultTimeouts: { create: "1h", update: "1h", delete: "20m" },
});

export type SearchIndexWaitOptions = PhaseWaitOptions;

/** Waits until the index is READY and queryable; returns its last live view. */
export function waitForSearchIndexReady(
  client: PlatformClient,
  where: SearchIndexLocation,
  options: SearchIndexWaitOptions,
): Promise<LiveSearchIndex> {
  return lifecycle.waitUntilDone(client, where, options);
}

/** Waits until reading the index answers 404 (the delete is eventually consistent). */
export function waitForSearchIndexGone(
  client: PlatformClient,
  where: SearchIndexLocation,
  options: SearchIndexWaitOptions,
): Promise<void> {
  return lifecycle.waitUntilGone(client, where, options);
}

/**
 * The natural key of a search index: its name on its collection (the service refuses a second index
 * of that name there). The id of the index a create with these inputs made, or undefined; an index
 * being deleted does not count.
 */
export async function findSearchIndex(
  client: PlatformClient,
  inputs: Pick<SearchIndexInputs, "groupId" | "clusterName" | "database" | "collectionName" | "name">,
): Promise<string | undefined> {
  const found = await readIfExists(() =>
    client.searchIndexes.getByName(
      inputs.groupId,
      inputs.clusterName,
      inputs.database,
      inputs.collectionName,
      inputs.name,
    ),
  );
  if (found === undefined || found.status === "DELETING") return undefined;
  return searchIndexId(inputs.groupId, inputs.clusterName, found.indexID);
}
