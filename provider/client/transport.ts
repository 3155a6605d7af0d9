/**
 * The request pipeline, the only place that speaks HTTP (undici).
 *
 * One logical call = `call(spec, schema)`:
 *   1. a request id (sent as X-Request-Id on every HTTP request of the call) and a deadline;
 *   2. per attempt: wait for the project's throttle token, send with versioned media type and
 *      credentials (digest: reused nonce, one re-send on a fresh challenge; OAuth: cached bearer
 *      token, one re-send after a 401 with a new token);
 *   3. a success answer is parsed and validated with the operation's zod schema;
 *   4. a failure is retried per retry.ts (backoff with full jitter, Retry-After honoured) while
 *      attempts remain and the next attempt would start before the deadline;
 *   5. anything else becomes a PlatformError (never carrying credentials).
 */
import { randomUUID } from "node:crypto";
import { rootCertificates } from "node:tls";
import { Agent, type Dispatcher } from "undici";
import type { z } from "zod";
import { type ClientConfig, mediaType } from "./config";
import { DigestSession } from "./digest";
import { ClientErrorCode, isPlatformError, PlatformError } from "./errors";
import { type IssuedToken, OAuthTokenSource } from "./oauth";
import {
  type AttemptOutcome,
  backoffDelayMs,
  classifyTransportError,
  errorCodes,
  type HttpMethod,
  isIdempotent,
  isRetryable,
  parseRetryAfter,
  sleep as realSleep,
} from "./retry";
import { type LogSink, maskingLogger, type Secret } from "./secrets";
import { projectIdOfPath, projectThrottle, type ThrottleClock, type ThrottlePermit } from "./throttle";

const USER_AGENT = "pulumi-cluster-platform-client/0.1";

export type QueryValue = string | number | boolean | undefined;

/** One logical API call. */
export interface CallSpec {
  /** What the caller is doing, as the start of a sentence: "Creating search index". */
  operation: string;
  method: HttpMethod;
  /** Path relative to the API root, segments already encoded (see `apiPath`). */
  path: string;
  /** "v1.0" selects the legacy root (Accept: application/json). Default "v2". */
  root?: "v2" | "v1.0";
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Resource version for the media type; default the client's (2025-03-12). */
  version?: string;
}

/** One HTTP answer, body read as text. */
export interface HttpExchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** Test and benchmark seams. */
export interface TransportDeps {
  /** Replace the undici Agent (for example a MockAgent). Not closed by the transport. */
  dispatcher?: Dispatcher;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  throttleClock?: ThrottleClock;
}

/** Counters for diagnostics and the benchmark. */
export interface TransportStats {
  calls: number;
  httpRequests: number;
  retries: number;
  authChallenges: number;
  tokensIssued: number;
}

