/**
 * RestoreJob provider: check / diff / create / read / update / delete over the client.
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
import { hasErrorCode, type PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { jobResource } from "../../framework/jobResource";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { lifecycle, type RestoreJobLocation } from "./lifecycle";
import {
  describeRestoreJob,
  fromApi,
  inputsFromLive,
  type LiveRestoreJob,
  liveFromOutputs,
  mismatchedFields,
  previousInputs,
  RESTORE_JOB_CLASSIFICATION,
  toBody,
  toOutputs,
} from "./model";
import { RESTORE_JOB_ID_PARTS, type RestoreJobInputs, restoreJobInputsSchema } from "./schema";

export interface RestoreJobProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

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

export function createRestoreJobProvider(deps: RestoreJobProviderDeps): PlatformProvider {
  const locate = (inputs: RestoreJobInputs, jobId: string): RestoreJobLocation => ({
    groupId: inputs.groupId,
    clusterName: inputs.clusterName,
    restoreJobId: jobId,
    serverless: inputs.serverless,
  });

  const { settle, adoptUnchanged, update } = jobResource({
    lifecycle,
    schema: restoreJobInputsSchema,
    idParts: RESTORE_JOB_ID_PARTS,
    locate,
    describe: describeRestoreJob,
    jobIdOf: (live: LiveRestoreJob) => live.restoreJobId,
    toOutputs,
    mismatchedFields,
    words: { kind: "restore job", plural: "Restore jobs", instead: "run a new restore" },
    liveFromOutputs,
    client: deps.client,
    clock: deps.clock,
  });

  const start = async (client: PlatformClient, inputs: RestoreJobInputs): Promise<LiveRestoreJob> => {
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
  };

  return {
    ...checkAndDiff(restoreJobInputsSchema, RESTORE_JOB_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(restoreJobInputsSchema, bag);
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: RESTORE_JOB_ID_PARTS,
        describe: describeRestoreJob(inputs),
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => settle(client, inputs, await start(client, inputs), "create"),
        adopt: async (parts, id) =>
          adoptUnchanged(
            client,
            inputs,
            id,
            await lifecycle.read(client, { ...parts, serverless: inputs.serverless }),
          ),
      });
    },

    async read(id, props) {
      const parts = parseId(id, RESTORE_JOB_ID_PARTS);
      const previous = previousInputs(props);
      const live = await lifecycle.read(deps.client(), {
        ...parts,
        serverless: previous.serverless === true,
      });
      if (live === undefined) return {};
      const inputs = inputsFromLive(previous, live, parts);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    // Only timeouts change in place (every API field replaces): framework/jobResource.ts.
    update,

    async delete(id, props) {
      const parts = parseId(id, RESTORE_JOB_ID_PARTS);
      const inputs = previousInputs(props);
      const where = locate(
        { ...inputs, ...parts, serverless: inputs.serverless === true },
        parts.restoreJobId,
      );
      const what = await cancelIfPossible(deps.client(), inputs, where);
      reportProgress(
        `${describeRestoreJob({ ...inputs, serverless: where.serverless }, parts.restoreJobId)}: ${what}`,
      );
    },
  };
}

export const provider: PlatformProvider = createRestoreJobProvider({ client: platformClient });
