/**
 * BackupCompliancePolicy: inputs <-> the PUT body, the live policy in input form, the outputs, and
 * how each policy field compares.
 *
 * The PUT replaces the whole policy, so every policy field is managed (check applied the defaults).
 * Scheduled items are matched by frequencyType + frequencyInterval, never by position; their ids are
 * outputs.
 */
import type { CompliancePolicy, CompliancePolicyInput } from "../../client/compliancePolicy";
import type { JsonObject } from "../../client/schemas";
import {
  alignPolicyItems,
  type PolicyItemWithId,
  policyItemFromApi,
  samePolicyItems,
  withoutId,
} from "../../framework/backupPolicy";
import { deepEqual, valuesEqual } from "../../framework/diff";
import type { BackupCompliancePolicyInputs } from "./schema";

/** The policy fields the PUT sends, and how each compares (state value, input value). */
export const POLICY_FIELD_COMPARISON = {
  authorizedEmail: "deep",
  authorizedUserFirstName: "deep",
  authorizedUserLastName: "deep",
  copyProtectionEnabled: "deep",
  encryptionAtRestEnabled: "deep",
  pitEnabled: "deep",
  restoreWindowDays: sameRestoreWindow,
  onDemandPolicyItem: sameOnDemandItem,
  scheduledPolicyItems: samePolicyItems,
} as const;
export type PolicyField = keyof typeof POLICY_FIELD_COMPARISON;
export const POLICY_FIELDS = Object.keys(POLICY_FIELD_COMPARISON) as PolicyField[];

/** A window left out is 0: the service shows `restoreWindowDays: 0` for a policy set up without one
 * (tests/contract/recordings, compliance policy setup), so neither side's absence is a change. */
function sameRestoreWindow(stateValue: unknown, inputValue: unknown): boolean {
  return (stateValue ?? 0) === (inputValue ?? 0);
}

/** The on-demand item compares without its read-only id. */
function sameOnDemandItem(stateValue: unknown, inputValue: unknown): boolean {
  const strip = (value: unknown) =>
    typeof value === "object" && value !== null ? withoutId(value as Record<string, unknown>) : value;
  return deepEqual(strip(stateValue), strip(inputValue));
}

/** The live policy's fields in input form (items keep their ids). */
export interface LivePolicyFields {
  authorizedEmail: string;
  authorizedUserFirstName: string;
  authorizedUserLastName: string;
  copyProtectionEnabled: boolean;
  encryptionAtRestEnabled: boolean;
  pitEnabled: boolean;
  restoreWindowDays?: number;
  onDemandPolicyItem?: PolicyItemWithId;
  scheduledPolicyItems: PolicyItemWithId[];
}

export interface LivePolicy {
  fields: LivePolicyFields;
  /** ENABLING, UPDATING, ACTIVE or DISABLING. */
  state: string;
  projectId: string | undefined;
  deletable: boolean | undefined;
  updatedDate: string | undefined;
  updatedUser: string | undefined;
}

/** The inputs that are not policy fields: how to write and delete, not what the policy holds. */
export type PolicySettings = Omit<BackupCompliancePolicyInputs, PolicyField>;

/** Outputs: the settings as given, the policy as the service holds it, what the service computes. */
export type BackupCompliancePolicyOutputs = PolicySettings &
  LivePolicyFields & {
    projectId?: string;
    state: string;
    deletable?: boolean;
    updatedDate?: string;
    updatedUser?: string;
  };

export function describePolicy(groupId: string): string {
  return `backup compliance policy of project ${groupId}`;
}

/** The PUT body (43). Item ids are read-only and not sent. */
export function toBody(inputs: BackupCompliancePolicyInputs): CompliancePolicyInput {
  const body: CompliancePolicyInput = {
    projectId: inputs.groupId,
    authorizedEmail: inputs.authorizedEmail,
    authorizedUserFirstName: inputs.authorizedUserFirstName,
    authorizedUserLastName: inputs.authorizedUserLastName,
    copyProtectionEnabled: inputs.copyProtectionEnabled,
    encryptionAtRestEnabled: inputs.encryptionAtRestEnabled,
    pitEnabled: inputs.pitEnabled,
    scheduledPolicyItems: inputs.scheduledPolicyItems.map((item) => ({ ...item })),
  };
  if (inputs.restoreWindowDays !== undefined) body.restoreWindowDays = inputs.restoreWindowDays;
  if (inputs.onDemandPolicyItem !== undefined)
    body.onDemandPolicyItem = { ...inputs.onDemandPolicyItem } as JsonObject;
  return body;
}

