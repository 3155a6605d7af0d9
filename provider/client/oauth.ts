/**
 * OAuth 2.0 client credentials for service accounts.
 *
 * Contract: a token is requested from `<origin>/api/oauth/token` (Basic auth with client id and
 * secret, form body grant_type=client_credentials) only when none is cached or the cached one
 * expires within the refresh margin (default 60 s). Many concurrent callers share ONE request
 * (single-flight). After a 401 the caller invalidates the token it used and asks again, once.
 * `close()` revokes the cached token at `<origin>/api/oauth/revoke`.
 *
 * The HTTP exchange itself is injected (the transport provides it with its retries), so this file
 * only holds the caching rules.
 */
import { Secret } from "./secrets";

export interface IssuedToken {
  accessToken: string;
  /** Lifetime in seconds as the server gave it (expires_in). */
  expiresInSeconds: number;
}

export interface OAuthExchange {
  issue(): Promise<IssuedToken>;
  revoke(accessToken: string): Promise<void>;
}

interface CachedToken {
  token: Secret;
  expiresAt: number;
}

export class OAuthTokenSource {
  readonly #exchange: OAuthExchange;
  readonly #refreshMarginMs: number;
  readonly #now: () => number;
  #cached: CachedToken | undefined;
  #inflight: Promise<CachedToken> | undefined;
  #issued = 0;

  constructor(exchange: OAuthExchange, options: { refreshMarginMs: number; now?: () => number }) {
    this.#exchange = exchange;
    this.#refreshMarginMs = options.refreshMarginMs;
    this.#now = options.now ?? Date.now;
  }

  /** Tokens requested from the server so far (for tests and diagnostics). */
  get issuedCount(): number {
    return this.#issued;
  }

  /** A valid access token (as a Secret), from the cache or from one shared token request. */
  async token(): Promise<Secret> {
    const cached = this.#cached;
    if (cached && cached.expiresAt - this.#refreshMarginMs > this.#now()) return cached.token;
    return (await this.#refresh()).token;
  }

  /** Forget the token a request was rejected with (a newer one may already be cached). */
  invalidate(rejected: Secret): void {
    if (this.#cached && this.#cached.token.reveal() === rejected.reveal()) this.#cached = undefined;
  }

  #refresh(): Promise<CachedToken> {
    if (!this.#inflight) {
      this.#issued += 1;
      const startedAt = this.#now();
      this.#inflight = this.#exchange
        .issue()
        .then((issued) => {
          // Count the lifetime from when we asked: the token may be older than its answer.
          const fresh = {
            token: new Secret(issued.accessToken),
            expiresAt: startedAt + issued.expiresInSeconds * 1000,
          };
          this.#cached = fresh;
          return fresh;
        })
        .finally(() => {
          this.#inflight = undefined;
        });
    }
    return this.#inflight;
  }

  /** Revoke the cached token, if any. Failures are ignored: the token expires anyway. */
  async close(): Promise<void> {
    const cached = this.#cached;
    this.#cached = undefined;
    if (!cached) return;
    try {
      await this.#exchange.revoke(cached.token.reveal());
    } catch {
      // Revocation is best effort.
    }
  }
}
