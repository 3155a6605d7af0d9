/**
 * Search indexes in both definition styles: the record both styles are views of (an index created in
 * one style is visible in the other), its build and delete lifecycle (each style names the build
 * states its own way), each style's view of an index, the lookups by id and by names, and each
 * style's request bodies. Served by operations 15-19 (first style) and 24-32 (second style).
 */
import { LIFECYCLE_STATES, SEARCH_INDEX_TYPES } from "../../api/vocabulary";
import {
  type ClusterRecord,
  type EmulatorState,
  type Failable,
  type Json,
  type JsonObject,
  type OperationRequest,
  param,
} from "../core/contract";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { isForcedFailure } from "../core/forcedFailures";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecyclePhase } from "../core/lifecycle";
import {
  bool,
  freeform,
  hex24,
  invalidAttribute,
  isObject,
  type ObjectSchema,
  oneOf,
  readOnly,
  required,
  str,
  validateBody,
} from "../core/validation";
import { clusterHostnames, clusterKey } from "./clusters";
import {
  checkAnalyzerNames,
  textDefaults,
  textDefinitionFields,
  textDefinitionOf,
  validateDefinition,
} from "./searchDefinition";

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
  /** A build of an earlier definition had finished before the current one started: the index keeps
   * answering queries with it while it rebuilds (absent in states saved before it was kept). */
  servesEarlierBuild: boolean;
}

type Style = "first" | "second";
const BUILD_PHASES: Record<Style, readonly [string, ...string[]]> = {
  first: LIFECYCLE_STATES.ftsIndex.steps,
  second: LIFECYCLE_STATES.searchIndex.steps,
};

const TABLE = "searchIndexes";

function indexTable(state: EmulatorState): Record<string, SearchIndexRecord> {
  return table<SearchIndexRecord>(state, TABLE);
}

/** A search index whose build failed: FAILED in both styles, not queryable. */
export const searchIndexFailure: Failable = {
  table: TABLE,
  groupField: "groupId",
  failureState: () => "FAILED",
};

