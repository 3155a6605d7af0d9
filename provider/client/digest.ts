/**
 * HTTP Digest authentication (RFC 7616): MD5 and SHA-256 (and their -sess variants), qop "auth".
 *
 * The session keeps the server's last challenge and REUSES its nonce with an increasing nonce count,
 * so in steady state every call is a single round trip. A 401 carrying a new challenge (stale=true
 * or simply a different nonce) replaces the stored one; the transport then repeats the request once
 * with fresh credentials. Each `authorize` call takes its own nc synchronously, so concurrent
 * requests never share a count.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Secret } from "./secrets";

export type DigestAlgorithm = "MD5" | "MD5-sess" | "SHA-256" | "SHA-256-sess";

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque: string | undefined;
  algorithm: DigestAlgorithm;
  /** qop options offered by the server; empty for an RFC 2069 style challenge. */
  qop: string[];
  stale: boolean;
  userhash: boolean;
}

/** Parse `key=value` / `key="quoted"` parameters of one challenge. */
function parseParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const pattern = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const match of text.matchAll(pattern)) {
    const key = match[1]?.toLowerCase();
    if (!key) continue;
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "");
    params.set(key, value);
  }
  return params;
}

const ALGORITHMS: Record<string, DigestAlgorithm> = {
  md5: "MD5",
  "md5-sess": "MD5-sess",
  "sha-256": "SHA-256",
  "sha-256-sess": "SHA-256-sess",
};

/**
 * Parse the Digest challenges in one or more WWW-Authenticate header values and pick the strongest
 * supported one (SHA-256 before MD5). Returns undefined when there is no usable Digest challenge.
 */
export function parseDigestChallenge(headers: string | string[] | undefined): DigestChallenge | undefined {
  if (headers === undefined) return undefined;
  const values = Array.isArray(headers) ? headers : [headers];
  const challenges: DigestChallenge[] = [];
  for (const value of values) {
    // One header value may hold several challenges: split before each "<scheme> " token.
    for (const part of value.split(/,?\s*(?=\b(?:Digest|Basic|Bearer)\s)/i)) {
      const scheme = /^\s*(\S+)\s+/.exec(part);
      if (!scheme) continue;
      if (scheme[1]?.toLowerCase() !== "digest") continue;
      const params = parseParams(part.slice(scheme[0].length));
      const nonce = params.get("nonce");
      const realm = params.get("realm");
      const algorithm = ALGORITHMS[(params.get("algorithm") ?? "MD5").toLowerCase()];
      if (nonce === undefined || realm === undefined || algorithm === undefined) continue;
      const qop = (params.get("qop") ?? "")
        .split(",")
        .map((q) => q.trim().toLowerCase())
        .filter((q) => q.length > 0);
      if (qop.length > 0 && !qop.includes("auth")) continue; // only auth-int offered: unsupported
      challenges.push({
        realm,
        nonce,
        opaque: params.get("opaque"),
        algorithm,
        qop,
        stale: (params.get("stale") ?? "").toLowerCase() === "true",
        userhash: (params.get("userhash") ?? "").toLowerCase() === "true",
      });
    }
  }
  challenges.sort((a, b) => strength(b.algorithm) - strength(a.algorithm));
  return challenges[0];
}

function strength(algorithm: DigestAlgorithm): number {
  return algorithm.startsWith("SHA-256") ? 2 : 1;
}

function hash(algorithm: DigestAlgorithm, text: string): string {
  return createHash(algorithm.startsWith("SHA-256") ? "sha256" : "md5")
    .update(text, "utf8")
    .digest("hex");
}

export interface DigestInputs {
  username: string;
  password: string;
  realm: string;
  method: string;
  /** Path plus query string, exactly as sent. */
  uri: string;
  nonce: string;
  /** 8 hex digits. */
  nc: string;
  cnonce: string;
  qop: "auth" | undefined;
  algorithm: DigestAlgorithm;
}

/** The `response` value of RFC 7616 section 3.4.1. */
export function computeDigestResponse(inputs: DigestInputs): string {
  const { algorithm } = inputs;
  let ha1 = hash(algorithm, `${inputs.username}:${inputs.realm}:${inputs.password}`);
  if (algorithm.endsWith("-sess")) ha1 = hash(algorithm, `${ha1}:${inputs.nonce}:${inputs.cnonce}`);
  const ha2 = hash(algorithm, `${inputs.method}:${inputs.uri}`);
  if (inputs.qop === undefined) return hash(algorithm, `${ha1}:${inputs.nonce}:${ha2}`);
  return hash(algorithm, `${ha1}:${inputs.nonce}:${inputs.nc}:${inputs.cnonce}:${inputs.qop}:${ha2}`);
}

