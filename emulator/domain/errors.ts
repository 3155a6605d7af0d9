/**
 * How operations raise errors. Statuses come from THE list of error codes, emulator/core/errors.ts;
 * the few codes only the operations use and that list does not (yet) hold are below, in the same
 * form, so that they can move there unchanged. Details are specific to the failure (they name the
 * field, the cluster, the state), which the service's own messages also do.
 */
import { ApiError, type Json } from "../core/contract";
import { ERROR_CODES, type ErrorCode } from "../core/errors";

/** Codes raised only by operations, not in emulator/core/errors.ts; chosen, see docs/api-choices.md. */
export const OPERATION_ONLY_ERROR_CODES = {
  EXPORT_BUCKET_ALREADY_EXISTS: { status: 409 },
  CLUSTER_BACKUP_NOT_ENABLED: { status: 400 },
  SERVERLESS_INSTANCE_NOT_FOUND: { status: 404 },
  CLOUD_PROVIDER_ACCESS_ROLE_IN_USE: { status: 400 },
  BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS: { status: 400 },
} as const satisfies Record<string, { status: number }>;

export type OperationErrorCode = ErrorCode | keyof typeof OPERATION_ONLY_ERROR_CODES;

export function errorStatus(code: OperationErrorCode): number {
  return code in OPERATION_ONLY_ERROR_CODES
    ? OPERATION_ONLY_ERROR_CODES[code as keyof typeof OPERATION_ONLY_ERROR_CODES].status
    : ERROR_CODES[code as ErrorCode].status;
}

/** Builds the ApiError for a code with a detail specific to this failure (the core's `apiError` fills
 * its generic message template instead); the status always comes from the code lists. */
export function operationError(code: OperationErrorCode, detail: string, parameters: Json[] = []): ApiError {
  return new ApiError(errorStatus(code), code, detail, parameters);
}
