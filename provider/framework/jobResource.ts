/**
 * Job resources: one run of an API operation that cannot be changed once started (RestoreJob: a
 * restore, operations 48/62; SnapshotExportJob: a snapshot export, operation 45). Their id is
 * `<groupId>/<clusterName>/<jobId>` and every input the API holds replaces the resource, so only
 * `timeouts` changes in place. Built here once from what the resource declares:
 * - `settle`: after a create or an adoption, wait until the job is done within the phase's timeout;
 *   a failed or timed-out wait keeps the job in state ({@link waitAndSettle});
 * - `adoptUnchanged` (`importId`): a job is adopted only as it is, since nothing can change it;
 *   inputs that differ from it are an error that names each difference;
 * - `update` (a timeouts-only change): no API call; the wait resumes from the job's view stored in
 *   state, so an earlier wait that did not finish goes on under the new timeouts, and a finished job
 *   ends at its first read.
 */
import type { z } from "zod";
import type { PlatformClient } from "../client";
import { formatId, parseId } from "./ids";
import { type AsynchronousLifecycle, waitAndSettle } from "./lifecycle";
import type { TimeoutsInput } from "./timeouts";
import type { PlatformProvider } from "./types";
import { parseInputs } from "./validation";
import type { WaitClock } from "./waiter";

/** The inputs every job resource has: where the job runs and how long its waits may take. */
export interface JobInputs {
  groupId: string;
  clusterName: string;
  timeouts?: TimeoutsInput | undefined;
}

/** What a job resource declares. */
export interface JobResource<Inputs extends JobInputs, Where, Live, JobIdPart extends string> {
  lifecycle: AsynchronousLifecycle<Where, Live>;
  /** The inputs' schema; an update parses the new inputs with it. */
  schema: z.ZodType<Inputs>;
  /** The id's parts, in order: groupId, clusterName and the job id's name. */
  idParts: readonly ["groupId", "clusterName", JobIdPart];
  /** Where the job is read (its lifecycle's `Where`). */
  locate: (inputs: Inputs, jobId: string) => Where;
  /** The job in words, for progress and errors. */
  describe: (inputs: Inputs, jobId: string) => string;
  /** The job id of a live view. */
  jobIdOf: (live: Live) => string;
  /** The outputs stored for a live view. */
  toOutputs: (inputs: Inputs, live: Live) => object;
  /** Each input the job differs from, in words ("snapshotId is X, the input Y"); empty when none. */
  mismatchedFields: (inputs: Inputs, live: Live) => string[];
  /** Words of the adoption error: the kind ("restore job") and what a new job does ("run a new restore"). */
  words: { kind: string; plural: string; instead: string };
  /** The job's view as stored in state (its outputs): where an update resumes. */
  liveFromOutputs: (props: Record<string, unknown>, jobId: string) => Live;
  client: () => PlatformClient;
  /** Injected in tests. */
  clock?: WaitClock | undefined;
}

/** The steps a job resource shares: see the module comment. */
export function jobResource<Inputs extends JobInputs, Where, Live, JobIdPart extends string>(
  job: JobResource<Inputs, Where, Live, JobIdPart>,
) {
  /** Waits until done; a failed or timed-out wait keeps the job in state. */
  const settle = (client: PlatformClient, inputs: Inputs, known: Live, phase: "create" | "update") => {
    const jobId = job.jobIdOf(known);
    return waitAndSettle(
      job.lifecycle,
      {
        client,
        where: job.locate(inputs, jobId),
        describe: job.describe(inputs, jobId),
        timeouts: inputs.timeouts,
        clock: job.clock,
      },
      phase,
      {
        id: formatId([inputs.groupId, inputs.clusterName, jobId]),
        known,
        outputs: (live: Live) => job.toOutputs(inputs, live),
      },
    );
  };

  /** Adopts a job read by `importId` (undefined: not found) when the inputs match it, then waits. */
  const adoptUnchanged = async (
    client: PlatformClient,
    inputs: Inputs,
    id: string,
    live: Live | undefined,
  ) => {
    if (live === undefined) return undefined;
    const mismatches = job.mismatchedFields(inputs, live);
    if (mismatches.length > 0) {
      throw new Error(
        `cannot adopt ${job.words.kind} ${id}: its ${mismatches.join("; its ")}. ${job.words.plural} cannot be ` +
          `changed: make the inputs match the job, or remove importId to ${job.words.instead}.`,
      );
    }
    return settle(client, inputs, live, "create");
  };

  const update: NonNullable<PlatformProvider["update"]> = async (id, olds, news) => {
    const parts = parseId(id, job.idParts);
    const inputs: Inputs = {
      ...parseInputs(job.schema, news),
      groupId: parts.groupId,
      clusterName: parts.clusterName,
    };
    return settle(job.client(), inputs, job.liveFromOutputs(olds, parts[job.idParts[2]]), "update");
  };

  return { settle, adoptUnchanged, update };
}
