/**
 * Authorization: does a credential hold one of an operation's roles in the request's context?
 * Org roles count only in the credential's own organization (the project's org, or the path orgId).
 * ORG_OWNER implies ORG_MEMBER and every project role; GROUP_OWNER implies every project role; any
 * project role implies GROUP_READ_ONLY.
 */

import { PROJECT_ROLES } from "../../api/vocabulary";
import type { CredentialRecord, OperationDef, ProjectRole, Role } from "./contract";
import { apiError } from "./errors";

export interface AuthorizationContext {
  /** The project of the path's groupId, when there is one. */
  projectId?: string;
  /** The organization owning that project, or the path's orgId. */
  orgId?: string;
}

export function grantedRoles(credential: CredentialRecord, context: AuthorizationContext): Set<Role> {
  const granted = new Set<Role>();
  const inOrg = context.orgId !== undefined && credential.orgId === context.orgId;
  if (inOrg) {
    for (const role of credential.orgRoles) granted.add(role);
    if (granted.has("ORG_OWNER")) {
      granted.add("ORG_MEMBER");
      if (context.projectId !== undefined) for (const role of PROJECT_ROLES) granted.add(role);
    }
  }
  if (context.projectId !== undefined) {
    const projectRoles: readonly ProjectRole[] = credential.projectRoles[context.projectId] ?? [];
    for (const role of projectRoles) granted.add(role);
    if (projectRoles.includes("GROUP_OWNER")) for (const role of PROJECT_ROLES) granted.add(role);
    if (projectRoles.length > 0) granted.add("GROUP_READ_ONLY");
  }
  return granted;
}

/** Throws 403 USER_CANNOT_ACCESS_GROUP / USER_CANNOT_ACCESS_ORG when the credential has no role at all
 * in the context, INSUFFICIENT_ROLE when it has some but not one the operation needs. */
export function authorize(
  op: OperationDef,
  credential: CredentialRecord,
  context: AuthorizationContext,
): void {
  if (op.roles === "ANY") return;
  const granted = grantedRoles(credential, context);
  if (op.roles.some((role) => granted.has(role))) return;
  const hasProjectAccess =
    context.projectId !== undefined &&
    [...granted].some((role) => role !== "ORG_MEMBER" && role !== "ORG_OWNER");
  if (context.projectId !== undefined && !hasProjectAccess) {
    throw apiError("USER_CANNOT_ACCESS_GROUP", [credential.id, context.projectId]);
  }
  if (context.projectId === undefined && context.orgId !== undefined && granted.size === 0) {
    throw apiError("USER_CANNOT_ACCESS_ORG", [credential.id, context.orgId]);
  }
  throw apiError("INSUFFICIENT_ROLE", [credential.id, op.roles.join(", ")]);
}
