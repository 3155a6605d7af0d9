/**
 * The PlatformErrors a call ends with, and their messages. Every message names the operation, the
 * method and path, what happened and what to do; none carries credentials (docs/client.md).
 */
import type { z } from "zod";
import type { ClientConfig } from "./config";
import { ClientErrorCode, PlatformError } from "./errors";
import { type CallContext, type CallSpec, type HttpExchange, header } from "./request";
import { type AttemptOutcome, errorCodes, isIdempotent } from "./retry";

/** The settings messages cite: the origin reached, the per-request timeout, the call's deadline. */
export type FailureLimits = Pick<ClientConfig, "origin" | "requestTimeoutMs" | "deadlineMs">;

/** The abort reason of a call whose deadline passed (told apart from other aborts). */
export class DeadlineReached extends Error {}

/** Describe zod issues as "`field.path`: problem", naming the field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.length === 0 ? "(body)" : issue.path.map(String).join(".");
      return `\`${path}\`: ${issue.message}`;
    })
    .join("; ");
}

/** How an attempt ended, for the retry log line. */
export function describeOutcome(outcome: AttemptOutcome): string {
  if (outcome.kind === "status") return `answered ${outcome.status}`;
  if (outcome.kind === "timeout") return "timed out";
  return outcome.notSent ? "could not connect" : "lost its connection";
}

export function errorBase(
  context: CallContext,
): Pick<PlatformError, "method" | "path" | "requestId" | "attempts" | "operation"> {
  return {
    method: context.method,
    path: context.displayPath,
    requestId: context.requestId,
    attempts: context.httpRequests,
    operation: context.operation,
  };
}

/** A call made after close(). */
export function closedBeforeCallError(spec: Pick<CallSpec, "operation" | "method" | "path">): PlatformError {
  return new PlatformError({
    code: ClientErrorCode.CLIENT_CLOSED,
    message: `${spec.operation} failed: the client was closed; create a new one.`,
    method: spec.method,
    path: spec.path,
  });
}

/** A call asked for a resource version its operation does not declare (nothing was sent). */
export function undeclaredVersionError(
  spec: Pick<CallSpec, "id" | "operation" | "method" | "path" | "version">,
  declared: readonly string[],
): PlatformError {
  return new PlatformError({
    code: ClientErrorCode.CONFIG_INVALID,
    message: `${spec.operation} failed before sending: \`version\` ${spec.version} is not a version operation ${spec.id} (${spec.method} ${spec.path}) declares; use one of ${declared.join(", ")}.`,
    method: spec.method,
    path: spec.path,
    operation: spec.operation,
  });
}

/** A success answer whose body is not JSON. */
export function notJsonError(context: CallContext, exchange: HttpExchange): PlatformError {
  return new PlatformError({
    ...errorBase(context),
    code: ClientErrorCode.INVALID_RESPONSE,
    status: exchange.status,
    message: `${context.operation} failed: ${context.method} ${context.displayPath} answered ${exchange.status} with a body that is not JSON (content type ${header(exchange.headers, "content-type") ?? "none"}).`,
  });
}

/** A success answer whose body does not match the operation's schema. */
export function unexpectedShapeError(
  context: CallContext,
  exchange: HttpExchange,
  issues: z.ZodError,
): PlatformError {
  return new PlatformError({
    ...errorBase(context),
    code: ClientErrorCode.INVALID_RESPONSE,
    status: exchange.status,
    message: `${context.operation} failed: ${context.method} ${context.displayPath} answered ${exchange.status} with a body of an unexpected shape: ${describeIssues(issues)}.`,
  });
}

/** A token endpoint answer without an access token. */
export function missingTokenError(context: CallContext, exchange: HttpExchange): PlatformError {
  return new PlatformError({
    ...errorBase(context),
    code: ClientErrorCode.INVALID_RESPONSE,
    status: exchange.status,
    message: `${context.operation} failed: ${context.method} ${context.displayPath} answered ${exchange.status} without \`access_token\`.`,
  });
}

interface ServiceErrorBody {
  errorCode?: string;
  detail?: string;
  parameters?: unknown[];
}

function parseErrorBody(text: string): ServiceErrorBody {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object") return {};
    const { errorCode, detail, parameters } = parsed as Record<string, unknown>;
    return {
      ...(typeof errorCode === "string" ? { errorCode } : {}),
      ...(typeof detail === "string" ? { detail } : {}),
      ...(Array.isArray(parameters) ? { parameters } : {}),
    };
  } catch {
    return {};
  }
}

