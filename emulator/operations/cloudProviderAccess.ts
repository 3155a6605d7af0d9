/**
 * Cloud provider access roles (72-74, plus 74a authorize and 74b deauthorize from
 * docs/spec/operations.md): the routes. The role and its rules are emulator/domain/cloudProviderAccess.ts;
 * its featureUsages (the export buckets using it) come from emulator/domain/exportBuckets.ts.
 */
import { type EmulatorState, type OperationDef, type OperationResult, param } from "../core/contract";
import {
  type AccessRoleRecord,
  accessRoleTable,
  authorizeAccessRole,
  createAccessRole,
  deleteAccessRole,
  renderAccessRole,
  requireProviderSegment,
  requireRole,
} from "../domain/cloudProviderAccess";
import { requireRoleUnused, roleFeatureUsages } from "../domain/exportBuckets";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, noContent } from "./define";

const rolePath = (groupId: string, roleId: string) => `/groups/${groupId}/cloudProviderAccess/${roleId}`;

function render(state: EmulatorState, role: AccessRoleRecord) {
  return renderAccessRole(role, roleFeatureUsages(state, role));
}

function shownRole(state: EmulatorState, role: AccessRoleRecord): OperationResult {
  return entity(render(state, role), rolePath(role.groupId, role.roleId));
}

export const cloudProviderAccessOperations: OperationDef[] = [
  defineOperation({
    id: "72",
    name: "List cloud provider access roles",
    method: "GET",
    path: "/groups/{groupId}/cloudProviderAccess",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const roles = Object.values(accessRoleTable(state)).filter((r) => r.groupId === groupId);
      return entity(
        {
          awsIamRoles: roles.filter((r) => r.providerName === "AWS").map((r) => render(state, r)),
          azureServicePrincipals: roles
            .filter((r) => r.providerName === "AZURE")
            .map((r) => render(state, r)),
          // The service lists its (empty) GCP accounts too (docs/api-choices.md, cloud provider
          // access); the emulator serves no GCP roles.
          gcpServiceAccounts: [],
        },
        `/groups/${groupId}/cloudProviderAccess`,
      );
    },
  }),
  defineOperation({
    id: "73",
    name: "Create a cloud provider access role",
    method: "POST",
    path: "/groups/{groupId}/cloudProviderAccess",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const role = createAccessRole(state, groupId, req.body, req.now);
      return entity(render(state, role), rolePath(groupId, role.roleId));
    },
  }),
  defineOperation({
    id: "74",
    name: "Get a cloud provider access role",
    method: "GET",
    path: "/groups/{groupId}/cloudProviderAccess/{roleId}",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const role = requireRole(state, req);
      return shownRole(state, role);
    },
  }),
  defineOperation({
    id: "74a",
    name: "Authorize a cloud provider access role",
    method: "PATCH",
    path: "/groups/{groupId}/cloudProviderAccess/{roleId}",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const role = requireRole(state, req);
      authorizeAccessRole(role, req.body, req.now);
      return shownRole(state, role);
    },
  }),
  defineOperation({
    id: "74b",
    name: "Deauthorize a cloud provider access role",
    method: "DELETE",
    path: "/groups/{groupId}/cloudProviderAccess/{cloudProvider}/{roleId}",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const role = requireRole(state, req);
      requireProviderSegment(role, param(req.params, "cloudProvider"));
      requireRoleUnused(state, role);
      deleteAccessRole(state, role);
      return noContent();
    },
  }),
];
