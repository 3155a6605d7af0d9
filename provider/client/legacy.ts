/** Operations under the legacy v1.0 root (77, 78); Accept: application/json. */
import { z } from "zod";
import { iterateAllPages, type PageOptions, pageQuery, pageSchema } from "./pagination";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const PrivateIpModeSchema = entity({ enabled: z.boolean() });
export const LegacyClusterSchema = entity({
  name: z.string(),
  id: z.string().optional(),
  groupId: z.string().optional(),
  /** "7.0": the major database version (the spec: "major and full database versions per cluster"). */
  dbMajorVersion: z.string().optional(),
  /** "7.0.12": the full database version. */
  dbVersion: z.string().optional(),
});
export type LegacyCluster = z.infer<typeof LegacyClusterSchema>;
export const LegacyClusterPageSchema = pageSchema(LegacyClusterSchema);

export function legacyApi(t: Transport) {
  const listClusters = (groupId: string, page?: PageOptions) =>
    t.call(
      {
        id: "78",
        operation: "Listing clusters",
        method: "GET",
        path: apiPath`/groups/${groupId}/clusters`,
        query: pageQuery(page),
      },
      LegacyClusterPageSchema,
    );
  return {
    /** 77: Peering-only mode off needs database version 5.0 or later. */
    setPrivateIpMode: (groupId: string, enabled: boolean) =>
      t.call(
        {
          id: "77",
          operation: "Updating private IP mode",
          method: "PATCH",
          path: apiPath`/groups/${groupId}/privateIpMode`,
          body: { enabled },
        },
        PrivateIpModeSchema,
      ),
    /** 78 */
    listClusters,
    listAllClusters: (groupId: string) => iterateAllPages((p) => listClusters(groupId, p)),
  };
}
export type LegacyApi = ReturnType<typeof legacyApi>;
