/**
 * PlatformError: the one error class every client method throws.
 *
 * `code` is stable and what callers branch on: the service's errorCode when the server sent one,
 * otherwise one of the client codes below (or HTTP_<status> for an error answer without a body).
 * Messages read as a sentence and never contain credentials: every text that goes into an error
 * passes through `maskSecrets`, and no raw request (headers) is ever attached.
 */
import { inspect } from "node:util";
import { RETRYABLE_STATUSES } from "./retry";
import { maskSecrets } from "./secrets";

/** Codes the client itself produces. The service's own errorCodes pass through unchanged. */
export const ClientErrorCode = {
  /** A required setting is missing (names the config key and the environment variable). */
  CONFIG_MISSING: "CONFIG_MISSING",
  /** A setting has an unusable value. */
  CONFIG_INVALID: "CONFIG_INVALID",
  /** The connection failed (refused, reset, DNS, TLS) and retries did not help. */
  NETWORK_ERROR: "NETWORK_ERROR",
  /** One HTTP request took longer than requestTimeoutMs. */
  TIMEOUT: "TIMEOUT",
  /** The logical call (all attempts and waits) took longer than deadlineMs. */
  DEADLINE_EXCEEDED: "DEADLINE_EXCEEDED",
  /** The server kept answering 429 (also used when the service's errorCode is RATE_LIMITED). */
  RATE_LIMITED: "RATE_LIMITED",
  /** A success answer whose body is not JSON or does not have the documented shape. */
  INVALID_RESPONSE: "INVALID_RESPONSE",
  /** The server rejected the credentials (401 without a usable errorCode). */
  AUTHENTICATION_FAILED: "AUTHENTICATION_FAILED",
  /** The client was closed before or during the call. */
  CLIENT_CLOSED: "CLIENT_CLOSED",
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

export interface PlatformErrorFields {
  code: string;
  /** The sentence shown to the user (masked again by the constructor). */
  message: string;
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** The service's errorCode, when the answer carried one. */
  errorCode?: string;
  /** The service's detail text, when the answer carried one. */
  detail?: string;
  /** The service's parameters array (for example the invalid field's name). */
  parameters?: unknown[];
  method?: string;
  /** Path relative to the API root, without the query string. */
  path?: string;
  /** The X-Request-Id sent with every attempt of this logical call. */
  requestId?: string;
  /** HTTP requests made for the logical call, including retries and auth challenges. */
  attempts?: number;
  /** What the caller tried to do ("Creating search index"). */
  operation?: string;
  /** A low-level cause, kept as a masked name/code/message only. */
  cause?: unknown;
}

/** A cause reduced to what is safe to keep: the name, the code and a masked message. */
export interface SafeCause {
  name: string;
  code?: string;
  message: string;
}

function safeCause(cause: unknown): SafeCause | undefined {
  if (cause === undefined || cause === null) return undefined;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return {
      name: cause.name,
      ...(typeof code === "string" ? { code } : {}),
      message: maskSecrets(cause.message),
    };
  }
  return { name: typeof cause, message: maskSecrets(String(cause)) };
}

export class PlatformError extends Error {
  override readonly name = "PlatformError";
  readonly code: string;
  readonly status: number | undefined;
  readonly errorCode: string | undefined;
  readonly detail: string | undefined;
  readonly parameters: unknown[] | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly requestId: string | undefined;
  readonly attempts: number | undefined;
  readonly operation: string | undefined;
  override readonly cause: SafeCause | undefined;

  constructor(fields: PlatformErrorFields) {
    super(maskSecrets(fields.message));
    this.code = fields.code;
    this.status = fields.status;
    this.errorCode = fields.errorCode;
    this.detail = fields.detail === undefined ? undefined : maskSecrets(fields.detail);
    this.parameters =
      fields.parameters === undefined
        ? undefined
        : (JSON.parse(maskSecrets(JSON.stringify(fields.parameters))) as unknown[]);
    this.method = fields.method;
    this.path = fields.path === undefined ? undefined : maskSecrets(fields.path);
    this.requestId = fields.requestId;
    this.attempts = fields.attempts;
    this.operation = fields.operation;
    this.cause = safeCause(fields.cause);
    // The stack starts with the message; it was masked above, so the stack is too.
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      errorCode: this.errorCode,
      detail: this.detail,
      parameters: this.parameters,
      method: this.method,
      path: this.path,
      requestId: this.requestId,
      attempts: this.attempts,
      operation: this.operation,
      cause: this.cause,
    };
  }

  [inspect.custom](): string {
    return `${this.stack ?? `${this.name}: ${this.message}`}\n${inspect(this.toJSON(), { depth: 4 })}`;
  }
}

/** True for any PlatformError, also one built by another copy of this module (brand check). */
export function isPlatformError(err: unknown): err is PlatformError {
  return (
    err instanceof PlatformError ||
    (err instanceof Error &&
      err.name === "PlatformError" &&
      typeof (err as { code?: unknown }).code === "string")
  );
}

/** For waiters: the object is gone (404), whatever the service's errorCode. */
export function isNotFound(err: unknown): boolean {
  return isPlatformError(err) && err.status === 404;
}

/** Whether the error carries this code (client code or service errorCode). */
export function hasErrorCode(err: unknown, code: string): boolean {
  return isPlatformError(err) && (err.code === code || err.errorCode === code);
}

/**
 * Whether a failed POST (a create) may have acted on the service: it answered 5xx, its connection
 * was lost, or no answer came in time. The client never repeats such a POST (retry.ts); the caller
 * looks the object up by its natural key instead (provider/framework/adoption.ts). A 429 or a
 * refused connection did not act; neither did any other 4xx.
 */
export function mayHaveActed(err: unknown): boolean {
  if (!isPlatformError(err) || err.method !== "POST") return false;
  if (
    err.code === ClientErrorCode.NETWORK_ERROR ||
    err.code === ClientErrorCode.TIMEOUT ||
    err.code === ClientErrorCode.DEADLINE_EXCEEDED ||
    err.code === ClientErrorCode.CLIENT_CLOSED
  )
    return true;
  return err.status !== undefined && err.status >= 500;
}

/** Transient server answers a poller may treat as "still working" (RETRYABLE_STATUSES). */
export function isTransient(err: unknown): boolean {
  if (!isPlatformError(err)) return false;
  if (err.code === ClientErrorCode.NETWORK_ERROR || err.code === ClientErrorCode.TIMEOUT) return true;
  return err.status !== undefined && RETRYABLE_STATUSES.has(err.status);
}
