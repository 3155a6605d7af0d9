/**
 * HTTP Digest authentication (RFC 7616) as the service speaks it: realm "MMS Public API", qop "auth",
 * algorithms MD5 and SHA-256, an opaque value, nonces that expire (then `stale=true`) and nonce-count
 * tracking so a captured Authorization header cannot be replayed.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const DIGEST_REALM = "MMS Public API";
export const DEFAULT_NONCE_TTL_MS = 5 * 60_000;

export type DigestAlgorithm = "MD5" | "SHA-256";
const HASH_OF: Record<DigestAlgorithm, string> = { MD5: "md5", "SHA-256": "sha256" };

/** Nonce counts older than this many below the highest seen are refused outright; the window lets
 * a client share one nonce across concurrent requests whose counts arrive out of order. */
const NC_WINDOW = 1024;
/** Above this many live nonces, expired ones are swept when a new one is issued. */
const NONCE_SWEEP_THRESHOLD = 10_000;

interface NonceRecord {
  issuedAt: number;
  highestNc: number;
  seenNc: Set<number>;
}

/** Parses `Digest k=v, k="v", ...` (quoted strings may contain commas and backslash escapes). */
export function parseAuthParams(input: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /\s*([a-zA-Z0-9_*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*(?:,|$)/y;
  let match: RegExpExecArray | null = pattern.exec(input);
  while (match !== null) {
    const key = (match[1] ?? "").toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "");
    params.set(key, value);
    if (pattern.lastIndex >= input.length) break;
    match = pattern.exec(input);
  }
  return params;
}

export function digestHash(algorithm: DigestAlgorithm, text: string): string {
  return createHash(HASH_OF[algorithm]).update(text).digest("hex");
}

/** The expected `response` for qop=auth (exported so tests and the bench can compute it too). */
export function digestResponse(args: {
  algorithm: DigestAlgorithm;
  username: string;
  password: string;
  realm: string;
  method: string;
  uri: string;
  nonce: string;
  nc: string;
  cnonce: string;
  qop: string;
}): string {
  const ha1 = digestHash(args.algorithm, `${args.username}:${args.realm}:${args.password}`);
  const ha2 = digestHash(args.algorithm, `${args.method}:${args.uri}`);
  return digestHash(args.algorithm, `${ha1}:${args.nonce}:${args.nc}:${args.cnonce}:${args.qop}:${ha2}`);
}

export type DigestOutcome =
  | { ok: true; username: string }
  /** `stale` = the nonce expired or is unknown but the response was right: retry with the new nonce. */
  | { ok: false; stale: boolean; reason: string };

export class DigestAuthenticator {
  private readonly nonces = new Map<string, NonceRecord>();
  readonly opaque = randomBytes(16).toString("hex");

  constructor(
    private readonly now: () => number,
    private readonly nonceTtlMs: number = DEFAULT_NONCE_TTL_MS,
  ) {}

  /** The WWW-Authenticate values of a 401: MD5 first (what the public service sends), then SHA-256,
   * both with the same fresh nonce. */
  challenges(stale: boolean): string[] {
    const nonce = this.issueNonce();
    return (["MD5", "SHA-256"] as const).map(
      (algorithm) =>
        `Digest realm="${DIGEST_REALM}", domain="", nonce="${nonce}", opaque="${this.opaque}", ` +
        `algorithm=${algorithm}, qop="auth", stale=${stale ? "true" : "false"}`,
    );
  }

  /** Verifies an Authorization header's Digest parameters. `secretOf` returns the password of a
   * username (undefined when unknown). */
  verify(
    header: string,
    method: string,
    requestUri: string,
    secretOf: (username: string) => string | undefined,
  ): DigestOutcome {
    const params = parseAuthParams(header.slice("digest".length));
    const username = params.get("username");
    const realm = params.get("realm");
    const nonce = params.get("nonce");
    const uri = params.get("uri");
    const response = params.get("response");
    const qop = params.get("qop");
    const nc = params.get("nc");
    const cnonce = params.get("cnonce");
    const algorithmName = (params.get("algorithm") ?? "MD5").toUpperCase();
    if (!username || !nonce || !uri || !response || !nc || !cnonce || qop === undefined) {
      return { ok: false, stale: false, reason: "incomplete Digest parameters" };
    }
    if (realm !== DIGEST_REALM) return { ok: false, stale: false, reason: "wrong realm" };
    if (qop !== "auth") return { ok: false, stale: false, reason: "qop must be auth" };
    if (algorithmName !== "MD5" && algorithmName !== "SHA-256") {
      return { ok: false, stale: false, reason: `unsupported algorithm ${algorithmName}` };
    }
    const opaque = params.get("opaque");
    if (opaque !== undefined && opaque !== this.opaque)
      return { ok: false, stale: true, reason: "unknown opaque" };
    if (uri !== requestUri) return { ok: false, stale: false, reason: "uri does not match the request" };
    if (!/^[0-9a-fA-F]{8}$/.test(nc)) return { ok: false, stale: false, reason: "nc must be 8 hex digits" };
    const password = secretOf(username);
    if (password === undefined) return { ok: false, stale: false, reason: "unknown username" };
    const ha1 = this.ha1Of(algorithmName, username, password);
    const ha2 = digestHash(algorithmName, `${method}:${uri}`);
    const expected = digestHash(algorithmName, `${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`);
    if (!constantTimeEqual(expected, response.toLowerCase())) {
      return { ok: false, stale: false, reason: "wrong response" };
    }
    const record = this.nonces.get(nonce);
    if (!record || this.now() - record.issuedAt >= this.nonceTtlMs) {
      if (record) this.nonces.delete(nonce);
      return { ok: false, stale: true, reason: "nonce expired or unknown" };
    }
    const count = Number.parseInt(nc, 16);
    if (count <= record.highestNc - NC_WINDOW || record.seenNc.has(count)) {
      return { ok: false, stale: false, reason: "nonce count replayed" };
    }
    record.seenNc.add(count);
    if (count > record.highestNc) record.highestNc = count;
    if (record.seenNc.size > 2 * NC_WINDOW) {
      for (const seen of record.seenNc) if (seen <= record.highestNc - NC_WINDOW) record.seenNc.delete(seen);
    }
    return { ok: true, username };
  }

  /** H(username:realm:password) only changes with the secret, so it is computed once per secret
   * (keyed by the secret too, so a replaced credential never matches an old entry). */
  private readonly ha1Cache = new Map<string, string>();

  private ha1Of(algorithm: DigestAlgorithm, username: string, password: string): string {
    const key = `${algorithm}\u0000${username}\u0000${password}`;
    let ha1 = this.ha1Cache.get(key);
    if (ha1 === undefined) {
      if (this.ha1Cache.size > 1000) this.ha1Cache.clear();
      ha1 = digestHash(algorithm, `${username}:${DIGEST_REALM}:${password}`);
      this.ha1Cache.set(key, ha1);
    }
    return ha1;
  }

  /** Forgets every nonce (reset). */
  clear(): void {
    this.nonces.clear();
  }

  private issueNonce(): string {
    const now = this.now();
    if (this.nonces.size > NONCE_SWEEP_THRESHOLD) {
      for (const [value, record] of this.nonces) {
        if (now - record.issuedAt >= this.nonceTtlMs) this.nonces.delete(value);
      }
    }
    const nonce = randomBytes(16).toString("hex");
    this.nonces.set(nonce, { issuedAt: now, highestNc: 0, seenNc: new Set() });
    return nonce;
  }
}

function constantTimeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}
