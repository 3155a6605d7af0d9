/**
 * What "done" means for a snapshot export job (docs/spec/operations.md, "Asynchronous states"): it
 * answers `state` Queued, moves through InProgress and is done at Successful; Failed and Cancelled end
 * the wait with an error. Progress shows the exported and total collections.
 *
 * The API has no delete operation for export jobs, so nothing ever waits for one to be gone: delete
 * only removes the job from the stack (the `delete` timeout is accepted and unused).
 */
import { asynchronous, readIfExists } from "../../framework/lifecycle";
import { describeProgress, fromApi, type LiveExportJob } from "./model";

/** Where the job is. */
export interface ExportJobLocation {
  groupId: string;
  clusterName: string;
  exportJobId: string;
}

export const lifecycle = asynchronous<ExportJobLocation, LiveExportJob, "exportJob">({
  states: {
    vocabulary: "exportJob",
    done: ["Successful"],
    failed: {
      Failed:
        "the service could not export the snapshot (its stateReason output says why after pulumi refresh); " +
        "the job stays in the stack, and a change of any of its inputs runs a new export",
      Cancelled:
        "the export was cancelled on the service's side; a change of any of its inputs runs a new export",
    },
    transitional: ["Queued", "InProgress"],
  },
  stateOf: (live) => live.state,
  progressOf: (live) => describeProgress(live.exportStatus),
  read: (client, where) =>
    readIfExists(async () =>
      fromApi(await client.exportJobs.get(where.groupId, where.clusterName, where.exportJobId)),
    ),
  gone: { target: "deleted (404)", state: "deleted" },
  // An export copies every collection of the snapshot: large ones take hours. Delete never waits.
  defaultTimeouts: { create: "3h", update: "3h", delete: "1m" },
});
