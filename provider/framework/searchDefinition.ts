/**
 * Search index definitions, shared by the resources that manage search indexes in either definition
 * style (SearchIndex: second style, `definition`; FtsIndex: first style, flat fields). The text search
 * definition's rules (docs/spec/api-spec.md, operations 15 and 25) and the canonical form two
 * definitions are compared in: the service may echo a definition with its defaults filled in
 * (analyzer lucene.standard, numPartitions 1, ...) or exactly as sent, and either way the same
 * definition must compare equal, structurally (key order never matters).
 */
import { z } from "zod";
import { DEFAULT_ANALYZER, LUCENE_ANALYZERS, SEARCH_INDEX_NUM_PARTITIONS } from "../../api/vocabulary";
import { hasErrorCode } from "../client";
import { assertAdoptedIdentity, importIdHint, RECOVER_HINT } from "./adoption";
import { deepEqual } from "./diff";

/** Built-in analyzer names as plain strings, for membership tests on user input. */
export const BUILT_IN_ANALYZERS: readonly string[] = LUCENE_ANALYZERS;

/** The first style's flat definition fields: FtsIndex's own inputs; SearchIndex's check moves them into `definition`. */
export const FLAT_DEFINITION_FIELDS = [
  "analyzer",
  "analyzers",
  "searchAnalyzer",
  "mappings",
  "numPartitions",
  "storedSource",
  "synonyms",
] as const;
export type FlatDefinitionField = (typeof FLAT_DEFINITION_FIELDS)[number];

export const nonEmpty = z.string().min(1, "must not be empty");

export const numPartitionsSchema = z
  .number()
  .refine((value) => (SEARCH_INDEX_NUM_PARTITIONS as readonly number[]).includes(value), "must be 1, 2 or 4")
  .meta({ typeOf: z.literal(SEARCH_INDEX_NUM_PARTITIONS), description: "Index partitions: 1, 2 or 4." });

/** A tokenizer, char filter or token filter: free-form, but each names its `type`. */
export const analysisComponent = z.looseObject({ type: nonEmpty }).meta({
  id: "SearchAnalysisComponent",
  description:
    "A tokenizer, character filter or token filter: its `type` (for example `edgeGram`, `htmlStrip`) and that type's options.",
});

export const customAnalyzerSchema = z
  .strictObject({
    name: nonEmpty
      .refine(
        (name) => !name.startsWith("lucene."),
        'must not start with "lucene." (reserved for built-in analyzers)',
      )
      .describe("Unique among `analyzers`; must not start with `lucene.`."),
    charFilters: z.array(analysisComponent).optional().describe("Character filters, applied first."),
    tokenFilters: z.array(analysisComponent).optional().describe("Token filters, applied to the tokens."),
    tokenizer: analysisComponent.describe("The tokenizer."),
  })
  .meta({
    id: "SearchAnalyzerDefinition",
    description: "A user-defined analyzer of a text search definition.",
  });

/** Field names given to storedSource include/exclude. */
const fieldNameList = z.array(nonEmpty).min(1);

export const storedSourceSchema = z
  .union([
    z.boolean(),
    z.strictObject({ include: fieldNameList }),
    z.strictObject({ exclude: fieldNameList }),
  ])
  .meta({
    id: "StoredSource",
    description: "Which fields are stored on the search nodes: all (`true`), none (`false`), or a list.",
  });

export const mappingsSchema = z
  .strictObject({
    dynamic: z
      .union([z.boolean(), z.strictObject({ typeSet: nonEmpty })], {
        error: (issue) =>
          issue.code === "invalid_union"
            ? "must be true, false or {typeSet: <the name of one of typeSets>}"
            : undefined,
      })
      .default(false)
      .describe(
        "Index every field dynamically (`true`), with the types of one of `typeSets` (`{typeSet}`), or only `fields` (`false`, the default).",
      ),
    fields: z
      .record(z.string(), z.record(z.string(), z.unknown()))
      .optional()
      .describe("Field name -> field definition (free-form, as the service documents it)."),
  })
  .meta({ id: "SearchMappings", description: "Field mappings of a text search definition." });

