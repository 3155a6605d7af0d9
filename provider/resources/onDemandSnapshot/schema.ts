/**
 * Inputs of the OnDemandSnapshot resource: an on-demand snapshot of a cluster or a sharded cluster
 * (operations 55-61; docs/spec/api-spec.md, "Snapshot": description, retentionInDays >= 1).
 */
import { z } from "zod";
import { MIN_SNAPSHOT_RETENTION_DAYS } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema } from "../../framework/validation";

export const ON_DEMAND_SNAPSHOT_ID_PARTS = ["groupId", "clusterName", "snapshotId"] as const;

/** The largest int32: retentionInDays is an int32 in the contract. */
const INT32_MAX = 2_147_483_647;

export const onDemandSnapshotInputsSchema = z.strictObject({
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  /** Free text; the API cannot change it after the snapshot is taken. */
  description: z.string().optional(),
  /** Days the snapshot is kept, counted from when it was taken. */
  retentionInDays: z.int().min(MIN_SNAPSHOT_RETENTION_DAYS).max(INT32_MAX),
  importId: importIdSchema(ON_DEMAND_SNAPSHOT_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});

export type OnDemandSnapshotInputs = z.output<typeof onDemandSnapshotInputsSchema>;
