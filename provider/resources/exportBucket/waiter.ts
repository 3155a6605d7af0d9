/**
 * What "done" means for an export bucket: create and read are immediate (no state field); after a
 * delete, the bucket is gone when reading it answers 404.
 */
import { isNotFound, type PlatformClient } from "../../client";
import { type PollResult, type WaitClock, waitFor } from "../../framework/waiter";

export interface BucketWaitOptions {
  describe: string;
  timeoutMs: number;
  clock?: WaitClock;
}

/** Classifies one read for a wait until the bucket is gone. */
export function gonePoll(exists: boolean): PollResult {
  return exists ? { state: "deleting", done: false } : { state: "deleted", done: true };
}

/** Waits until reading the bucket answers 404. */
export async function waitForBucketGone(
  client: PlatformClient,
  where: { groupId: string; exportBucketId: string },
  options: BucketWaitOptions,
): Promise<void> {
  await waitFor({
    describe: options.describe,
    target: "deleted",
    timeoutMs: options.timeoutMs,
    timeoutHint:
      "raise timeouts.delete of the resource, or run pulumi refresh later to pick up its final state",
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    poll: async () => {
      try {
        await client.exportBuckets.get(where.groupId, where.exportBucketId);
        return gonePoll(true);
      } catch (error) {
        if (isNotFound(error)) return gonePoll(false);
        throw error;
      }
    },
  });
}
