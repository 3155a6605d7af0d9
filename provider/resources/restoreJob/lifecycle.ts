/**
 * What "done" means for a restore job (docs/spec/operations.md, "Asynchronous states"): it has no
 * state field; it is done once `finishedAt` is set, and the `failed` and `cancelled` flags end a
 * wait with an error. The state names are derived from those flags (api/vocabulary.ts
 * LIFECYCLE_STATES.restoreJob); a download whose links have expired has finished too.
 *
 * Nothing waits on delete: the service cannot delete a restore job, and a cancel (download jobs of
 * clusters only) takes effect when it answers (the `delete` timeout is accepted and unused).
 */
import type { PlatformClient } from "../../client";
import { asynchronous, readIfExists } from "../../framework/lifecycle";
import { fromApi, type LiveRestoreJob } from "./model";

/** Where the job is: under a cluster (47-50) or a serverless instance (62). */
export interface RestoreJobLocation {
  groupId: string;
  clusterName: string;
  restoreJobId: string;
  serverless: boolean;
}

async function readRestoreJob(
  client: PlatformClient,
  where: RestoreJobLocation,
): Promise<LiveRestoreJob | undefined> {
  const { groupId, clusterName, restoreJobId } = where;
  return readIfExists(async () =>
    fromApi(
      where.serverless
        ? await client.serverlessBackups.getRestoreJob(groupId, clusterName, restoreJobId)
        : await client.restoreJobs.get(groupId, clusterName, restoreJobId),
    ),
  );
}

export const lifecycle = asynchronous<RestoreJobLocation, LiveRestoreJob, "restoreJob">({
  states: {
    vocabulary: "restoreJob",
    done: ["finished", "expired"],
    failed: {
      failed:
        "the service could not restore the backup; the job stays in the stack, and a change of any of its " +
        "inputs runs a new restore",
      cancelled: "the restore was cancelled; a change of any of its inputs runs a new restore",
    },
    transitional: ["inProgress"],
  },
  stateOf: (live) => live.state,
  read: readRestoreJob,
  gone: { target: "deleted (404)", state: "deleted" },
  // Restoring a large cluster takes hours. Delete never waits.
  defaultTimeouts: { create: "6h", update: "6h", delete: "1m" },
});
