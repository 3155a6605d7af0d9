/**
 * RestoreJob: inputs <-> API body, the live view, and the outputs.
 *
 * A restore job has no state field (docs/spec/operations.md, "Asynchronous states"): its state is
 * derived from its flags (api/vocabulary.ts LIFECYCLE_STATES.restoreJob). It cannot be changed, so
 * every field the API holds replaces it; and it must never run again on an apply that does not
 * change it, so `read` returns only the inputs the program gave (what the service fills in by
 * itself, such as a snapshot for a point-in-time restore, never becomes an input and never diffs).
 */
import type { RestoreJob, RestoreJobInput } from "../../client/restoreJobs";
import type { RestoreJobInputs } from "./schema";

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface RestoreJobOutputs extends RestoreJobInputs {
  /** The job's id (the API's `id`). */
  restoreJobId: string;
  /** inProgress, finished, expired (a download's links), failed or cancelled (derived from the flags). */
  state: string;
  /** When the job finished. */
  finishedAt: string | undefined;
  /** The point in time the restored data is from. */
  timestamp: string | undefined;
  /** Download restores: the links, and when they expire. */
  deliveryUrl: string[];
  expiresAt: string | undefined;
}

/** The fields of a restore request, each optional on the resource. */
const REQUEST_FIELDS = [
  "snapshotId",
  "targetGroupId",
  "targetClusterName",
  "pointInTimeUTCSeconds",
  "oplogTs",
  "oplogInc",
] as const;

/** The body of create (48, 62). */
export function toBody(inputs: RestoreJobInputs): RestoreJobInput {
  const given = Object.fromEntries(
    REQUEST_FIELDS.filter((field) => inputs[field] !== undefined).map((field) => [field, inputs[field]]),
  ) as Omit<RestoreJobInput, "deliveryType">;
  return { deliveryType: inputs.deliveryType, ...given };
}

/** The live view of a job. */
export interface LiveRestoreJob {
  restoreJobId: string;
  state: string;
  job: RestoreJob;
}

/** The job's state from its flags: failed, cancelled, then finished (expired), else inProgress. */
export function restoreStateOf(
  job: Pick<RestoreJob, "failed" | "cancelled" | "finishedAt" | "expired">,
): string {
  if (job.failed === true) return "failed";
  if (job.cancelled === true) return "cancelled";
  if (job.finishedAt !== undefined) return job.expired === true ? "expired" : "finished";
  return "inProgress";
}

export function fromApi(job: RestoreJob): LiveRestoreJob {
  return { restoreJobId: job.id, state: restoreStateOf(job), job };
}

/**
 * The inputs as the service has them (read): the delivery type, and each optional field the program
 * gave as the service holds it; fields the program left out stay out, whatever the service fills in.
 */
export function inputsFromLive(
  previous: RestoreJobInputs,
  live: LiveRestoreJob,
  location: { groupId: string; clusterName: string },
): RestoreJobInputs {
  const deliveryType = live.job.deliveryType;
  const inputs: RestoreJobInputs = {
    groupId: location.groupId,
    clusterName: location.clusterName,
    serverless: previous.serverless ?? false,
    deliveryType:
      deliveryType === "automated" || deliveryType === "download" || deliveryType === "pointInTime"
        ? deliveryType
        : previous.deliveryType,
  };
  // `deliveryType` is a required input, so only a read from the id alone (`pulumi import`) lacks it:
  // then the job's own record says what it was asked for, and the imported inputs pass check.
  const importing = previous.deliveryType === undefined;
  for (const field of REQUEST_FIELDS) {
    const recorded = live.job[field as keyof RestoreJob];
    if (previous[field] === undefined && !(importing && recorded !== undefined)) continue;
    (inputs as Record<string, unknown>)[field] = recorded ?? previous[field];
  }
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  if (previous.timeouts !== undefined) inputs.timeouts = previous.timeouts;
  return inputs;
}

/** Fields of an existing job that differ from the inputs (adoption cannot change them). */
export function mismatchedFields(inputs: RestoreJobInputs, live: LiveRestoreJob): string[] {
  const mismatches: string[] = [];
  const compare = (field: string, actual: unknown, wanted: unknown) => {
    if (wanted !== undefined && actual !== undefined && actual !== wanted)
      mismatches.push(`${field} is ${JSON.stringify(actual)}, the input ${JSON.stringify(wanted)}`);
  };
  compare("deliveryType", live.job.deliveryType, inputs.deliveryType);
  for (const field of REQUEST_FIELDS) compare(field, live.job[field as keyof RestoreJob], inputs[field]);
  return mismatches;
}

/**
 * Whether the job is a restore with what these inputs send: the delivery type, and each request
 * field the inputs give (a field the job shows that the inputs leave out is the service's own).
 */
export function matchesRequest(inputs: RestoreJobInputs, live: LiveRestoreJob): boolean {
  if (live.job.deliveryType !== inputs.deliveryType) return false;
  return REQUEST_FIELDS.every(
    (field) => inputs[field] === undefined || live.job[field as keyof RestoreJob] === inputs[field],
  );
}

export function toOutputs(inputs: RestoreJobInputs, live: LiveRestoreJob): RestoreJobOutputs {
  return {
    ...inputs,
    restoreJobId: live.restoreJobId,
    state: live.state,
    finishedAt: live.job.finishedAt,
    timestamp: live.job.timestamp,
    deliveryUrl: live.job.deliveryUrl ?? [],
    expiresAt: live.job.expiresAt,
  };
}

/** The job in words, for progress and errors. */
export function describeRestoreJob(
  inputs: Pick<RestoreJobInputs, "clusterName" | "serverless" | "deliveryType">,
  jobId?: string,
): string {
  const source = inputs.serverless
    ? `serverless instance ${inputs.clusterName}`
    : `cluster ${inputs.clusterName}`;
  const job = jobId === undefined ? "restore job" : `restore job ${jobId}`;
  return `${inputs.deliveryType} ${job} of ${source}`;
}

/** The live view stored in state (an update resumes from it). */
export function liveFromOutputs(props: Record<string, unknown>, jobId: string): LiveRestoreJob {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const job: RestoreJob = { id: jobId, deliveryType: text(props.deliveryType) };
  const finishedAt = text(props.finishedAt);
  if (finishedAt !== undefined) job.finishedAt = finishedAt;
  return { restoreJobId: jobId, state: text(props.state) ?? "unknown", job };
}
