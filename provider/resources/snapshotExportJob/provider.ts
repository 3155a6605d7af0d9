/**
 * SnapshotExportJob provider: check / diff / create / read / update / delete over the client.
 *
 * Create starts the export (45) and waits until it is Successful, reporting exported / total
 * collections. Any change of an input the API holds runs a new export (replace). The API cannot
 * delete an export job, so delete removes it from the stack only, and says so in the output; the
 * exported files stay in the bucket.
 *
 * Id and importId: `<groupId>/<clusterName>/<exportJobId>`.
 */
import type { PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { type LifecycleTarget, waitAndSettle } from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { type ExportJobLocation, lifecycle } from "./lifecycle";
import {
  describeExportJob,
  fromApi,
  inputsFromLive,
  type LiveExportJob,
  liveFromOutputs,
  mismatchedFields,
  previousInputs,
  SNAPSHOT_EXPORT_JOB_CLASSIFICATION,
  snapshotExportJobId,
  toBody,
  toOutputs,
} from "./model";
import {
  SNAPSHOT_EXPORT_JOB_ID_PARTS,
  type SnapshotExportJobInputs,
  snapshotExportJobInputsSchema,
} from "./schema";

export interface SnapshotExportJobProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

export function createSnapshotExportJobProvider(deps: SnapshotExportJobProviderDeps): PlatformProvider {
  const target = (
    client: PlatformClient,
    inputs: SnapshotExportJobInputs,
    exportJobId: string,
  ): LifecycleTarget<ExportJobLocation> => ({
    client,
    where: { groupId: inputs.groupId, clusterName: inputs.clusterName, exportJobId },
    describe: describeExportJob(inputs, exportJobId),
    timeouts: inputs.timeouts,
    clock: deps.clock,
  });

  /** Waits until Successful; a failed or timed-out wait keeps the job in state. */
  const settle = (
    client: PlatformClient,
    inputs: SnapshotExportJobInputs,
    known: LiveExportJob,
    phase: "create" | "update",
  ) =>
    waitAndSettle(lifecycle, target(client, inputs, known.exportJobId), phase, {
      id: snapshotExportJobId(inputs.groupId, inputs.clusterName, known.exportJobId),
      known,
      outputs: (live: LiveExportJob) => toOutputs(inputs, live),
    });

  return {
    ...checkAndDiff(snapshotExportJobInputsSchema, SNAPSHOT_EXPORT_JOB_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(snapshotExportJobInputsSchema, bag);
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: SNAPSHOT_EXPORT_JOB_ID_PARTS,
        describe: describeExportJob(inputs),
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: async () => {
          const created = fromApi(
            await client.exportJobs.create(inputs.groupId, inputs.clusterName, toBody(inputs)),
          );
          return settle(client, inputs, created, "create");
        },
        adopt: async (parts, id) => {
          const live = await lifecycle.read(client, parts);
          if (live === undefined) return undefined;
          const mismatches = mismatchedFields(inputs, live);
          if (mismatches.length > 0) {
            throw new Error(
              `cannot adopt snapshot export job ${id}: its ${mismatches.join("; its ")}. Export jobs cannot be ` +
                "changed: make the inputs match the job, or remove importId to run a new export.",
            );
          }
          return settle(client, inputs, live, "create");
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, SNAPSHOT_EXPORT_JOB_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      // Only timeouts change in place (every API field replaces): no API call; an earlier wait
      // that did not finish resumes.
      const where = parseId(id, SNAPSHOT_EXPORT_JOB_ID_PARTS);
      const inputs = {
        ...parseInputs(snapshotExportJobInputsSchema, news),
        groupId: where.groupId,
        clusterName: where.clusterName,
      };
      return settle(deps.client(), inputs, liveFromOutputs(olds, where.exportJobId), "update");
    },

    async delete(id, props) {
      // No delete operation exists (44-46): the job and its files stay; say so rather than pretend.
      const where = parseId(id, SNAPSHOT_EXPORT_JOB_ID_PARTS);
      const previous = previousInputs(props);
      const bucket =
        typeof previous.exportBucketId === "string" ? ` in export bucket ${previous.exportBucketId}` : "";
      reportProgress(
        `${describeExportJob({ clusterName: where.clusterName, snapshotId: String(previous.snapshotId) }, where.exportJobId)}: ` +
          `removed from the stack only; the service has no operation to delete export jobs, so the job and ` +
          `its exported files${bucket} stay`,
      );
    },
  };
}

export const provider: PlatformProvider = createSnapshotExportJobProvider({ client: platformClient });