export const synonymSchema = z
  .strictObject({
    analyzer: nonEmpty.describe("Analyzer applied to the synonyms: a built-in `lucene.*` analyzer."),
    name: nonEmpty.describe("Unique among `synonyms`."),
    source: z
      .strictObject({ collection: nonEmpty })
      .describe("The collection holding the synonym documents."),
  })
  .meta({ id: "SearchSynonymMapping", description: "A synonym mapping of a text search definition." });

/** Upper bound of `typeSets` and of each type set's `types` (the contract's maxItems). */
export const TYPE_SETS_MAX = 100;

/**
 * `typeSets` (the contract's SearchTypeSets): named lists of field types a mapping can point at with
 * `typeSet`. Each type is an object naming its `type` (string, token, number, ...).
 */
export const typeSetSchema = z
  .strictObject({
    name: nonEmpty.describe("Unique among `typeSets`."),
    types: z
      .array(analysisComponent)
      .min(1)
      .max(TYPE_SETS_MAX)
      .describe('1 to 100 field types, each naming its `type` ("string", "token", "number", ...).'),
  })
  .meta({ id: "SearchTypeSet", description: "A type set of a text search definition." });

/** A sort direction: 1 ascending, -1 descending. */
const sortOrder = z.union([z.literal(1), z.literal(-1)], {
  error: () => "must be 1 (ascending) or -1 (descending)",
});

/** Where documents without the field sort (the public service's default: lowest). */
export const SORT_NO_DATA = ["lowest", "highest"] as const;
export const DEFAULT_SORT_NO_DATA = "lowest" satisfies (typeof SORT_NO_DATA)[number];

/**
 * `sort` (an object in the contract): the index's presort, field path -> 1, -1 or {order, noData}.
 * Key order is the sort's priority, so it is kept as written.
 */
export const sortSchema = z.record(
  nonEmpty,
  z.union([sortOrder, z.strictObject({ order: sortOrder, noData: z.enum(SORT_NO_DATA).optional() })], {
    error: (issue) =>
      issue.code === "invalid_union"
        ? 'must be 1, -1 or {order: 1 | -1, noData: "lowest" | "highest"}'
        : undefined,
  }),
);

/** What the definition's fields are, for the SDK and the package schema. */
const TEXT_DEFINITION_DOCS = {
  analyzer: "Analyzer for indexing: `lucene.<language>` (lucene.standard by default) or one of `analyzers`.",
  analyzers: "User-defined analyzers.",
  mappings: "Field mappings.",
  numPartitions: "Index partitions: 1 (default), 2 or 4.",
  searchAnalyzer:
    "Analyzer for queries: `lucene.<language>` (lucene.standard by default) or one of `analyzers`.",
  sort: 'The index\'s presort: field path -> 1 (ascending), -1 (descending) or {order, noData}. The order of the keys is the sort\'s priority. `noData` ("lowest", the default, or "highest"): where documents without the field go.',
  storedSource: "Stored source fields (default: none).",
  synonyms: "Synonym mappings.",
  typeSets:
    "Named lists of field types (at most 100, names unique), for `mappings.dynamic.typeSet` and field mappings.",
} as const;

