/**
 * Inputs of the SearchIndex resource (second definition style, operations 24-32), as a zod schema.
 *
 * The index is addressed by groupId, clusterName, database, collectionName and name; `type` says
 * whether `definition` is a text search definition ("search") or a vector search definition
 * ("vectorSearch"). The first definition style's flat fields (analyzer, analyzers, searchAnalyzer,
 * mappings, numPartitions, storedSource, synonyms) are accepted at the top level too: check moves them
 * into `definition`, so the stored inputs have one shape and a later diff compares like with like.
 */
import { z } from "zod";
import { VECTOR_DIMENSIONS, VECTOR_QUANTIZATIONS, VECTOR_SIMILARITIES } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { deepEqual } from "../../framework/diff";
import {
  customAnalyzerSchema,
  FLAT_DEFINITION_FIELDS,
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
export const SEARCH_INDEX_ID_PARTS = ["groupId", "clusterName", "indexId"] as const;

/**
 * The parts of the id's second format, by names: an index adopted by
 * `<groupId>/<clusterName>/<database>/<collectionName>/<indexName>` stays addressed by those names
 * (get 28, update 29, delete 27), so the resource manages whichever index holds that name.
 */
export const SEARCH_INDEX_NAMES_ID_PARTS = [
  "groupId",
  "clusterName",
  "database",
  "collectionName",
  "indexName",
] as const;

/** The flat fields that only a text search definition can express. */
const TEXT_ONLY_FLAT_FIELDS = FLAT_DEFINITION_FIELDS.filter((field) => field !== "numPartitions");

export const vectorFieldSchema = z
  .strictObject({
    type: z.literal("vector"),
    path: nonEmpty.describe("Dotted path of the field holding the embedding."),
    numDimensions: z
      .int()
      .min(VECTOR_DIMENSIONS.min)
      .max(VECTOR_DIMENSIONS.max)
      .describe("Number of dimensions of the embeddings: 1..8192."),
    similarity: z.enum(VECTOR_SIMILARITIES).describe("Similarity function."),
    quantization: z
      .enum(VECTOR_QUANTIZATIONS)
      .optional()
      .describe('Quantization of the stored vectors; the service\'s default is "none".'),
  })
  .meta({ id: "VectorSearchVectorField", description: "A vector field of a vector search definition." });

export const filterFieldSchema = z
  .strictObject({
    type: z.literal("filter"),
    path: nonEmpty.describe("Dotted path of the field to filter on."),
  })
  .meta({
    id: "VectorSearchFilterField",
    description: "A filter field of a vector search definition (pre-filtering on its values).",
  });

const vectorDefinitionField = z.discriminatedUnion("type", [vectorFieldSchema, filterFieldSchema], {
  error: (issue) => (issue.code === "invalid_union" ? 'must have type "vector" or "filter"' : undefined),
});

/** Vector search definition ("vectorSearch"): the fields the public service uses. */
export const vectorDefinitionSchema = z
  .strictObject({
    fields: z
      .array(vectorDefinitionField)
      .min(1)
      .describe("At least one vector field; paths unique per field type."),
    // The contract's VectorSearchIndexDefinition.nestedRoot.
    nestedRoot: nonEmpty
      .optional()
      .describe("The path of an array of embedded documents whose vectors are indexed each on its own."),
    numPartitions: numPartitionsSchema.optional(),
  })
  .superRefine((definition, ctx) => {
    if (definition.fields.length > 0 && !definition.fields.some((field) => field.type === "vector")) {
      ctx.addIssue({
        code: "custom",
        path: ["fields"],
        message: 'must contain at least one field of type "vector"',
      });
    }
    const paths = definition.fields.map((field) => `${field.type}:${field.path}`);
    for (const [index, key] of paths.entries()) {
      if (paths.indexOf(key) !== index) {
        ctx.addIssue({
          code: "custom",
          path: ["fields", index, "path"],
          message: `must be unique among ${definition.fields[index]?.type} fields; "${definition.fields[index]?.path}" appears more than once`,
        });
      }
    }
  });

export type VectorDefinition = z.output<typeof vectorDefinitionSchema>;

/** What a program writes as `definition`: a text or a vector definition (check tells them apart by `type`). */
export const definitionInputSchema = z.union([
  textDefinitionSchema,
  vectorDefinitionSchema.meta({
    id: "VectorSearchDefinition",
    description: 'A vector search definition (`type: "vectorSearch"`).',
  }),
]);
export type SearchIndexType = "search" | "vectorSearch";

const identityFields = {
  groupId: idPartSchema("groupId"),
  clusterName: idPartSchema("clusterName"),
  database: nonEmpty,
  collectionName: nonEmpty,
  name: nonEmpty,
  importId: importIdSchema(SEARCH_INDEX_ID_PARTS, SEARCH_INDEX_NAMES_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
  /** Delete an index this resource created when its build fails or times out (default: keep it in state). */
  deleteOnCreateFailure: z.boolean().optional(),
};

/** The top-level flat fields, validated with the same rules as inside a text definition. */
const flatTextFields = {
  analyzer: nonEmpty.optional(),
  analyzers: z.array(customAnalyzerSchema).optional(),
  searchAnalyzer: nonEmpty.optional(),
  mappings: mappingsSchema.optional(),
  numPartitions: numPartitionsSchema.optional(),
  storedSource: storedSourceSchema.optional(),
  synonyms: z.array(synonymSchema).optional(),
};

/** For a vector index, the text-only flat fields are errors, not silently dropped. */
const rejectedForVector = Object.fromEntries(
  TEXT_ONLY_FLAT_FIELDS.map((field) => [
    field,
    z
      .undefined({ error: 'applies only to indexes of type "search" (text search), not "vectorSearch"' })
      .optional(),
  ]),
);

const textIndexShape = z.strictObject({
  ...identityFields,
  ...flatTextFields,
  type: z.literal("search"),
  definition: z.record(z.string(), z.unknown()).optional(),
});

const vectorIndexShape = z.strictObject({
  ...identityFields,
  ...rejectedForVector,
  numPartitions: numPartitionsSchema.optional(),
  type: z.literal("vectorSearch"),
  definition: z.record(z.string(), z.unknown()).optional(),
});

/** Inputs after check: flat fields moved into `definition`, defaults applied. */
export interface SearchIndexInputs {
  groupId: string;
  clusterName: string;
  database: string;
  collectionName: string;
  name: string;
  type: SearchIndexType;
  definition: TextDefinition | VectorDefinition;
  importId?: string;
  timeouts?: z.output<typeof timeoutsSchema>;
  deleteOnCreateFailure?: boolean;
}

/** Puts `type: "search"` in place when it is not given (the API's default). */
function withDefaultType(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return record.type === undefined ? { ...record, type: "search" } : record;
}

/**
 * Merges the flat fields into the definition: a field given in both places must agree (compared
 * structurally), so the user learns about the conflict instead of one value silently winning.
 */
function mergeFlatFields(
  raw: Record<string, unknown>,
  definition: Record<string, unknown> | undefined,
  ctx: z.RefinementCtx,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...(definition ?? {}) };
  for (const field of FLAT_DEFINITION_FIELDS) {
    const flat = raw[field];
    if (flat === undefined) continue;
    const inner = merged[field];
    if (inner !== undefined && !deepEqual(inner, flat)) {
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `is given both at the top level and as definition.${field} with different values; set it in one place`,
      });
      continue;
    }
    merged[field] = flat;
  }
  return merged;
}

