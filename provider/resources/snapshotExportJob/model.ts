/**
 * SnapshotExportJob: inputs <-> API body, the live view, and the outputs.
 *
 * The API has no update and no delete operation for export jobs (44-46): every field it holds
 * replaces the job (a new export), and deleting the resource only removes it from the stack.
 */
import type { ExportJob, ExportJobInput } from "../../client/exportJobs";
import { deepEqual } from "../../framework/diff";
import type { CustomDataItem, SnapshotExportJobInputs } from "./schema";

/** How far an export has come (the API's `exportStatus`). */
export interface ExportProgress {
  exportedCollections: number | undefined;
  totalCollections: number | undefined;
}

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface SnapshotExportJobOutputs extends SnapshotExportJobInputs {
  /** The job's id (the API's `id`). */
  exportJobId: string;
  /** Queued, InProgress, Successful, Failed or Cancelled. */
  state: string;
  /** Where the files are in the bucket. */
  prefix: string | undefined;
  exportStatus: ExportProgress;
  /** Why the job failed or was cancelled (`errorCode`, `message`), when it did. */
  stateReason: Record<string, unknown> | undefined;
  createdAt: string | undefined;
  finishedAt: string | undefined;
}

/** The body of create (45). */
export function toBody(inputs: SnapshotExportJobInputs): ExportJobInput {
  return {
    snapshotId: inputs.snapshotId,
    exportBucketId: inputs.exportBucketId,
    ...(inputs.customData === undefined ? {} : { customData: inputs.customData }),
  };
}

/** The live view of a job. */
export interface LiveExportJob {
  exportJobId: string;
  state: string;
  snapshotId: string | undefined;
  exportBucketId: string | undefined;
  customData: CustomDataItem[];
  prefix: string | undefined;
  exportStatus: ExportProgress;
  stateReason: Record<string, unknown> | undefined;
  createdAt: string | undefined;
  finishedAt: string | undefined;
}

const count = (value: unknown) => (typeof value === "number" ? value : undefined);

export function fromApi(job: ExportJob): LiveExportJob {
  return {
    exportJobId: job.id,
    state: job.state ?? "unknown",
    snapshotId: job.snapshotId,
    exportBucketId: job.exportBucketId,
    customData: (job.customData ?? []).map((item) => ({ key: item.key, value: item.value })),
    prefix: job.prefix,
    exportStatus: {
      exportedCollections: count(job.exportStatus?.exportedCollections),
      totalCollections: count(job.exportStatus?.totalCollections),
    },
    stateReason: job.stateReason,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** "1/3 collections exported", when the service says how many. */
export function describeProgress(progress: ExportProgress): string | undefined {
  const { exportedCollections, totalCollections } = progress;
  if (exportedCollections === undefined || totalCollections === undefined) return undefined;
  return `${exportedCollections}/${totalCollections} collections exported`;
}

/** The inputs as the service has them (read): live snapshot, bucket and labels, the rest as before. */
export function inputsFromLive(
  previous: SnapshotExportJobInputs,
  live: LiveExportJob,
  location: { groupId: string; clusterName: string },
): SnapshotExportJobInputs {
  const inputs: SnapshotExportJobInputs = {
    groupId: location.groupId,
    clusterName: location.clusterName,
    snapshotId: live.snapshotId ?? previous.snapshotId,
    exportBucketId: live.exportBucketId ?? previous.exportBucketId,
  };
  // No labels read back the same as none given: keep the program's form of "none".
  if (live.customData.length > 0 || previous.customData !== undefined) inputs.customData = live.customData;
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  if (previous.timeouts !== undefined) inputs.timeouts = previous.timeouts;
  return inputs;
}

/** Fields of an existing job that differ from the inputs (adoption cannot change them). */
export function mismatchedFields(inputs: SnapshotExportJobInputs, live: LiveExportJob): string[] {
  const mismatches: string[] = [];
  if (live.snapshotId !== undefined && live.snapshotId !== inputs.snapshotId)
    mismatches.push(`snapshotId is ${live.snapshotId}, the input ${inputs.snapshotId}`);
  if (live.exportBucketId !== undefined && live.exportBucketId !== inputs.exportBucketId)
    mismatches.push(`exportBucketId is ${live.exportBucketId}, the input ${inputs.exportBucketId}`);
  if (!deepEqual(live.customData, inputs.customData ?? []))
    mismatches.push(
      `customData is ${JSON.stringify(live.customData)}, the input ${JSON.stringify(inputs.customData ?? [])}`,
    );
  return mismatches;
}

export function toOutputs(inputs: SnapshotExportJobInputs, live: LiveExportJob): SnapshotExportJobOutputs {
  return {
    ...inputs,
    exportJobId: live.exportJobId,
    state: live.state,
    prefix: live.prefix,
    exportStatus: live.exportStatus,
    stateReason: live.stateReason,
    createdAt: live.createdAt,
    finishedAt: live.finishedAt,
  };
}

/** The job in words, for progress and errors. */
export function describeExportJob(
  inputs: Pick<SnapshotExportJobInputs, "clusterName" | "snapshotId">,
  exportJobId?: string,
): string {
  const job = exportJobId === undefined ? "snapshot export job" : `snapshot export job ${exportJobId}`;
  return `${job} of snapshot ${inputs.snapshotId} (cluster ${inputs.clusterName})`;
}

/** The live view stored in state (an update resumes from it). */
export function liveFromOutputs(props: Record<string, unknown>, exportJobId: string): LiveExportJob {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const previous = props as Partial<SnapshotExportJobInputs>;
  const progress = (props.exportStatus ?? {}) as Record<string, unknown>;
  return {
    exportJobId,
    state: text(props.state) ?? "unknown",
    snapshotId: previous.snapshotId,
    exportBucketId: previous.exportBucketId,
    customData: previous.customData ?? [],
    prefix: text(props.prefix),
    exportStatus: {
      exportedCollections: count(progress.exportedCollections),
      totalCollections: count(progress.totalCollections),
    },
    stateReason: (props.stateReason as Record<string, unknown> | undefined) ?? undefined,
    createdAt: text(props.createdAt),
    finishedAt: text(props.finishedAt),
  };
}
