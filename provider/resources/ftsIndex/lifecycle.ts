/**
 * What "done" means for a first-style search index (docs/spec/operations.md, asynchronous states):
 * create and update answer IN_PROGRESS, then MIGRATING, then STEADY (built). STALE is queryable but
 * behind the latest definition, so a wait for an update is not over yet. FAILED and PAUSED end the
 * wait. The first style's delete (17) is immediate (the spec calls only the second style's
 * eventually consistent), and the first style does not show an index a second-style delete is
 * removing: reading it answers 404.
 */

import type { PlatformClient } from "../../client";
import { asynchronous, type PhaseWaitOptions, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveFtsIndex } from "./model";

/** Where the index is, for the waits. */
export interface FtsIndexLocation {
  groupId: string;
  clusterName: string;
  indexId: string;
}

export const lifecycle = asynchronous<FtsIndexLocation, LiveFtsIndex, "ftsIndex">({
  states: {
    vocabulary: "ftsIndex",
    done: ["STEADY"],
    failed: {
      FAILED: "the service could not build the index; check the definition against the collection",
      PAUSED: "the index is paused (its cluster is paused); resume the cluster, then run `pulumi up` again",
    },
    transitional: ["IN_PROGRESS", "MIGRATING", "STALE"],
  },
  stateOf: (live) => live.status,
  read: (client, where) =>
    readIfExists(async () =>
      fromApi(await client.searchIndexes.fts.get(where.groupId, where.clusterName, where.indexId)),
    ),
  gone: { target: "deleted (404)", state: "deleted" },
  // The same builds as a second-style index: slow on large collections.
  defaultTimeouts: { create: "1h", update: "1h", delete: "20m" },
});

/** Waits until the index is STEADY; returns its last live view. */
export function waitForFtsIndexSteady(
  client: PlatformClient,
  where: FtsIndexLocation,
  options: PhaseWaitOptions,
): Promise<LiveFtsIndex> {
  return lifecycle.waitUntilDone(client, where, options);
}
