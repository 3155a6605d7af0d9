/**
 * The emulator's HTTP core: one request pipeline for every /api/** call, in this order:
 * faults -> authentication (401) -> access list (403) -> route (404/405) -> version (406) ->
 * path parameters (400) -> project/org (404) -> role (403) -> rate limit (429) -> cluster (404) ->
 * query conventions (400) -> body (415/413/400) -> operation -> rendering -> persistence.
 * The hot path does no disk IO without --data-dir and compiles nothing per request.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAllowed, normalizeAddress } from "./auth/access-list";
import { DigestAuthenticator } from "./auth/digest";
import { TokenStore } from "./auth/oauth";
import type { Clock } from "./clock";
import {
  type AlertRaiser,
  ApiError,
  type ApiRoot,
  type CredentialRecord,
  type EmulatorState,
  type Json,
  type OperationDef,
  type OperationRequest,
} from "./contract";
import {
  booleanQuery,
  contentTypeFor,
  negotiateVersion,
  parsePage,
  renderResult,
  stringify,
} from "./conventions";
import { apiError, type ErrorCode, errorBody, reasonPhrase } from "./errors";
import { type Fault, FaultInjector } from "./faults";
import type { Persistence, Settings } from "./persistence";
import { FixedWindowLimiter, type RateLimitConfig } from "./rate-limit";
import { RequestLog } from "./request-log";
import { authorize } from "./roles";
import { checkPathParams, Router, splitPath } from "./router";

export const MAX_BODY_BYTES = 1024 * 1024;
const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const API_PATH = /^\/api\/([^/]+)\/(v2|v1\.0)(\/.*)?$/;
const JSON_CONTENT_TYPE = "application/json";

export type HeaderMap = Record<string, string | string[]>;

export interface Reply {
  status: number;
  headers: HeaderMap;
  /** undefined = no body. */
  payload: string | undefined;
}

export interface CoreConfig {
  serviceName: string;
  clock: Clock;
  state: EmulatorState;
  settings: Settings;
  operations: readonly OperationDef[];
  /** The operations' alert raiser, for the control API's POST /__emulator/alerts (absent: 404 there). */
  raiseAlert?: AlertRaiser;
  /** Rebuilds the seed state (for reset). */
  freshState: () => EmulatorState;
  persistence?: Persistence;
  nonceTtlMs?: number;
  tokenTtlMs?: number;
  tokenRateLimit?: RateLimitConfig;
}

/** 401 with the challenges to send; kept apart from ApiError because WWW-Authenticate repeats. */
class Unauthenticated extends ApiError {
  constructor(
    reason: string,
    readonly challenges: string[],
  ) {
    const error = apiError("UNAUTHENTICATED", [reason]);
    super(error.status, error.code, error.detail, error.parameters);
  }
}

