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
import { jobResource } from "../../framework/jobResource";
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
  const { settle, adoptUnchanged, update } = jobResource({
    lifecycle,
    schema: snapshotExportJobInputsSchema,
    idParts: SNAPSHOT_EXPORT_JOB_ID_PARTS,
    locate: (inputs: SnapshotExportJobInputs, exportJobId: string): ExportJobLocation => ({
      groupId: inputs.groupId,
      clusterName: inputs.clusterName,
      exportJobId,
    }),
    describe: describeExportJob,
    jobIdOf: (live: LiveExportJob) => live.exportJobId,
    toOutputs,
    mismatchedFields,
    words: { kind: "snapshot export job", plural: "Export jobs", instead: "run a new export" },
    liveFromOutputs,
    client: deps.client,
    clock: deps.clock,
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
        adopt: async (parts, id) => adoptUnchanged(client, inputs, id, await lifecycle.read(client, parts)),
      });
    },

    async read(id, props) {
      const where = parseId(id, SNAPSHOT_EXPORT_JOB_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    // Only timeouts change in place (every API field replaces): framework/jobResource.ts.
    update,

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
