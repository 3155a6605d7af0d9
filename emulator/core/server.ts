/**
 * The emulator's HTTP core: one request pipeline for every /api/** call, in this order:
 * faults -> authentication (401) -> access list (403) -> route (404/405) -> version (406) ->
 * path parameters (400) -> project/org (404) -> role (403) -> rate limit (429) -> cluster (404) ->
 * query conventions (400) -> body (415/413/400) -> operation -> rendering -> persistence.
 * The hot path does no disk IO without --data-dir and compiles nothing per request.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { DigestAuthenticator } from "./auth/digest";
import { TokenStore } from "./auth/oauth";
import { authenticateRequest } from "./authentication";
import type { Clock } from "./clock";
import {
  ApiError,
  type ApiRoot,
  type ControlExtensions,
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
} from "./contract";
import { booleanQuery, contentTypeFor, negotiateVersion, parsePage, renderResult } from "./conventions";
import { apiError } from "./errors";
import { type Fault, FaultInjector, injectedFaultReply } from "./faults";
import { type FailureRequest, forceFailure } from "./forcedFailures";
import { type HeaderMap, headerValue } from "./headers";
import { handleTokenEndpoint, OAuthError, oauthErrorReply } from "./oauthEndpoints";
import type { Persistence, Settings } from "./persistence";
import { FixedWindowLimiter, type RateLimitConfig } from "./rateLimit";
import { errorReply, type Reply } from "./reply";
import { MAX_BODY_BYTES, parseBody, readBody } from "./requestBody";
import { RequestLog } from "./requestLog";
import { authorize } from "./roles";
import { checkPathParams, Router, splitPath } from "./router";

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const API_PATH = /^\/api\/([^/]+)\/(v2|v1\.0)(\/.*)?$/;

export interface CoreConfig {
  serviceName: string;
  clock: Clock;
  state: EmulatorState;
  settings: Settings;
  operations: readonly OperationDef[];
  /** What the control API serves of the nouns (default: nothing). */
  control?: ControlExtensions;
  /** Rebuilds the seed state (for reset). */
  freshState: () => EmulatorState;
  persistence?: Persistence;
  nonceTtlMs?: number;
  tokenTtlMs?: number;
  tokenRateLimit?: RateLimitConfig;
}

interface LogDraft {
  method: string;
  path: string;
  principal: string | null;
  operation: string | null;
  fault: string | null;
  started: number;
}

export class EmulatorCore {
  readonly serviceName: string;
  readonly clock: Clock;
  readonly state: EmulatorState;
  readonly settings: Settings;
  readonly router: Router;
  readonly digest: DigestAuthenticator;
  readonly tokens: TokenStore;
  readonly faults = new FaultInjector();
  readonly requestLog = new RequestLog();
  readonly persistence: Persistence | undefined;
  readonly control: ControlExtensions;
  /** `scheme://host:port`, set once the server listens. */
  origin = "http://127.0.0.1";
  private readonly projectLimiter: FixedWindowLimiter;
  private readonly tokenLimiter: FixedWindowLimiter;
  private readonly freshState: () => EmulatorState;
  private readonly savedStates = new Map<string, EmulatorState>();

  constructor(config: CoreConfig) {
    this.serviceName = config.serviceName;
    this.clock = config.clock;
    this.state = config.state;
    this.settings = config.settings;
    this.router = new Router(config.operations);
    this.freshState = config.freshState;
    this.persistence = config.persistence;
    this.control = config.control ?? { actions: [], failables: {}, projectFlags: [] };
    const now = () => this.clock.now();
    this.digest = new DigestAuthenticator(now, config.nonceTtlMs);
    this.tokens = new TokenStore(now, config.tokenTtlMs);
    this.projectLimiter = new FixedWindowLimiter(now, () => this.settings.rateLimit);
    const tokenRateLimit = config.tokenRateLimit ?? { limit: 10, windowMs: 60_000 };
    this.tokenLimiter = new FixedWindowLimiter(now, () => tokenRateLimit);
  }

  /** Back to the seed: state, nonces, tokens, rate counters, faults and the request log. */
  reset(): void {
    this.replaceState(this.freshState());
  }

  /**
   * Keeps a copy of the state under `name` (in memory, replacing one of that name), so that
   * `restoreState` can return to it: tests that need a deployed project start each trial from one
   * saved state instead of deploying it again. Settings, the clock, faults and the log are not part of it.
   */
  saveState(name: string): void {
    this.savedStates.set(name, structuredClone(this.state));
  }

  /** The names of the saved states, sorted. */
  savedStateNames(): string[] {
    return [...this.savedStates.keys()].sort();
  }

  /** Forgets a saved state; whether there was one of that name. */
  deleteSavedState(name: string): boolean {
    return this.savedStates.delete(name);
  }

