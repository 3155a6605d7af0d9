/**
 * SnapshotExportJob: the export of a snapshot to an export bucket. See docs/resources/snapshotExportJob.md.
 *
 * Create starts the export (45) and waits until it is Successful, reporting exported / total
 * collections. Any change of an input the API holds runs a new export (replace). The API cannot
 * delete an export job, so delete removes it from the stack only, and says so in the output; the
 * exported files stay in the bucket.
 *
 * Id and importId: `<groupId>/<clusterName>/<exportJobId>`.
 */

import { z } from "zod";
import { collect, type PlatformClient } from "../../client";
import { type CreatedLookup, pickCreated } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { defineJob } from "../../framework/jobResource";
import { reportProgress } from "../../framework/progress";
import type { PropertyRule, PropertyTable } from "../../framework/resource";
import { exportText } from "../../framework/resource";
import { type ExportJobLocation, lifecycle } from "./lifecycle";
import {
  describeExportJob,
  fromApi,
  inputsFromLive,
  type LiveExportJob,
  liveFromOutputs,
  mismatchedFields,
  toBody,
  toOutputs,
} from "./model";
import {
  SNAPSHOT_EXPORT_JOB_ID_PARTS,
  type SnapshotExportJobInputs,
  snapshotExportJobInputsSchema,
} from "./schema";

/** Every field the API holds runs a new export. */
const NEW_EXPORT: Pick<PropertyRule, "effect" | "change"> = { effect: "replace", change: "a new export" };

/** Export jobs cannot be changed: every field the API holds runs a new export. */
export const SNAPSHOT_EXPORT_JOB_PROPERTIES: PropertyTable = {
  groupId: { ...NEW_EXPORT, doc: "Project id (24 hexadecimal digits).", rules: "24 hexadecimal digits" },
  clusterName: { ...NEW_EXPORT, doc: "Cluster of the snapshot.", rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`" },
  snapshotId: {
    ...NEW_EXPORT,
    doc: "The snapshot to export (an OnDemandSnapshot's `snapshotId`).",
    rules: "24 hexadecimal digits; a snapshot of the cluster",
  },
  exportBucketId: {
    ...NEW_EXPORT,
    doc: "The export bucket (an ExportBucket's `exportBucketId`).",
    rules: "24 hexadecimal digits; an export bucket of the project",
  },
  customData: { ...NEW_EXPORT, doc: "Labels stored with the export.", rules: "`key` not empty; in order" },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing export job: `<groupId>/<clusterName>/<exportJobId>`. Its fields must equal the inputs.",
    rules: "`<groupId>/<clusterName>/<exportJobId>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call.
  timeouts: {
    effect: "update",
    doc: "How long to wait for the export.",
    rules: "durations or seconds",
    change: "no API call; an export never re-runs for it",
  },
  exportJobId: { effect: "output", type: z.string(), doc: "The job's id." },
  state: {
    effect: "output",
    type: z.string(),
    doc: "Successful once create finished (Queued, InProgress on the way; Failed, Cancelled are errors).",
  },
  prefix: { effect: "output", type: z.string(), optional: true, doc: "Where the files are in the bucket." },
  exportStatus: {
    effect: "output",
    type: z.object({ exportedCollections: z.int().optional(), totalCollections: z.int().optional() }),
    doc: "Exported and total collections.",
  },
  stateReason: {
    effect: "output",
    type: z.record(z.string(), z.unknown()),
    optional: true,
    doc: "Why the job failed or was cancelled (`errorCode`, `message`), when it did.",
  },
  createdAt: { effect: "output", type: z.string(), optional: true, doc: "When the job was created." },
  finishedAt: { effect: "output", type: z.string(), optional: true, doc: "When the job finished." },
};

/**
 * The job a create started: an export of the snapshot to the bucket with the customData sent, created
 * at or after the create began, that no other resource holds (findCreated.ts).
 */
async function findExportJob(
  client: PlatformClient,
  inputs: SnapshotExportJobInputs,
  lookup: CreatedLookup,
): Promise<string | undefined> {
  const { groupId, clusterName } = inputs;
  const jobs = await collect(client.exportJobs.listAll(groupId, clusterName));
  return pickCreated(
    jobs.map(fromApi),
    {
      what: describeExportJob(inputs),
      idOf: (live) => formatId([groupId, clusterName, live.exportJobId]),
      fits: (live) =>
        live.snapshotId === inputs.snapshotId &&
        live.exportBucketId === inputs.exportBucketId &&
        mismatchedFields(inputs, live).length === 0,
      createdAt: (live) => live.createdAt,
      endedAt: (live) => live.finishedAt,
    },
    lookup,
  );
}

export const resource = defineJob<
  SnapshotExportJobInputs,
  ExportJobLocation,
  LiveExportJob,
  (typeof SNAPSHOT_EXPORT_JOB_ID_PARTS)[number]
>({
  type: "SnapshotExportJob",
  exported: {
    configKey: "snapshotExportJobs",
    scope: "cluster",
    find: async (client, groupId, clusterName) =>
      (await collect(client.exportJobs.listAll(groupId, clusterName))).map((job) =>
        formatId([groupId, clusterName, job.id]),
      ),
    resourceName: (args) => `export-job-${exportText(args.clusterName)}`,
    after: ["ExportBucket", "OnDemandSnapshot"],
  },
  summary: "export of a snapshot to an export bucket; waits with exported / total collections",
  example: {
    name: "nightly-export",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      snapshotId: "65f0c0ffee00000000000c01",
      exportBucketId: "65f0c0ffee00000000000b01",
      customData: [{ key: "purpose", value: "analytics" }],
    },
  },
  description:
    "The export of one snapshot to an export bucket. Create waits until the export is Successful, showing exported / total collections; only a change of its inputs runs a new export; the service cannot delete an export job, so delete removes it from the stack only and says so.",
  inputs: snapshotExportJobInputsSchema,
  properties: SNAPSHOT_EXPORT_JOB_PROPERTIES,
  idParts: SNAPSHOT_EXPORT_JOB_ID_PARTS,
  lifecycle,
  docNotes: { replaces: "delete only forgets it (no delete operation) and says so" },
  describe: (inputs, where) => describeExportJob(inputs, where?.exportJobId),
  locate: (parts) => ({
    groupId: parts.groupId,
    clusterName: parts.clusterName,
    exportJobId: parts.exportJobId,
  }),
  jobIdOf: (live) => live.exportJobId,
  start: async ({ client }, inputs) =>
    fromApi(await client.exportJobs.create(inputs.groupId, inputs.clusterName, toBody(inputs))),
  mismatchedFields,
  findsCreated: {
    identifies: "an export of that snapshot to that bucket with that `customData`",
    dated: "createdAt",
  },
  findCreated: ({ client }, inputs, lookup) => findExportJob(client, inputs, lookup),
  words: { kind: "snapshot export job", plural: "Export jobs", instead: "run a new export" },
  liveFromOutputs: (props, where) => liveFromOutputs(props, where.exportJobId),
  // No delete operation exists (44-46): the job and its files stay; say so rather than pretend.
  async stop(_context, where, previous) {
    const bucket =
      typeof previous.exportBucketId === "string" ? ` in export bucket ${previous.exportBucketId}` : "";
    reportProgress(
      `${describeExportJob({ clusterName: where.clusterName, snapshotId: String(previous.snapshotId) }, where.exportJobId)}: ` +
        "removed from the stack only; the service has no operation to delete export jobs, so the job and " +
        `its exported files${bucket} stay`,
    );
  },
  toOutputs,
  inputsFromLive,
});
