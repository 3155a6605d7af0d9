/**
 * The backup compliance policy and the rules it imposes on backup schedules (both directions: a
 * policy raises or refuses the schedules that fall short; a schedule update or reset is refused
 * while it would break the policy in force). Operations 41-43 and 51-53 both read these.
 */

import type { ClusterRecord, EmulatorState, JsonObject, OperationRequest } from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { mintId } from "../core/ids";
import { lifecycleDone, lifecyclePhase } from "../core/lifecycle";
import { raiseToRequirements, unmetRequirements } from "./backupPolicy";
import { type BackupScheduleRecord, scheduleOf } from "./backupSchedule";
import { clustersOfProject, hasCloudBackup } from "./clusters";
import { isForcedFailure } from "./failures";

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

export function compliancePolicyTable(state: EmulatorState): Record<string, CompliancePolicyRecord> {
  return table<CompliancePolicyRecord>(state, "compliancePolicies");
}

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