  /**
   * Back to the state saved under `name`, as reset goes back to the seed (nonces, tokens, rate
   * counters, faults and the request log cleared too); false when no state has that name. The saved
   * copy stays as it was, so it can be restored again.
   */
  restoreState(name: string): boolean {
    const saved = this.savedStates.get(name);
    if (saved === undefined) return false;
    this.replaceState(structuredClone(saved));
    return true;
  }

  /** The state's contents replaced (the object stays the same: callers hold it), and every
   * per-connection or per-run trace cleared, then persisted. */
  private replaceState(next: EmulatorState): void {
    Object.assign(this.state, next);
    this.digest.clear();
    this.tokens.clear();
    this.projectLimiter.clear();
    this.tokenLimiter.clear();
    this.faults.clear();
    this.requestLog.clear();
    this.persist();
  }

  /** Forces a record into its failure state, as POST /__emulator/failures does (for tests that hold
   * the emulator in-process); 404 ApiError for an unknown record. */
  readonly forceFailure = (state: EmulatorState, input: FailureRequest): JsonObject =>
    forceFailure(this.control.failables, state, input);

  /** Writes the state when persistence is on (synchronously: callers answer only after it). */
  persist(): void {
    this.persistence?.save(this.state, this.settings);
  }

  /** The node:http request listener for /api/**; other paths are routed by the caller. */
  handleApi(req: IncomingMessage, res: ServerResponse, path: string, queryText: string): void {
    const draft: LogDraft = {
      method: req.method ?? "GET",
      path,
      principal: null,
      operation: null,
      fault: null,
      started: performance.now(),
    };
    const fault = this.faults.size > 0 ? this.faults.pick(draft.method, path) : undefined;
    if (fault) {
      draft.fault = fault.id;
      if (fault.latencyMs) {
        setTimeout(() => this.afterFaultLatency(req, res, fault, draft, queryText), fault.latencyMs);
        return;
      }
      this.afterFaultLatency(req, res, fault, draft, queryText);
      return;
    }
    this.readBodyThen(req, res, draft, queryText);
  }

  private afterFaultLatency(
    req: IncomingMessage,
    res: ServerResponse,
    fault: Fault,
    draft: LogDraft,
    queryText: string,
  ): void {
    if (fault.afterHandling === true && (fault.drop === true || fault.status !== undefined)) {
      // The request acts; only its answer is replaced by the fault.
      readBody(req, {
        onBody: (raw) => {
          this.process(req, draft, queryText, raw);
          this.answerFault(req, res, fault, draft);
        },
        onTooLarge: () => this.answerFault(req, res, fault, draft),
        onError: () => res.destroy(),
      });
      return;
    }
    if (fault.drop === true || fault.status !== undefined) {
      this.answerFault(req, res, fault, draft);
      return;
    }
    this.readBodyThen(req, res, draft, queryText);
  }

  /** Drops the connection or answers with the fault's status. */
  private answerFault(req: IncomingMessage, res: ServerResponse, fault: Fault, draft: LogDraft): void {
    if (fault.drop) {
      req.socket.destroy();
      this.record(draft, 0);
      return;
    }
    if (fault.status !== undefined) {
      // Drain the request so the keep-alive connection stays usable after the injected answer.
      req.resume();
      this.send(res, draft, injectedFaultReply(fault, fault.status));
    }
  }

  private readBodyThen(req: IncomingMessage, res: ServerResponse, draft: LogDraft, queryText: string): void {
    readBody(req, {
      onBody: (raw) => this.send(res, draft, this.process(req, draft, queryText, raw)),
      onTooLarge: () =>
        this.send(res, draft, errorReply(apiError("PAYLOAD_TOO_LARGE", [MAX_BODY_BYTES]), {}, false)),
      onError: () => res.destroy(),
    });
  }

  private process(req: IncomingMessage, draft: LogDraft, queryText: string, body: Buffer | undefined): Reply {
    const extraHeaders: HeaderMap = {};
    try {
      if (draft.path.startsWith("/api/oauth/")) {
        return handleTokenEndpoint(req, draft, body, {
          credentials: this.state.credentials,
          tokens: this.tokens,
          limiter: this.tokenLimiter,
        });
      }
      return this.handleOperation(req, draft, queryText, body, extraHeaders);
    } catch (error) {
      const pretty = /(?:^|&)pretty=true(?:&|$)/i.test(queryText);
      if (error instanceof OAuthError) return oauthErrorReply(error);
      if (error instanceof ApiError) return errorReply(error, extraHeaders, pretty);
      // A bug in an operation or the core: answer 500 and say which operation, never the request.
      console.error(`emulator: ${draft.operation ?? draft.path} failed:`, error);
      return errorReply(apiError("UNEXPECTED_ERROR"), extraHeaders, pretty);
    }
  }

