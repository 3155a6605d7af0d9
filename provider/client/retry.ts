/**
 * Retry policy: which failures are retried, and how long to wait before the next attempt.
 *
 * Contract:
 * - Idempotent methods (GET, PUT, PATCH, DELETE) are retried on 429, 500, 502, 503, 504 and on
 *   connection errors (refused, reset, socket closed, timeout).
 * - POST is retried only when the server certainly did not act on it: a 429 answer, or a
 *   connection that was refused / never established, so no byte of the request was sent. Never
 *   after a reset or timeout once the request was sent, never on 5xx.
 * - Backoff is exponential with full jitter: random() * min(maxDelay, base * 2^(retry-1)); a
 *   Retry-After (seconds or HTTP date) on a 429 or 503 is honoured as the minimum wait.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How one HTTP attempt ended, as far as retrying is concerned. */
export type AttemptOutcome =
  | { kind: "status"; status: number }
  /** `notSent`: the connection was never established (ECONNREFUSED, connect timeout), so the
   * server cannot have seen the request. */
  | { kind: "network"; notSent: boolean }
  | { kind: "timeout" };

const IDEMPOTENT: ReadonlySet<string> = new Set(["GET", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
/**
 * HTTP statuses that mean "the service is busy or briefly failing, ask again": retried by the
 * client (idempotent methods) and treated as "still working" by pollers. The one list.
 */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT.has(method.toUpperCase());
}

/** Whether this outcome may be retried for this method (ignoring attempt counts and deadlines). */
export function isRetryable(method: string, outcome: AttemptOutcome): boolean {
  if (isIdempotent(method)) {
    if (outcome.kind === "status") return RETRYABLE_STATUSES.has(outcome.status);
    return true;
  }
  // Not idempotent (POST): only when the server certainly did not act.
  if (outcome.kind === "status") return outcome.status === 429;
  if (outcome.kind === "network") return outcome.notSent;
  return false;
}

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  /** [0, 1); injectable for tests. */
  random: () => number;
}

/** Full-jitter delay before retry number `retry` (1 = the first retry). */
export function backoffDelayMs(retry: number, options: BackoffOptions, retryAfterMs?: number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const jittered = Math.floor(options.random() * ceiling);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}

/** Parse Retry-After: delta seconds or an HTTP date. Returns milliseconds, or undefined. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now: number = Date.now(),
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === "") return undefined;
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Error codes of a connection that was never established: nothing was sent. */
const NOT_SENT_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT"]);
/** Error codes of transport failures (the request may or may not have reached the server). */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH",
  "UND_ERR_RES_CONTENT_LENGTH_MISMATCH",
]);
const TIMEOUT_CODES: ReadonlySet<string> = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

/** Every error code found on an error, its cause chain and AggregateError members. */
export function errorCodes(err: unknown, seen = new Set<unknown>()): string[] {
  if (err === null || typeof err !== "object" || seen.has(err)) return [];
  seen.add(err);
  const codes: string[] = [];
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string") codes.push(code);
  codes.push(...errorCodes((err as { cause?: unknown }).cause, seen));
  const members = (err as { errors?: unknown }).errors;
  if (Array.isArray(members)) for (const member of members) codes.push(...errorCodes(member, seen));
  return codes;
}

/** Classify a thrown transport error; undefined when it is not a network failure at all. */
export function classifyTransportError(err: unknown): AttemptOutcome | undefined {
  const codes = errorCodes(err);
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return { kind: "timeout" };
  if (codes.some((c) => NETWORK_CODES.has(c))) {
    // Not sent only when every code says so (a refused connect), never when a reset is involved.
    const notSent =
      codes.some((c) => NOT_SENT_CODES.has(c)) &&
      !codes.some((c) => !NOT_SENT_CODES.has(c) && NETWORK_CODES.has(c));
    return { kind: "network", notSent };
  }
  return undefined;
}

/** Sleep that an AbortSignal can cut short (rejects with the signal's reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