/** The live policy; scheduled items ordered like `reference` (the program's or the state's) where they match. */
export function fromApi(
  policy: CompliancePolicy,
  reference?: readonly { frequencyType: unknown; frequencyInterval: unknown }[],
): LivePolicy {
  const fields: LivePolicyFields = {
    authorizedEmail: policy.authorizedEmail ?? "",
    authorizedUserFirstName: policy.authorizedUserFirstName ?? "",
    authorizedUserLastName: policy.authorizedUserLastName ?? "",
    copyProtectionEnabled: policy.copyProtectionEnabled ?? false,
    encryptionAtRestEnabled: policy.encryptionAtRestEnabled ?? false,
    pitEnabled: policy.pitEnabled ?? false,
    scheduledPolicyItems: alignPolicyItems(
      (policy.scheduledPolicyItems ?? []).map(policyItemFromApi),
      reference,
    ),
  };
  // The service shows `restoreWindowDays: 0` for a policy set up without a window (the recordings,
  // docs/api-choices.md): 0 reads as no window, in outputs and read inputs alike, so a stack whose
  // state has none (0.1.0's among them) refreshes with no change (sameRestoreWindow: absent is 0).
  if (policy.restoreWindowDays !== undefined && policy.restoreWindowDays !== 0) {
    fields.restoreWindowDays = policy.restoreWindowDays;
  }
  if (policy.onDemandPolicyItem !== undefined) {
    fields.onDemandPolicyItem = policyItemFromApi(policy.onDemandPolicyItem);
  }
  return {
    fields,
    state: policy.state ?? "UNKNOWN",
    projectId: policy.projectId,
    deletable: policy.deletable,
    updatedDate: policy.updatedDate,
    updatedUser: policy.updatedUser,
  };
}

/** The policy fields whose live value differs from the inputs (empty: the PUT can be skipped). */
export function policyFieldsToChange(
  inputs: BackupCompliancePolicyInputs,
  live: LivePolicyFields,
): PolicyField[] {
  return POLICY_FIELDS.filter(
    (field) => !valuesEqual(live[field], inputs[field], POLICY_FIELD_COMPARISON[field]),
  );
}

export function toOutputs(inputs: PolicySettings, live: LivePolicy): BackupCompliancePolicyOutputs {
  const { groupId, overwriteBackupPolicies, keepEnabledOnDelete, timeouts, importId } = inputs;
  const outputs: BackupCompliancePolicyOutputs = {
    groupId,
    overwriteBackupPolicies,
    keepEnabledOnDelete,
    ...live.fields,
    state: live.state,
  };
  if (timeouts !== undefined) outputs.timeouts = timeouts;
  if (importId !== undefined) outputs.importId = importId;
  if (live.projectId !== undefined) outputs.projectId = live.projectId;
  if (live.deletable !== undefined) outputs.deletable = live.deletable;
  if (live.updatedDate !== undefined) outputs.updatedDate = live.updatedDate;
  if (live.updatedUser !== undefined) outputs.updatedUser = live.updatedUser;
  return outputs;
}

/** The inputs that are not policy fields, from the stored outputs (for read and delete). */
export function previousInputs(
  props: Record<string, unknown>,
): Omit<BackupCompliancePolicyInputs, PolicyField> {
  const inputs: Record<string, unknown> = {
    groupId: props.groupId,
    overwriteBackupPolicies: props.overwriteBackupPolicies !== false,
    keepEnabledOnDelete: props.keepEnabledOnDelete === true,
  };
  for (const key of ["timeouts", "importId"] as const) {
    if (props[key] !== undefined) inputs[key] = props[key];
  }
  return inputs as PolicySettings;
}

/** The inputs `read` reports: the live policy fields (item ids dropped) and the other inputs as before. */
export function inputsFromLive(previous: PolicySettings, live: LivePolicy): Record<string, unknown> {
  const { onDemandPolicyItem, scheduledPolicyItems, ...fields } = live.fields;
  const inputs: Record<string, unknown> = {
    ...previous,
    ...fields,
    scheduledPolicyItems: scheduledPolicyItems.map(withoutId),
  };
  if (onDemandPolicyItem !== undefined) inputs.onDemandPolicyItem = withoutId(onDemandPolicyItem);
  return inputs;
}
