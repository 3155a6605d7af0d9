/**
 * Inputs of the SnapshotExportJob resource: the export of one snapshot to an export bucket
 * (operations 44-46; docs/spec/api-spec.md, "Snapshot export job").
 */
import { z } from "zod";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema } from "../../framework/validation";

export const SNAPSHOT_EXPORT_JOB_ID_PARTS = ["groupId", "clusterName", "exportJobId"] as const;

/** One label of `customData` (the contract's BackupLabel). */
export const customDataItemSchema = z
  .strictObject({
    key: z.string().min(1),
    value: z.string(),
  })
  .meta({ id: "ExportCustomData", description: "A label stored with the export: a key and its value." });

export const snapshotExportJobInputsSchema = z.strictObject({
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  /** The snapshot to export (an id of the cluster's snapshots). */
  snapshotId: idPartSchema("snapshotId"),
  /** The export bucket of the project that receives the files. */
  exportBucketId: idPartSchema("exportBucketId"),
  customData: z.array(customDataItemSchema).optional(),
  importId: importIdSchema(SNAPSHOT_EXPORT_JOB_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});

export type CustomDataItem = z.output<typeof customDataItemSchema>;
export type SnapshotExportJobInputs = z.output<typeof snapshotExportJobInputsSchema>;
