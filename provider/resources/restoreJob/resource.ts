/**
 * RestoreJob: a restore of a cluster's or a serverless instance's backup. See docs/resources/restoreJob.md.
 *
 * Create starts the restore (48, or 62 for a serverless instance) and waits until it has finished.
 * Any change of an input the API holds runs a new restore (replace); nothing else does: read returns
 * only the inputs the program gave, so an apply that does not change the job never re-runs it.
 *
 * Delete cancels only what the service can cancel (49: a cluster's download job that has not
 * finished; automated and point-in-time restores cannot be cancelled, and serverless restore jobs
 * have no cancel operation) and says in the output what it did.
 *
 * Id and importId: `<groupId>/<clusterName>/<restoreJobId>`; the `serverless` input says whether
 * `clusterName` is a cluster or a serverless instance.
 */

import { z } from "zod";
import { collect, hasErrorCode, type PlatformClient } from "../../client";
import { type CreatedLookup, pickCreated } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { defineJob } from "../../framework/jobResource";
import { reportProgress } from "../../framework/progress";
import type { PropertyRule, PropertyTable } from "../../framework/resource";
import { exportText } from "../../framework/resource";
import { lifecycle, type RestoreJobLocation } from "./lifecycle";
import {
  describeRestoreJob,
  fromApi,
  inputsFromLive,
  type LiveRestoreJob,
  liveFromOutputs,
  matchesRequest,
  mismatchedFields,
  toBody,
  toOutputs,
} from "./model";
import { RESTORE_JOB_ID_PARTS, type RestoreJobInputs, restoreJobInputsSchema } from "./schema";

/** Every field the API holds runs a new restore. */
const NEW_RESTORE: Pick<PropertyRule, "effect" | "change"> = { effect: "replace", change: "a new restore" };

/** Restore jobs cannot be changed: every field the API holds runs a new restore. */
export const RESTORE_JOB_PROPERTIES: PropertyTable = {
  groupId: {
    ...NEW_RESTORE,
    doc: "Project id of the source (24 hexadecimal digits).",
    rules: "24 hexadecimal digits",
  },
  clusterName: {
    ...NEW_RESTORE,
    doc: "The source cluster, or serverless instance with `serverless: true`.",
    rules: "the source cluster, or the serverless instance with `serverless: true`",
  },
  serverless: {
    ...NEW_RESTORE,
    doc: "The source is a serverless instance. Default false.",
    rules: "default false",
  },
  deliveryType: {
    ...NEW_RESTORE,
    doc: "automated (into a target cluster), download (links to the files) or pointInTime.",
    rules: "`automated`, `download` or `pointInTime`",
  },
  snapshotId: {
    ...NEW_RESTORE,
    doc: "The snapshot to restore; required for automated and download.",
    rules: "24 hexadecimal digits; required for `automated` and `download`",
  },
  targetGroupId: {
    ...NEW_RESTORE,
    doc: "Target project; required for automated and pointInTime (always for serverless).",
    rules:
      "24 hexadecimal digits; required for `automated` and `pointInTime`, and always for a serverless instance",
  },
  targetClusterName: {
    ...NEW_RESTORE,
    doc: "Target cluster; required for automated and pointInTime (always for serverless).",
    rules: "required when `targetGroupId` is",
  },
  pointInTimeUTCSeconds: {
    ...NEW_RESTORE,
    doc: "pointInTime: the moment to restore, seconds since the epoch (>= 1199145600). Or oplogTs with oplogInc.",
    rules:
      "`pointInTime` only; at least 1199145600 (the spec's minimum); exactly one of it or `oplogTs` + `oplogInc`",
  },
  oplogTs: {
    ...NEW_RESTORE,
    doc: "pointInTime: the oplog timestamp, seconds since the epoch (>= 1199145600), with oplogInc.",
    rules: "`pointInTime` only, with `oplogInc`; at least 1199145600",
  },
  oplogInc: {
    ...NEW_RESTORE,
    doc: "pointInTime: the oplog increment (>= 1), with oplogTs.",
    rules: "`pointInTime` only, with `oplogTs`; at least 1",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing restore job: `<groupId>/<clusterName>/<restoreJobId>`. Its fields must equal the inputs.",
    rules: "`<groupId>/<clusterName>/<restoreJobId>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call.
  timeouts: {
    effect: "update",
    doc: "How long to wait for the restore.",
    rules: "durations or seconds",
    change: "no API call; a restore never re-runs for it",
  },
  restoreJobId: { effect: "output", type: z.string(), doc: "The job's id." },
  state: {
    effect: "output",
    type: z.string(),
    doc: "finished once create finished (expired once a download's links expired; failed and cancelled are errors).",
  },
  finishedAt: { effect: "output", type: z.string(), optional: true, doc: "When the restore finished." },
  timestamp: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "The point in time the restored data is from.",
  },
  deliveryUrl: { effect: "output", type: z.array(z.string()), doc: "download: the links to the files." },
  expiresAt: { effect: "output", type: z.string(), optional: true, doc: "download: when the links expire." },
};

