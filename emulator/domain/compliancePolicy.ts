/**
 * The backup compliance policy, one per project, and the rules it imposes on backup schedules (both
 * directions: a policy raises or refuses the schedules that fall short; a schedule update or reset is
 * refused while it would break the policy in force). A PUT moves it to ENABLING (new) or UPDATING,
 * then ACTIVE after the delay; a second PUT before that is refused. Disabling needs a support request,
 * modelled as the project flag DISABLE_REQUESTED_FLAG (seed or control API); it moves to DISABLING and,
 * after the delay, the policy is gone. Served by operations 41-43; schedules (51-53) read the rules.
 */
import { ON_DEMAND_FREQUENCY_TYPE, SNAPSHOT_FREQUENCY_TYPES } from "../../api/vocabulary";
import {
  actingUserEmail,
  type ClusterRecord,
  type EmulatorState,
  type Failable,
  type JsonObject,
  type OperationRequest,
} from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { isForcedFailure } from "../core/forcedFailures";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecyclePhase } from "../core/lifecycle";
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
import { policyItemFields, retentionDays, settlePolicyItems } from "./backupPolicy";
import { type BackupScheduleRecord, scheduleOf } from "./backupSchedules";
import { clustersOfProject, hasCloudBackup } from "./clusters";
import { requireProject } from "./projects";

/** The project field standing for the support request that lets the policy be disabled; the control
 * API sets it (PATCH /__emulator/projects/{id}), as does a seed. */
export const DISABLE_REQUESTED_FLAG = "compliancePolicyDisableRequested";

export interface CompliancePolicyRecord extends JsonObject {
  projectId: string;
  authorizedEmail: string;
  authorizedUserFirstName: string;
  authorizedUserLastName: string;
  copyProtectionEnabled: boolean;
  encryptionAtRestEnabled: boolean;
  pitEnabled: boolean;
  restoreWindowDays: number | null;
  onDemandPolicyItem: JsonObject | null;
  scheduledPolicyItems: JsonObject[];
  updatedDate: string;
  updatedUser: string;
  /** The pending transition: ENABLING (first PUT) or UPDATING, until changeStartedMs + delay. */
  pendingState: string;
  changeStartedMs: number;
  disableRequestedMs: number | null;
}

const TABLE = "compliancePolicies";

export function compliancePolicyTable(state: EmulatorState): Record<string, CompliancePolicyRecord> {
  return table<CompliancePolicyRecord>(state, TABLE);
}

/** A policy stuck in its pending state (ENABLING or UPDATING): PUTs are refused as pending until it is disabled. */
export const compliancePolicyFailure: Failable = {
  table: TABLE,
  groupField: "projectId",
  keyedByProject: true,
  failureState: (record) => String(record.pendingState),
};

/** The project's policy, or undefined (a finished disable removes it). */
export function currentCompliancePolicy(
  state: EmulatorState,
  groupId: string,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): CompliancePolicyRecord | undefined {
  const policies = compliancePolicyTable(state);
  const policy = policies[groupId];
  if (
    policy?.disableRequestedMs != null &&
    lifecycleDone(policy.disableRequestedMs, req.now, req.asyncDelayMs)
  ) {
    delete policies[groupId];
    return undefined;
  }
  return policy;
}

export function complianceState(
  policy: CompliancePolicyRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): string {
  if (policy.disableRequestedMs !== null) return "DISABLING";
  // Stuck (control API): the pending transition never finishes.
  if (isForcedFailure(policy)) return policy.pendingState;
  return lifecyclePhase([policy.pendingState, "ACTIVE"], policy.changeStartedMs, req.now, req.asyncDelayMs);
}

/**
 * Every backup schedule of the project must meet the policy's scheduled items. With
 * overwriteBackupPolicies (the default) schedules that fall short are raised to meet them; without
 * it the update is refused, naming the clusters.
 */
export function bringSchedulesInLine(
  state: EmulatorState,
  groupId: string,
  requirements: JsonObject[],
  overwrite: boolean,
): void {
  const schedules = clustersOfProject(state, groupId)
    .filter(hasCloudBackup)
    .map((cluster) => scheduleOf(state, cluster));
  const behind = schedules.filter(
    (s) => unmetRequirements(s.policies[0]?.policyItems ?? [], requirements).length > 0,
  );
  if (behind.length === 0) return;
  if (!overwrite) {
    throw apiError(
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
      behind.map((s) => s.clusterName),
      {
        args: [
          `the backup schedules of ${behind.map((s) => s.clusterName).join(", ")} fall short; retry with overwriteBackupPolicies=true to raise them`,
        ],
      },
    );
  }
  for (const schedule of behind) {
    const current = schedule.policies[0];
    const items = raiseToRequirements(state, current?.policyItems ?? [], requirements);
    schedule.policies = [{ id: current?.id ?? mintId(state), policyItems: items }];
  }
}

/** Under a compliance policy in force, a schedule must keep meeting its items and restore window, and
 * copy protection forbids deleting copied backups. */