/** A non-2xx answer that is not retried (any more). */
export function answerError(context: CallContext, exchange: HttpExchange): PlatformError {
  const { errorCode, detail, parameters } = parseErrorBody(exchange.text);
  const status = exchange.status;
  let code = errorCode ?? `HTTP_${status}`;
  if (status === 429) code = ClientErrorCode.RATE_LIMITED;
  else if (status === 401 && errorCode === undefined) code = ClientErrorCode.AUTHENTICATION_FAILED;
  const retried = context.httpRequests > 1 ? ` (after ${context.httpRequests} HTTP requests)` : "";
  let hint = "";
  if (status === 401) hint = " Check the configured credentials and the API access list.";
  else if (status === 429)
    hint = " The project's rate limit is exhausted; lower the request rate or retry later.";
  else if (status >= 500 && !isIdempotent(context.method))
    hint = " The request was not repeated because the server may have acted on it; check the object's state.";
  return new PlatformError({
    ...errorBase(context),
    code,
    status,
    errorCode,
    detail,
    parameters,
    message: `${endSentence(`${context.operation} failed: ${context.method} ${context.displayPath} answered ${status}${errorCode ? ` ${errorCode}` : ""}${retried}${detail ? `: ${detail}` : ""}`)}${hint}`,
  });
}

/** A timeout or a lost connection that is not retried (any more). */
export function transportError(
  context: CallContext,
  outcome: AttemptOutcome,
  failure: unknown,
  limits: FailureLimits,
): PlatformError {
  if (outcome.kind === "timeout") {
    return new PlatformError({
      ...errorBase(context),
      code: ClientErrorCode.TIMEOUT,
      cause: failure,
      message: `${context.operation} failed: ${context.method} ${context.displayPath} got no answer within ${limits.requestTimeoutMs} ms (${requestCount(context)})${isIdempotent(context.method) ? "" : "; the request was not repeated because the server may have acted on it"}. Raise \`platform:requestTimeoutMs\` if the service is slow.`,
    });
  }
  return networkError(context, failure, outcome.kind === "network" && !outcome.notSent, limits);
}

/** The service could not be reached; `maybeSent`: the request may have arrived. */
export function networkError(
  context: CallContext,
  failure: unknown,
  maybeSent: boolean,
  limits: FailureLimits,
): PlatformError {
  const codes = errorCodes(failure);
  const reason = codes[0] ?? (failure instanceof Error ? failure.message : String(failure));
  const notRepeated =
    maybeSent && !isIdempotent(context.method)
      ? "; the request was not repeated because the server may have acted on it, check the object's state"
      : "";
  return new PlatformError({
    ...errorBase(context),
    code: ClientErrorCode.NETWORK_ERROR,
    cause: failure,
    message: `${context.operation} failed: ${context.method} ${context.displayPath} could not reach ${limits.origin} (${reason}) after ${requestCount(context)}${notRepeated}.`,
  });
}

/** The call's deadline passed while a request or a wait was in flight. */
export function deadlineError(context: CallContext, failure: unknown, limits: FailureLimits): PlatformError {
  return new PlatformError({
    ...errorBase(context),
    code: ClientErrorCode.DEADLINE_EXCEEDED,
    cause: failure instanceof DeadlineReached ? undefined : failure,
    message: `${context.operation} did not finish within its ${limits.deadlineMs} ms deadline (${context.method} ${context.displayPath}, ${requestCount(context)}); raise \`platform:deadlineMs\` to wait longer.`,
  });
}

/** The next retry would start after the deadline: the last failure, told as such. */
export function retryPastDeadlineError(
  context: CallContext,
  last: PlatformError,
  delayMs: number,
  limits: FailureLimits,
): PlatformError {
  return new PlatformError({
    ...errorBase(context),
    code: last.code === ClientErrorCode.RATE_LIMITED ? last.code : ClientErrorCode.DEADLINE_EXCEEDED,
    status: last.status,
    errorCode: last.errorCode,
    detail: last.detail,
    parameters: last.parameters,
    message: `${last.message} The next retry (in ${delayMs} ms) would pass the ${limits.deadlineMs} ms deadline of this call, so it was not made; raise \`platform:deadlineMs\` to wait longer.`,
  });
}

/** close() was called while the call was in flight. */
export function closedError(context: CallContext): PlatformError {
  return new PlatformError({
    ...errorBase(context),
    code: ClientErrorCode.CLIENT_CLOSED,
    message: `${context.operation} failed: the client was closed during ${context.method} ${context.displayPath}.`,
  });
}

function requestCount(context: CallContext): string {
  return `${context.httpRequests} HTTP request${context.httpRequests === 1 ? "" : "s"}`;
}

/** Close a sentence with a period unless it already ends with punctuation. */
function endSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text}.`;
}