/** What a delete did, in words (after "<job>: "). */
async function cancelIfPossible(
  client: PlatformClient,
  inputs: RestoreJobInputs,
  where: RestoreJobLocation,
): Promise<string> {
  const forget = "removed from the stack only";
  if (where.serverless)
    return `${forget}; serverless restore jobs cannot be cancelled (the service has no operation for it)`;
  const live = await lifecycle.read(client, where);
  if (live === undefined) return `${forget}; the service no longer has it`;
  if (live.state !== "inProgress") return `${forget}; it is already ${live.state}, nothing to cancel`;
  const target =
    inputs.targetClusterName === undefined
      ? ""
      : ` and goes on restoring into cluster ${inputs.targetClusterName}`;
  if (inputs.deliveryType !== "download")
    return `${forget}; the service cannot cancel ${inputs.deliveryType} restores, so it was not cancelled${target}`;
  try {
    await client.restoreJobs.cancel(where.groupId, where.clusterName, where.restoreJobId);
    return "cancelled (the download was not finished)";
  } catch (error) {
    if (hasErrorCode(error, "CANNOT_CANCEL_AUTOMATED_RESTORE"))
      return `${forget}; the service refused to cancel it (${(error as Error).message})`;
    throw error;
  }
}

/** Starts the restore: of a cluster (48) or of a serverless instance (62). */
async function start(client: PlatformClient, inputs: RestoreJobInputs): Promise<LiveRestoreJob> {
  const body = toBody(inputs);
  if (!inputs.serverless)
    return fromApi(await client.restoreJobs.create(inputs.groupId, inputs.clusterName, body));
  const { targetClusterName, targetGroupId } = inputs;
  // check requires the targets for serverless instances.
  if (targetClusterName === undefined || targetGroupId === undefined)
    throw new Error("targetGroupId and targetClusterName are required to restore a serverless instance");
  return fromApi(
    await client.serverlessBackups.createRestoreJob(inputs.groupId, inputs.clusterName, {
      ...body,
      targetClusterName,
      targetGroupId,
    }),
  );
}

/**
 * The job a create started: a restore of the cluster with the delivery type, snapshot, target and
 * point in time sent, that no other resource holds (findCreated.ts). The contract dates no restore
 * job's creation (`timestamp` is when the restored data is from), only its end: a job that finished
 * before the create began is not its; an unfinished, failed or cancelled one may be.
 */
async function findRestoreJob(
  client: PlatformClient,
  inputs: RestoreJobInputs,
  lookup: CreatedLookup,
): Promise<string | undefined> {
  const { groupId, clusterName } = inputs;
  const jobs = await collect(
    inputs.serverless
      ? client.serverlessBackups.listAllRestoreJobs(groupId, clusterName)
      : client.restoreJobs.listAll(groupId, clusterName),
  );
  return pickCreated(
    jobs.map(fromApi),
    {
      what: describeRestoreJob(inputs),
      idOf: (live) => formatId([groupId, clusterName, live.restoreJobId]),
      fits: (live) => matchesRequest(inputs, live),
      endedAt: (live) => live.job.finishedAt,
    },
    lookup,
  );
}

export const resource = defineJob<
  RestoreJobInputs,
  RestoreJobLocation,
  LiveRestoreJob,
  (typeof RESTORE_JOB_ID_PARTS)[number]
>({
  type: "RestoreJob",
  exported: {
    configKey: "restoreJobs",
    scope: "cluster",
    // Adopted with importId, a finished restore is never run again (docs/resources/restoreJob.md).
    find: async (client, groupId, clusterName) =>
      (await collect(client.restoreJobs.listAll(groupId, clusterName))).map((job) =>
        formatId([groupId, clusterName, job.id]),
      ),
    resourceName: (args) => `restore-job-${exportText(args.clusterName)}`,
    after: ["OnDemandSnapshot"],
  },
  summary:
    "restore (automated, download, point in time) of a cluster or serverless instance; waits until finished, never re-runs",
  example: {
    name: "into-staging",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      deliveryType: "automated",
      snapshotId: "65f0c0ffee00000000000c01",
      targetGroupId: "5f1a000000000000000000a1",
      targetClusterName: "staging-cluster",
    },
  },
  description:
    "A restore of a cluster's or a serverless instance's backup (automated, download or point in time). Create waits until the restore has finished; only a change of its inputs runs a new one; delete cancels only what the service can cancel and says what it did.",
  inputs: restoreJobInputsSchema,
  properties: RESTORE_JOB_PROPERTIES,
  idParts: RESTORE_JOB_ID_PARTS,
  lifecycle,
  docNotes: {
    id: "`serverless` says cluster or serverless instance",
    replaces: "delete cancels only a download in progress, and says what it did",
  },
  describe: (inputs, where) => describeRestoreJob(inputs, where?.restoreJobId),
  locate: (parts, stored) => ({ ...parts, serverless: stored.serverless === true }),
  jobIdOf: (live) => live.restoreJobId,
  start: ({ client }, inputs) => start(client, inputs),
  mismatchedFields,
  findsCreated: {
    identifies: "a restore of the cluster with that delivery type, snapshot, target and point in time",
    dated: "finishedAt",
  },
  findCreated: ({ client }, inputs, lookup) => findRestoreJob(client, inputs, lookup),
  words: { kind: "restore job", plural: "Restore jobs", instead: "run a new restore" },
  liveFromOutputs: (props, where) => liveFromOutputs(props, where.restoreJobId),
  async stop({ client }, where, previous) {
    const what = await cancelIfPossible(client, previous, where);
    reportProgress(
      `${describeRestoreJob({ ...previous, serverless: where.serverless }, where.restoreJobId)}: ${what}`,
    );
  },
  toOutputs,
  inputsFromLive,
});
