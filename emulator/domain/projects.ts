/**
 * Organizations and projects as the domain reads them: the lookups with the service's 404s. The core
 * refuses a path naming an unknown project or organization before an operation runs; these also serve
 * ids that come from elsewhere (the control API, tests calling the domain directly).
 */
import { type EmulatorState, type OperationRequest, param } from "../core/contract";
import { apiError } from "../core/errors";

export type ProjectRecord = EmulatorState["projects"][string];

export function requireProject(state: EmulatorState, groupId: string): ProjectRecord {
  const project = state.projects[groupId];
  if (!project) throw apiError("GROUP_NOT_FOUND", [groupId]);
  return project;
}

export function requireOrg(state: EmulatorState, orgId: string): EmulatorState["orgs"][string] {
  const org = state.orgs[orgId];
  if (!org) throw apiError("ORG_NOT_FOUND", [orgId]);
  return org;
}

/** The project id of the path, once the project is known to exist (404 GROUP_NOT_FOUND). */
export function pathGroupId(state: EmulatorState, req: Pick<OperationRequest, "params">): string {
  const groupId = param(req.params, "groupId");
  requireProject(state, groupId);
  return groupId;
}
