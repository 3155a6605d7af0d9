/**
 * What "done" means for a search index (second definition style, docs/spec/operations.md):
 * create/update answer PENDING, then BUILDING, then READY (queryable). STALE is queryable but behind
 * the latest definition, so a wait for an update is not over yet. FAILED ends the wait. A delete is
 * eventually consistent: DELETING, then 404.
 */

import type { LIFECYCLE_STATES } from "../../../api/vocabulary";
import type { PlatformClient } from "../../client";
import { isNotFound } from "../../client";
import { type PhaseWaitOptions, type PollResult, phaseWaitFields, waitFor } from "../../framework/waiter";
import { fromApi, type LiveSearchIndex } from "./model";

type SearchIndexState =
  | (typeof LIFECYCLE_STATES.searchIndex.steps)[number]
  | (typeof LIFECYCLE_STATES.searchIndex.other)[number];
export const SEARCH_INDEX_READY = "READY" satisfies SearchIndexState;
export const SEARCH_INDEX_FAILED = "FAILED" satisfies SearchIndexState;

/** Where the index is, for the waits. */
export interface SearchIndexLocation {
  groupId: string;
  clusterName: string;
  indexId: string;
}

export type SearchIndexWaitOptions = PhaseWaitOptions;

/** Classifies one read of the index for a wait until READY. */
export function readyPoll(live: LiveSearchIndex): PollResult {
  if (live.status === SEARCH_INDEX_READY && live.queryable) return { state: live.status, done: true };
  if (live.status === SEARCH_INDEX_FAILED) {
    return {
      state: live.status,
      done: false,
      failed: "the service could not build the index; check the definition against the collection",
    };
  }
  return { state: live.status, done: false };
}

/** Waits until the index is READY and queryable; returns its last live view. */
export async function waitForSearchIndexReady(
  client: PlatformClient,
  where: SearchIndexLocation,
  options: SearchIndexWaitOptions,
): Promise<LiveSearchIndex> {
  let last: LiveSearchIndex | undefined;
  await waitFor({
    ...phaseWaitFields(options),
    target: SEARCH_INDEX_READY,
    poll: async () => {
      try {
        last = fromApi(await client.searchIndexes.get(where.groupId, where.clusterName, where.indexId));
      } catch (error) {
        if (isNotFound(error)) return { state: last?.status ?? "unknown", done: false, gone: true };
        throw error;
      }
      return readyPoll(last);
    },
  });
  // waitFor returns only after a poll that set `last` and reported done.
  return last as LiveSearchIndex;
}

/** Waits until reading the index answers 404 (the delete is eventually consistent). */
export async function waitForSearchIndexGone(
  client: PlatformClient,
  where: SearchIndexLocation,
  options: SearchIndexWaitOptions,
): Promise<void> {
  await waitFor({
    ...phaseWaitFields(options),
    target: "deleted (404)",
    poll: async () => {
      try {
        const live = fromApi(await client.searchIndexes.get(where.groupId, where.clusterName, where.indexId));
        return { state: live.status, done: false };
      } catch (error) {
        if (isNotFound(error)) return { state: "deleted", done: true };
        throw error;
      }
    },
  });
}
