/**
 * Legacy operations under the 1.0 root (77, 78): the routes. Private IP (Peering-Only) mode is a
 * project setting (emulator/domain/projectSettings.ts); the legacy view of a cluster is
 * emulator/domain/clusters.ts.
 */
import type { OperationDef } from "../core/contract";
import { clustersOfProject, renderLegacyCluster } from "../domain/clusters";
import { updatePrivateIpMode } from "../domain/projectSettings";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list } from "./define";

export const legacyOperations: OperationDef[] = [
  defineOperation({
    id: "77",
    name: "Update private IP mode (Peering-Only)",
    root: "v1.0",
    method: "PATCH",
    path: "/groups/{groupId}/privateIpMode",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const record = updatePrivateIpMode(state, groupId, req.body);
      return entity({ enabled: record.enabled }, `/groups/${groupId}/privateIpMode`);
    },
  }),
  defineOperation({
    id: "78",
    name: "List clusters (legacy)",
    root: "v1.0",
    method: "GET",
    path: "/groups/{groupId}/clusters",
    roles: ["GROUP_READ_ONLY"],
    paginated: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return list(
        clustersOfProject(state, groupId).map(renderLegacyCluster),
        (item) => `/groups/${groupId}/clusters/${String(item.name)}`,
      );
    },
  }),
];
