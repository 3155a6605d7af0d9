/**
 * Search indexes in both definition styles (operations 15-19 first style under /fts/indexes,
 * 24-32 second style under /search/indexes). Both styles are views of the same stored index, so an
 * index created in one style is visible in the other; each style names the build states its own way.
 */

import {
  DEFAULT_ANALYZER,
  LIFECYCLE_STATES,
  LUCENE_ANALYZERS,
  SEARCH_INDEX_NUM_PARTITIONS,
  SEARCH_INDEX_TYPES,
  VECTOR_DIMENSIONS,
  VECTOR_QUANTIZATIONS,
  VECTOR_SIMILARITIES,
} from "../../api/vocabulary";
import {
  type ClusterRecord,
  type EmulatorState,
  type Json,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  type OperationResult,
  param,
} from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecyclePhase } from "../core/lifecycle";
import {
  arr,
  bool,
  custom,
  freeform,
  hex24,
  int,
  invalidAttribute,
  isObject,
  type ObjectSchema,
  obj,
  oneOf,
  readOnly,
  required,
  str,
  validateBody,
} from "../core/validation";
import { clusterHostnames, clusterKey, requireSearchCluster } from "../domain/clusters";
import { isForcedFailure } from "../domain/failures";
import { defineOperation, entity, noContent } from "./define";

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
const textDefinitionFields: ObjectSchema = {
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
function checkAnalyzerNames(definition: JsonObject, pathPrefix: string): void {
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

function validateDefinition(type: string, definition: Json | undefined, path: string): JsonObject {
  if (definition === undefined) throw apiError("MISSING_ATTRIBUTE", [path]);
  if (!isObject(definition)) invalidAttribute(path, "expected an object");
  const fields = type === "vectorSearch" ? vectorDefinitionFields : textDefinitionFields;
  // Validate as a nested object so errors name `definition.<field>`.
  validateBody({ definition }, { definition: obj(fields) });
  if (type !== "vectorSearch") checkAnalyzerNames(definition, `${path}.`);
  return definition;
}

export interface SearchIndexRecord extends JsonObject {
  indexID: string;
  groupId: string;
  clusterName: string;
  database: string;
  collectionName: string;
  name: string;
  type: string;
  definition: JsonObject;
  /** When the current definition started building (create or last update). */
  buildStartedMs: number;
  definitionVersion: number;
  deleteRequestedMs: number | null;
}

type Style = "first" | "second";
const BUILD_PHASES: Record<Style, readonly [string, ...string[]]> = {
  first: LIFECYCLE_STATES.ftsIndex.steps,
  second: LIFECYCLE_STATES.searchIndex.steps,
};

function indexTable(state: EmulatorState): Record<string, SearchIndexRecord> {
  return table<SearchIndexRecord>(state, "searchIndexes");
}

/** The indexes of a cluster; indexes whose deletion has finished are removed (eventual consistency). */
function indexesOfCluster(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): SearchIndexRecord[] {
  const indexes = indexTable(state);
  const found: SearchIndexRecord[] = [];
  for (const index of Object.values(indexes)) {
    if (clusterKey(index.groupId, index.clusterName) !== clusterKey(cluster.groupId, cluster.name)) continue;
    if (
      index.deleteRequestedMs !== null &&
      lifecycleDone(index.deleteRequestedMs, req.now, req.asyncDelayMs)
    ) {
      delete indexes[index.indexID];
      continue;
    }
    found.push(index);
  }
  return found;
}

function statusOf(index: SearchIndexRecord, style: Style, req: OperationRequest): string {
  if (index.deleteRequestedMs !== null) return "DELETING";
  if (isForcedFailure(index)) return "FAILED";
  return lifecyclePhase(BUILD_PHASES[style], index.buildStartedMs, req.now, req.asyncDelayMs);
}

function isBuilt(index: SearchIndexRecord, req: OperationRequest): boolean {
  return !isForcedFailure(index) && lifecycleDone(index.buildStartedMs, req.now, req.asyncDelayMs);
}

/** The fields naming an index, first in both styles' entities. */
function identityOf(index: SearchIndexRecord): JsonObject {
  return {
    indexID: index.indexID,
    collectionName: index.collectionName,
    database: index.database,
    name: index.name,
    type: index.type,
  };
}

/** The defaults the service shows for a text definition's unset analyzers and partitions. */
function textDefaults(definition: JsonObject): JsonObject {
  return {
    analyzer: definition.analyzer ?? DEFAULT_ANALYZER,
    searchAnalyzer: definition.searchAnalyzer ?? DEFAULT_ANALYZER,
    numPartitions: definition.numPartitions ?? 1,
  };
}

function renderFirstStyle(index: SearchIndexRecord, req: OperationRequest): JsonObject {
  const d = index.definition;
  const shown: JsonObject = {
    ...identityOf(index),
    ...textDefaults(d),
    status: statusOf(index, "first", req),
  };
  for (const key of ["analyzers", "mappings", "storedSource", "synonyms"]) {
    const value = d[key];
    if (value !== undefined) shown[key] = value;
  }
  return shown;
}

/** The list form of the first style: exactly the seven fields the spec names. */
function renderFirstStyleSummary(index: SearchIndexRecord, req: OperationRequest): JsonObject {
  return {
    collectionName: index.collectionName,
    database: index.database,
    indexID: index.indexID,
    name: index.name,
    numPartitions: index.definition.numPartitions ?? 1,
    status: statusOf(index, "first", req),
    type: index.type,
  };
}

function renderSecondStyle(
  index: SearchIndexRecord,
  req: OperationRequest,
  cluster: ClusterRecord,
  detail: boolean,
): JsonObject {
  const status = statusOf(index, "second", req);
  // An index being rebuilt after an update keeps answering queries with its previous definition.
  const queryable = status === "READY" || (status !== "DELETING" && index.definitionVersion > 0);
  const latestDefinition: JsonObject =
    index.type === "vectorSearch"
      ? index.definition
      : { ...index.definition, ...textDefaults(index.definition) };
  const definitionVersion: JsonObject = {
    version: index.definitionVersion,
    createdAt: isoDate(index.buildStartedMs),
  };
  const shown: JsonObject = {
    ...identityOf(index),
    status,
    queryable,
    latestDefinition,
    latestDefinitionVersion: definitionVersion,
  };
  const synonyms = Array.isArray(index.definition.synonyms) ? index.definition.synonyms.filter(isObject) : [];
  if (synonyms.length > 0) {
    const synonymStatus = isBuilt(index, req) ? "READY" : "BUILDING";
    shown.synonymMappingStatus = synonymStatus;
    if (detail) {
      shown.synonymMappingStatusDetail = synonyms.map((s) => ({
        [String(s.name)]: { status: synonymStatus, queryable: synonymStatus === "READY", message: "" },
      }));
    }
  }
  if (detail) {
    shown.statusDetail = clusterHostnames(cluster).map((hostname) => ({
      hostname,
      status,
      queryable,
      mainIndex: {
        status,
        queryable,
        definition: latestDefinition,
        definitionVersion,
        message: "",
      },
    }));
  }
  return shown;
}

function indexById(state: EmulatorState, cluster: ClusterRecord, req: OperationRequest): SearchIndexRecord {
  const id = param(req.params, "indexId");
  const index = indexesOfCluster(state, cluster, req).find((i) => i.indexID === id);
  if (!index) throw apiError("SEARCH_INDEX_NOT_FOUND", [id], { args: [id, `cluster ${cluster.name}`] });
  return index;
}

function indexByNames(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): SearchIndexRecord {
  const database = param(req.params, "databaseName");
  const collectionName = param(req.params, "collectionName");
  const name = param(req.params, "indexName");
  const index = indexesOfCluster(state, cluster, req).find(
    (i) => i.database === database && i.collectionName === collectionName && i.name === name,
  );
  if (!index) {
    throw apiError("SEARCH_INDEX_NOT_FOUND", [name], {
      args: [name, `${database}.${collectionName} of cluster ${cluster.name}`],
    });
  }
  return index;
}

function createIndex(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
  fields: { database: string; collectionName: string; name: string; type: string; definition: JsonObject },
): SearchIndexRecord {
  const duplicate = indexesOfCluster(state, cluster, req).some(
    (i) =>
      i.database === fields.database && i.collectionName === fields.collectionName && i.name === fields.name,
  );
  if (duplicate) {
    throw apiError("SEARCH_DUPLICATE_INDEX", [fields.name], {
      args: [fields.name, fields.database, fields.collectionName],
    });
  }
  const record: SearchIndexRecord = {
    indexID: mintId(state),
    groupId: cluster.groupId,
    clusterName: cluster.name,
    ...fields,
    buildStartedMs: req.now,
    definitionVersion: 0,
    deleteRequestedMs: null,
  };
  indexTable(state)[record.indexID] = record;
  return record;
}

function redefine(index: SearchIndexRecord, definition: JsonObject, req: OperationRequest): void {
  index.definition = definition;
  index.definitionVersion += 1;
  index.buildStartedMs = req.now;
}

function requestDelete(index: SearchIndexRecord, req: OperationRequest): void {
  index.deleteRequestedMs ??= req.now;
}

// First style: flat body -------------------------------------------------------------------------

const firstStyleBody: ObjectSchema = {
  collectionName: required(str({ minLength: 1 })),
  database: required(str({ minLength: 1 })),
  name: required(str({ minLength: 1 })),
  type: oneOf(["search"]), // the first style predates vector search
  indexID: readOnly(hex24()),
  status: readOnly(str()),
  ...textDefinitionFields,
};

function parseFirstStyle(body: Json | undefined): {
  database: string;
  collectionName: string;
  name: string;
  type: string;
  definition: JsonObject;
} {
  const valid = validateBody(body, firstStyleBody);
  checkAnalyzerNames(valid, "");
  const definition: JsonObject = {};
  for (const key of TEXT_DEFINITION_KEYS) {
    const value = valid[key];
    if (value !== undefined) definition[key] = value;
  }
  return {
    database: valid.database as string,
    collectionName: valid.collectionName as string,
    name: valid.name as string,
    type: (valid.type as string | undefined) ?? "search",
    definition,
  };
}

// Second style -----------------------------------------------------------------------------------

const secondStyleCreateBody: ObjectSchema = {
  collectionName: required(str({ minLength: 1 })),
  database: required(str({ minLength: 1 })),
  name: required(str({ minLength: 1 })),
  type: oneOf(SEARCH_INDEX_TYPES),
  definition: required(freeform()),
  indexID: readOnly(hex24()),
  status: readOnly(str()),
  queryable: readOnly(bool()),
};

const definitionOnlyBody: ObjectSchema = { definition: required(freeform()) };

const ADMIN = ["GROUP_DATA_ACCESS_ADMIN"] as const;
const READ = ["GROUP_DATA_ACCESS_ADMIN", "GROUP_DATA_ACCESS_READ_WRITE"] as const;
const CLUSTER_PATH = "/groups/{groupId}/clusters/{clusterName}";

/**
 * How one definition style shows an index: its path segment, its entity and its list form, and how
 * it deletes. Only the second style's delete is eventually consistent (docs/spec/api-spec.md, state
 * transitions: "deletion by name or by id in the second definition style"), and the first style's
 * status has no DELETING (the contract's ClusterSearchIndex.status): a first-style delete removes the
 * index at once, and the first style does not show an index a second-style delete is removing.
 */
interface StyleView {
  label: string;
  segment: "fts/indexes" | "search/indexes";
  entity(index: SearchIndexRecord, req: OperationRequest, cluster: ClusterRecord): JsonObject;
  summary(index: SearchIndexRecord, req: OperationRequest, cluster: ClusterRecord): JsonObject;
  /** Whether this style shows the index (the first style hides one being deleted). */
  shows(index: SearchIndexRecord): boolean;
  /** Deletes the index: at once, or by requesting an eventually consistent delete. */
  remove(state: EmulatorState, index: SearchIndexRecord, req: OperationRequest): void;
}

const FIRST_STYLE: StyleView = {
  label: "first style",
  segment: "fts/indexes",
  entity: (index, req) => renderFirstStyle(index, req),
  summary: (index, req) => renderFirstStyleSummary(index, req),
  shows: (index) => index.deleteRequestedMs === null,
  remove: (state, index) => {
    delete indexTable(state)[index.indexID];
  },
};

const SECOND_STYLE: StyleView = {
  label: "second style",
  segment: "search/indexes",
  entity: (index, req, cluster) => renderSecondStyle(index, req, cluster, true),
  summary: (index, req, cluster) => renderSecondStyle(index, req, cluster, false),
  shows: () => true,
  remove: (_state, index, req) => requestDelete(index, req),
};

/** The index a path names, as `style` sees it: an index that style does not show is not found. */
function findIn(
  style: StyleView,
  lookup: IndexLookup,
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): SearchIndexRecord {
  const index = lookup.find(state, cluster, req);
  if (!style.shows(index)) {
    const id = index.indexID;
    throw apiError("SEARCH_INDEX_NOT_FOUND", [id], { args: [id, `cluster ${cluster.name}`] });
  }
  return index;
}

/** An index as the style's entity, linked to its URL in that style. */
function shown(
  style: StyleView,
  index: SearchIndexRecord,
  req: OperationRequest,
  cluster: ClusterRecord,
  status = 200,
): OperationResult {
  const selfPath = `/groups/${index.groupId}/clusters/${index.clusterName}/${style.segment}/${index.indexID}`;
  return entity(style.entity(index, req, cluster), selfPath, status);
}

function summaries(
  style: StyleView,
  indexes: SearchIndexRecord[],
  req: OperationRequest,
  cluster: ClusterRecord,
): OperationResult {
  return { kind: "array", status: 200, body: indexes.map((index) => style.summary(index, req, cluster)) };
}

/** How a path names one index: by id, or by database, collection and name. */
interface IndexLookup {
  label: string;
  suffix: string;
  find(state: EmulatorState, cluster: ClusterRecord, req: OperationRequest): SearchIndexRecord;
}
const BY_ID: IndexLookup = { label: "by id", suffix: "{indexId}", find: indexById };
const BY_NAMES: IndexLookup = {
  label: "by names",
  suffix: "{databaseName}/{collectionName}/{indexName}",
  find: indexByNames,
};

function listCollectionOperation(id: string, style: StyleView): OperationDef {
  return defineOperation({
    id,
    name: `List the search indexes of a collection (${style.label})`,
    method: "GET",
    path: `${CLUSTER_PATH}/${style.segment}/{databaseName}/{collectionName}`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      const database = param(req.params, "databaseName");
      const collectionName = param(req.params, "collectionName");
      const found = indexesOfCluster(state, cluster, req).filter(
        (i) => i.database === database && i.collectionName === collectionName && style.shows(i),
      );
      return summaries(style, found, req, cluster);
    },
  });
}

function deleteOperation(id: string, style: StyleView, lookup: IndexLookup): OperationDef {
  return defineOperation({
    id,
    name: `Delete a search index ${lookup.label} (${style.label})`,
    method: "DELETE",
    path: `${CLUSTER_PATH}/${style.segment}/${lookup.suffix}`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      style.remove(state, findIn(style, lookup, state, requireSearchCluster(state, req), req), req);
      return noContent();
    },
  });
}