/** RFC 6749 error of the token endpoints: `{error, error_description}`. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
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
  readonly raiseAlert: AlertRaiser | undefined;
  /** `scheme://host:port`, set once the server listens. */
  origin = "http://127.0.0.1";
  private readonly projectLimiter: FixedWindowLimiter;
  private readonly tokenLimiter: FixedWindowLimiter;
  private readonly freshState: () => EmulatorState;

  constructor(config: CoreConfig) {
    this.serviceName = config.serviceName;
    this.clock = config.clock;
    this.state = config.state;
    this.settings = config.settings;
    this.router = new Router(config.operations);
    this.freshState = config.freshState;
    this.persistence = config.persistence;
    this.raiseAlert = config.raiseAlert;
    const now = () => this.clock.now();
    this.digest = new DigestAuthenticator(now, config.nonceTtlMs);
    this.tokens = new TokenStore(now, config.tokenTtlMs);
    this.projectLimiter = new FixedWindowLimiter(now, () => this.settings.rateLimit);
    const tokenRateLimit = config.tokenRateLimit ?? { limit: 10, windowMs: 60_000 };
    this.tokenLimiter = new FixedWindowLimiter(now, () => tokenRateLimit);
  }

  /** Back to the seed: state, nonces, tokens, rate counters, faults and the request log. */
  reset(): void {
    const fresh = this.freshState();
    Object.assign(this.state, fresh);
    this.digest.clear();
    this.tokens.clear();
    this.projectLimiter.clear();
    this.tokenLimiter.clear();
    this.faults.clear();
    this.requestLog.clear();
    this.persist();
  }

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
    if (fault.drop) {
      req.socket.destroy();
      this.record(draft, 0);
      return;
    }
    if (fault.status !== undefined) {
      const body = fault.body !== undefined ? fault.body : injectedErrorBody(fault.status);
      const headers: HeaderMap = { "content-type": JSON_CONTENT_TYPE, ...(fault.headers ?? {}) };
      // Drain the request so the keep-alive connection stays usable after the injected answer.
      req.resume();
      this.send(res, draft, { status: fault.status, headers, payload: JSON.stringify(body) });
      return;
    }
    this.readBodyThen(req, res, draft, queryText);
  }

  private readBodyThen(req: IncomingMessage, res: ServerResponse, draft: LogDraft, queryText: string): void {
    const hasBody =
      req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    if (!hasBody || req.headers["content-length"] === "0") {
      req.resume();
      this.send(res, draft, this.process(req, draft, queryText, undefined));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => {
      const reply = tooLarge
        ? this.errorReply(apiError("PAYLOAD_TOO_LARGE", [MAX_BODY_BYTES]), {}, false)
        : this.process(req, draft, queryText, Buffer.concat(chunks));
      this.send(res, draft, reply);
    });
    req.on("error", () => res.destroy());
  }

  private process(req: IncomingMessage, draft: LogDraft, queryText: string, body: Buffer | undefined): Reply {
    const extraHeaders: HeaderMap = {};
    try {
      if (draft.path.startsWith("/api/oauth/")) return this.handleOAuth(req, draft, body);
      return this.handleOperation(req, draft, queryText, body, extraHeaders);
    } catch (error) {
      const pretty = /(?:^|&)pretty=true(?:&|$)/i.test(queryText);
      if (error instanceof OAuthError) {
        return {
          status: error.status,
          headers: {
            "content-type": JSON_CONTENT_TYPE,
            "cache-control": "no-store",
            ...(error.status === 401 ? { "www-authenticate": `Basic realm="MMS Public API"` } : {}),
          },
          payload: JSON.stringify({ error: error.error, error_description: error.description }),
        };
      }
      if (error instanceof ApiError) return this.errorReply(error, extraHeaders, pretty);
      // A bug in an operation or the core: answer 500 and say which operation, never the request.
      console.error(`emulator: ${draft.operation ?? draft.path} failed:`, error);
      return this.errorReply(apiError("UNEXPECTED_ERROR"), extraHeaders, pretty);
    }
  }

  private errorReply(error: ApiError, extraHeaders: HeaderMap, pretty: boolean): Reply {
    const headers: HeaderMap = { ...extraHeaders, ...error.headers, "content-type": JSON_CONTENT_TYPE };
    if (error instanceof Unauthenticated) headers["www-authenticate"] = error.challenges;
    return { status: error.status, headers, payload: stringify(errorBody(error), pretty) };
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
    const credential = this.authenticate(req, draft);
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

    if (op.rateLimited && groupId !== undefined) {
      const decision = this.projectLimiter.take(groupId);
      extraHeaders["ratelimit-limit"] = String(decision.limit);
      extraHeaders["ratelimit-remaining"] = String(decision.remaining);
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
    return { status: rendered.status, headers, payload: rendered.payload };
  }

  private authenticate(req: IncomingMessage, draft: LogDraft): CredentialRecord {
    const header = headerValue(req.headers.authorization);
    if (!header) throw new Unauthenticated("No credentials were sent.", this.digest.challenges(false));
    let credential: CredentialRecord | undefined;
    const scheme = header.slice(0, header.indexOf(" ")).toLowerCase();
    if (scheme === "digest") {
      const outcome = this.digest.verify(header, draft.method, req.url ?? "/", (username) => {
        const found = this.state.credentials[username];
        return found?.kind === "apiKey" ? found.secret : undefined;
      });
      if (!outcome.ok) {
        const reason = outcome.stale
          ? "The nonce is stale; retry with the new nonce."
          : `Digest ${outcome.reason}.`;
        throw new Unauthenticated(reason, this.digest.challenges(outcome.stale));
      }
      credential = this.state.credentials[outcome.username];
    } else if (scheme === "bearer") {
      const clientId = this.tokens.resolve(header.slice(7).trim());
      const found = clientId === undefined ? undefined : this.state.credentials[clientId];
      if (found?.kind !== "serviceAccount") {
        throw new Unauthenticated("The access token is invalid, revoked or expired.", [
          ...this.digest.challenges(false),
          `Bearer realm="MMS Public API", error="invalid_token"`,
        ]);
      }
      credential = found;
    }
    if (!credential) {
      throw new Unauthenticated("Use HTTP Digest or a Bearer token.", this.digest.challenges(false));
    }
    draft.principal = credential.id;
    const address = normalizeAddress(req.socket.remoteAddress ?? "");
    if (!isAllowed(credential.accessList, address))
      throw apiError("IP_ADDRESS_NOT_ON_ACCESS_LIST", [address]);
    return credential;
  }

  private handleOAuth(req: IncomingMessage, draft: LogDraft, body: Buffer | undefined): Reply {
    const endpoint = draft.path;
    if (endpoint !== "/api/oauth/token" && endpoint !== "/api/oauth/revoke") {
      throw apiError("RESOURCE_NOT_FOUND", [endpoint]);
    }
    if (draft.method !== "POST") {
      throw apiError("METHOD_NOT_ALLOWED", [draft.method, endpoint, "POST"], { headers: { allow: "POST" } });
    }
    const form = new URLSearchParams(body?.toString("utf8") ?? "");
    const credential = this.authenticateClient(headerValue(req.headers.authorization), form);
    draft.principal = credential.id;
    const jsonHeaders: HeaderMap = { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-store" };
    if (endpoint === "/api/oauth/revoke") {
      const token = form.get("token");
      if (!token) throw new OAuthError(400, "invalid_request", "The token parameter is required.");
      this.tokens.revoke(token, credential.id);
      return { status: 200, headers: jsonHeaders, payload: "{}" };
    }
    const grantType = form.get("grant_type");
    if (grantType === null)
      throw new OAuthError(400, "invalid_request", "The grant_type parameter is required.");
    if (grantType !== "client_credentials") {
      throw new OAuthError(400, "unsupported_grant_type", `Grant type ${grantType} is not supported.`);
    }
    const decision = this.tokenLimiter.take(credential.id);
    if (!decision.allowed) {
      throw apiError("TOKEN_RATE_LIMITED", [decision.limit], {
        headers: { "retry-after": String(decision.retryAfterSeconds) },
      });
    }
    const issued = this.tokens.issue(credential.id);
    const payload = JSON.stringify({
      access_token: issued.accessToken,
      token_type: "Bearer",
      expires_in: issued.expiresInSeconds,
    });
    return { status: 200, headers: jsonHeaders, payload };
  }

  /** Client authentication of the token endpoints: HTTP Basic (preferred) or client_id/client_secret
   * form fields (RFC 6749 2.3.1). Only service accounts may use them. */
  private authenticateClient(header: string | undefined, form: URLSearchParams): CredentialRecord {
    let clientId: string | null = null;
    let clientSecret: string | null = null;
    if (header?.toLowerCase().startsWith("basic ")) {
      const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon > 0) {
        clientId = safeDecode(decoded.slice(0, colon));
        clientSecret = safeDecode(decoded.slice(colon + 1));
      }
    } else {
      clientId = form.get("client_id");
      clientSecret = form.get("client_secret");
    }
    const credential = clientId === null ? undefined : this.state.credentials[clientId];
    if (credential?.kind !== "serviceAccount" || clientSecret === null) {
      throw new OAuthError(401, "invalid_client", "Unknown client or wrong client secret.");
    }
    const expected = Buffer.from(credential.secret);
    const given = Buffer.from(clientSecret);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new OAuthError(401, "invalid_client", "Unknown client or wrong client secret.");
    }
    return credential;
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

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** Bodies are JSON: Content-Type application/json or the versioned media type (or none at all). */
function parseBody(req: IncomingMessage, raw: Buffer | undefined): Json | undefined {
  if (raw === undefined || raw.length === 0) return undefined;
  const contentType = headerValue(req.headers["content-type"]);
  if (contentType !== undefined) {
    const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
    if (mediaType !== "application/json" && !/^application\/vnd\.[^+]+\+json$/.test(mediaType)) {
      throw apiError("UNSUPPORTED_MEDIA_TYPE", [contentType]);
    }
  }
  try {
    return JSON.parse(raw.toString("utf8")) as Json;
  } catch {
    throw apiError("INVALID_JSON");
  }
}

const INJECTED_CODES: Record<number, ErrorCode> = {
  429: "RATE_LIMITED",
  500: "UNEXPECTED_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

/** The body of an injected error when the fault gives none: the service's error shape. */
function injectedErrorBody(status: number): Json {
  return {
    detail: apiError("INJECTED_FAULT", [status]).detail,
    error: status,
    errorCode: INJECTED_CODES[status] ?? "INJECTED_FAULT",
    parameters: [],
    reason: reasonPhrase(status),
  };
}
