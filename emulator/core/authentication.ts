/**
 * Who is calling an /api/** operation: HTTP Digest for API keys, Bearer tokens for service accounts,
 * then the credential's access list (docs/api-choices.md, Authentication).
 */
import type { IncomingMessage } from "node:http";
import { isAllowed, normalizeAddress } from "./auth/accessList";
import type { DigestAuthenticator } from "./auth/digest";
import type { TokenStore } from "./auth/oauth";
import { ApiError, type CredentialRecord } from "./contract";
import { apiError } from "./errors";
import { headerValue } from "./headers";

/** 401 with the challenges to send; kept apart from other ApiErrors because WWW-Authenticate repeats. */
export class Unauthenticated extends ApiError {
  constructor(
    reason: string,
    readonly challenges: string[],
  ) {
    const error = apiError("UNAUTHENTICATED", [reason]);
    super(error.status, error.code, error.detail, error.parameters);
  }
}

export interface Authenticators {
  digest: DigestAuthenticator;
  tokens: TokenStore;
}

/** The request's method, and where the caller's id is written for the request log. */
export interface Caller {
  method: string;
  principal: string | null;
}

export function authenticateRequest(
  req: IncomingMessage,
  who: Caller,
  credentials: Record<string, CredentialRecord>,
  authenticators: Authenticators,
): CredentialRecord {
  const header = headerValue(req.headers.authorization);
  if (!header)
    throw new Unauthenticated("No credentials were sent.", authenticators.digest.challenges(false));
  let credential: CredentialRecord | undefined;
  const scheme = header.slice(0, header.indexOf(" ")).toLowerCase();
  if (scheme === "digest") {
    const outcome = authenticators.digest.verify(header, who.method, req.url ?? "/", (username) => {
      const found = credentials[username];
      return found?.kind === "apiKey" ? found.secret : undefined;
    });
    if (!outcome.ok) {
      const reason = outcome.stale
        ? "The nonce is stale; retry with the new nonce."
        : `Digest ${outcome.reason}.`;
      throw new Unauthenticated(reason, authenticators.digest.challenges(outcome.stale));
    }
    credential = credentials[outcome.username];
  } else if (scheme === "bearer") {
    const clientId = authenticators.tokens.resolve(header.slice(7).trim());
    const found = clientId === undefined ? undefined : credentials[clientId];
    if (found?.kind !== "serviceAccount") {
      throw new Unauthenticated("The access token is invalid, revoked or expired.", [
        ...authenticators.digest.challenges(false),
        `Bearer realm="MMS Public API", error="invalid_token"`,
      ]);
    }
    credential = found;
  }
  if (!credential) {
    throw new Unauthenticated("Use HTTP Digest or a Bearer token.", authenticators.digest.challenges(false));
  }
  who.principal = credential.id;
  const address = normalizeAddress(req.socket.remoteAddress ?? "");
  if (!isAllowed(credential.accessList, address)) throw apiError("IP_ADDRESS_NOT_ON_ACCESS_LIST", [address]);
  return credential;
}
