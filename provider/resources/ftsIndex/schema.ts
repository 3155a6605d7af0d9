/**
 * Inputs of the FtsIndex resource: a text search index in the API's first (flat) definition style
 * (docs/spec/api-spec.md operations 15-19, `/fts/indexes`; the contract's `createClusterFtsIndex`).
 *
 * The index is addressed by groupId, clusterName, database, collectionName and name, like a
 * SearchIndex; its definition is the flat fields (analyzer, analyzers, searchAnalyzer, mappings,
 * numPartitions, storedSource, synonyms) at the top level, checked with the same rules as a text
 * search definition (framework/searchDefinition.ts) and with the same defaults filled in.
 */
import { z } from "zod";
import { importIdSchema } from "../../framework/adoption";
import {
  customAnalyzerSchema,
  FLAT_DEFINITION_FIELDS,
  type FlatDefinitionField,
  mappingsSchema,
  nonEmpty,
  numPartitionsSchema,
  storedSourceSchema,
  synonymSchema,
  type TextDefinition,
  textDefinitionSchema,
} from "../../framework/searchDefinition";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema, ruleMessage } from "../../framework/validation";

/** The parts of this resource's id and importId, in order. */
export const FTS_INDEX_ID_PARTS = ["groupId", "clusterName", "indexId"] as const;

const rawShape = z.strictObject({
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  database: nonEmpty,
  collectionName: nonEmpty,
  name: nonEmpty,
  analyzer: nonEmpty.optional(),
  analyzers: z.array(customAnalyzerSchema).optional(),
  searchAnalyzer: nonEmpty.optional(),
  mappings: mappingsSchema,
  numPartitions: numPartitionsSchema.optional(),
  storedSource: storedSourceSchema.optional(),
  synonyms: z.array(synonymSchema).optional(),
  importId: importIdSchema(FTS_INDEX_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});

/** The flat definition after check: defaults applied (analyzer, searchAnalyzer, numPartitions, mappings.dynamic). */
export type FtsDefinition = Pick<TextDefinition, FlatDefinitionField>;

/** Inputs after check. */
export interface FtsIndexInputs extends FtsDefinition {
  groupId: string;
  clusterName: string;
  database: string;
  collectionName: string;
  name: string;
  importId?: string;
  timeouts?: z.output<typeof timeoutsSchema>;
}

/** The definition fields of inputs (or stored outputs), as a text search definition. */
export function ftsDefinitionOf(
  values: Partial<Record<FlatDefinitionField, unknown>>,
): Record<string, unknown> {
  const definition: Record<string, unknown> = {};
  for (const field of FLAT_DEFINITION_FIELDS)
    if (values[field] !== undefined) definition[field] = values[field];
  return definition;
}

export const ftsIndexInputsSchema = rawShape.transform((raw, ctx): FtsIndexInputs => {
  // The cross-field rules (analyzer names known, names unique, synonym analyzers built in) are the
  // text search definition's; its issues name the flat field, which is where the user wrote it.
  const parsed = textDefinitionSchema.safeParse(ftsDefinitionOf(raw), { error: ruleMessage });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Re-raised as-is (code, keys, values): the path is already the flat field's.
      ctx.addIssue(issue as unknown as z.core.$ZodRawIssue);
    }
  }
  const definition = parsed.success ? (ftsDefinitionOf(parsed.data) as FtsDefinition) : raw;
  const inputs: FtsIndexInputs = {
    groupId: raw.groupId,
    clusterName: raw.clusterName,
    database: raw.database,
    collectionName: raw.collectionName,
    name: raw.name,
    ...ftsDefinitionOf(definition),
  } as FtsIndexInputs;
  if (raw.importId !== undefined) inputs.importId = raw.importId;
  if (raw.timeouts !== undefined) inputs.timeouts = raw.timeouts;
  return inputs;
});
