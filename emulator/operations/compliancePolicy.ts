/**
 * Backup compliance policy (41-43), one per project: the routes. The policy, its lifecycle, its
 * support request and its rules over backup schedules are emulator/domain/compliancePolicy.ts.
 */
import { type OperationDef, param } from "../core/contract";
import {
  disableCompliancePolicy,
  putCompliancePolicy,
  renderCompliancePolicy,
  requirePolicy,
} from "../domain/compliancePolicy";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, noContent } from "./define";

const PATH = "/groups/{groupId}/backupCompliancePolicy";
const selfPath = (groupId: string) => `/groups/${groupId}/backupCompliancePolicy`;

export const compliancePolicyOperations: OperationDef[] = [
  defineOperation({
    id: "41",
    name: "Disable the backup compliance policy",
    method: "DELETE",
    path: PATH,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      disableCompliancePolicy(state, param(req.params, "groupId"), req);
      return noContent();
    },
  }),
  defineOperation({
    id: "42",
    name: "Get the backup compliance policy",
    method: "GET",
    path: PATH,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return entity(
        renderCompliancePolicy(state, requirePolicy(state, groupId, req), req),
        selfPath(groupId),
      );
    },
  }),
  defineOperation({
    id: "43",
    name: "Update the backup compliance policy",
    method: "PUT",
    path: PATH,
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const policy = putCompliancePolicy(state, groupId, req);
      return entity(renderCompliancePolicy(state, policy, req), selfPath(groupId));
    },
  }),
];
