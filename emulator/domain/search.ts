/**
 * What search indexes and search nodes share: a cluster must run a database version with search.
 */
import type { ClusterRecord, EmulatorState, OperationRequest } from "../core/contract";
import { pathCluster, versionAtLeast } from "./context";
import { operationError } from "./errors";

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
    throw operationError(
      "UNSUPPORTED_DB_VERSION_FOR_SEARCH",
      `${SEARCH_FEATURE_NEEDS[feature]} database version ${SEARCH_MIN_DB_VERSION} or later; cluster ${cluster.name} runs ${cluster.dbVersion}.`,
      [cluster.name],
    );
  }
  return cluster;
}
