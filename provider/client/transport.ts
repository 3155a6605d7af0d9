/**
 * The request pipeline, the only place that speaks HTTP (undici).
 *
 * One logical call = `call(spec, schema)`:
 *   1. a request id (sent as X-Request-Id on every HTTP request of the call) and a deadline;
 *   2. per attempt: wait for the project's throttle token, send with versioned media type and
 *      credentials (authentication.ts: digest or OAuth, with at most one re-send after a 401);
 *   3. a success answer is parsed and validated with the operation's zod schema;
 *   4. a failure is retried per retry.ts (backoff with full jitter, Retry-After honoured) while
 *      attempts remain and the next attempt would start before the deadline;
 *   5. anything else becomes a PlatformError (failures.ts; never carrying credentials).
 */
import { randomUUID } from "node:crypto";
import { rootCertificates } from "node:tls";
import type { z } from "zod";
import { isLegacyOperation, OPERATION_VERSIONS, type OperationId, versionFor } from "../../api/versions";
import { Agent, type Dispatcher, request as undiciRequest } from "../host/undiciParts";
import { type Authenticator, createAuthenticator } from "./authentication";
import type { BudgetStore } from "./budgetStore";
import { type ClientConfig, mediaType } from "./config";
import { isPlatformError, type PlatformError } from "./errors";
import {
  answerError,
  closedBeforeCallError,
  closedError,
  DeadlineReached,
  deadlineError,
  describeOutcome,
  networkError,
  notJsonError,
  retryPastDeadlineError,
  transportError,
  undeclaredVersionError,
  unexpectedShapeError,
} from "./failures";
import { type CallContext, type CallSpec, type HttpExchange, header, queryString } from "./request";
import {
  type AttemptOutcome,
  backoffDelayMs,
  classifyTransportError,
  isRetryable,
  parseRetryAfter,
  sleep as realSleep,
} from "./retry";
import { type LogSink, maskingLogger } from "./secrets";
import {
  type BudgetAnswer,
  projectIdOfPath,
  projectThrottle,
  type ThrottleClock,
  type ThrottlePermit,
} from "./throttle";

const USER_AGENT = "pulumi-cluster-platform-client/0.1";

/** Test and benchmark seams. */
export interface TransportDeps {
  /** Replace the undici Agent (for example a MockAgent). Not closed by the transport. */
  dispatcher?: Dispatcher;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  throttleClock?: ThrottleClock;
  /** The project budgets shared with other processes (budgetStore.ts); absent: this process only. */
  budgetStore?: BudgetStore;
}

/** Counters for diagnostics and the benchmark. */
export interface TransportStats {
  calls: number;
  httpRequests: number;
  retries: number;
  authChallenges: number;
  tokensIssued: number;
}

/** One HTTP request as #sendOnce sends it. */
interface OutgoingRequest {
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The project whose throttle token the request takes; undefined: none. */
  projectId: string | undefined;
}

