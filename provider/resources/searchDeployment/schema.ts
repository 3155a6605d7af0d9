/**
 * Inputs of the SearchDeployment resource (dedicated search nodes of a cluster, operations 20-23).
 *
 * One deployment exists per cluster at most; its `specs` hold exactly one item (the same instance
 * size and node count apply to all nodes).
 */
import { z } from "zod";
import { SEARCH_NODE_COUNT, SEARCH_NODE_INSTANCE_SIZES } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema } from "../../framework/validation";

export const SEARCH_DEPLOYMENT_ID_PARTS = ["groupId", "clusterName"] as const;

export const searchNodeSpecSchema = z
  .strictObject({
    instanceSize: z
      .string()
      .refine(
        (size) => (SEARCH_NODE_INSTANCE_SIZES as readonly string[]).includes(size),
        "must be a search node size: S20_HIGHCPU_NVME … S80_HIGHCPU_NVME, S30_LOWCPU_NVME … S140_LOWCPU_NVME or S40_STORAGE_NVME … S90_STORAGE_NVME",
      )
      .describe(
        "S20_HIGHCPU_NVME … S80_HIGHCPU_NVME, S30_LOWCPU_NVME … S140_LOWCPU_NVME, S40_STORAGE_NVME … S90_STORAGE_NVME.",
      ),
    nodeCount: z
      .int()
      .min(SEARCH_NODE_COUNT.min)
      .max(SEARCH_NODE_COUNT.max)
      .describe(`Number of nodes: ${SEARCH_NODE_COUNT.min}..${SEARCH_NODE_COUNT.max}.`),
  })
  .meta({
    id: "SearchNodeSpec",
    description: "Size and number of the search nodes (one spec applies to all nodes).",
  });

export const searchDeploymentInputsSchema = z.strictObject({
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  specs: z.array(searchNodeSpecSchema).length(1),
  importId: importIdSchema(SEARCH_DEPLOYMENT_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
  /** Delete nodes this resource created when they do not become IDLE in time (default: keep them in state). */
  deleteOnCreateFailure: z.boolean().optional(),
});

export type SearchNodeSpec = z.output<typeof searchNodeSpecSchema>;
export type SearchDeploymentInputs = z.output<typeof searchDeploymentInputsSchema>;
