/**
 * Dedicated search nodes of a cluster: one deployment per cluster whose one configuration applies to
 * all nodes. A change shows stateName UPDATING until the delay has passed; a delete shows UPDATING,
 * then the deployment is gone. Served by operations 20-23.
 */
import { LIFECYCLE_STATES, SEARCH_NODE_COUNT, SEARCH_NODE_INSTANCE_SIZES } from "../../api/vocabulary";
import {
  type EmulatorState,
  type Json,
  type JsonObject,
  type OperationRequest,
  param,
} from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecyclePhase } from "../core/lifecycle";
import { arr, int, obj, oneOf, required, validateBody } from "../core/validation";
import { clusterKey, pathCluster, requireSearchCluster } from "./clusters";

const specsBody = {
  specs: required(
    arr(
      obj({
        instanceSize: required(oneOf(SEARCH_NODE_INSTANCE_SIZES)),
        nodeCount: required(int(SEARCH_NODE_COUNT)),
      }),
      { minItems: 1, maxItems: 1 },
    ),
  ),
};

export interface SearchDeploymentRecord extends JsonObject {
  id: string;
  groupId: string;
  clusterName: string;
  specs: JsonObject[];
  encryptionAtRestProvider: string;
  /** The cluster's cloud provider, where the nodes run (absent in states saved before it was kept). */
  cloudProvider: string | null;
  changeStartedMs: number;
  deleteRequestedMs: number | null;
}

function deploymentTable(state: EmulatorState): Record<string, SearchDeploymentRecord> {
  return table<SearchDeploymentRecord>(state, "searchDeployments");
}

/** The path cluster's deployment, or undefined when none exists (a finished delete removes it). */
export function currentDeployment(
  state: EmulatorState,
  req: OperationRequest,
): SearchDeploymentRecord | undefined {
  const cluster = requireSearchCluster(state, req, "nodes");
  const key = clusterKey(cluster.groupId, cluster.name);
  const deployments = deploymentTable(state);
  const record = deployments[key];
  if (
    record?.deleteRequestedMs != null &&
    lifecycleDone(record.deleteRequestedMs, req.now, req.asyncDelayMs)
  ) {
    delete deployments[key];
    return undefined;
  }
  return record;
}

/** The path cluster's deployment, not being deleted (404 SEARCH_DEPLOYMENT_DOES_NOT_EXIST). */
export function requireDeployment(state: EmulatorState, req: OperationRequest): SearchDeploymentRecord {
  const record = currentDeployment(state, req);
  if (!record || record.deleteRequestedMs !== null) {
    throw apiError("SEARCH_DEPLOYMENT_DOES_NOT_EXIST", [param(req.params, "clusterName")]);
  }
  return record;
}

export function renderDeployment(record: SearchDeploymentRecord, req: OperationRequest): JsonObject {
  const stateName =
    record.deleteRequestedMs !== null
      ? "UPDATING"
      : lifecyclePhase(
          LIFECYCLE_STATES.searchDeployment.steps,
          record.changeStartedMs,
          req.now,
          req.asyncDelayMs,
        );
  // effectiveSpecs: the nodes as deployed, the requested specs on the cluster's cloud, as the
  // service shows them (already the new specs in the answer to a change; docs/api-choices.md, "Search
  // nodes"). The service adds the region; the emulator's clusters have none, so it is left out.
  const cloud: JsonObject =
    typeof record.cloudProvider === "string" ? { cloudProvider: record.cloudProvider } : {};
  return {
    id: record.id,
    groupId: record.groupId,
    specs: record.specs,
    effectiveSpecs: record.specs.map((spec): JsonObject => ({ ...cloud, ...spec })),
    encryptionAtRestProvider: record.encryptionAtRestProvider,
    stateName,
  };
}

/** Creates the path cluster's deployment from a `{specs}` body; 409 when one exists. */
export function createDeployment(state: EmulatorState, req: OperationRequest): SearchDeploymentRecord {
  const existing = currentDeployment(state, req);
  if (existing) {
    throw apiError("SEARCH_DEPLOYMENT_ALREADY_EXISTS", [existing.clusterName]);
  }
  const body = validateBody(req.body, specsBody);
  const groupId = param(req.params, "groupId");
  const clusterName = param(req.params, "clusterName");
  const record: SearchDeploymentRecord = {
    id: mintId(state),
    groupId,
    clusterName,
    specs: body.specs as JsonObject[],
    encryptionAtRestProvider: "NONE",
    cloudProvider: pathCluster(state, req).provider,
    changeStartedMs: req.now,
    deleteRequestedMs: null,
  };
  deploymentTable(state)[clusterKey(groupId, clusterName)] = record;
  return record;
}

/** Deleting shows UPDATING until the delay has passed; then the deployment is gone. */
export function requestDeploymentDelete(record: SearchDeploymentRecord, nowMs: number): void {
  record.deleteRequestedMs = nowMs;
}

/** Applies a `{specs}` body; the nodes update from now. */
export function updateDeployment(
  record: SearchDeploymentRecord,
  body: Json | undefined,
  nowMs: number,
): void {
  const valid = validateBody(body, specsBody);
  record.specs = valid.specs as JsonObject[];
  record.changeStartedMs = nowMs;
}
