/** OAuth 2.0 client credentials for service accounts: tokens minted at POST /api/oauth/token,
 * revoked at POST /api/oauth/revoke, expiring by the emulator clock. Tokens live in memory only
 * (a restart forces clients to fetch a new one, as a real token service may). */
import { randomBytes } from "node:crypto";

export const DEFAULT_TOKEN_TTL_MS = 3600_000;

interface TokenRecord {
  clientId: string;
  expiresAt: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>();

  constructor(
    private readonly now: () => number,
    readonly ttlMs: number = DEFAULT_TOKEN_TTL_MS,
  ) {}

  issue(clientId: string): { accessToken: string; expiresInSeconds: number } {
    this.sweep();
    const accessToken = randomBytes(32).toString("base64url");
    this.tokens.set(accessToken, { clientId, expiresAt: this.now() + this.ttlMs });
    return { accessToken, expiresInSeconds: Math.floor(this.ttlMs / 1000) };
  }

  /** The client id of a live token, else undefined (unknown, revoked or expired). */
  resolve(accessToken: string): string | undefined {
    const record = this.tokens.get(accessToken);
    if (!record) return undefined;
    if (this.now() >= record.expiresAt) {
      this.tokens.delete(accessToken);
      return undefined;
    }
    return record.clientId;
  }

  /** RFC 7009: revoking an unknown token is not an error; a client may only revoke its own. */
  revoke(accessToken: string, clientId: string): void {
    const record = this.tokens.get(accessToken);
    if (record && record.clientId === clientId) this.tokens.delete(accessToken);
  }

  /** Drops every token of a client (its credential was deleted or replaced). */
  revokeClient(clientId: string): void {
    for (const [token, record] of this.tokens) if (record.clientId === clientId) this.tokens.delete(token);
  }

  clear(): void {
    this.tokens.clear();
  }

  private sweep(): void {
    if (this.tokens.size < 1000) return;
    const now = this.now();
    for (const [token, record] of this.tokens) if (now >= record.expiresAt) this.tokens.delete(token);
  }
}