/** Encode path segments: apiPath`/groups/${groupId}/clusters/${name}`. */
export function apiPath(strings: TemplateStringsArray, ...segments: Array<string | number>): string {
  let path = strings[0] ?? "";
  segments.forEach((segment, index) => {
    path += encodeURIComponent(String(segment)) + (strings[index + 1] ?? "");
  });
  return path;
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

function header(headers: HttpExchange["headers"], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

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

/** The context of one logical call, shared by its attempts. */
interface CallContext {
  operation: string;
  method: HttpMethod;
  /** Root-relative path without query, for messages. */
  displayPath: string;
  requestId: string;
  deadlineAt: number;
  signal: AbortSignal;
  httpRequests: number;
}

class DeadlineReached extends Error {}

export class Transport {
  readonly config: ClientConfig;
  readonly #counters = { calls: 0, httpRequests: 0, retries: 0, authChallenges: 0 };
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #digest: DigestSession | undefined;
  readonly #oauth: OAuthTokenSource | undefined;
  readonly #log: LogSink;
  readonly #random: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #now: () => number;
  readonly #throttleClock: ThrottleClock | undefined;
  #closed = false;
  /** Set while the first digest challenge is being earned (see #sendAuthenticated). */
  #digestPrimer: Promise<void> | undefined;
  /** Aborted by close(): cancels waits and requests in flight. */
  readonly #closing = new AbortController();

  constructor(config: ClientConfig, deps: TransportDeps = {}) {
    this.config = config;
    this.#ownsDispatcher = deps.dispatcher === undefined;
    this.#dispatcher =
      deps.dispatcher ??
      new Agent({
        connections: config.maxConnections,
        pipelining: 1,
        // Close idle sockets before a typical server does, so a POST rarely meets a dead socket.
        keepAliveTimeout: 4_000,
        connect: config.ca ? { ca: [...rootCertificates, config.ca] } : {},
      });
    this.#random = deps.random ?? Math.random;
    this.#sleep = deps.sleep ?? realSleep;
    this.#now = deps.now ?? Date.now;
    this.#throttleClock = deps.throttleClock;
    this.#log = maskingLogger(config.logger);
    const auth = config.auth;
    if (auth.kind === "digest") {
      this.#digest = new DigestSession(auth.publicKey, auth.privateKey, {
        reuseNonce: config.digestNonceReuse,
      });
    } else {
      const clientId = auth.clientId;
      const clientSecret = auth.clientSecret;
      this.#oauth = new OAuthTokenSource(
        {
          issue: () => this.#issueToken(clientId, clientSecret),
          revoke: (token) => this.#revokeToken(clientId, clientSecret, token),
        },
        { refreshMarginMs: config.tokenRefreshMarginMs, now: this.#now },
      );
    }
  }

  /** A snapshot of the counters. */
  get stats(): TransportStats {
    return { ...this.#counters, tokensIssued: this.#oauth?.issuedCount ?? 0 };
  }

  /** Run one logical call and validate the answer. 204 / empty bodies are validated as undefined. */
  async call<Schema extends z.ZodType>(spec: CallSpec, schema: Schema): Promise<z.output<Schema>> {
    const { exchange, context } = await this.#perform(spec);
    return this.#parse(exchange, context, schema);
  }

  /** Run one logical call whose answer body does not matter (deletes). */
  async callVoid(spec: CallSpec): Promise<void> {
    await this.#perform(spec);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#oauth?.close();
    } finally {
      this.#closing.abort(new Error("client closed"));
      if (this.#ownsDispatcher) await this.#dispatcher.close();
    }
  }

  // ---------------------------------------------------------------------------------------------

  async #perform(spec: CallSpec): Promise<{ exchange: HttpExchange; context: CallContext }> {
    if (this.#closed) {
      throw new PlatformError({
        code: ClientErrorCode.CLIENT_CLOSED,
        message: `${spec.operation} failed: the client was closed; create a new one.`,
        method: spec.method,
        path: spec.path,
      });
    }
    this.#counters.calls += 1;
    const root = spec.root === "v1.0" ? this.config.legacyBasePath : this.config.apiBasePath;
    const requestPath = `${root}${spec.path}${queryString(spec.query)}`;
    const accept =
      spec.root === "v1.0"
        ? "application/json"
        : mediaType(this.config, spec.version ?? this.config.apiVersion);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const projectId = projectIdOfPath(spec.path);
    const send = (authorization: string | undefined, context: CallContext): Promise<HttpExchange> =>
      this.#sendOnce(context, {
        path: requestPath,
        headers: {
          accept,
          ...(body !== undefined ? { "content-type": accept } : {}),
          ...(authorization !== undefined ? { authorization } : {}),
        },
        body,
        // A request without credentials only earns a digest challenge: the service authenticates
        // before it counts a project's requests, so it takes no throttle token.
        projectId: authorization === undefined ? undefined : projectId,
      });
    return this.#withRetries(
      { operation: spec.operation, method: spec.method, displayPath: spec.path },
      (context) => this.#sendAuthenticated(spec.method, requestPath, context, send),
    );
  }

  /** Send with credentials; on a 401 that a fresh challenge or token can fix, send once more. */
  async #sendAuthenticated(
    method: HttpMethod,
    requestPath: string,
    context: CallContext,
    send: (authorization: string | undefined, context: CallContext) => Promise<HttpExchange>,
  ): Promise<HttpExchange> {
    if (this.#digest) {
      const digest = this.#digest;
      // With nonce reuse, only one request earns the first challenge; concurrent first calls wait
      // for it instead of each costing a 401 round trip.
      let releasePrimer: (() => void) | undefined;
      if (this.config.digestNonceReuse && !digest.hasChallenge) {
        if (this.#digestPrimer) await this.#digestPrimer;
        else this.#digestPrimer = new Promise<void>((resolve) => (releasePrimer = resolve));
      }
      let answer: HttpExchange;
      let first: ReturnType<DigestSession["authorize"]>;
      let retry: boolean;
      let challenge: Parameters<DigestSession["authorize"]>[2];
      try {
        first = digest.authorize(method, requestPath);
        answer = await send(first?.header, context);
        if (answer.status !== 401) return answer;
        ({ retry, challenge } = digest.acceptChallenge(answer.headers["www-authenticate"], first));
      } finally {
        if (releasePrimer) {
          this.#digestPrimer = undefined;
          releasePrimer();
        }
      }
      if (!retry) return answer;
      this.#counters.authChallenges += 1;
      return send(digest.authorize(method, requestPath, challenge)?.header, context);
    }
    const oauth = this.#oauth!;
    const token = await oauth.token();
    const answer = await send(`Bearer ${token.reveal()}`, context);
    if (answer.status !== 401) return answer;
    oauth.invalidate(token);
    this.#counters.authChallenges += 1;
    const renewed = await oauth.token();
    return send(`Bearer ${renewed.reveal()}`, context);
  }

  /**
   * The retry loop shared by API calls and the token endpoint. `attempt` sends one request (plus
   * at most one authentication re-send) and returns the final answer of that attempt.
   */
  async #withRetries(
    call: Pick<CallContext, "operation" | "method" | "displayPath">,
    attempt: (context: CallContext) => Promise<HttpExchange>,
  ): Promise<{ exchange: HttpExchange; context: CallContext }> {
    const deadline = new AbortController();
    const deadlineTimer = setTimeout(() => deadline.abort(new DeadlineReached()), this.config.deadlineMs);
    const context: CallContext = {
      ...call,
      requestId: randomUUID(),
      deadlineAt: this.#now() + this.config.deadlineMs,
      signal: AbortSignal.any([deadline.signal, this.#closing.signal]),
      httpRequests: 0,
    };
    try {
      for (let attemptNumber = 1; ; attemptNumber++) {
        let exchange: HttpExchange | undefined;
        let outcome: AttemptOutcome;
        let failure: unknown;
        try {
          exchange = await attempt(context);
          if (exchange.status >= 200 && exchange.status < 300) return { exchange, context };
          outcome = { kind: "status", status: exchange.status };
        } catch (err) {
          if (isPlatformError(err)) throw err; // e.g. the token endpoint refused the client
          if (deadline.signal.aborted) throw this.#deadlineError(context, err);
          if (this.#closing.signal.aborted) throw this.#closedError(context);
          const classified = classifyTransportError(err);
          if (!classified) throw this.#networkError(context, err, false);
          outcome = classified;
          failure = err;
        }
        // Retry-After comes with 429 (and may come with 503): the server's own wait is the minimum.
        const retryAfterMs =
          exchange && outcome.kind === "status" && (outcome.status === 429 || outcome.status === 503)
            ? parseRetryAfter(exchange.headers["retry-after"], this.#now())
            : undefined;
        const finalError = (): PlatformError =>
          exchange ? this.#answerError(context, exchange) : this.#transportError(context, outcome, failure);
        if (attemptNumber > this.config.maxRetries || !isRetryable(call.method, outcome)) throw finalError();
        const delay = backoffDelayMs(
          attemptNumber,
          {
            baseDelayMs: this.config.retryBaseDelayMs,
            maxDelayMs: this.config.retryMaxDelayMs,
            random: this.#random,
          },
          retryAfterMs,
        );
        if (this.#now() + delay >= context.deadlineAt) {
          const last = finalError();
          throw new PlatformError({
            ...this.#errorBase(context),
            code: last.code === ClientErrorCode.RATE_LIMITED ? last.code : ClientErrorCode.DEADLINE_EXCEEDED,
            status: last.status,
            errorCode: last.errorCode,
            detail: last.detail,
            parameters: last.parameters,
            message: `${last.message} The next retry (in ${delay} ms) would pass the ${this.config.deadlineMs} ms deadline of this call, so it was not made; raise \`platform:deadlineMs\` to wait longer.`,
          });
        }
        this.#counters.retries += 1;
        this.#log(
          `platform request ${context.requestId}: ${call.method} ${call.displayPath} ${describeOutcome(outcome)}; retry ${attemptNumber} of ${this.config.maxRetries} in ${delay} ms`,
        );
        try {
          await this.#sleep(delay, context.signal);
        } catch (err) {
          if (deadline.signal.aborted) throw this.#deadlineError(context, err);
          throw this.#closedError(context);
        }
      }
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  /** One HTTP request: throttle token, send, read the whole body. */
  async #sendOnce(
    context: CallContext,
    request: {
      path: string;
      headers: Record<string, string>;
      body: string | undefined;
      projectId: string | undefined;
      origin?: string;
    },
  ): Promise<HttpExchange> {
    let permit: ThrottlePermit | undefined;
    const limit = this.config.rateLimit;
    if (limit && request.projectId) {
      const throttle = projectThrottle(
        this.config.origin,
        request.projectId,
        limit.limit,
        limit.windowMs,
        this.#throttleClock,
      );
      permit = await throttle.acquire(context.signal);
    }
    const started = this.#now();
    context.httpRequests += 1;
    this.#counters.httpRequests += 1;
    try {
      const response = await this.#dispatcher.request({
        origin: request.origin ?? this.config.origin,
        path: request.path,
        method: context.method,
        headers: {
          ...request.headers,
          "user-agent": USER_AGENT,
          "x-request-id": context.requestId,
        },
        body: request.body,
        headersTimeout: this.config.requestTimeoutMs,
        bodyTimeout: this.config.requestTimeoutMs,
        signal: context.signal,
      });
      const text = await response.body.text();
      this.#log(
        `platform request ${context.requestId}: ${context.method} ${context.displayPath} answered ${response.statusCode} in ${this.#now() - started} ms`,
      );
      return { status: response.statusCode, headers: response.headers, text };
    } finally {
      permit?.release();
    }
  }

  #parse<Schema extends z.ZodType>(
    exchange: HttpExchange,
    context: CallContext,
    schema: Schema,
  ): z.output<Schema> {
    let parsed: unknown;
    if (exchange.text.trim() !== "") {
      try {
        parsed = JSON.parse(exchange.text);
      } catch {
        throw new PlatformError({
          ...this.#errorBase(context),
          code: ClientErrorCode.INVALID_RESPONSE,
          status: exchange.status,
          message: `${context.operation} failed: ${context.method} ${context.displayPath} answered ${exchange.status} with a body that is not JSON (content type ${header(exchange.headers, "content-type") ?? "none"}).`,
        });
      }
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      throw new PlatformError({
        ...this.#errorBase(context),
        code: ClientErrorCode.INVALID_RESPONSE,
        status: exchange.status,
        message: `${context.operation} failed: ${context.method} ${context.displayPath} answered ${exchange.status} with a body of an unexpected shape: ${describeIssues(result.error)}.`,
      });
    }
    return result.data;
  }

  #errorBase(
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

  #answerError(context: CallContext, exchange: HttpExchange): PlatformError {
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
      hint =
        " The request was not repeated because the server may have acted on it; check the object's state.";
    return new PlatformError({
      ...this.#errorBase(context),
      code,
      status,
      errorCode,
      detail,
      parameters,
      message: `${endSentence(`${context.operation} failed: ${context.method} ${context.displayPath} answered ${status}${errorCode ? ` ${errorCode}` : ""}${retried}${detail ? `: ${detail}` : ""}`)}${hint}`,
    });
  }

  #transportError(context: CallContext, outcome: AttemptOutcome, failure: unknown): PlatformError {
    if (outcome.kind === "timeout") {
      return new PlatformError({
        ...this.#errorBase(context),
        code: ClientErrorCode.TIMEOUT,
        cause: failure,
        message: `${context.operation} failed: ${context.method} ${context.displayPath} got no answer within ${this.config.requestTimeoutMs} ms (${requestCount(context)})${isIdempotent(context.method) ? "" : "; the request was not repeated because the server may have acted on it"}. Raise \`platform:requestTimeoutMs\` if the service is slow.`,
      });
    }
    return this.#networkError(context, failure, outcome.kind === "network" && !outcome.notSent);
  }

  #networkError(context: CallContext, failure: unknown, maybeSent: boolean): PlatformError {
    const codes = errorCodes(failure);
    const reason = codes[0] ?? (failure instanceof Error ? failure.message : String(failure));
    const notRepeated =
      maybeSent && !isIdempotent(context.method)
        ? "; the request was not repeated because the server may have acted on it, check the object's state"
        : "";
    return new PlatformError({
      ...this.#errorBase(context),
      code: ClientErrorCode.NETWORK_ERROR,
      cause: failure,
      message: `${context.operation} failed: ${context.method} ${context.displayPath} could not reach ${this.config.origin} (${reason}) after ${requestCount(context)}${notRepeated}.`,
    });
  }

  #deadlineError(context: CallContext, failure: unknown): PlatformError {
    return new PlatformError({
      ...this.#errorBase(context),
      code: ClientErrorCode.DEADLINE_EXCEEDED,
      cause: failure instanceof DeadlineReached ? undefined : failure,
      message: `${context.operation} did not finish within its ${this.config.deadlineMs} ms deadline (${context.method} ${context.displayPath}, ${requestCount(context)}); raise \`platform:deadlineMs\` to wait longer.`,
    });
  }

  #closedError(context: CallContext): PlatformError {
    return new PlatformError({
      ...this.#errorBase(context),
      code: ClientErrorCode.CLIENT_CLOSED,
      message: `${context.operation} failed: the client was closed during ${context.method} ${context.displayPath}.`,
    });
  }

  // --- OAuth token endpoint (same origin, outside the API root) --------------------------------

  #basicAuth(clientId: string, clientSecret: Secret): string {
    return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret.reveal())}`).toString("base64")}`;
  }

  async #issueToken(clientId: string, clientSecret: Secret): Promise<IssuedToken> {
    const path = "/api/oauth/token";
    const { exchange, context } = await this.#withRetries(
      { operation: "Requesting an access token for the service account", method: "POST", displayPath: path },
      (ctx) =>
        this.#sendOnce(ctx, {
          path,
          headers: {
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
            authorization: this.#basicAuth(clientId, clientSecret),
          },
          body: "grant_type=client_credentials",
          projectId: undefined,
        }),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(exchange.text);
    } catch {
      parsed = undefined;
    }
    const record = (parsed ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof record.access_token !== "string" || record.access_token === "") {
      throw new PlatformError({
        ...this.#errorBase(context),
        code: ClientErrorCode.INVALID_RESPONSE,
        status: exchange.status,
        message: `${context.operation} failed: POST ${path} answered ${exchange.status} without \`access_token\`.`,
      });
    }
    const expiresIn =
      typeof record.expires_in === "number" && record.expires_in > 0 ? record.expires_in : 3600;
    return { accessToken: record.access_token, expiresInSeconds: expiresIn };
  }

  async #revokeToken(clientId: string, clientSecret: Secret, token: string): Promise<void> {
    const path = "/api/oauth/revoke";
    await this.#withRetries(
      { operation: "Revoking the service account's access token", method: "POST", displayPath: path },
      (ctx) =>
        this.#sendOnce(ctx, {
          path,
          headers: {
            accept: "application/json",
            "content-type": "application/x-www-form-urlencoded",
            authorization: this.#basicAuth(clientId, clientSecret),
          },
          body: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
          projectId: undefined,
        }),
    );
  }
}

function requestCount(context: CallContext): string {
  return `${context.httpRequests} HTTP request${context.httpRequests === 1 ? "" : "s"}`;
}

/** Close a sentence with a period unless it already ends with punctuation. */
function endSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text}.`;
}

function describeOutcome(outcome: AttemptOutcome): string {
  if (outcome.kind === "status") return `answered ${outcome.status}`;
  if (outcome.kind === "timeout") return "timed out";
  return outcome.notSent ? "could not connect" : "lost its connection";
}