/** The indexes of a cluster; indexes whose deletion has finished are removed (eventual consistency). */
export function indexesOfCluster(
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
  // A text index without synonyms shows an empty list, as the service's do (docs/api-choices.md,
  // "Search indexes").
  if (index.type === "search" && shown.synonyms === undefined) shown.synonyms = [];
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
  // An index being rebuilt after an update keeps answering queries with its previous definition,
  // if that one had finished building: an update of an index still building leaves it not
  // queryable, as the service's answer shows (tests/contract/recordings, search index update).
  const queryable = status === "READY" || (status !== "DELETING" && index.servesEarlierBuild === true);
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

export function indexById(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): SearchIndexRecord {
  const id = param(req.params, "indexId");
  const index = indexesOfCluster(state, cluster, req).find((i) => i.indexID === id);
  if (!index) throw apiError("SEARCH_INDEX_NOT_FOUND", [id], { args: [id, `cluster ${cluster.name}`] });
  return index;
}

export function indexByNames(
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

export function createIndex(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
  fields: NewIndexFields,
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
    servesEarlierBuild: false,
  };
  indexTable(state)[record.indexID] = record;
  return record;
}

/** A new definition starts building again; the version counts the definitions since create. */
function redefine(index: SearchIndexRecord, definition: JsonObject, req: OperationRequest): void {
  if (isBuilt(index, req)) index.servesEarlierBuild = true;
  index.definition = definition;
  index.definitionVersion += 1;
  index.buildStartedMs = req.now;
}

function requestDelete(index: SearchIndexRecord, req: OperationRequest): void {
  index.deleteRequestedMs ??= req.now;
}

// Request bodies ---------------------------------------------------------------------------------

/** The fields of a new index, as both styles' create bodies give them. */
export interface NewIndexFields {
  database: string;
  collectionName: string;
  name: string;
  type: string;
  definition: JsonObject;
}

/** First style: the definition's fields flat beside the index's names. */
const firstStyleBody: ObjectSchema = {
  collectionName: required(str({ minLength: 1 })),
  database: required(str({ minLength: 1 })),
  name: required(str({ minLength: 1 })),
  type: oneOf(["search"]), // the first style predates vector search
  indexID: readOnly(hex24()),
  status: readOnly(str()),
  ...textDefinitionFields,
};

export function parseFirstStyle(body: Json | undefined): NewIndexFields {
  const valid = validateBody(body, firstStyleBody);
  checkAnalyzerNames(valid, "");
  return {
    database: valid.database as string,
    collectionName: valid.collectionName as string,
    name: valid.name as string,
    type: (valid.type as string | undefined) ?? "search",
    definition: textDefinitionOf(valid),
  };
}

/** A first-style update (19): the whole flat body again; identity fields cannot change, as a
 * different name or namespace is a different index. */
export function updateFirstStyle(
  index: SearchIndexRecord,
  body: Json | undefined,
  req: OperationRequest,
): void {
  const fields = parseFirstStyle(body);
  for (const key of ["database", "collectionName", "name", "type"] as const) {
    if (fields[key] !== index[key]) invalidAttribute(key, `cannot be changed (is ${index[key]})`);
  }
  redefine(index, fields.definition, req);
}

/** Second style: the index's names and type beside a `definition` of that type. */
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

export function parseSecondStyle(body: Json | undefined): NewIndexFields {
  const valid = validateBody(body, secondStyleCreateBody);
  const type = (valid.type as string | undefined) ?? "search";
  return {
    database: valid.database as string,
    collectionName: valid.collectionName as string,
    name: valid.name as string,
    type,
    definition: validateDefinition(type, valid.definition, "definition"),
  };
}

/** A second-style update (29, 32): the body is `{definition}` of the index's own type. */
export function updateDefinition(
  index: SearchIndexRecord,
  body: Json | undefined,
  req: OperationRequest,
): void {
  const valid = validateBody(body, definitionOnlyBody);
  redefine(index, validateDefinition(index.type, valid.definition, "definition"), req);
}

// Styles -----------------------------------------------------------------------------------------

/**
 * How one definition style shows an index: its entity and its list form, and how it deletes. Only
 * the second style's delete is eventually consistent (docs/spec/api-spec.md, state transitions:
 * "deletion by name or by id in the second definition style"), and the first style's status has no
 * DELETING (the contract's ClusterSearchIndex.status): a first-style delete removes the index at
 * once, and the first style does not show an index a second-style delete is removing.
 */
export interface IndexStyle {
  entity(index: SearchIndexRecord, req: OperationRequest, cluster: ClusterRecord): JsonObject;
  summary(index: SearchIndexRecord, req: OperationRequest, cluster: ClusterRecord): JsonObject;
  /** Whether this style shows the index (the first style hides one being deleted). */
  shows(index: SearchIndexRecord): boolean;
  /** Deletes the index: at once, or by requesting an eventually consistent delete. */
  remove(state: EmulatorState, index: SearchIndexRecord, req: OperationRequest): void;
}

export const FIRST_STYLE: IndexStyle = {
  entity: (index, req) => renderFirstStyle(index, req),
  summary: (index, req) => renderFirstStyleSummary(index, req),
  shows: (index) => index.deleteRequestedMs === null,
  remove: (state, index) => {
    delete indexTable(state)[index.indexID];
  },
};

export const SECOND_STYLE: IndexStyle = {
  entity: (index, req, cluster) => renderSecondStyle(index, req, cluster, true),
  summary: (index, req, cluster) => renderSecondStyle(index, req, cluster, false),
  shows: () => true,
  remove: (_state, index, req) => requestDelete(index, req),
};

/** How a path names one index: by id, or by database, collection and name (404 when none). */
export type IndexFinder = (
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
) => SearchIndexRecord;

/** The index a path names, as `style` sees it: an index that style does not show is not found. */
export function findIn(
  style: IndexStyle,
  find: IndexFinder,
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): SearchIndexRecord {
  const index = find(state, cluster, req);
  if (!style.shows(index)) {
    const id = index.indexID;
    throw apiError("SEARCH_INDEX_NOT_FOUND", [id], { args: [id, `cluster ${cluster.name}`] });
  }
  return index;
}

/** The indexes of the path's collection (databaseName, collectionName) that `style` shows. */
export function indexesOfCollection(
  style: IndexStyle,
  state: EmulatorState,
  cluster: ClusterRecord,
  req: OperationRequest,
): SearchIndexRecord[] {
  const database = param(req.params, "databaseName");
  const collectionName = param(req.params, "collectionName");
  return indexesOfCluster(state, cluster, req).filter(
    (i) => i.database === database && i.collectionName === collectionName && style.shows(i),
  );
}
