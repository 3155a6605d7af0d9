/**
 * Inputs of the RestoreJob resource: a restore of a cluster's (47-50) or a serverless instance's
 * (62) backup (docs/spec/api-spec.md, "Restore job", Limits; the rules per delivery type:
 * docs/api-choices.md, "Restore jobs").
 */
import { z } from "zod";
import { EARLIEST_RESTORE_SECONDS, MIN_OPLOG_INC, RESTORE_DELIVERY_TYPES } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { containsUnknown, idPartSchema } from "../../framework/validation";

export const RESTORE_JOB_ID_PARTS = ["groupId", "clusterName", "restoreJobId"] as const;

/** The largest int32: the contract's restore times are int32 seconds. */
const INT32_MAX = 2_147_483_647;
const epochSeconds = z.int().min(EARLIEST_RESTORE_SECONDS).max(INT32_MAX);

export const restoreJobInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    /** The cluster (or, with `serverless`, the serverless instance) whose backup is restored. */
    clusterName: idPartSchema("clusterName"),
    /** The source is a serverless instance (operation 62) rather than a cluster (47-50). */
    serverless: z.boolean().default(false),
    deliveryType: z.enum(RESTORE_DELIVERY_TYPES),
    snapshotId: idPartSchema("snapshotId").optional(),
    targetGroupId: idPartSchema("groupId").optional(),
    targetClusterName: idPartSchema("clusterName").optional(),
    pointInTimeUTCSeconds: epochSeconds.optional(),
    oplogTs: epochSeconds.optional(),
    oplogInc: z.int().min(MIN_OPLOG_INC).max(INT32_MAX).optional(),
    importId: importIdSchema(RESTORE_JOB_ID_PARTS).optional(),
    timeouts: timeoutsSchema.optional(),
  })
  .superRefine((inputs, ctx) => {
    // Rules that depend on the delivery type or the source kind wait until both are known.
    if (containsUnknown(inputs.deliveryType) || containsUnknown(inputs.serverless)) return;
    const issue = (field: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [field], message });
    const { deliveryType } = inputs;
    if (deliveryType !== "pointInTime" && inputs.snapshotId === undefined)
      issue("snapshotId", `is required when deliveryType is ${deliveryType}`);
    const needsTarget = inputs.serverless || deliveryType !== "download";
    const why = inputs.serverless
      ? "to restore a serverless instance"
      : `when deliveryType is ${deliveryType}`;
    if (needsTarget && inputs.targetGroupId === undefined) issue("targetGroupId", `is required ${why}`);
    if (needsTarget && inputs.targetClusterName === undefined)
      issue("targetClusterName", `is required ${why}`);

    const byTime = inputs.pointInTimeUTCSeconds !== undefined;
    const byOplog = inputs.oplogTs !== undefined || inputs.oplogInc !== undefined;
    if (deliveryType !== "pointInTime") {
      for (const field of ["pointInTimeUTCSeconds", "oplogTs", "oplogInc"] as const)
        if (inputs[field] !== undefined) issue(field, "is only for deliveryType pointInTime");
      return;
    }
    if (!byTime && !byOplog)
      issue("pointInTimeUTCSeconds", "or oplogTs with oplogInc is required when deliveryType is pointInTime");
    if (byTime && byOplog)
      issue("pointInTimeUTCSeconds", "and oplogTs/oplogInc exclude each other: give exactly one of the two");
    if (inputs.oplogTs !== undefined && inputs.oplogInc === undefined)
      issue("oplogInc", "is required with oplogTs");
    if (inputs.oplogInc !== undefined && inputs.oplogTs === undefined)
      issue("oplogTs", "is required with oplogInc");
  });

export type RestoreJobInputs = z.output<typeof restoreJobInputsSchema>;