/** Re-raises a sub-schema's issues with their paths under `prefix` (`["definition"]`, or `[]` for a flat field). */
function reportUnder(prefix: PropertyKey[], issues: readonly z.core.$ZodIssue[], ctx: z.RefinementCtx): void {
  for (const issue of issues) {
    // The issue is re-raised as-is (its code, keys, values) with the path prefixed.
    ctx.addIssue({ ...issue, path: [...prefix, ...issue.path] } as unknown as z.core.$ZodRawIssue);
  }
}

export const searchIndexInputsSchema = z.preprocess(
  withDefaultType,
  z
    .discriminatedUnion("type", [textIndexShape, vectorIndexShape], {
      error: (issue) => (issue.code === "invalid_union" ? 'must be "search" or "vectorSearch"' : undefined),
    })
    .transform((raw, ctx): SearchIndexInputs => {
      const merged = mergeFlatFields(raw as Record<string, unknown>, raw.definition, ctx);
      const missing =
        raw.type === "search"
          ? raw.definition === undefined && merged.mappings === undefined
            ? "is required: give a text search definition (at least mappings), or the flat field mappings"
            : undefined
          : raw.definition === undefined
            ? "is required: give a vector search definition with fields"
            : undefined;
      if (missing !== undefined) ctx.addIssue({ code: "custom", path: ["definition"], message: missing });
      const definitionSchema = raw.type === "search" ? textDefinitionSchema : vectorDefinitionSchema;
      const parsed = definitionSchema.safeParse(merged, { error: ruleMessage });
      if (!parsed.success && missing === undefined) {
        // Issues of a flat field are reported where the user wrote it.
        for (const issue of parsed.error.issues) {
          const head = issue.path[0];
          const fromFlat =
            typeof head === "string" && head in raw && (raw as Record<string, unknown>)[head] !== undefined;
          reportUnder(fromFlat ? [] : ["definition"], [issue], ctx);
        }
      }
      const inputs: SearchIndexInputs = {
        groupId: raw.groupId,
        clusterName: raw.clusterName,
        database: raw.database,
        collectionName: raw.collectionName,
        name: raw.name,
        type: raw.type,
        definition: parsed.success ? parsed.data : (merged as TextDefinition),
      };
      if (raw.importId !== undefined) inputs.importId = raw.importId;
      if (raw.timeouts !== undefined) inputs.timeouts = raw.timeouts;
      if (raw.deleteOnCreateFailure !== undefined) inputs.deleteOnCreateFailure = raw.deleteOnCreateFailure;
      return inputs;
    }),
);
