/**
 * What "done" means for an export bucket: create and read are immediate (the bucket has no state
 * field), so only delete waits: the bucket is gone when reading it answers 404.
 */
import type { PlatformClient } from "../../client";
import { asynchronous, readIfExists } from "../../framework/lifecycle";
import type { WaitClock } from "../../framework/waiter";
import { fromApi, type LiveExportBucket } from "./model";

/** Where the bucket is. */
export interface ExportBucketLocation {
  groupId: string;
  exportBucketId: string;
}

export const lifecycle = asynchronous<ExportBucketLocation, LiveExportBucket>({
  // No states: a bucket that still reads after its delete is being deleted.
  stateOf: () => "deleting",
  read: (client, where) =>
    readIfExists(async () => fromApi(await client.exportBuckets.get(where.groupId, where.exportBucketId))),
  gone: { target: "deleted", state: "deleted" },
  defaultTimeouts: { create: "5m", update: "5m", delete: "10m" },
});

export interface BucketWaitOptions {
  describe: string;
  timeoutMs: number;
  clock?: WaitClock;
}

/** Waits until reading the bucket answers 404. */
export function waitForBucketGone(
  client: PlatformClient,
  where: ExportBucketLocation,
  options: BucketWaitOptions,
): Promise<void> {
  return lifecycle.waitUntilGone(client, where, { ...options, phase: "delete" });
}
