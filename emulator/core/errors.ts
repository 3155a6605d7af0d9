/**
 * THE one list of error codes the emulator answers with: name, HTTP status, reason phrase and the
 * message template (`%s` placeholders are filled from the parameters, in order). The core, the
 * domain and the operations all raise errors only through `apiError`, so a code's status and wording
 * never drift between call sites. The nouns' codes are listed here too, as data: one catalog of what
 * the emulator can answer (docs/api-choices.md, Errors). Codes are stable once published: add new ones, never rename.
 */
import { ApiError, type Json } from "./contract";

export interface ErrorCodeDef {
  status: number;
  message: string;
}

/** Reason phrases of the statuses used below (the `reason` field of the error body). */
export const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export const ERROR_CODES = {
  // Generic request validation.
  VALIDATION_ERROR: { status: 400, message: "The request body must be a JSON object." },
  INVALID_ATTRIBUTE: { status: 400, message: "Invalid attribute %s specified: %s." },
  MISSING_ATTRIBUTE: { status: 400, message: "The required attribute %s was not specified." },
  ATTRIBUTE_READ_ONLY: { status: 400, message: "Attribute %s is read-only and cannot be set." },
  INVALID_JSON: { status: 400, message: "Received JSON is malformed." },
  INVALID_ENUM_VALUE: {
    status: 400,
    message: "An invalid enumeration value %s was specified for %s; allowed: %s.",
  },
  INVALID_QUERY_PARAMETER: { status: 400, message: "Invalid query parameter %s: %s" },
  INVALID_PATH_PARAMETER: { status: 400, message: "Invalid path parameter %s: %s" },
  // Routing and content negotiation.
  RESOURCE_NOT_FOUND: { status: 404, message: "Cannot find resource %s." },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method %s is not supported for %s. Allowed: %s." },
  INVALID_ACCEPT_HEADER: {
    status: 406,
    message: "Invalid Accept header %s: expected application/vnd.%s.<version>+json or application/json.",
  },
  UNSUPPORTED_VERSION: {
    status: 406,
    message: "Version %s is not supported by %s %s. Supported versions: %s.",
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "Content-Type %s is not supported; send application/json.",
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body exceeds %s bytes." },
  // Context lookups.
  GROUP_NOT_FOUND: { status: 404, message: "No group with ID %s exists." },
  ORG_NOT_FOUND: { status: 404, message: "No organization with ID %s exists." },
  CLUSTER_NOT_FOUND: { status: 404, message: "No cluster named %s exists in group %s." },
  // Authentication and authorization.
  UNAUTHENTICATED: { status: 401, message: "You are not authenticated. %s" },
  NOT_ORG_GROUP_CREATOR: {
    status: 401,
    message: "The current user is not in the group, or the group does not exist.",
  },
  USER_CANNOT_ACCESS_GROUP: {
    status: 403,
    message: "The current credential %s has no access to group %s.",
  },
  USER_CANNOT_ACCESS_ORG: {
    status: 403,
    message: "The current credential %s has no access to organization %s.",
  },
  INSUFFICIENT_ROLE: {
    status: 403,
    message: "The current credential %s lacks the role required for this operation (one of: %s).",
  },
  IP_ADDRESS_NOT_ON_ACCESS_LIST: {
    status: 403,
    message: "IP address %s is not allowed to access this resource.",
  },
  // Limits and server faults.
  RATE_LIMITED: {
    status: 429,
    message: "Resource %s is limited to %s requests every %s seconds for this project.",
  },
  TOKEN_RATE_LIMITED: {
    status: 429,
    message: "The token endpoint is limited to %s requests a minute per client.",
  },
  UNEXPECTED_ERROR: { status: 500, message: "Unexpected error." },
  /** Body of a fault injected through the control API without its own body; the HTTP status is the
   * fault's (500 here is only the default). */
  INJECTED_FAULT: { status: 500, message: "Injected fault: HTTP %s." },
  SERVICE_UNAVAILABLE: { status: 503, message: "Service unavailable. Retry later." },
  // Specific to the nouns (raised by emulator/domain/** and emulator/operations/**).
  ALERT_CONFIG_NOT_FOUND: { status: 404, message: "No alert configuration with ID %s exists in group %s." },
  ALERT_NOT_FOUND: { status: 404, message: "No alert with ID %s exists in group %s." },
  MISSING_NOTIFICATIONS: {
    status: 400,
    message: "At least one notification is required for an alert configuration.",
  },
  SEARCH_COLLECTION_NOT_FOUND: { status: 400, message: "Collection %s does not exist in database %s." },
  SEARCH_INDEX_NOT_FOUND: { status: 404, message: "No search index %s exists on %s." },
  SEARCH_DUPLICATE_INDEX: { status: 409, message: "A search index named %s already exists on %s.%s." },
  SEARCH_DEPLOYMENT_ALREADY_EXISTS: { status: 409, message: "Search nodes already exist for cluster %s." },
  SEARCH_DEPLOYMENT_DOES_NOT_EXIST: { status: 404, message: "No search nodes exist for cluster %s." },
  UNSUPPORTED_DB_VERSION_FOR_SEARCH: {
    status: 400,
    message: "%s database version %s or later; cluster %s runs %s.",
  },
  EXPORT_BUCKET_NOT_FOUND: { status: 404, message: "No export bucket with ID %s exists in group %s." },
  EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE: {
    status: 400,
    message: "Export bucket %s is in use: disable auto export on cluster(s) %s first.",
  },
  EXPORT_JOB_NOT_FOUND: { status: 404, message: "No export job with ID %s exists for cluster %s." },
  CANNOT_ASSUME_ROLE: {
    status: 400,
    message: "The platform cannot assume role %s: it is not a usable %s access role of group %s.",
  },
  SNAPSHOT_NOT_FOUND: { status: 404, message: "No snapshot with ID %s exists for cluster %s." },
  RESTORE_JOB_NOT_FOUND: { status: 404, message: "No restore job with ID %s exists for cluster %s." },
  CANNOT_CANCEL_AUTOMATED_RESTORE: {
    status: 400,
    message: "Restore job %s is a %s restore; only download restores can be cancelled.",
  },
  UNFINISHED_ON_DEMAND_SNAPSHOT: {
    status: 400,
    message: "On-demand snapshot %s of cluster %s has not finished yet.",
  },
  BACKUP_POLICY_NOT_FOUND: { status: 404, message: "No backup compliance policy exists for group %s." },
  CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY: {
    status: 400,
    message: "The backup compliance policy of group %s can be disabled only after a support request.",
  },
  CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION: {
    status: 400,
    message: "The backup compliance policy of group %s is %s; retry when it is ACTIVE.",
  },
  INVALID_CLUSTER_OUTAGE_SIMULATION_STATE: {
    status: 400,
    message: "The outage simulation of cluster %s is %s: %s.",
  },
  OUTAGE_SIMULATION_NOT_FOUND: { status: 404, message: "No outage simulation exists for cluster %s." },
  CLOUD_PROVIDER_ACCESS_ROLE_NOT_FOUND: {
    status: 404,
    message: "No cloud provider access role with ID %s exists in group %s.",
  },
  CANNOT_UPDATE_PRIVATE_IP_MODE: { status: 400, message: "Private IP mode cannot be changed: %s." },
  AUDITING_NOT_SUPPORTED_FOR_TIER: {
    status: 400,
    message:
      "Auditing is not available for M0, M2, M5 or serverless clusters; project %s has no other cluster.",
  },
  ACCESS_LOGS_NOT_SUPPORTED_FOR_TIER: {
    status: 400,
    message: "Database access history is not available for %s clusters (cluster %s).",
  },
  LIVE_MIGRATION_NOT_FOUND: { status: 404, message: "No live migration with ID %s exists in group %s." },
  LIVE_MIGRATION_VALIDATION_NOT_FOUND: {
    status: 404,
    message: "No live migration validation with ID %s exists in group %s.",
  },
  LIVE_MIGRATION_NOT_READY_FOR_CUTOVER: {
    status: 400,
    message: "Live migration %s is %s and not ready for cutover.",
  },
  ORGANIZATION_LINK_NOT_FOUND: { status: 404, message: "Organization %s has no live migration link." },
  EXPORT_BUCKET_ALREADY_EXISTS: {
    status: 409,
    message: "An export bucket named %s already exists in group %s.",
  },
  CLUSTER_BACKUP_NOT_ENABLED: {
    status: 400,
    message: "Cloud backup is not enabled for cluster %s (tier %s).",
  },
  SERVERLESS_INSTANCE_NOT_FOUND: {
    status: 404,
    message: "No serverless instance named %s exists in group %s.",
  },
  CLOUD_PROVIDER_ACCESS_ROLE_IN_USE: {
    status: 400,
    message: "Cloud provider access role %s is used by export buckets; delete them first.",
  },
  BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS: {
    status: 400,
    message: "The backup policies do not meet the backup compliance policy: %s.",
  },
} as const satisfies Record<string, ErrorCodeDef>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Fills `%s` placeholders in order; missing arguments leave the placeholder visible on purpose. */
export function formatMessage(template: string, parameters: readonly Json[]): string {
  let index = 0;
  return template.replace(/%s/g, (placeholder) => {
    const value = parameters[index++];
    return value === undefined ? placeholder : typeof value === "string" ? value : JSON.stringify(value);
  });
}

export interface ErrorOptions {
  /** The template's arguments when they are not the body's `parameters` (default): the body names
   * the field or id, while the message may also say where and why (`["acknowledgedUntil", "must be
   * in the future"]` for parameters `["acknowledgedUntil"]`). */
  args?: Json[];
  /** Headers of the answer, e.g. `Retry-After` or `Allow`. */
  headers?: Record<string, string>;
}

/**
 * The one way to build an error: `throw apiError("CLUSTER_NOT_FOUND", [name, groupId])`. The status
 * and the message template are the code's; the detail is the template filled with `args` (default:
 * the parameters), so no call site writes a message of its own.
 */
export function apiError(code: ErrorCode, parameters: Json[] = [], options: ErrorOptions = {}): ApiError {
  const def: ErrorCodeDef = ERROR_CODES[code];
  const detail = formatMessage(def.message, options.args ?? parameters);
  return new ApiError(def.status, code, detail, parameters, options.headers ?? {});
}

export interface ErrorBody {
  detail: string;
  error: number;
  errorCode: string;
  parameters: Json[];
  reason: string;
}

export function reasonPhrase(status: number): string {
  return REASON_PHRASES[status] ?? "Error";
}

export function errorBody(error: ApiError): ErrorBody {
  return {
    detail: error.detail,
    error: error.status,
    errorCode: error.code,
    parameters: error.parameters,
    reason: reasonPhrase(error.status),
  };
}
