/**
 * Auditing: inputs <-> API body, and the outputs stored in state.
 *
 * The audit filter is a JSON document the API holds as text. It is kept in canonical form (object
 * keys sorted, no whitespace) in inputs and outputs alike, so the same filter written two ways never
 * shows as a change, and a refresh right after an update changes nothing.
 */
import { type AuditingInputs, canonicalAuditFilter } from "./schema";

/** The fields the update operation (34) writes. */
export const AUDITING_FIELDS = ["enabled", "auditAuthorizationSuccess", "auditFilter"] as const;

export function describeAuditing(groupId: string): string {
  return `auditing configuration of project ${groupId}`;
}

/** The auditing configuration as the API returns it (operation 33/34). */
export interface AuditingLive {
  enabled?: boolean;
  auditAuthorizationSuccess?: boolean;
  auditFilter?: string;
  configurationType?: string;
}

/** The body of the update operation (34). */
export interface AuditingBody {
  enabled: boolean;
  auditAuthorizationSuccess: boolean;
  auditFilter: string;
}

/** Outputs: the inputs as applied plus what the API computes. */
export interface AuditingOutputs {
  groupId: string;
  enabled: boolean;
  auditAuthorizationSuccess: boolean;
  auditFilter: string;
  /** Read-only: NONE, FILTER_BUILDER or FILTER_JSON. */
  configurationType: string | undefined;
  importId?: string;
}

/** The PATCH body: only the fields whose live value differs from the inputs (empty: nothing to send). */
export function toAuditingPatch(inputs: AuditingInputs, live: AuditingOutputs): Partial<AuditingBody> {
  const body: Partial<AuditingBody> = {};
  if (live.enabled !== inputs.enabled) body.enabled = inputs.enabled;
  if (live.auditAuthorizationSuccess !== inputs.auditAuthorizationSuccess) {
    body.auditAuthorizationSuccess = inputs.auditAuthorizationSuccess;
  }
  if (canonicalAuditFilter(live.auditFilter) !== canonicalAuditFilter(inputs.auditFilter)) {
    body.auditFilter = inputs.auditFilter;
  }
  return body;
}

/**
 * Outputs from the live configuration. A filter the API holds that is not a JSON object (set out of
 * band) is kept as the API's text, so the next diff shows it.
 */
export function toAuditingOutputs(groupId: string, live: AuditingLive, importId?: string): AuditingOutputs {
  const rawFilter = live.auditFilter ?? "{}";
  const outputs: AuditingOutputs = {
    groupId,
    enabled: live.enabled ?? false,
    auditAuthorizationSuccess: live.auditAuthorizationSuccess ?? false,
    auditFilter: canonicalAuditFilter(rawFilter) ?? rawFilter,
    configurationType: live.configurationType,
  };
  if (importId !== undefined) outputs.importId = importId;
  return outputs;
}

/** The inputs `read` reports: the live values of every writable field, in input form. */
export function auditingInputsFromOutputs(outputs: AuditingOutputs): Record<string, unknown> {
  const inputs: Record<string, unknown> = {
    groupId: outputs.groupId,
    enabled: outputs.enabled,
    auditAuthorizationSuccess: outputs.auditAuthorizationSuccess,
    auditFilter: outputs.auditFilter,
  };
  if (outputs.importId !== undefined) inputs.importId = outputs.importId;
  return inputs;
}
