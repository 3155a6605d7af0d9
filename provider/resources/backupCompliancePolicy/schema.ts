/**
 * Inputs of the BackupCompliancePolicy resource: the project's backup compliance policy
 * (operations 41-43), a project singleton written with a full PUT. Every optional field carries the
 * service's default, because a PUT without it sets that default.
 */
import { z } from "zod";
import { ON_DEMAND_FREQUENCY_TYPE, RETENTION_UNITS } from "../../../api/vocabulary";
import { importIdSchema, refineProjectImportId } from "../../framework/adoption";
import {
  policyItemSchema,
  readOnlyItemIdSchema,
  refineUniquePolicyItems,
} from "../../framework/backupPolicy";
import { PROJECT_SINGLETON_ID_PARTS } from "../../framework/singleton";
import { timeoutsSchema } from "../../framework/timeouts";
import { containsUnknown, idPartSchema } from "../../framework/validation";

/**
 * Days per retention unit, to compare restoreWindowDays with the hourly retention. The longest month
 * and year count, so check never refuses what the service would accept.
 */
export const DAYS_PER_RETENTION_UNIT: Readonly<Record<(typeof RETENTION_UNITS)[number], number>> = {
  days: 1,
  weeks: 7,
  months: 31,
  years: 366,
};

const positiveInt = z.number().int().positive();
const nonEmpty = z.string().trim().min(1, "must not be empty");

/** How long a policy item keeps its snapshots, in these units. */
const retentionUnitSchema = z
  .enum(RETENTION_UNITS)
  .meta({ id: "RetentionUnit", description: "The unit of a retention: days, weeks, months or years." });

export const onDemandPolicyItemSchema = z
  .strictObject({
    /** The service uses 0 for on-demand snapshots. */
    frequencyInterval: z.literal(0).default(0).describe("Always 0 (the default)."),
    frequencyType: z
      .literal(ON_DEMAND_FREQUENCY_TYPE)
      .default(ON_DEMAND_FREQUENCY_TYPE)
      .describe(`Always "${ON_DEMAND_FREQUENCY_TYPE}" (the default).`),
    retentionUnit: retentionUnitSchema,
    retentionValue: positiveInt.describe("Positive."),
  })
  .meta({ id: "OnDemandPolicyItem", description: "The policy item for on-demand snapshots." });

/** A scheduled item is a backup policy item (framework/backupPolicy.ts). */
export const scheduledPolicyItemSchema = policyItemSchema.meta({
  id: "CompliancePolicyItem",
  description: "A scheduled policy item; frequencyType + frequencyInterval identify it (each pair once).",
});

/** The on-demand item as stored: with its read-only id (the type of the output, never a check). */
export const onDemandPolicyItemOutputSchema = z
  .object({ ...onDemandPolicyItemSchema.shape, id: readOnlyItemIdSchema })
  .meta({
    id: "OnDemandPolicyItemOutput",
    description: "The on-demand policy item as stored: with its read-only id.",
  });

/** A scheduled item as stored: with its read-only id (the type of the output, never a check). */
export const scheduledPolicyItemOutputSchema = z
  .object({ ...policyItemSchema.shape, id: readOnlyItemIdSchema })
  .meta({
    id: "CompliancePolicyItemOutput",
    description: "A scheduled policy item as stored: with its read-only id.",
  });

export type ScheduledPolicyItem = z.output<typeof scheduledPolicyItemSchema>;
export type OnDemandPolicyItem = z.output<typeof onDemandPolicyItemSchema>;

export const backupCompliancePolicyInputsSchema = z
  .strictObject({
    /** The project (24 hex); the API calls it projectId. Changing it replaces the resource. */
    groupId: idPartSchema("groupId"),
    authorizedEmail: z.email(),
    authorizedUserFirstName: nonEmpty,
    authorizedUserLastName: nonEmpty,
    copyProtectionEnabled: z.boolean().default(false),
    encryptionAtRestEnabled: z.boolean().default(false),
    pitEnabled: z.boolean().default(false),
    // 0 is accepted: the service answers 200 to it (the vendor's client sends 0 when no window is
    // asked; docs/api-choices.md, Compliance policy).
    restoreWindowDays: z.number().int().nonnegative().optional(),
    onDemandPolicyItem: onDemandPolicyItemSchema.optional(),
    scheduledPolicyItems: z.array(scheduledPolicyItemSchema).default([]),
    /** Sent as the query parameter of the PUT: whether cluster backup policies are overwritten to comply. */
    overwriteBackupPolicies: z.boolean().default(true),
    /**
     * The service refuses to disable a policy without a prior support request, so by default delete
     * fails with the service's error. True: delete leaves the policy enabled in the project and only
     * removes it from the stack.
     */
    keepEnabledOnDelete: z.boolean().default(false),
    /** Waits for state ACTIVE after create/update, and for the policy to be gone after delete. */
    timeouts: timeoutsSchema.optional(),
    /** Adoption, `<groupId>`: create always adopts the project's policy, with or without this. */
    importId: importIdSchema(PROJECT_SINGLETON_ID_PARTS).optional(),
  })
  .superRefine((inputs, ctx) => {
    refineProjectImportId(inputs, ctx);

    refineUniquePolicyItems(inputs.scheduledPolicyItems, ["scheduledPolicyItems"], ctx);

    if (inputs.pitEnabled === true && inputs.restoreWindowDays === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["restoreWindowDays"],
        message: "restoreWindowDays is required when pitEnabled is true (the continuous backup window)",
      });
    }

    // restoreWindowDays may not exceed the hourly retention; judged only when both are known.
    const window = inputs.restoreWindowDays;
    const hourly = inputs.scheduledPolicyItems.find((item) => item.frequencyType === "hourly");
    if (window !== undefined && !containsUnknown(window) && hourly !== undefined) {
      const retentionDays = hourly.retentionValue * DAYS_PER_RETENTION_UNIT[hourly.retentionUnit];
      if (window > retentionDays) {
        ctx.addIssue({
          code: "custom",
          path: ["restoreWindowDays"],
          message:
            `restoreWindowDays (${window}) may not exceed the hourly retention (${hourly.retentionValue} ` +
            `${hourly.retentionUnit}${hourly.retentionUnit === "days" ? "" : ` = ${retentionDays} days`})`,
        });
      }
    }
  });

export type BackupCompliancePolicyInputs = z.output<typeof backupCompliancePolicyInputsSchema>;
