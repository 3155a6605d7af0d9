/**
 * Legacy operations under the 1.0 root (77, 78): private IP (Peering-Only) mode and the cluster list.
 */
import { dbVersionAtLeast, PEERING_ONLY_OFF_MIN_DB_VERSION } from "../../api/vocabulary";
import type { ClusterRecord, EmulatorState, JsonObject, OperationDef } from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { bool, required, validateBody } from "../core/validation";
import { clustersOfProject, fullDbVersion, hasCloudBackup, isSharedTier } from "../domain/clusters";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, list } from "./define";

/**
 * The 1.0 view's providerSettings, one of the contract's kinds told apart by providerName
 * (api/openapi/openapi-v1.0.yml, ClusterProviderSettings): a dedicated tier under its cloud provider;
 * a shared tier (M0/M2/M5) as TENANT and a flex cluster as FLEX, each with the cloud it runs on as
 * backingProviderName. A serverless instance has no kind there (the contract lists serverless
 * instances under their own operations), so its entry carries no providerSettings.
 */
function providerSettingsOf(cluster: ClusterRecord): { providerSettings?: JsonObject } {
  if (cluster.tier === "SERVERLESS") return {};
  if (cluster.tier === "FLEX") {
    return {
      providerSettings: {
        providerName: "FLEX",
        backingProviderName: cluster.provider,
        instanceSizeName: "FLEX",
      },
    };
  }
  if (isSharedTier(cluster)) {
    return {
      providerSettings: {
        providerName: "TENANT",
        backingProviderName: cluster.provider,
        instanceSizeName: cluster.tier,
      },
    };
  }
  return { providerSettings: { providerName: cluster.provider, instanceSizeName: cluster.tier } };
}

function renderCluster(cluster: ClusterRecord): JsonObject {
  const major = cluster.dbVersion.split(".").slice(0, 2).join(".");
  const full = fullDbVersion(cluster);
  return {
    id: cluster.id,
    groupId: cluster.groupId,
    name: cluster.name,
    clusterType: cluster.sharded ? "SHARDED" : "REPLICASET",
    dbMajorVersion: major,
    dbVersion: full,
    ...providerSettingsOf(cluster),
    backupEnabled: hasCloudBackup(cluster),
    paused: false,
    stateName: "IDLE",
  };
}

function privateIpModeOf(state: EmulatorState, groupId: string): { enabled: boolean } & JsonObject {
  const records = table<{ enabled: boolean } & JsonObject>(state, "privateIpMode");
  records[groupId] ??= { enabled: false };
  return records[groupId];
}

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
      const body = validateBody(req.body, { enabled: required(bool()) });
      if (body.enabled === false) {
        const older = clustersOfProject(state, groupId).filter(
          (c) => !dbVersionAtLeast(c.dbVersion, PEERING_ONLY_OFF_MIN_DB_VERSION),
        );
        if (older.length > 0) {
          throw apiError(
            "CANNOT_UPDATE_PRIVATE_IP_MODE",
            older.map((c) => c.name),
            {
              args: [
                `Peering-Only mode can be turned off only when every cluster runs ${PEERING_ONLY_OFF_MIN_DB_VERSION} or later; older: ${older.map((c) => c.name).join(", ")}`,
              ],
            },
          );
        }
      }
      const record = privateIpModeOf(state, groupId);
      record.enabled = body.enabled as boolean;
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
        clustersOfProject(state, groupId).map(renderCluster),
        (item) => `/groups/${groupId}/clusters/${String(item.name)}`,
      );
    },
  }),
];
