/** Dedicated search nodes of a cluster (operations 20-23). */
import { z } from "zod";
import { apiPath } from "./request";
import { entity } from "./schemas";
import type { Transport } from "./transport";

export const SearchNodeSpecSchema = entity({ instanceSize: z.string(), nodeCount: z.number().int() });
/** GET answers `{}` when no nodes exist, so every field is optional. */
export const SearchDeploymentSchema = entity({
  id: z.string().optional(),
  groupId: z.string().optional(),
  encryptionAtRestProvider: z.string().optional(),
  specs: z.array(SearchNodeSpecSchema).optional(),
  stateName: z.string().optional(),
});
export type SearchDeployment = z.infer<typeof SearchDeploymentSchema>;

export interface SearchDeploymentInput {
  /** Exactly one item. */
  specs: [{ instanceSize: string; nodeCount: number }];
}

export function searchDeploymentsApi(t: Transport) {
  const path = (groupId: string, clusterName: string) =>
    apiPath`/groups/${groupId}/clusters/${clusterName}/search/deployment`;
  return {
    /** 20 */
    delete: (groupId: string, clusterName: string) =>
      t.callVoid({
        id: "20",
        operation: "Deleting search nodes",
        method: "DELETE",
        path: path(groupId, clusterName),
      }),
    /** 21: `{}` when the cluster has no search nodes. */
    get: (groupId: string, clusterName: string) =>
      t.call(
        { id: "21", operation: "Reading search nodes", method: "GET", path: path(groupId, clusterName) },
        SearchDeploymentSchema,
      ),
    /** 22 */
    update: (groupId: string, clusterName: string, body: SearchDeploymentInput) =>
      t.call(
        {
          id: "22",
          operation: "Updating search nodes",
          method: "PATCH",
          path: path(groupId, clusterName),
          body,
        },
        SearchDeploymentSchema,
      ),
    /** 23: 409 SEARCH_DEPLOYMENT_ALREADY_EXISTS when one exists. */
    create: (groupId: string, clusterName: string, body: SearchDeploymentInput) =>
      t.call(
        {
          id: "23",
          operation: "Creating search nodes",
          method: "POST",
          path: path(groupId, clusterName),
          body,
        },
        SearchDeploymentSchema,
      ),
  };
}
export type SearchDeploymentsApi = ReturnType<typeof searchDeploymentsApi>;
