/**
 * Dedicated search nodes of a cluster (operations 20-23); the deployment and its lifecycle are
 * emulator/domain/searchDeployments.ts. Under 2023-01-01 create and delete answer 200.
 */
import { type OperationDef, type OperationRequest, param } from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import {
  createDeployment,
  currentDeployment,
  renderDeployment,
  requestDeploymentDelete,
  requireDeployment,
  updateDeployment,
} from "../domain/searchDeployments";
import { defineOperation, emptyEntity, entity, noContent } from "./define";

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
      requestDeploymentDelete(requireDeployment(state, req), req.now);
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
      return record ? entity(renderDeployment(record, req), selfPath(req)) : emptyEntity();
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
      updateDeployment(record, req.body, req.now);
      return entity(renderDeployment(record, req), selfPath(req));
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
      const record = createDeployment(state, req);
      return entity(
        renderDeployment(record, req),
        selfPath(req),
        req.version === VERSION_2023_01_01 ? 200 : 201,
      );
    },
  }),
];