export function requireCompliance(
  state: EmulatorState,
  schedule: BackupScheduleRecord,
  req: OperationRequest,
  copiedBackupsToDelete: number,
): void {
  const policy = currentCompliancePolicy(state, schedule.groupId, req);
  if (!policy || complianceState(policy, req) === "DISABLING") return;
  if (policy.copyProtectionEnabled && copiedBackupsToDelete > 0) {
    throw apiError(
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
      [schedule.clusterName],
      { args: [`copied backups of ${schedule.clusterName} cannot be deleted under copy protection`] },
    );
  }
  const unmet = unmetRequirements(schedule.policies[0]?.policyItems ?? [], policy.scheduledPolicyItems);
  const windowTooShort =
    policy.pitEnabled &&
    policy.restoreWindowDays !== null &&
    schedule.restoreWindowDays < policy.restoreWindowDays;
  if (unmet.length > 0 || windowTooShort) {
    const what = windowTooShort
      ? `restoreWindowDays must be at least ${policy.restoreWindowDays}`
      : `missing or shorter items: ${unmet.map((i) => `${String(i.frequencyType)} every ${String(i.frequencyInterval)} kept ${String(i.retentionValue)} ${String(i.retentionUnit)}`).join("; ")}`;
    throw apiError(
      "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS",
      [schedule.clusterName],
      { args: [`the backup schedule of ${schedule.clusterName} would fall short: ${what}`] },
    );
  }
}

/** A cluster's schedule cannot be reset (operation 51) while its project has a compliance policy in
 * force (not being disabled). */
export function requireNoPolicyInForce(
  state: EmulatorState,
  cluster: ClusterRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): void {
  const policy = currentCompliancePolicy(state, cluster.groupId, req);
  if (policy && complianceState(policy, req) !== "DISABLING") {
    throw apiError("BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS", [cluster.name], {
      args: [
        `the backup schedule of ${cluster.name} cannot be removed while group ${cluster.groupId} has a policy in force`,
      ],
    });
  }
}

/** Whether a schedule item meets a compliance item: same frequency, kept at least as long. */
function meets(scheduleItem: JsonObject, requirement: JsonObject): boolean {
  return (
    scheduleItem.frequencyType === requirement.frequencyType &&
    Number(scheduleItem.frequencyInterval) === Number(requirement.frequencyInterval) &&
    retentionDays(scheduleItem) >= retentionDays(requirement)
  );
}

/** The compliance policy's scheduled items a schedule's items do not meet. */
function unmetRequirements(scheduleItems: JsonObject[], requirements: JsonObject[]): JsonObject[] {
  return requirements.filter((r) => !scheduleItems.some((item) => meets(item, r)));
}

/**
 * The schedule's items raised to meet the requirements (what overwriteBackupPolicies=true does): an
 * item of the same frequency gets the required retention, a missing frequency is added.
 */
function raiseToRequirements(
  state: EmulatorState,
  scheduleItems: JsonObject[],
  requirements: JsonObject[],
): JsonObject[] {
  const raised = scheduleItems.map((item) => ({ ...item }));
  for (const requirement of unmetRequirements(raised, requirements)) {
    const same = raised.find(
      (item) =>
        item.frequencyType === requirement.frequencyType &&
        Number(item.frequencyInterval) === Number(requirement.frequencyInterval),
    );
    if (same) {
      same.retentionUnit = requirement.retentionUnit ?? "days";
      same.retentionValue = requirement.retentionValue ?? 1;
    } else {
      raised.push({
        id: mintId(state),
        frequencyType: requirement.frequencyType ?? "daily",
        frequencyInterval: requirement.frequencyInterval ?? 1,
        retentionUnit: requirement.retentionUnit ?? "days",
        retentionValue: requirement.retentionValue ?? 1,
      });
    }
  }
  return raised;
}

/** A policy as the API shows it: its state, and `deletable` once the support request is made. */
export function renderCompliancePolicy(
  state: EmulatorState,
  policy: CompliancePolicyRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
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
    deletable: state.projects[policy.projectId]?.[DISABLE_REQUESTED_FLAG] === true,
  };
  // A policy without a window or an on-demand item shows 0 and null, as the service's do
  // (docs/api-choices.md, Compliance policy).
  shown.restoreWindowDays = restoreWindowDays ?? 0;
  shown.onDemandPolicyItem = onDemandPolicyItem;
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
  // 0 is accepted: the service answers 200 to the vendor's client, which sends 0 when no restore
  // window is asked (docs/api-choices.md, "Backup compliance policy").
  restoreWindowDays: int({ min: 0 }),
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

/** The project's policy (404 BACKUP_POLICY_NOT_FOUND when it has none, also after a disable). */
export function requirePolicy(
  state: EmulatorState,
  groupId: string,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): CompliancePolicyRecord {
  const policy = currentCompliancePolicy(state, groupId, req);
  if (!policy) throw apiError("BACKUP_POLICY_NOT_FOUND", [groupId]);
  return policy;
}

/**
 * Enables or replaces the project's policy from a PUT body of the served version (43). Refused while
 * a change is pending. The project's schedules must meet the new scheduled items: raised to meet them
 * with `overwriteBackupPolicies` (default true), else the PUT is refused naming the clusters.
 */
export function putCompliancePolicy(
  state: EmulatorState,
  groupId: string,
  req: OperationRequest,
): CompliancePolicyRecord {
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
  return policy;
}

/** Starts disabling the policy (41): only after the support request; DISABLING until the delay. */
export function disableCompliancePolicy(
  state: EmulatorState,
  groupId: string,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): void {
  const project = requireProject(state, groupId);
  const policy = requirePolicy(state, groupId, req);
  if (project[DISABLE_REQUESTED_FLAG] !== true) {
    throw apiError("CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY", [groupId]);
  }
  policy.disableRequestedMs ??= req.now;
}
