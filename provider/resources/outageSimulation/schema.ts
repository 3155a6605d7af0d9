/**
 * Inputs of the OutageSimulation resource: a regional outage simulated on a cluster (operations 75,
 * 76, and 76a start of docs/spec/operations.md). A cluster has one simulation at a time.
 */
import { z } from "zod";
import { CLOUD_PROVIDERS, OUTAGE_FILTER_TYPES } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema } from "../../framework/validation";

export const OUTAGE_SIMULATION_ID_PARTS = ["groupId", "clusterName"] as const;

export const outageFilterSchema = z
  .strictObject({
    cloudProvider: z.enum(CLOUD_PROVIDERS).describe("AWS, AZURE or GCP."),
    regionName: z.string().min(1).describe("The provider's region name, e.g. US_EAST_1."),
    /** The contract's only filter type; the default. */
    type: z.enum(OUTAGE_FILTER_TYPES).default("REGION").describe("REGION (the default and only value)."),
  })
  .meta({ id: "OutageFilter", description: "One region to take out." });

export const outageSimulationInputsSchema = z.strictObject({
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  /** The regions to take out (the contract's minItems 1). */
  outageFilters: z.array(outageFilterSchema).min(1),
  importId: importIdSchema(OUTAGE_SIMULATION_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});

export type OutageFilter = z.output<typeof outageFilterSchema>;
export type OutageSimulationInputs = z.output<typeof outageSimulationInputsSchema>;