function quote(value: string): string {
  return `"${value.replace(/(["\\])/g, "\\$1")}"`;
}

export interface DigestSessionOptions {
  /** Reuse the nonce across requests (default). Off = every request first earns a fresh challenge. */
  reuseNonce: boolean;
  /** For tests: a fixed cnonce source. */
  cnonce?: () => string;
}

/** The credentials one request was sent with, so a 401 can tell "stale nonce" from "wrong key". */
export interface DigestAttempt {
  header: string;
  nonce: string;
}

export class DigestSession {
  readonly #username: string;
  readonly #password: Secret;
  readonly #options: DigestSessionOptions;
  #challenge: DigestChallenge | undefined;
  #nonceCount = 0;

  constructor(username: string, password: Secret, options: DigestSessionOptions) {
    this.#username = username;
    this.#password = password;
    this.#options = options;
  }

  /** Whether a reusable challenge is stored (requests can carry credentials at once). */
  get hasChallenge(): boolean {
    return this.#challenge !== undefined;
  }

  /** The current nonce count (for tests and the benchmark). */
  get nonceCount(): number {
    return this.#nonceCount;
  }

  /**
   * Build an Authorization header from the stored challenge (with nonce reuse) or from `fresh`, the
   * challenge a 401 just delivered (without reuse), taking the next nonce count. Returns undefined
   * when no challenge is known yet: the request goes out without credentials and earns one.
   */
  authorize(method: string, uri: string, fresh?: DigestChallenge): DigestAttempt | undefined {
    const challenge = this.#options.reuseNonce ? this.#challenge : fresh;
    if (!challenge) return undefined;
    // Increment and read in one synchronous step: concurrent requests each get their own nc.
    // Without reuse every challenge serves one request, so its count is always 1.
    this.#nonceCount = this.#options.reuseNonce ? this.#nonceCount + 1 : 1;
    const nc = this.#nonceCount.toString(16).padStart(8, "0");
    const cnonce = this.#options.cnonce?.() ?? randomBytes(16).toString("hex");
    const qop = challenge.qop.includes("auth") ? "auth" : undefined;
    const username = challenge.userhash
      ? hash(challenge.algorithm, `${this.#username}:${challenge.realm}`)
      : this.#username;
    const response = computeDigestResponse({
      username: this.#username,
      password: this.#password.reveal(),
      realm: challenge.realm,
      method,
      uri,
      nonce: challenge.nonce,
      nc,
      cnonce,
      qop,
      algorithm: challenge.algorithm,
    });
    const parts = [
      `username=${quote(username)}`,
      `realm=${quote(challenge.realm)}`,
      `nonce=${quote(challenge.nonce)}`,
      `uri=${quote(uri)}`,
      `algorithm=${challenge.algorithm}`,
      `response=${quote(response)}`,
    ];
    if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
    if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
    if (challenge.userhash) parts.push("userhash=true");
    return { header: `Digest ${parts.join(", ")}`, nonce: challenge.nonce };
  }

  /**
   * Take a 401's challenge. Returns true when the request deserves one retry with fresh
   * credentials: it was sent without credentials, or with a nonce other than the new one, or the
   * server said stale=true. Returns false when the same nonce was just rejected (wrong key) or
   * there is no usable challenge.
   */
  acceptChallenge(
    wwwAuthenticate: string | string[] | undefined,
    sentWith: DigestAttempt | undefined,
  ): { retry: boolean; challenge: DigestChallenge | undefined } {
    const challenge = parseDigestChallenge(wwwAuthenticate);
    if (!challenge) return { retry: false, challenge: undefined };
    const known = this.#challenge;
    if (this.#options.reuseNonce && (!known || known.nonce !== challenge.nonce)) {
      this.#challenge = challenge;
      this.#nonceCount = 0;
    }
    const retry = !sentWith || challenge.stale || challenge.nonce !== sentWith.nonce;
    return { retry, challenge };
  }

  /** Drop the stored challenge (after a rejection), so the next request earns a new one. */
  reset(): void {
    this.#challenge = undefined;
    this.#nonceCount = 0;
  }
}
