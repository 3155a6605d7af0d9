/**
 * Search indexes in both definition styles (operations 15-19 first style under /fts/indexes,
 * 24-32 second style under /search/indexes): the routes, each style's path segment, and how a path
 * names an index. The index, its lifecycle and both styles' views are emulator/domain/searchIndexes.ts.
 */
import type { ClusterRecord, OperationDef, OperationRequest, OperationResult } from "../core/contract";
import { requireSearchCluster } from "../domain/clusters";
import {
  createIndex,
  FIRST_STYLE,
  findIn,
  type IndexFinder,
  type IndexStyle,
  indexById,
  indexByNames,
  indexesOfCluster,
  indexesOfCollection,
  parseFirstStyle,
  parseSecondStyle,
  SECOND_STYLE,
  type SearchIndexRecord,
  updateDefinition,
  updateFirstStyle,
} from "../domain/searchIndexes";
import { defineOperation, entity, noContent } from "./define";

/** A definition style as the routes name it: its label in operation names and its path segment. */
interface StyleRoute {
  style: IndexStyle;
  label: string;
  segment: "fts/indexes" | "search/indexes";
}
const FIRST: StyleRoute = { style: FIRST_STYLE, label: "first style", segment: "fts/indexes" };
const SECOND: StyleRoute = { style: SECOND_STYLE, label: "second style", segment: "search/indexes" };

/** How a path names one index: by id, or by database, collection and name. */
interface LookupRoute {
  label: string;
  suffix: string;
  find: IndexFinder;
}
const BY_ID: LookupRoute = { label: "by id", suffix: "{indexId}", find: indexById };
const BY_NAMES: LookupRoute = {
  label: "by names",
  suffix: "{databaseName}/{collectionName}/{indexName}",
  find: indexByNames,
};

const ADMIN = ["GROUP_DATA_ACCESS_ADMIN"] as const;
const READ = ["GROUP_DATA_ACCESS_ADMIN", "GROUP_DATA_ACCESS_READ_WRITE"] as const;
const CLUSTER_PATH = "/groups/{groupId}/clusters/{clusterName}";

/** An index as the style's entity, linked to its URL in that style. */
function shown(
  route: StyleRoute,
  index: SearchIndexRecord,
  req: OperationRequest,
  cluster: ClusterRecord,
  status = 200,
): OperationResult {
  const selfPath = `/groups/${index.groupId}/clusters/${index.clusterName}/${route.segment}/${index.indexID}`;
  return entity(route.style.entity(index, req, cluster), selfPath, status);
}

function summaries(
  route: StyleRoute,
  indexes: SearchIndexRecord[],
  req: OperationRequest,
  cluster: ClusterRecord,
): OperationResult {
  return {
    kind: "array",
    status: 200,
    body: indexes.map((index) => route.style.summary(index, req, cluster)),
  };
}

function listCollectionOperation(id: string, route: StyleRoute): OperationDef {
  return defineOperation({
    id,
    name: `List the search indexes of a collection (${route.label})`,
    method: "GET",
    path: `${CLUSTER_PATH}/${route.segment}/{databaseName}/{collectionName}`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      return summaries(route, indexesOfCollection(route.style, state, cluster, req), req, cluster);
    },
  });
}

function deleteOperation(id: string, route: StyleRoute, lookup: LookupRoute): OperationDef {
  return defineOperation({
    id,
    name: `Delete a search index ${lookup.label} (${route.label})`,
    method: "DELETE",
    path: `${CLUSTER_PATH}/${route.segment}/${lookup.suffix}`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      route.style.remove(state, findIn(route.style, lookup.find, state, cluster, req), req);
      return noContent();
    },
  });
}

function getOperation(id: string, route: StyleRoute, lookup: LookupRoute): OperationDef {
  return defineOperation({
    id,
    name: `Get a search index ${lookup.label} (${route.label})`,
    method: "GET",
    path: `${CLUSTER_PATH}/${route.segment}/${lookup.suffix}`,
    roles: [...READ],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      return shown(route, findIn(route.style, lookup.find, state, cluster, req), req, cluster);
    },
  });
}

/** Second-style update: the body is `{definition}` of the index's own type. */
function updateDefinitionOperation(id: string, lookup: LookupRoute): OperationDef {
  return defineOperation({
    id,
    name: `Update a search index ${lookup.label} (${SECOND.label})`,
    method: "PATCH",
    path: `${CLUSTER_PATH}/${SECOND.segment}/${lookup.suffix}`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      const index = lookup.find(state, cluster, req);
      updateDefinition(index, req.body, req);
      return shown(SECOND, index, req, cluster);
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
      return shown(FIRST, createIndex(state, cluster, req, parseFirstStyle(req.body)), req, cluster);
    },
  }),
  listCollectionOperation("16", FIRST),
  deleteOperation("17", FIRST, BY_ID),
  getOperation("18", FIRST, BY_ID),
  defineOperation({
    id: "19",
    name: "Update a search index by id (first style)",
    method: "PATCH",
    path: `${CLUSTER_PATH}/fts/indexes/{indexId}`,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const cluster = requireSearchCluster(state, req);
      const index = findIn(FIRST.style, BY_ID.find, state, cluster, req);
      updateFirstStyle(index, req.body, req);
      return shown(FIRST, index, req, cluster);
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
      return summaries(SECOND, indexesOfCluster(state, cluster, req), req, cluster);
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
      const index = createIndex(state, cluster, req, parseSecondStyle(req.body));
      return shown(SECOND, index, req, cluster, 201);
    },
  }),
  listCollectionOperation("26", SECOND),
  deleteOperation("27", SECOND, BY_NAMES),
  getOperation("28", SECOND, BY_NAMES),
  updateDefinitionOperation("29", BY_NAMES),
  deleteOperation("30", SECOND, BY_ID),
  getOperation("31", SECOND, BY_ID),
  updateDefinitionOperation("32", BY_ID),
];
