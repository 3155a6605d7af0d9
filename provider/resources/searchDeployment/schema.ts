/**
 * Inputs of the SearchDeployment resource (dedicated search nodes of a cluster, operations 20-23).
 *
 * One deployment exists per cluster at most; its `specs` hold exactly one item (the same instance
 * size and node count apply to all nodes).
 */
import { z } from "zod";
import { importIdSchema } from "../../framework/adoption";
import { ID_PART_RULES } from "../../framework/ids";
import { timeoutsSchema } from "../../framework/timeouts";

export const SEARCH_DEPLOYMENT_ID_PARTS = ["groupId", "clusterName"] as const;

/** Search nodes take a while to provision and resize. */
export const SEARCH_DEPLOYMENT_DEFAULT_TIMEOUTS = { create: "2h", update: "2h", delete: "1h" } as const;

export const MIN_NODE_COUNT = 2;
export const MAX_NODE_COUNT = 32;

/**
 * The instance sizes of the three families (operations.md: S20_HIGHCPU_NVME … S80_HIGHCPU_NVME,
 * S30_LOWCPU_NVME … S140_LOWCPU_NVME, S40_STORAGE_NVME … S90_STORAGE_NVME). The ranges are filled in
 * steps of 10 as the public service names them, plus its S135_LOWCPU_NVME and without the
 * S70_STORAGE_NVME it does not offer.
 */
function family(from: number, to: number, suffix: string, extra: number[] = []): string[] {
  const sizes: number[] = [];
  for (let size = from; size <= to; size += 10) sizes.push(size);
  return [...sizes, ...extra].sort((a, b) => a - b).map((size) => `S${size}_${suffix}`);
}
export const INSTANCE_SIZES: readonly string[] = [
  ...family(20, 80, "HIGHCPU_NVME"),
  ...family(30, 140, "LOWCPU_NVME", [135]),
  ...family(40, 90, "STORAGE_NVME").filter((size) => size !== "S70_STORAGE_NVME"),
];

function idPart(name: keyof typeof ID_PART_RULES): z.ZodString {
  const rule = ID_PART_RULES[name];
  if (rule === undefined) throw new Error(`no id rule for ${name}`);
  return z.string().regex(rule.pattern, rule.rule);
}

export const searchNodeSpecSchema = z.strictObject({
  instanceSize: z
    .string()
    .refine(
      (size) => INSTANCE_SIZES.includes(size),
      "must be a search node size: S20_HIGHCPU_NVME … S80_HIGHCPU_NVME, S30_LOWCPU_NVME … S140_LOWCPU_NVME or S40_STORAGE_NVME … S90_STORAGE_NVME",
    ),
  nodeCount: z.int().min(MIN_NODE_COUNT).max(MAX_NODE_COUNT),
});

export const searchDeploymentInputsSchema = z.strictObject({
  groupId: idPart("groupId"),
  clusterName: idPart("clusterName"),
  specs: z.array(searchNodeSpecSchema).length(1),
  importId: importIdSchema(SEARCH_DEPLOYMENT_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
  /** Delete nodes this resource created when they do not become IDLE in time (default: keep them in state). */
  deleteOnCreateFailure: z.boolean().optional(),
});

export type SearchNodeSpec = z.output<typeof searchNodeSpecSchema>;
export type SearchDeploymentInputs = z.output<typeof searchDeploymentInputsSchema>;