function getOperation(id: string, style: StyleView, lookup: IndexLookup): OperationDef {
  return defineOperation({
    id,
    name: `Get a search index ${lookup.label} (${style.label})`,
    method: "GET",
    path: `${CLUSTER_PATH}/${style.segment}/${lookup.suffix}`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      return shown(style, findIn(style, lookup, state, cluster, req), req, cluster);
    },
  });
}

/** Second-style update: the body is `{definition}` of the index's own type. */
function updateDefinitionOperation(id: string, lookup: IndexLookup): OperationDef {
  return defineOperation({
    id,
    name: `Update a search index ${lookup.label} (${SECOND_STYLE.label})`,
    method: "PATCH",
    path: `${CLUSTER_PATH}/${SECOND_STYLE.segment}/${lookup.suffix}`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      const index = lookup.find(state, cluster, req);
      const valid = validateBody(req.body, definitionOnlyBody);
      redefine(index, validateDefinition(index.type, valid.definition, "definition"), req);
      return shown(SECOND_STYLE, index, req, cluster);
    },
  });
}

export const searchIndexOperations: OperationDef[] = [
  defineOperation({
    id: "15",
    name: "Create a search index (first style)",
    method: "POST",
    path: `${CLUSTER_PATH}/fts/indexes`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      return shown(FIRST_STYLE, createIndex(state, cluster, req, parseFirstStyle(req.body)), req, cluster);
    },
  }),
  listCollectionOperation("16", FIRST_STYLE),
  deleteOperation("17", FIRST_STYLE, BY_ID),
  getOperation("18", FIRST_STYLE, BY_ID),
  defineOperation({
    id: "19",
    name: "Update a search index by id (first style)",
    method: "PATCH",
    path: `${CLUSTER_PATH}/fts/indexes/{indexId}`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      const index = findIn(FIRST_STYLE, BY_ID, state, cluster, req);
      const fields = parseFirstStyle(req.body);
      // Identity fields cannot change: a different name or namespace is a different index.
      for (const key of ["database", "collectionName", "name", "type"] as const) {
        if (fields[key] !== index[key]) invalidAttribute(key, `cannot be changed (is ${index[key]})`);
      }
      redefine(index, fields.definition, req);
      return shown(FIRST_STYLE, index, req, cluster);
    },
  }),
  defineOperation({
    id: "24",
    name: "List the search indexes of a cluster (second style)",
    method: "GET",
    path: `${CLUSTER_PATH}/search/indexes`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      return summaries(SECOND_STYLE, indexesOfCluster(state, cluster, req), req, cluster);
    },
  }),
  defineOperation({
    id: "25",
    name: "Create a search index (second style)",
    method: "POST",
    path: `${CLUSTER_PATH}/search/indexes`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      const valid = validateBody(req.body, secondStyleCreateBody);
      const type = (valid.type as string | undefined) ?? "search";
      const index = createIndex(state, cluster, req, {
        database: valid.database as string,
        collectionName: valid.collectionName as string,
        name: valid.name as string,
        type,
        definition: validateDefinition(type, valid.definition, "definition"),
      });
      return shown(SECOND_STYLE, index, req, cluster, 201);
    },
  }),
  listCollectionOperation("26", SECOND_STYLE),
  deleteOperation("27", SECOND_STYLE, BY_NAMES),
  getOperation("28", SECOND_STYLE, BY_NAMES),
  updateDefinitionOperation("29", BY_NAMES),
  deleteOperation("30", SECOND_STYLE, BY_ID),
  getOperation("31", SECOND_STYLE, BY_ID),
  updateDefinitionOperation("32", BY_ID),
];
