/**
 * Backup compliance policy (41-43), one per project. A PUT moves it to ENABLING (new) or UPDATING,
 * then ACTIVE after the delay; a second PUT before that is refused. Disabling needs a support
 * request, modelled as the project flag `compliancePolicyDisableRequested: true` (seed or control
 * API); it moves to DISABLING and, after the delay, the policy is gone (GET answers 404).
 */

import { ON_DEMAND_FREQUENCY_TYPE, SNAPSHOT_FREQUENCY_TYPES } from "../../api/vocabulary";
import {
  actingUserEmail,
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  param,
} from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate } from "../core/dates";
import { apiError } from "../core/errors";
import {
  arr,
  bool,
  hex24,
  int,
  invalidAttribute,
  missingAttribute,
  type ObjectSchema,
  obj,
  queryBoolean,
  readOnly,
  required,
  type Schema,
  str,
  validateBody,
} from "../core/validation";
import { policyItemFields, retentionDays, settlePolicyItems } from "../domain/backupPolicy";
import {
  bringSchedulesInLine,
  type CompliancePolicyRecord,
  compliancePolicyTable,
  complianceState,
  currentCompliancePolicy,
} from "../domain/compliance";
import { pathGroupId, requireProject } from "../domain/projects";
import { defineOperation, entity, noContent } from "./define";

function render(state: EmulatorState, policy: CompliancePolicyRecord, req: OperationRequest): JsonObject {
  const {
    pendingState,
    changeStartedMs,
    disableRequestedMs,
    restoreWindowDays,
    onDemandPolicyItem,
    forcedFailure,
    ...fields
  } = policy;
  const shown: JsonObject = {
    ...fields,
    state: complianceState(policy, req),
    deletable: state.projects[policy.projectId]?.compliancePolicyDisableRequested === true,
  };
  if (restoreWindowDays !== null) shown.restoreWindowDays = restoreWindowDays;
  if (onDemandPolicyItem !== null) shown.onDemandPolicyItem = onDemandPolicyItem;
  return shown;
}

const putBody: ObjectSchema = {
  authorizedEmail: required(str({ pattern: /^[^@\s]+@[^@\s]+\.[^@\s]+$/ })),
  authorizedUserFirstName: required(str({ minLength: 1 })),
  authorizedUserLastName: required(str({ minLength: 1 })),
  copyProtectionEnabled: bool(),
  encryptionAtRestEnabled: bool(),
  pitEnabled: bool(),
  projectId: hex24(),
  restoreWindowDays: int({ min: 1 }),
  onDemandPolicyItem: obj(policyItemFields([ON_DEMAND_FREQUENCY_TYPE])),
  scheduledPolicyItems: arr(obj(policyItemFields(SNAPSHOT_FREQUENCY_TYPES))),
  deletable: readOnly(bool()),
  state: readOnly(str()),
  updatedDate: readOnly(str()),
  updatedUser: readOnly(str()),
};

/**
 * The body of the served version: 2023-10-01 (DataProtectionSettings20231001) requires the
 * authorized user's first and last name; 2023-01-01 (DataProtectionSettings) only the email.
 */
function putBodyOf(version: string): ObjectSchema {
  if (version !== VERSION_2023_01_01) return putBody;
  const { authorizedUserFirstName, authorizedUserLastName, ...rest } = putBody;
  return {
    ...rest,
    authorizedUserFirstName: { ...authorizedUserFirstName, required: false } as Schema,
    authorizedUserLastName: { ...authorizedUserLastName, required: false } as Schema,
  };
}

const selfPath = (groupId: string) => `/groups/${groupId}/backupCompliancePolicy`;

function requirePolicy(state: EmulatorState, groupId: string, req: OperationRequest): CompliancePolicyRecord {
  const policy = currentCompliancePolicy(state, groupId, req);
  if (!policy) throw apiError("BACKUP_POLICY_NOT_FOUND", [groupId]);
  return policy;
}

