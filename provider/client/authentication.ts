/**
 * Credentials on every API request, and the one re-send a 401 may earn.
 *
 * - Digest (API keys): the stored challenge is reused (nonce reuse, increasing nc); a 401 with a
 *   fresh challenge (or stale=true) earns one re-send. With nonce reuse only one request earns the
 *   first challenge ("priming"): concurrent first calls wait for it instead of each costing a 401
 *   round trip.
 * - OAuth (service accounts): a cached bearer token; after a 401 the token is dropped and the
 *   request is sent once more with a new one.
 */
import type { ClientConfig } from "./config";
import { DigestSession } from "./digest";
import { OAuthTokenSource } from "./oauth";
import type { CallContext, HttpExchange, SendWithAuthorization } from "./request";
import type { HttpMethod } from "./retry";
import { type FormPost, tokenEndpoint } from "./tokenEndpoint";

export interface Authenticator {
  /** Send with credentials; on a 401 that a fresh challenge or token can fix, send once more. */
  send(
    method: HttpMethod,
    requestPath: string,
    context: CallContext,
    send: SendWithAuthorization,
  ): Promise<HttpExchange>;
  /** 401 answers that earned a re-send. */
  readonly challenges: number;
  /** OAuth tokens requested so far (0 with digest). */
  readonly tokensIssued: number;
  /** Revoke a cached OAuth token (best effort). */
  close(): Promise<void>;
}

/** The authenticator of the configured credentials; `post` reaches the OAuth token endpoint. */
export function createAuthenticator(
  config: Pick<ClientConfig, "auth" | "digestNonceReuse" | "tokenRefreshMarginMs">,
  post: FormPost,
  now: () => number,
): Authenticator {
  const auth = config.auth;
  if (auth.kind === "digest") {
    return new DigestAuthenticator(
      new DigestSession(auth.publicKey, auth.privateKey, { reuseNonce: config.digestNonceReuse }),
      config.digestNonceReuse,
    );
  }
  return new BearerAuthenticator(
    new OAuthTokenSource(tokenEndpoint(post, auth.clientId, auth.clientSecret), {
      refreshMarginMs: config.tokenRefreshMarginMs,
      now,
    }),
  );
}

class DigestAuthenticator implements Authenticator {
  readonly #digest: DigestSession;
  readonly #reuseNonce: boolean;
  /** Set while the first digest challenge is being earned. */
  #primer: Promise<void> | undefined;
  challenges = 0;
  readonly tokensIssued = 0;

  constructor(digest: DigestSession, reuseNonce: boolean) {
    this.#digest = digest;
    this.#reuseNonce = reuseNonce;
  }

  async send(
    method: HttpMethod,
    requestPath: string,
    context: CallContext,
    send: SendWithAuthorization,
  ): Promise<HttpExchange> {
    const digest = this.#digest;
    let releasePrimer: (() => void) | undefined;
    if (this.#reuseNonce && !digest.hasChallenge) {
      if (this.#primer) await this.#primer;
      else this.#primer = new Promise<void>((resolve) => (releasePrimer = resolve));
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
        this.#primer = undefined;
        releasePrimer();
      }
    }
    if (!retry) return answer;
    this.challenges += 1;
    return send(digest.authorize(method, requestPath, challenge)?.header, context);
  }

  async close(): Promise<void> {}
}

class BearerAuthenticator implements Authenticator {
  readonly #tokens: OAuthTokenSource;
  challenges = 0;

  constructor(tokens: OAuthTokenSource) {
    this.#tokens = tokens;
  }

  get tokensIssued(): number {
    return this.#tokens.issuedCount;
  }

  async send(
    _method: HttpMethod,
    _requestPath: string,
    context: CallContext,
    send: SendWithAuthorization,
  ): Promise<HttpExchange> {
    const token = await this.#tokens.token();
    const answer = await send(`Bearer ${token.reveal()}`, context);
    if (answer.status !== 401) return answer;
    this.#tokens.invalidate(token);
    this.challenges += 1;
    const renewed = await this.#tokens.token();
    return send(`Bearer ${renewed.reveal()}`, context);
  }

  close(): Promise<void> {
    return this.#tokens.close();
  }
}