/** Text search definition ("search"): the second style's fields; defaults applied. */
export const textDefinitionSchema = z
  .strictObject({
    analyzer: nonEmpty.default(DEFAULT_ANALYZER).describe(TEXT_DEFINITION_DOCS.analyzer),
    analyzers: z.array(customAnalyzerSchema).optional().describe(TEXT_DEFINITION_DOCS.analyzers),
    mappings: mappingsSchema.optional().describe(TEXT_DEFINITION_DOCS.mappings),
    numPartitions: numPartitionsSchema.default(1).describe(TEXT_DEFINITION_DOCS.numPartitions),
    searchAnalyzer: nonEmpty.default(DEFAULT_ANALYZER).describe(TEXT_DEFINITION_DOCS.searchAnalyzer),
    sort: sortSchema.optional().describe(TEXT_DEFINITION_DOCS.sort),
    storedSource: storedSourceSchema.optional().describe(TEXT_DEFINITION_DOCS.storedSource),
    synonyms: z.array(synonymSchema).optional().describe(TEXT_DEFINITION_DOCS.synonyms),
    typeSets: z.array(typeSetSchema).max(TYPE_SETS_MAX).optional().describe(TEXT_DEFINITION_DOCS.typeSets),
  })

  .superRefine((definition, ctx) => {
    const typeSetNames = (definition.typeSets ?? []).map((typeSet) => typeSet.name);
    for (const [index, name] of typeSetNames.entries()) {
      if (typeSetNames.indexOf(name) !== index) {
        ctx.addIssue({
          code: "custom",
          path: ["typeSets", index, "name"],
          message: `must be unique among typeSets; "${name}" is defined more than once`,
        });
      }
    }
    const dynamic = definition.mappings?.dynamic;
    if (typeof dynamic === "object" && !typeSetNames.includes(dynamic.typeSet)) {
      const defined = typeSetNames.length === 0 ? "none is defined" : `defined: ${typeSetNames.join(", ")}`;
      ctx.addIssue({
        code: "custom",
        path: ["mappings", "dynamic", "typeSet"],
        message: `must name one of typeSets; "${dynamic.typeSet}" is not among them (${defined})`,
      });
    }
    const custom = (definition.analyzers ?? []).map((analyzer) => analyzer.name);
    for (const [index, name] of custom.entries()) {
      if (custom.indexOf(name) !== index) {
        ctx.addIssue({
          code: "custom",
          path: ["analyzers", index, "name"],
          message: `must be unique among analyzers; "${name}" is defined more than once`,
        });
      }
    }
    const known = (name: string): boolean => BUILT_IN_ANALYZERS.includes(name) || custom.includes(name);
    const rule = `must be a built-in analyzer (lucene.standard, lucene.english, ...) or the name of one of analyzers`;
    for (const key of ["analyzer", "searchAnalyzer"] as const) {
      if (!known(definition[key])) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${rule}; got ${JSON.stringify(definition[key])}`,
        });
      }
    }
    const synonymNames = (definition.synonyms ?? []).map((synonym) => synonym.name);
    for (const [index, synonym] of (definition.synonyms ?? []).entries()) {
      // The service accepts only built-in analyzers for synonym mappings.
      if (!BUILT_IN_ANALYZERS.includes(synonym.analyzer)) {
        ctx.addIssue({
          code: "custom",
          path: ["synonyms", index, "analyzer"],
          message: `must be a built-in analyzer (lucene.standard, lucene.english, ...); got ${JSON.stringify(synonym.analyzer)}`,
        });
      }
      if (synonymNames.indexOf(synonym.name) !== index) {
        ctx.addIssue({
          code: "custom",
          path: ["synonyms", index, "name"],
          message: `must be unique among synonyms; "${synonym.name}" is defined more than once`,
        });
      }
    }
  })
  .meta({
    id: "TextSearchDefinition",
    description: 'A text search definition (`type: "search"`). Defaults are filled in by check.',
  });

export type TextDefinition = z.output<typeof textDefinitionSchema>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether a definition is a vector search definition (it lists `fields`). */
export function isVectorDefinition(definition: Record<string, unknown>): boolean {
  return Array.isArray(definition.fields);
}

/**
 * `sort` for comparison: a list of [path, {order, noData}] in the written order, because the order of
 * the keys is the sort's priority (a plain object would compare equal in any key order), and `1` means
 * the same as `{order: 1, noData: "lowest"}`.
 */
function canonicalSort(sort: unknown): unknown {
  if (!isPlainObject(sort)) return sort;
  return Object.entries(sort).map(([path, spec]) => [
    path,
    typeof spec === "number"
      ? { order: spec, noData: DEFAULT_SORT_NO_DATA }
      : isPlainObject(spec)
        ? { noData: DEFAULT_SORT_NO_DATA, ...stripUndefined(spec) }
        : spec,
  ]);
}

/** `typeSets` for comparison: a set by name (the service may list them in another order). */
function canonicalTypeSets(typeSets: unknown): unknown {
  if (!Array.isArray(typeSets)) return [];
  const name = (typeSet: unknown) => (isPlainObject(typeSet) ? String(typeSet.name) : "");
  return [...typeSets].sort((left, right) => name(left).localeCompare(name(right)));
}

/**
 * The definition with every service default applied, for comparison only (never sent). Text:
 * analyzer/searchAnalyzer lucene.standard, numPartitions 1, mappings {dynamic false, fields {}},
 * storedSource false, no analyzers, synonyms, typeSets or sort. Vector: numPartitions 1, quantization
 * none, no nestedRoot.
 */
export function canonicalDefinition(definition: unknown): unknown {
  if (!isPlainObject(definition)) return definition;
  if (isVectorDefinition(definition)) {
    const fields = (definition.fields as unknown[]).map((field) =>
      isPlainObject(field) && field.type === "vector"
        ? { quantization: "none", ...stripUndefined(field) }
        : field,
    );
    return { numPartitions: 1, ...stripUndefined(definition), fields };
  }
  const mappings = isPlainObject(definition.mappings) ? definition.mappings : {};
  const analyzers = Array.isArray(definition.analyzers) ? definition.analyzers : [];
  return {
    analyzer: DEFAULT_ANALYZER,
    searchAnalyzer: DEFAULT_ANALYZER,
    numPartitions: 1,
    storedSource: false,
    synonyms: [],
    ...stripUndefined(definition),
    sort: canonicalSort(definition.sort ?? {}),
    typeSets: canonicalTypeSets(definition.typeSets),
    analyzers: analyzers.map((analyzer) =>
      isPlainObject(analyzer) ? { charFilters: [], tokenFilters: [], ...stripUndefined(analyzer) } : analyzer,
    ),
    mappings: { dynamic: false, fields: {}, ...stripUndefined(mappings) },
  };
}

function stripUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

/** Whether two definitions mean the same index (defaults applied, key order ignored). */
export function definitionsEqual(left: unknown, right: unknown): boolean {
  return deepEqual(canonicalDefinition(left), canonicalDefinition(right));
}

/** What {@link duplicateIndexError} says of the index whose name is taken. */
export interface TakenIndexName {
  /** The index the create asked for, in words. */
  describe: string;
  /** The id of the index holding the name (undefined: not found). */
  existingId: () => Promise<string | undefined>;
  /** The parts of the resource's id, for the importId hint when the holder is not found. */
  idParts: readonly string[];
}

/**
 * The error of a create the service refused because the name is taken in that collection
 * (SEARCH_DUPLICATE_INDEX): which index holds it and how to adopt it, rather than only relaying the
 * service's error.
 */
export async function duplicateIndexError(taken: TakenIndexName, cause: unknown): Promise<Error> {
  let existingId: string | undefined;
  try {
    existingId = await taken.existingId();
  } catch {
    // The lookup only improves the message; the service's error below still explains the failure.
  }
  const adopt = importIdHint(existingId, taken.idParts);
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new Error(
    `${taken.describe} already exists (${reason}); choose another name, or ${adopt}; ${RECOVER_HINT}`,
  );
}

/** Creates a search index; a name taken in that collection fails with {@link duplicateIndexError}. */
export async function createIndex<Live>(create: () => Promise<Live>, taken: TakenIndexName): Promise<Live> {
  try {
    return await create();
  } catch (error) {
    if (hasErrorCode(error, "SEARCH_DUPLICATE_INDEX")) throw await duplicateIndexError(taken, error);
    throw error;
  }
}

/** What names a search index where it is. */
interface IndexNames {
  database: string;
  collectionName: string;
  name: string;
}

/**
 * Adoption converges an index's definition only: an index cannot be renamed or moved, so an importId
 * naming an index whose identity differs from the inputs is an error (before any change is made).
 * `more`: the resource's own identity fields (SearchIndex: its type).
 */
export function assertAdoptedIndex(
  importId: string | undefined,
  inputs: IndexNames,
  live: Partial<IndexNames>,
  more: ReadonlyArray<readonly [field: string, want: string, got: string | undefined]> = [],
): void {
  assertAdoptedIdentity(importId, "search index", [
    ["database", inputs.database, live.database],
    ["collectionName", inputs.collectionName, live.collectionName],
    ["name", inputs.name, live.name],
    ...more,
  ]);
}