export const compliancePolicyOperations: OperationDef[] = [
  defineOperation({
    id: "41",
    name: "Disable the backup compliance policy",
    method: "DELETE",
    path: "/groups/{groupId}/backupCompliancePolicy",
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = param(req.params, "groupId");
      const project = requireProject(state, groupId);
      const policy = requirePolicy(state, groupId, req);
      if (project.compliancePolicyDisableRequested !== true) {
        throw apiError("CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY", [groupId]);
      }
      policy.disableRequestedMs ??= req.now;
      return noContent();
    },
  }),
  defineOperation({
    id: "42",
    name: "Get the backup compliance policy",
    method: "GET",
    path: "/groups/{groupId}/backupCompliancePolicy",
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return entity(render(state, requirePolicy(state, groupId, req), req), selfPath(groupId));
    },
  }),
  defineOperation({
    id: "43",
    name: "Update the backup compliance policy",
    method: "PUT",
    path: "/groups/{groupId}/backupCompliancePolicy",
    roles: ["GROUP_OWNER"],
    rateLimited: true,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const overwriteBackupPolicies = queryBoolean(req.query, "overwriteBackupPolicies", true);
      const existing = currentCompliancePolicy(state, groupId, req);
      if (existing && complianceState(existing, req) !== "ACTIVE") {
        throw apiError("CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION", [groupId], {
          args: [groupId, complianceState(existing, req)],
        });
      }
      const body = validateBody(req.body, putBodyOf(req.version));
      if (body.projectId !== undefined && body.projectId !== groupId) {
        invalidAttribute("projectId", `must be the project in the path (${groupId})`);
      }
      const existingItems = [
        ...(existing?.scheduledPolicyItems ?? []),
        ...(existing?.onDemandPolicyItem ? [existing.onDemandPolicyItem] : []),
      ];
      const scheduled = settlePolicyItems(
        state,
        (body.scheduledPolicyItems as JsonObject[] | undefined) ?? [],
        existingItems,
        "scheduledPolicyItems",
      );
      const onDemand = body.onDemandPolicyItem
        ? (settlePolicyItems(
            state,
            [body.onDemandPolicyItem as JsonObject],
            existingItems,
            "onDemandPolicyItem",
          )[0] as JsonObject)
        : null;
      const restoreWindowDays = (body.restoreWindowDays as number | undefined) ?? null;
      const pitEnabled = (body.pitEnabled as boolean | undefined) ?? false;
      if (pitEnabled && restoreWindowDays === null) missingAttribute("restoreWindowDays");
      const hourly = scheduled.find((i) => i.frequencyType === "hourly");
      if (restoreWindowDays !== null && hourly && restoreWindowDays > retentionDays(hourly)) {
        invalidAttribute(
          "restoreWindowDays",
          `may not exceed the hourly retention (${retentionDays(hourly)} days)`,
        );
      }
      bringSchedulesInLine(state, groupId, scheduled, overwriteBackupPolicies);
      const policy: CompliancePolicyRecord = {
        projectId: groupId,
        authorizedEmail: body.authorizedEmail as string,
        // 2023-01-01 does not require the names: a policy keeps the ones it had (else none given).
        authorizedUserFirstName:
          (body.authorizedUserFirstName as string | undefined) ?? existing?.authorizedUserFirstName ?? "",
        authorizedUserLastName:
          (body.authorizedUserLastName as string | undefined) ?? existing?.authorizedUserLastName ?? "",
        copyProtectionEnabled: (body.copyProtectionEnabled as boolean | undefined) ?? false,
        encryptionAtRestEnabled: (body.encryptionAtRestEnabled as boolean | undefined) ?? false,
        pitEnabled,
        restoreWindowDays,
        onDemandPolicyItem: onDemand,
        scheduledPolicyItems: scheduled,
        updatedDate: isoDate(req.now),
        updatedUser: actingUserEmail(req.caller),
        pendingState: existing ? "UPDATING" : "ENABLING",
        changeStartedMs: req.now,
        disableRequestedMs: null,
      };
      compliancePolicyTable(state)[groupId] = policy;
      return entity(render(state, policy, req), selfPath(groupId));
    },
  }),
];
