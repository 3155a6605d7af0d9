/**
 * Dedicated search nodes of a cluster (operations 20-23): one deployment per cluster whose one
 * configuration applies to all nodes. Changes show stateName UPDATING until the delay has passed.
 */

import { LIFECYCLE_STATES, SEARCH_NODE_COUNT, SEARCH_NODE_INSTANCE_SIZES } from "../../api/vocabulary";
import {
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  param,
} from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecyclePhase } from "../core/lifecycle";
import { arr, int, obj, oneOf, required, validateBody } from "../core/validation";
import { clusterKey, requireSearchCluster } from "../domain/clusters";
import { defineOperation, emptyEntity, entity, noContent, VERSION_2023_01_01 } from "./define";

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
  changeStartedMs: number;
  deleteRequestedMs: number | null;
}

function deploymentTable(state: EmulatorState): Record<string, SearchDeploymentRecord> {
  return table<SearchDeploymentRecord>(state, "searchDeployments");
}

/** The cluster's deployment, or undefined when none exists (a finished delete removes it). */
function currentDeployment(state: EmulatorState, req: OperationRequest): SearchDeploymentRecord | undefined {
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

function requireDeployment(state: EmulatorState, req: OperationRequest): SearchDeploymentRecord {
  const record = currentDeployment(state, req);
  if (!record || record.deleteRequestedMs !== null) {
    throw apiError("SEARCH_DEPLOYMENT_DOES_NOT_EXIST", [param(req.params, "clusterName")]);
  }
  return record;
}

function render(record: SearchDeploymentRecord, req: OperationRequest): JsonObject {
  const stateName =
    record.deleteRequestedMs !== null
      ? "UPDATING"
      : lifecyclePhase(
          LIFECYCLE_STATES.searchDeployment.steps,
          record.changeStartedMs,
          req.now,
          req.asyncDelayMs,
        );
  return {
    id: record.id,
    groupId: record.groupId,
    specs: record.specs,
    encryptionAtRestProvider: record.encryptionAtRestProvider,
    stateName,
  };
}

const selfPath = (req: OperationRequest) =>
  `/groups/${param(req.params, "groupId")}/clusters/${param(req.params, "clusterName")}/search/deployment`;
const ADMIN = ["GROUP_DATA_ACCESS_ADMIN"] as const;
const PATH = "/groups/{groupId}/clusters/{clusterName}/search/deployment";

export const searchDeploymentOperations: OperationDef[] = [
  defineOperation({
    id: "20",
    name: "Delete search nodes",
    method: "DELETE",
    path: PATH,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      requireDeployment(state, req).deleteRequestedMs = req.now;
      return noContent(req.version === VERSION_2023_01_01 ? 200 : 204);
    },
  }),
  defineOperation({
    id: "21",
    name: "Get search nodes",
    method: "GET",
    path: PATH,
    roles: ["GROUP_DATA_ACCESS_ADMIN", "GROUP_DATA_ACCESS_READ_WRITE"],
    rateLimited: true,
    handler: (req, state) => {
      const record = currentDeployment(state, req);
      // No deployment: the service answers 200 with an empty object, not 404.
      return record ? entity(render(record, req), selfPath(req)) : emptyEntity();
    },
  }),
  defineOperation({
    id: "22",
    name: "Update search nodes",
    method: "PATCH",
    path: PATH,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
      const record = requireDeployment(state, req);
      const body = validateBody(req.body, specsBody);
      record.specs = body.specs as JsonObject[];
      record.changeStartedMs = req.now;
      return entity(render(record, req), selfPath(req));
    },
  }),
  defineOperation({
    id: "23",
    name: "Create search nodes",
    method: "POST",
    path: PATH,
    roles: [...ADMIN],
    rateLimited: true,
    handler: (req, state) => {
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
        changeStartedMs: req.now,
        deleteRequestedMs: null,
      };
      deploymentTable(state)[clusterKey(groupId, clusterName)] = record;
      return entity(render(record, req), selfPath(req), req.version === VERSION_2023_01_01 ? 200 : 201);
    },
  }),
];