  private handleOperation(
    req: IncomingMessage,
    draft: LogDraft,
    queryText: string,
    rawBody: Buffer | undefined,
    extraHeaders: HeaderMap,
  ): Reply {
    const match = API_PATH.exec(draft.path);
    if (!match || match[1] !== this.serviceName) throw apiError("RESOURCE_NOT_FOUND", [draft.path]);
    const credential = authenticateRequest(req, draft, this.state.credentials, this);
    const root = match[2] as ApiRoot;
    const segments = splitPath(match[3] ?? "");
    if (!segments) throw apiError("RESOURCE_NOT_FOUND", [draft.path]);
    const route = this.router.match(root, draft.method, segments);
    if (route.kind === "notFound") throw apiError("RESOURCE_NOT_FOUND", [draft.path]);
    if (route.kind === "methodNotAllowed") {
      const allow = route.allow.join(", ");
      throw apiError("METHOD_NOT_ALLOWED", [draft.method, draft.path, allow], { headers: { allow } });
    }
    const { op, params } = route;
    draft.operation = op.id;
    const version = negotiateVersion(op, headerValue(req.headers.accept), this.serviceName);
    checkPathParams(params);

    const groupId = params.groupId;
    let orgId = params.orgId;
    if (groupId !== undefined) {
      const project = this.state.projects[groupId];
      if (!project) throw apiError("GROUP_NOT_FOUND", [groupId]);
      orgId = project.orgId;
    } else if (orgId !== undefined && !this.state.orgs[orgId]) {
      throw apiError("ORG_NOT_FOUND", [orgId]);
    }
    authorize(op, credential, { projectId: groupId, orgId });

    // Every answer of an operation carries Ratelimit-Limit / Ratelimit-Remaining, as the service's do
    // (docs/api-choices.md, "Rate limits"): a rate-limited project operation counts against its
    // project; any other shows the project's window without counting, or the whole limit when no
    // project is named.
    const decision =
      groupId === undefined
        ? this.projectLimiter.peek("")
        : op.rateLimited
          ? this.projectLimiter.take(groupId)
          : this.projectLimiter.peek(groupId);
    extraHeaders["ratelimit-limit"] = String(decision.limit);
    extraHeaders["ratelimit-remaining"] = String(decision.remaining);
    if (op.rateLimited && groupId !== undefined) {
      if (!decision.allowed) {
        throw apiError("RATE_LIMITED", [op.path, decision.limit, this.settings.rateLimit.windowMs / 1000], {
          headers: { "retry-after": String(decision.retryAfterSeconds) },
        });
      }
    }
    const clusterName = params.clusterName;
    if (
      clusterName !== undefined &&
      groupId !== undefined &&
      !this.state.clusters[`${groupId}/${clusterName}`]
    ) {
      throw apiError("CLUSTER_NOT_FOUND", [clusterName, groupId]);
    }

    const query = new URLSearchParams(queryText);
    const envelope = booleanQuery(query, "envelope", false);
    if (!op.pretty && query.has("pretty")) {
      throw apiError("INVALID_QUERY_PARAMETER", ["pretty", "not accepted by this operation"]);
    }
    const pretty = booleanQuery(query, "pretty", false);
    const page = op.paginated ? parsePage(query) : undefined;
    const body = parseBody(req, rawBody);

    const request: OperationRequest = {
      method: draft.method,
      params,
      query,
      body,
      version,
      caller: { kind: credential.kind, principal: credential.id, orgId: credential.orgId },
      now: this.clock.now(),
      asyncDelayMs: this.settings.asyncDelayMs,
    };
    const result = op.handler(request, this.state);
    const rendered = renderResult(result, {
      op,
      origin: this.origin,
      rootPath: `/api/${this.serviceName}/${root}`,
      path: draft.path,
      query,
      envelope,
      pretty,
      page,
    });
    if (MUTATING_METHODS.has(draft.method) && rendered.status < 400) this.persist();
    const headers: HeaderMap = { ...extraHeaders };
    if (rendered.payload !== undefined) headers["content-type"] = contentTypeFor(this.serviceName, version);
    if (rendered.location !== undefined) headers.location = rendered.location;
    return { status: rendered.status, headers, payload: rendered.payload };
  }

  private send(res: ServerResponse, draft: LogDraft, reply: Reply): void {
    if (res.destroyed) return;
    if (reply.payload === undefined) {
      res.writeHead(reply.status, reply.headers);
      res.end();
    } else {
      reply.headers["content-length"] = String(Buffer.byteLength(reply.payload));
      res.writeHead(reply.status, reply.headers);
      res.end(reply.payload);
    }
    this.record(draft, reply.status);
  }

  private record(draft: LogDraft, status: number): void {
    this.requestLog.record({
      epochMs: this.clock.now(),
      method: draft.method,
      path: draft.path,
      status,
      principal: draft.principal,
      operation: draft.operation,
      durationMs: Math.round((performance.now() - draft.started) * 100) / 100,
      fault: draft.fault,
    });
  }
}
