/**
 * A search index's definition, which both definition styles carry (the first flat in its body, the
 * second under `definition`): the text and vector definition validators, the rule that analyzer
 * names name a lucene analyzer or a custom one, and the defaults the service shows for what a text
 * definition leaves unset.
 */
import {
  DEFAULT_ANALYZER,
  LUCENE_ANALYZERS,
  SEARCH_INDEX_NUM_PARTITIONS,
  VECTOR_DIMENSIONS,
  VECTOR_QUANTIZATIONS,
  VECTOR_SIMILARITIES,
} from "../../api/vocabulary";
import type { Json, JsonObject } from "../core/contract";
import { apiError } from "../core/errors";
import {
  arr,
  bool,
  custom,
  freeform,
  int,
  invalidAttribute,
  isObject,
  type ObjectSchema,
  obj,
  oneOf,
  required,
  str,
  validateBody,
} from "../core/validation";

/** stored source: true/false, or an object with exactly one of include / exclude (field lists). */
const storedSourceSchema = custom((value, path) => {
  if (typeof value === "boolean") return;
  if (!isObject(value)) invalidAttribute(path, "expected a boolean or an object with include or exclude");
  const keys = Object.keys(value);
  if (keys.length !== 1 || (keys[0] !== "include" && keys[0] !== "exclude"))
    invalidAttribute(path, "expected exactly one of include or exclude");
  const fields = value[keys[0] as string];
  if (!Array.isArray(fields) || fields.some((f) => typeof f !== "string"))
    invalidAttribute(`${path}.${keys[0]}`, "expected an array of field names");
});

const analyzerNameSchema = str({ minLength: 1 });

/** Fields of a text search definition (shared by the flat first style and `definition`). */
export const textDefinitionFields: ObjectSchema = {
  analyzer: analyzerNameSchema,
  analyzers: arr(
    obj({
      name: required(str({ minLength: 1 })),
      charFilters: arr(freeform()),
      tokenFilters: arr(freeform()),
      tokenizer: required(freeform()),
    }),
  ),
  mappings: obj({ dynamic: bool(), fields: freeform() }),
  numPartitions: int({ allowed: SEARCH_INDEX_NUM_PARTITIONS }),
  searchAnalyzer: analyzerNameSchema,
  storedSource: storedSourceSchema,
  synonyms: arr(
    obj({
      analyzer: required(oneOf(LUCENE_ANALYZERS)),
      name: required(str({ minLength: 1 })),
      source: required(obj({ collection: required(str({ minLength: 1 })) })),
    }),
  ),
};
const TEXT_DEFINITION_KEYS = Object.keys(textDefinitionFields);

/** A vector search definition (not shown in the spec; the public service's shape). */
const vectorDefinitionFields: ObjectSchema = {
  fields: required(
    arr(
      {
        kind: "tagged",
        tag: "type",
        variants: {
          vector: {
            path: required(str({ minLength: 1 })),
            numDimensions: required(int(VECTOR_DIMENSIONS)),
            similarity: required(oneOf(VECTOR_SIMILARITIES)),
            quantization: oneOf(VECTOR_QUANTIZATIONS),
          },
          filter: { path: required(str({ minLength: 1 })) },
        },
      },
      { minItems: 1 },
    ),
  ),
  numPartitions: int({ allowed: SEARCH_INDEX_NUM_PARTITIONS }),
};

/** analyzer and searchAnalyzer name a lucene analyzer or one defined in `analyzers`. */
export function checkAnalyzerNames(definition: JsonObject, pathPrefix: string): void {
  const custom = Array.isArray(definition.analyzers)
    ? definition.analyzers.filter(isObject).map((a) => a.name)
    : [];
  for (const field of ["analyzer", "searchAnalyzer"]) {
    const value = definition[field];
    if (
      typeof value === "string" &&
      !(LUCENE_ANALYZERS as readonly string[]).includes(value) &&
      !custom.includes(value)
    ) {
      const path = pathPrefix + field;
      throw apiError("INVALID_ENUM_VALUE", [value, path], {
        args: [value, path, "lucene.<language> or a name from analyzers"],
      });
    }
  }
}

/** The definition of an index of `type` (search or vectorSearch), validated; errors name `path`. */
export function validateDefinition(type: string, definition: Json | undefined, path: string): JsonObject {
  if (definition === undefined) throw apiError("MISSING_ATTRIBUTE", [path]);
  if (!isObject(definition)) invalidAttribute(path, "expected an object");
  const fields = type === "vectorSearch" ? vectorDefinitionFields : textDefinitionFields;
  // Validate as a nested object so errors name `definition.<field>`.
  validateBody({ definition }, { definition: obj(fields) });
  if (type !== "vectorSearch") checkAnalyzerNames(definition, `${path}.`);
  return definition;
}

/** The text definition a flat (first-style) body carries: its text definition fields, as given. */
export function textDefinitionOf(body: JsonObject): JsonObject {
  const definition: JsonObject = {};
  for (const key of TEXT_DEFINITION_KEYS) {
    const value = body[key];
    if (value !== undefined) definition[key] = value;
  }
  return definition;
}

/** The defaults the service shows for a text definition's unset analyzers and partitions. */
export function textDefaults(definition: JsonObject): JsonObject {
  return {
    analyzer: definition.analyzer ?? DEFAULT_ANALYZER,
    searchAnalyzer: definition.searchAnalyzer ?? DEFAULT_ANALYZER,
    numPartitions: definition.numPartitions ?? 1,
  };
}
