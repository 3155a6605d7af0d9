/**
 * What search indexes and search nodes share: a cluster must run a database version with search.
 */
import type { ClusterRecord, EmulatorState, OperationRequest } from "../core/contract";
import { apiError } from "../core/errors";
import { pathCluster, versionAtLeast } from "./context";

/** How the error detail names what needs the version. */
/** Search needs this database version or later (the emulator's rule, docs/api-choices.md). */
export const SEARCH_MIN_DB_VERSION = "4.2";

export const SEARCH_FEATURE_NEEDS = { indexes: "Search requires", nodes: "Search nodes require" } as const;

/** The path's cluster, which must run a database version with search (search indexes and nodes). */
export function requireSearchCluster(
  state: EmulatorState,
  req: OperationRequest,
  feature: keyof typeof SEARCH_FEATURE_NEEDS = "indexes",
): ClusterRecord {
  const cluster = pathCluster(state, req);
  if (!versionAtLeast(cluster.dbVersion, SEARCH_MIN_DB_VERSION)) {
    throw apiError("UNSUPPORTED_DB_VERSION_FOR_SEARCH", [cluster.name], {
      args: [SEARCH_FEATURE_NEEDS[feature], SEARCH_MIN_DB_VERSION, cluster.name, cluster.dbVersion],
    });
  }
  return cluster;
}
