/**
 * Search indexes in both definition styles:
 * - the second style (`/search/indexes`, operations 24-32) at the top level: create, list, get,
 *   update and delete by id, plus by database/collection/name;
 * - the first (flat) style (`/fts/indexes`, operations 15-19) under `fts`.
 */
import { z } from "zod";
import type { OperationId } from "../../api/versions";
import { apiPath } from "./request";
import { AnyObject, entity, type JsonObject } from "./schemas";
import type { Transport } from "./transport";

/** Second style: request. `definition` is a text or vector search definition. */
export interface SearchIndexInput {
  collectionName: string;
  database: string;
  name: string;
  /** "search" (default) or "vectorSearch". */
  type?: string;
  definition: JsonObject;
}

export const SearchIndexSchema = entity({
  indexID: z.string(),
  name: z.string(),
  collectionName: z.string().optional(),
  database: z.string().optional(),
  type: z.string().optional(),
  status: z.string().optional(),
  queryable: z.boolean().optional(),
  latestDefinition: AnyObject.optional(),
  latestDefinitionVersion: entity({
    createdAt: z.string().optional(),
    version: z.number().optional(),
  }).optional(),
  statusDetail: z.array(AnyObject).optional(),
});
export type SearchIndex = z.infer<typeof SearchIndexSchema>;

/** First style: request (flat fields). */
export interface FtsIndexInput {
  collectionName: string;
  database: string;
  name: string;
  type?: string;
  numPartitions?: 1 | 2 | 4;
  analyzer?: string;
  analyzers?: JsonObject[];
  mappings?: JsonObject;
  searchAnalyzer?: string;
  storedSource?: boolean | JsonObject;
  synonyms?: JsonObject[];
}

export const FtsIndexSchema = entity({
  indexID: z.string(),
  name: z.string(),
  collectionName: z.string().optional(),
  database: z.string().optional(),
  status: z.string().optional(),
  type: z.string().optional(),
  numPartitions: z.number().optional(),
  mappings: AnyObject.optional(),
  analyzer: z.string().optional(),
  analyzers: z.array(AnyObject).optional(),
  searchAnalyzer: z.string().optional(),
  storedSource: z.union([z.boolean(), AnyObject]).optional(),
  synonyms: z.array(AnyObject).optional(),
});
export type FtsIndex = z.infer<typeof FtsIndexSchema>;

export function searchIndexesApi(t: Transport) {
  const base = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/search/indexes`;
  const byName = (
    groupId: string,
    clusterName: string,
    database: string,
    collection: string,
    indexName: string,
  ) => `${base(groupId, clusterName)}${apiPath`/${database}/${collection}/${indexName}`}`;
  const fts = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/fts/indexes`;
  /**
   * Read, update and delete of the one index at `path`: the same three calls whether the index is
   * named by id or by database/collection/name, in either definition style.
   */
  const indexAt = <Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    ids: { get: OperationId; update: OperationId; delete: OperationId },
  ) => ({
    get: () => t.call({ id: ids.get, operation: "Reading search index", method: "GET", path }, schema),
    update: (body: unknown) =>
      t.call({ id: ids.update, operation: "Updating search index", method: "PATCH", path, body }, schema),
    delete: () => t.callVoid({ id: ids.delete, operation: "Deleting search index", method: "DELETE", path }),
  });
  const byId = (groupId: string, clusterName: string, indexId: string) =>
    indexAt(`${base(groupId, clusterName)}${apiPath`/${indexId}`}`, SearchIndexSchema, {
      get: "31",
      update: "32",
      delete: "30",
    });
  const ftsById = (groupId: string, clusterName: string, indexId: string) =>
    indexAt(`${fts(groupId, clusterName)}${apiPath`/${indexId}`}`, FtsIndexSchema, {
      get: "18",
      update: "19",
      delete: "17",
    });
  const named = (...where: Parameters<typeof byName>) =>
    indexAt(byName(...where), SearchIndexSchema, { get: "28", update: "29", delete: "27" });
  return {
    /** 24: every index of a cluster (bare array). */
    list: (groupId: string, clusterName: string) =>
      t.call(
        { id: "24", operation: "Listing search indexes", method: "GET", path: base(groupId, clusterName) },
        z.array(SearchIndexSchema),
      ),
    /** 25 */
    create: (groupId: string, clusterName: string, body: SearchIndexInput) =>
      t.call(
        {
          id: "25",
          operation: "Creating search index",
          method: "POST",
          path: base(groupId, clusterName),
          body,
        },
        SearchIndexSchema,
      ),
    /** 26: indexes of one collection (bare array). */
    listForCollection: (groupId: string, clusterName: string, database: string, collection: string) =>
      t.call(
        {
          id: "26",
          operation: "Listing search indexes of a collection",
          method: "GET",
          path: `${base(groupId, clusterName)}${apiPath`/${database}/${collection}`}`,
        },
        z.array(SearchIndexSchema),
      ),
    /** 27: eventually consistent. */
    deleteByName: (
      groupId: string,
      clusterName: string,
      database: string,
      collection: string,
      indexName: string,
    ) => named(groupId, clusterName, database, collection, indexName).delete(),
    /** 28 */
    getByName: (
      groupId: string,
      clusterName: string,
      database: string,
      collection: string,
      indexName: string,
    ) => named(groupId, clusterName, database, collection, indexName).get(),
    /** 29 */
    updateByName: (
      groupId: string,
      clusterName: string,
      database: string,
      collection: string,
      indexName: string,
      definition: JsonObject,
    ) => named(groupId, clusterName, database, collection, indexName).update({ definition }),
    /** 30: eventually consistent. */
    delete: (groupId: string, clusterName: string, indexId: string) =>
      byId(groupId, clusterName, indexId).delete(),
    /** 31 */
    get: (groupId: string, clusterName: string, indexId: string) => byId(groupId, clusterName, indexId).get(),
    /** 32 */
    update: (groupId: string, clusterName: string, indexId: string, definition: JsonObject) =>
      byId(groupId, clusterName, indexId).update({ definition }),
    /** First (flat) definition style. */
    fts: {
      /** 15 */
      create: (groupId: string, clusterName: string, body: FtsIndexInput) =>
        t.call(
          {
            id: "15",
            operation: "Creating search index",
            method: "POST",
            path: fts(groupId, clusterName),
            body,
          },
          FtsIndexSchema,
        ),
      /** 16: indexes of one collection (bare array). */
      listForCollection: (groupId: string, clusterName: string, database: string, collection: string) =>
        t.call(
          {
            id: "16",
            operation: "Listing search indexes of a collection",
            method: "GET",
            path: `${fts(groupId, clusterName)}${apiPath`/${database}/${collection}`}`,
          },
          z.array(FtsIndexSchema),
        ),
      /** 17 */
      delete: (groupId: string, clusterName: string, indexId: string) =>
        ftsById(groupId, clusterName, indexId).delete(),
      /** 18 */
      get: (groupId: string, clusterName: string, indexId: string) =>
        ftsById(groupId, clusterName, indexId).get(),
      /** 19: body as create. */
      update: (groupId: string, clusterName: string, indexId: string, body: FtsIndexInput) =>
        ftsById(groupId, clusterName, indexId).update(body),
    },
  };
}
export type SearchIndexesApi = ReturnType<typeof searchIndexesApi>;
