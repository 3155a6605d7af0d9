/**
 * What "done" means for an export bucket: create and read are immediate (the bucket has no state
 * field), so only delete waits: the bucket is gone when reading it answers 404.
 */
import { collect, type PlatformClient } from "../../client";
import { asynchronous, readIfExists } from "../../framework/lifecycle";
import type { WaitClock } from "../../framework/waiter";
import { exportBucketId, fromApi, type LiveExportBucket, mismatchedFields } from "./model";
import type { ExportBucketInputs } from "./schema";

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

/**
 * The natural key of an export bucket: its bucket name with the role and the other fields it is
 * created with (the service refuses a second export bucket of that name). The id of the project's
 * bucket a create with these inputs made, or undefined; a bucket of that name with other fields is
 * not this create's (the create then fails with "already exists", naming it).
 */
export async function findExportBucket(
  client: PlatformClient,
  inputs: ExportBucketInputs,
): Promise<string | undefined> {
  const buckets = await collect(client.exportBuckets.listAll(inputs.groupId));
  for (const bucket of buckets) {
    const live = fromApi(bucket);
    if (live.bucketName === inputs.bucketName && mismatchedFields(inputs, live).length === 0)
      return exportBucketId(inputs.groupId, live.exportBucketId);
  }
  return undefined;
}