export class Transport {
  readonly config: ClientConfig;
  readonly #counters = { calls: 0, httpRequests: 0, retries: 0 };
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #auth: Authenticator;
  readonly #log: LogSink;
  readonly #random: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #now: () => number;
  readonly #throttleClock: ThrottleClock | undefined;
  readonly #budgetStore: BudgetStore | undefined;
  #closed = false;
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
    this.#budgetStore = deps.budgetStore;
    this.#log = maskingLogger(config.logger);
    // The token endpoint: same origin, outside the API root, retried like any call.
    this.#auth = createAuthenticator(
      config,
      ({ operation, path, authorization, form }) =>
        this.#withRetries({ operation, method: "POST", displayPath: path }, (context) =>
          this.#sendOnce(context, {
            path,
            headers: {
              accept: "application/json",
              "content-type": "application/x-www-form-urlencoded",
              authorization,
            },
            body: form,
            projectId: undefined,
          }),
        ),
      this.#now,
    );
  }

  /** A snapshot of the counters. */
  get stats(): TransportStats {
    return {
      ...this.#counters,
      authChallenges: this.#auth.challenges,
      tokensIssued: this.#auth.tokensIssued,
    };
  }

  /** Run one logical call and validate the answer. 204 / empty bodies are validated as undefined. */
  async call<Schema extends z.ZodType>(spec: CallSpec, schema: Schema): Promise<z.output<Schema>> {
    const { exchange, context } = await this.#perform(spec);
    return parseAnswer(exchange, context, schema);
  }

  /** Run one logical call whose answer body does not matter (deletes). */
  async callVoid(spec: CallSpec): Promise<void> {
    await this.#perform(spec);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    try {
      await this.#auth.close();
    } finally {
      this.#closing.abort(new Error("client closed"));
      if (this.#ownsDispatcher) await this.#dispatcher.close();
    }
  }

  // ---------------------------------------------------------------------------------------------

  async #perform(spec: CallSpec): Promise<{ exchange: HttpExchange; context: CallContext }> {
    if (this.#closed) throw closedBeforeCallError(spec);
    this.#counters.calls += 1;
    const id = spec.id;
    const legacy = isLegacyOperation(id);
    const root = legacy ? this.config.legacyBasePath : this.config.apiBasePath;
    const requestPath = `${root}${spec.path}${queryString(spec.query)}`;
    const accept = legacy ? "application/json" : mediaType(this.config, versionToSend(id, spec, this.config));
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const projectId = projectIdOfPath(spec.path);
    return this.#withRetries(
      { operation: spec.operation, method: spec.method, displayPath: spec.path },
      (context) =>
        this.#auth.send(spec.method, requestPath, context, (authorization, ctx) =>
          this.#sendOnce(ctx, {
            path: requestPath,
            headers: {
              accept,
              ...(body !== undefined ? { "content-type": accept } : {}),
              ...(authorization !== undefined ? { authorization } : {}),
            },
            body,
            // A request without credentials only earns a digest challenge: the service
            // authenticates before it counts a project's requests, so it takes no throttle token.
            projectId: authorization === undefined ? undefined : projectId,
          }),
        ),
    );
  }

  /**
   * The retry loop shared by API calls and the token endpoint. `attempt` sends one request (plus
   * at most one authentication re-send) and returns the final answer of that attempt.
   */
  async #withRetries(
    call: Pick<CallContext, "operation" | "method" | "displayPath">,
    attempt: (context: CallContext) => Promise<HttpExchange>,
  ): Promise<{ exchange: HttpExchange; context: CallContext }> {
    const config = this.config;
    const deadline = new AbortController();
    const deadlineTimer = setTimeout(() => deadline.abort(new DeadlineReached()), config.deadlineMs);
    const context: CallContext = {
      ...call,
      requestId: randomUUID(),
      deadlineAt: this.#now() + config.deadlineMs,
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
          if (deadline.signal.aborted) throw deadlineError(context, err, config);
          if (this.#closing.signal.aborted) throw closedError(context);
          const classified = classifyTransportError(err);
          if (!classified) throw networkError(context, err, false, config);
          outcome = classified;
          failure = err;
        }
        // Retry-After comes with 429 (and may come with 503): the server's own wait is the minimum.
        const retryAfterMs =
          exchange && outcome.kind === "status" && (outcome.status === 429 || outcome.status === 503)
            ? parseRetryAfter(exchange.headers["retry-after"], this.#now())
            : undefined;
        const finalError = (): PlatformError =>
          exchange ? answerError(context, exchange) : transportError(context, outcome, failure, config);
        if (attemptNumber > config.maxRetries || !isRetryable(call.method, outcome)) throw finalError();
        const delay = backoffDelayMs(
          attemptNumber,
          { baseDelayMs: config.retryBaseDelayMs, maxDelayMs: config.retryMaxDelayMs, random: this.#random },
          retryAfterMs,
        );
        if (this.#now() + delay >= context.deadlineAt) {
          throw retryPastDeadlineError(context, finalError(), delay, config);
        }
        this.#counters.retries += 1;
        this.#log(
          `platform request ${context.requestId}: ${call.method} ${call.displayPath} ${describeOutcome(outcome)}; retry ${attemptNumber} of ${config.maxRetries} in ${delay} ms`,
        );
        try {
          await this.#sleep(delay, context.signal);
        } catch (err) {
          if (deadline.signal.aborted) throw deadlineError(context, err, config);
          throw closedError(context);
        }
      }
    } finally {
      clearTimeout(deadlineTimer);
    }
  }

  /** One HTTP request: throttle token, send, read the whole body. */
  async #sendOnce(context: CallContext, request: OutgoingRequest): Promise<HttpExchange> {
    let permit: ThrottlePermit | undefined;
    const limit = this.config.rateLimit;
    if (limit && request.projectId) {
      const throttle = projectThrottle(
        this.config.origin,
        request.projectId,
        limit.limit,
        limit.windowMs,
        this.#throttleClock,
        this.#budgetStore,
      );
      permit = await throttle.acquire(context.signal);
    }
    const started = this.#now();
    context.httpRequests += 1;
    this.#counters.httpRequests += 1;
    try {
      const response = await undiciRequest(this.#dispatcher, {
        origin: this.config.origin,
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
      permit?.release(budgetAnswer(response.statusCode, response.headers, this.#now()));
      return { status: response.statusCode, headers: response.headers, text };
    } finally {
      permit?.release();
    }
  }
}

/**
 * What the answer said about the project's budget, for the throttle: the contract's
 * `RateLimit-Limit` / `RateLimit-Remaining` headers, and a 429's `Retry-After` (throttle.ts).
 */
function budgetAnswer(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  now: number,
): BudgetAnswer {
  const number = (name: string): number | undefined => {
    const value = Number(header(headers, name));
    return header(headers, name) === undefined || !Number.isFinite(value) || value < 0 ? undefined : value;
  };
  return {
    limit: number("ratelimit-limit"),
    remaining: number("ratelimit-remaining"),
    refused: status === 429,
    retryAfterMs: status === 429 ? parseRetryAfter(headers["retry-after"], now) : undefined,
  };
}

/**
 * The resource version a v2 call sends (Accept, and Content-Type with a body): the call's own choice
 * when it makes one (it must be a version the operation declares), else the newest version the
 * operation declares on or before the configured API date (api/versions.ts, `versionFor`).
 */
function versionToSend(id: OperationId, spec: CallSpec, config: ClientConfig): string {
  if (spec.version === undefined) return versionFor(id, config.apiVersion);
  const declared: readonly string[] = OPERATION_VERSIONS[id].versions;
  if (!declared.includes(spec.version)) throw undeclaredVersionError(spec, declared);
  return spec.version;
}

/** Parse a success answer as JSON (an empty body is undefined) and validate it with `schema`. */
function parseAnswer<Schema extends z.ZodType>(
  exchange: HttpExchange,
  context: CallContext,
  schema: Schema,
): z.output<Schema> {
  let parsed: unknown;
  if (exchange.text.trim() !== "") {
    try {
      parsed = JSON.parse(exchange.text);
    } catch {
      throw notJsonError(context, exchange);
    }
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw unexpectedShapeError(context, exchange, result.error);
  return result.data;
}
