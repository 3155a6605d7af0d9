/**
 * Job resources: one run of an API operation that cannot be changed once started (RestoreJob: a
 * restore, operations 48/62; SnapshotExportJob: a snapshot export, operation 45). Their id is
 * `<groupId>/<clusterName>/<jobId>` and every input the API holds replaces the resource, so only
 * `timeouts` changes in place. `defineJob` is `defineResource` (resource.ts) with what all jobs share:
 *
 * - create starts the job and waits until it is done within the phase's timeout; a failed or
 *   timed-out wait keeps the job in state;
 * - adoption (`importId`) takes a job only as it is, since nothing can change it: inputs that differ
 *   from it are an error that names each difference;
 * - an update (a timeouts-only change) makes no API call: the wait resumes from the job's view stored
 *   in state, so an earlier wait that did not finish goes on under the new timeouts, and a finished job
 *   ends at its first read;
 * - delete stops what the service can stop (the resource says what) and never waits: the service keeps
 *   finished jobs.
 */
import { formatId } from "./ids";
import type { AsynchronousLifecycle } from "./lifecycle";
import {
  defineResource,
  type ObjectBehaviour,
  type ResourceContext,
  type ResourceDefinition,
  type ResourceFacts,
} from "./resource";
import type { TimeoutsInput } from "./timeouts";
import type { PropertyBag } from "./types";

/** The inputs every job resource has: where the job runs and how long its waits may take. */
export interface JobInputs {
  groupId: string;
  clusterName: string;
  importId?: string | undefined;
  timeouts?: TimeoutsInput | undefined;
}

/** What a job resource declares. */
export interface JobDeclaration<Inputs extends JobInputs, Where, Live, Part extends string>
  extends ResourceFacts<Inputs>,
    Pick<
      ObjectBehaviour<Inputs, Where, Live, Part>,
      "describe" | "locate" | "toOutputs" | "inputsFromLive" | "previousInputs" | "findCreated"
    > {
  lifecycle: AsynchronousLifecycle<Where, Live>;
  /** The job id of a live view. */
  jobIdOf(live: Live): string;
  /** Starts the job; the live view the service answers. */
  start(context: ResourceContext, inputs: Inputs): Promise<Live>;
  /** Each input the job differs from, in words ("snapshotId is X, the input Y"); empty when none. */
  mismatchedFields(inputs: Inputs, live: Live): string[];
  /** Words of the adoption error: the kind ("restore job"), its plural, and what a new job does ("run a new restore"). */
  words: { kind: string; plural: string; instead: string };
  /** The job's view as stored in state (its outputs): where an update resumes. */
  liveFromOutputs(props: PropertyBag, where: Where): Live;
  /** The delete: stops what the service can stop, says what it did. A not-found answer means gone. */
  stop(context: ResourceContext, where: Where, previous: Inputs): Promise<unknown>;
  /** Reads the job. Default: the lifecycle's read. */
  read?(context: ResourceContext, where: Where): Promise<Live | undefined>;
}

/** Declares a job resource (see the module comment). */
export function defineJob<Inputs extends JobInputs, Where, Live, Part extends string = string>(
  job: JobDeclaration<Inputs, Where, Live, Part>,
): ResourceDefinition {
  const { lifecycle } = job;
  return defineResource<Inputs, Where, Live, Part>({
    ...job,
    kind: "job",
    deleteWaits: false,
    idOf: (inputs, live) => formatId([inputs.groupId, inputs.clusterName, job.jobIdOf(live)]),
    read: job.read ?? ((context, where) => lifecycle.read(context.client, where)),
    create: job.start,
    async adopt(_context, inputs, live, _where, id) {
      const mismatches = job.mismatchedFields(inputs, live);
      if (mismatches.length > 0) {
        throw new Error(
          `cannot adopt ${job.words.kind} ${id}: its ${mismatches.join("; its ")}. ${job.words.plural} cannot be ` +
            `changed: make the inputs match the job, or remove importId to ${job.words.instead}.`,
        );
      }
      return live;
    },
    // Only timeouts change in place (every field the API holds replaces): no API call, the wait
    // resumes from the view stored in state.
    update: async (_context, where, _inputs, olds) => job.liveFromOutputs(olds, where),
    remove: job.stop,
  });
}
