/**
 * Search indexes and search nodes (docs/spec/api-spec.md, operations 16, 18, 21, 24, 26).
 */
import { z } from "zod";
import { idPartSchema } from "../framework/validation";
import { bothOrNeither, defineFunction } from "./define";

const cluster = { groupId: idPartSchema("groupId"), clusterName: idPartSchema("clusterName") };
/** Database and collection names: non-empty, no `/` (they are path segments). */
const pathSegment = z
  .string()
  .min(1)
  .regex(/^[^/]+$/, "must not contain /");

/**
 * The search indexes of a cluster (operation 24), or of one collection when `database` and
 * `collectionName` are both given (operation 26). Second definition style.
 */
export const getSearchIndexes = defineFunction(
  "getSearchIndexes",
  z
    .strictObject({ ...cluster, database: pathSegment.optional(), collectionName: pathSegment.optional() })
    .superRefine(
      bothOrNeither(
        "database",
        "collectionName",
        "give both for one collection, neither for the whole cluster",
      ),
    ),
  (client, args) =>
    args.database !== undefined && args.collectionName !== undefined
      ? client.searchIndexes.listForCollection(
          args.groupId,
          args.clusterName,
          args.database,
          args.collectionName,
        )
      : client.searchIndexes.list(args.groupId, args.clusterName),
);

/** The search indexes of one collection in the first (flat) definition style (operation 16). */
export const getFtsIndexes = defineFunction(
  "getFtsIndexes",
  z.strictObject({ ...cluster, database: pathSegment, collectionName: pathSegment }),
  (client, args) =>
    client.searchIndexes.fts.listForCollection(
      args.groupId,
      args.clusterName,
      args.database,
      args.collectionName,
    ),
);

/** One search index in the first (flat) definition style (operation 18). */
export const getFtsIndex = defineFunction(
  "getFtsIndex",
  z.strictObject({ ...cluster, indexId: idPartSchema("indexId") }),
  (client, args) => client.searchIndexes.fts.get(args.groupId, args.clusterName, args.indexId),
);

/** The cluster's search nodes (operation 21); `{}` when it has none. */
export const getSearchNodes = defineFunction("getSearchNodes", z.strictObject(cluster), (client, args) =>
  client.searchDeployments.get(args.groupId, args.clusterName),
);
