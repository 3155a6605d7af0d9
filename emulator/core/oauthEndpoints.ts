/**
 * The OAuth 2.0 endpoints under /api/oauth/: the client-credentials token endpoint and revocation
 * (RFC 6749, RFC 7009), with their own error shape `{error, error_description}`.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TokenStore } from "./auth/oauth";
import type { Caller } from "./authentication";
import type { CredentialRecord } from "./contract";
import { apiError } from "./errors";
import { type HeaderMap, headerValue, JSON_CONTENT_TYPE } from "./headers";
import type { FixedWindowLimiter } from "./rateLimit";
import type { Reply } from "./reply";

/** RFC 6749 error of the token endpoints: `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export function oauthErrorReply(error: OAuthError): Reply {
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

export interface TokenEndpoints {
  credentials: Record<string, CredentialRecord>;
  tokens: TokenStore;
  /** Token requests per client (docs/api-choices.md: 10 a minute). */
  limiter: FixedWindowLimiter;
}

export function handleTokenEndpoint(
  req: IncomingMessage,
  who: Caller & { path: string },
  body: Buffer | undefined,
  endpoints: TokenEndpoints,
): Reply {
  const endpoint = who.path;
  if (endpoint !== "/api/oauth/token" && endpoint !== "/api/oauth/revoke") {
    throw apiError("RESOURCE_NOT_FOUND", [endpoint]);
  }
  if (who.method !== "POST") {
    throw apiError("METHOD_NOT_ALLOWED", [who.method, endpoint, "POST"], { headers: { allow: "POST" } });
  }
  const form = new URLSearchParams(body?.toString("utf8") ?? "");
  const credential = authenticateClient(headerValue(req.headers.authorization), form, endpoints.credentials);
  who.principal = credential.id;
  const jsonHeaders: HeaderMap = { "content-type": JSON_CONTENT_TYPE, "cache-control": "no-store" };
  if (endpoint === "/api/oauth/revoke") {
    const token = form.get("token");
    if (!token) throw new OAuthError(400, "invalid_request", "The token parameter is required.");
    endpoints.tokens.revoke(token, credential.id);
    return { status: 200, headers: jsonHeaders, payload: "{}" };
  }
  const grantType = form.get("grant_type");
  if (grantType === null)
    throw new OAuthError(400, "invalid_request", "The grant_type parameter is required.");
  if (grantType !== "client_credentials") {
    throw new OAuthError(400, "unsupported_grant_type", `Grant type ${grantType} is not supported.`);
  }
  const decision = endpoints.limiter.take(credential.id);
  if (!decision.allowed) {
    throw apiError("TOKEN_RATE_LIMITED", [decision.limit], {
      headers: { "retry-after": String(decision.retryAfterSeconds) },
    });
  }
  const issued = endpoints.tokens.issue(credential.id);
  const payload = JSON.stringify({
    access_token: issued.accessToken,
    token_type: "Bearer",
    expires_in: issued.expiresInSeconds,
  });
  return { status: 200, headers: jsonHeaders, payload };
}

/** Client authentication of the token endpoints: HTTP Basic (preferred) or client_id/client_secret
 * form fields (RFC 6749 2.3.1). Only service accounts may use them. */
function authenticateClient(
  header: string | undefined,
  form: URLSearchParams,
  credentials: Record<string, CredentialRecord>,
): CredentialRecord {
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
  const credential = clientId === null ? undefined : credentials[clientId];
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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
