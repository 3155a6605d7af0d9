/**
 * What "done" means for a search index (second definition style, docs/spec/operations.md):
 * create/update answer PENDING, then BUILDING, then READY (queryable). STALE is queryable but behind
 * the latest definition, so a wait for an update is not over yet. FAILED ends the wait. A delete is
 * eventually consistent: DELETING, then 404.
 */

import type { PlatformClient } from "../../client";
import { asynchronous, type PhaseWaitOptions, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveSearchIndex } from "./model";

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
