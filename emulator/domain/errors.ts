/**
 * Error codes raised by the operations, with their HTTP status, and the helpers that throw them.
 * Codes named by the public service come from operations.md; the few the emulator had to choose are
 * marked "chosen" and listed in docs/api-choices.md. Keep codes stable once published.
 */
import { ApiError, type Json } from "../core/contract";

export const OPERATION_ERROR_STATUS = {
  // Generic
  VALIDATION_ERROR: 400,
  INVALID_ATTRIBUTE: 400,
  MISSING_ATTRIBUTE: 400,
  ATTRIBUTE_READ_ONLY: 400,
  INVALID_ENUM_VALUE: 400,
  INVALID_QUERY_PARAMETER: 400,
  INVALID_PATH_PARAMETER: 400,
  RESOURCE_NOT_FOUND: 404,
  GROUP_NOT_FOUND: 404,
  ORG_NOT_FOUND: 404,
  CLUSTER_NOT_FOUND: 404,
  // Alerts
  ALERT_CONFIG_NOT_FOUND: 404,
  ALERT_NOT_FOUND: 404,
  MISSING_NOTIFICATIONS: 400,
  // Access logs (chosen: the public code is not known)
  ACCESS_LOGS_NOT_SUPPORTED_FOR_TIER: 400,
  // Search
  SEARCH_DUPLICATE_INDEX: 409,
  SEARCH_INDEX_NOT_FOUND: 404, // chosen
  SEARCH_DEPLOYMENT_ALREADY_EXISTS: 409,
  SEARCH_DEPLOYMENT_DOES_NOT_EXIST: 404,
  UNSUPPORTED_DB_VERSION_FOR_SEARCH: 400,
  // Auditing
  AUDITING_NOT_SUPPORTED_FOR_TIER: 400,
  // Backup
  EXPORT_BUCKET_NOT_FOUND: 404,
  EXPORT_BUCKET_ALREADY_EXISTS: 409, // chosen
  EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE: 400,
  EXPORT_JOB_NOT_FOUND: 404, // chosen
  CANNOT_ASSUME_ROLE: 400,
  SNAPSHOT_NOT_FOUND: 404,
  RESTORE_JOB_NOT_FOUND: 404,
  CANNOT_CANCEL_AUTOMATED_RESTORE: 400,
  UNFINISHED_ON_DEMAND_SNAPSHOT: 400,
  CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY: 400,
  CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION: 400,
  BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS: 400,
  CLUSTER_BACKUP_NOT_ENABLED: 400, // chosen
  SERVERLESS_INSTANCE_NOT_FOUND: 404, // chosen
  // Live migration (chosen where not public)
  LIVE_MIGRATION_NOT_FOUND: 404,
  LIVE_MIGRATION_NOT_READY_FOR_CUTOVER: 400,
  // Cloud provider access and outage simulation
  CLOUD_PROVIDER_ACCESS_ROLE_NOT_FOUND: 404,
  CLOUD_PROVIDER_ACCESS_ROLE_IN_USE: 400, // chosen
  INVALID_CLUSTER_OUTAGE_SIMULATION_STATE: 400,
  CLUSTER_OUTAGE_SIMULATION_NOT_FOUND: 404, // chosen
  // Legacy
  CANNOT_UPDATE_PRIVATE_IP_MODE: 400,
} as const satisfies Record<string, number>;

export type OperationErrorCode = keyof typeof OPERATION_ERROR_STATUS;

/** Builds the ApiError for a code; the status always comes from the table above. */
export function apiError(code: OperationErrorCode, detail: string, parameters: Json[] = []): ApiError {
  return new ApiError(OPERATION_ERROR_STATUS[code], code, detail, parameters);
}
