/**
 * How operations raise errors. Codes and statuses come from THE list of error codes,
 * emulator/core/errors.ts (there is no other); this helper only lets an operation give a detail
 * specific to the failure (naming the field, the cluster, the state), as the service's own messages
 * do, where the core's `apiError` fills the code's generic message template.
 */
import { ApiError, type Json } from "../core/contract";
import { ERROR_CODES, type ErrorCode } from "../core/errors";

/** Builds the ApiError for a code with a detail specific to this failure; the status is the code's. */
export function operationError(code: ErrorCode, detail: string, parameters: Json[] = []): ApiError {
  return new ApiError(ERROR_CODES[code].status, code, detail, parameters);
}
