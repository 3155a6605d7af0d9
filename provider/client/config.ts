/**
 * Client settings: from the `platform:*` provider config (the dynamic provider's `configure`
 * request, or a plain map), with `PLATFORM_*` environment variables as fallback, or given directly
 * to `createClient`.
 *
 * Contract: a missing or unusable setting is a PlatformError CONFIG_MISSING / CONFIG_INVALID whose
 * message names the setting, its config key and its environment variable. Credentials are held as
 * `Secret`s from here on.
 */
import { readFileSync } from "node:fs";
import { DEFAULT_API_VERSION } from "../../api/versions";
import { ClientErrorCode, PlatformError } from "./errors";
import type { LogSink } from "./secrets";
import { Secret } from "./secrets";

/** The API date the client targets by default (the spec's); see api/versions.ts. */
export { DEFAULT_API_VERSION };

/** Every setting: its config key (under `platform:`), environment variable and description. */
export const SETTINGS = {
  baseUrl: { env: "PLATFORM_BASE_URL", what: "the API base URL (https://<host>/api/<service>/v2)" },
  publicKey: { env: "PLATFORM_PUBLIC_KEY", what: "the API key's public key" },
  privateKey: { env: "PLATFORM_PRIVATE_KEY", what: "the API key's private key" },
  clientId: { env: "PLATFORM_CLIENT_ID", what: "the service account's client id" },
  clientSecret: { env: "PLATFORM_CLIENT_SECRET", what: "the service account's client secret" },
  caCertPath: { env: "PLATFORM_CA_CERT_PATH", what: "a PEM file of extra trusted CA certificates" },
  requestTimeoutMs: { env: "PLATFORM_REQUEST_TIMEOUT_MS", what: "the timeout of one HTTP request (ms)" },
  deadlineMs: { env: "PLATFORM_DEADLINE_MS", what: "the time limit of one call with all its retries (ms)" },
  maxRetries: { env: "PLATFORM_MAX_RETRIES", what: "the number of retries after the first attempt" },
  retryBaseDelayMs: { env: "PLATFORM_RETRY_BASE_DELAY_MS", what: "the first retry's backoff ceiling (ms)" },
  retryMaxDelayMs: { env: "PLATFORM_RETRY_MAX_DELAY_MS", what: "the largest backoff between retries (ms)" },
  rateLimitPerMinute: {
    env: "PLATFORM_RATE_LIMIT_PER_MINUTE",
    what: "requests per project per rate-limit window (0 turns throttling off)",
  },
  rateLimitWindowMs: { env: "PLATFORM_RATE_LIMIT_WINDOW_MS", what: "the rate-limit window (ms)" },
  maxConnections: { env: "PLATFORM_MAX_CONNECTIONS", what: "keep-alive connections per origin" },
  digestNonceReuse: { env: "PLATFORM_DIGEST_NONCE_REUSE", what: "whether digest auth reuses the nonce" },
  apiVersion: {
    env: "PLATFORM_API_VERSION",
    what: "the API date (YYYY-MM-DD): each operation sends the newest resource version it declares on or before it",
  },
} as const;
export type SettingName = keyof typeof SETTINGS;

export type AuthConfig =
  | { kind: "digest"; publicKey: string; privateKey: Secret }
  | { kind: "oauth"; clientId: string; clientSecret: Secret };

/** The resolved, validated configuration. */
export interface ClientConfig {
  /** Normalized base URL without a trailing slash: https://<host>/api/<service>/v2 */
  baseUrl: string;
  /** scheme://host[:port] */
  origin: string;
  /** "/api/<service>/v2" */
  apiBasePath: string;
  /** "/api/<service>/v1.0", the legacy root derived from the base URL. */
  legacyBasePath: string;
  /** The <service> segment; names the media type application/vnd.<service>.<version>+json. */
  serviceName: string;
  auth: AuthConfig;
  /** Extra trusted CA certificates (PEM), from caCertPath or given directly. */
  ca: string | undefined;
  requestTimeoutMs: number;
  deadlineMs: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  /** undefined = throttling off. */
  rateLimit: { limit: number; windowMs: number } | undefined;
  maxConnections: number;
  digestNonceReuse: boolean;
  apiVersion: string;
  /** A cached OAuth token is renewed this long before it expires. */
  tokenRefreshMarginMs: number;
  logger: LogSink | undefined;
}

/** What `createClient` accepts: typed values, everything but the base URL and one credential
 * pair optional. */
export interface ClientConfigInput {
  baseUrl?: string;
  publicKey?: string;
  privateKey?: string | Secret;
  clientId?: string;
  clientSecret?: string | Secret;
  caCertPath?: string;
  /** PEM text of extra trusted CAs (instead of caCertPath). */
  caCert?: string;
  requestTimeoutMs?: number;
  deadlineMs?: number;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  rateLimitPerMinute?: number;
  rateLimitWindowMs?: number;
  maxConnections?: number;
  digestNonceReuse?: boolean;
  apiVersion?: string;
  tokenRefreshMarginMs?: number;
  logger?: LogSink;
}

export const DEFAULTS = {
  requestTimeoutMs: 30_000,
  deadlineMs: 300_000,
  maxRetries: 5,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
  rateLimitPerMinute: 100,
  rateLimitWindowMs: 60_000,
  maxConnections: 8,
  digestNonceReuse: true,
  tokenRefreshMarginMs: 60_000,
} as const;

/** Where string settings come from: the `configure` request's config (`get("platform:baseUrl")`)
 * or a plain map keyed `platform:baseUrl` or `baseUrl`. */
export type ConfigSource =
  | { get(key: string): string | undefined | null }
  | Readonly<Record<string, string | undefined>>;

function howToSet(name: SettingName): string {
  return `set the stack config \`platform:${name}\` (pulumi config set platform:${name} ...) or the environment variable ${SETTINGS[name].env}`;
}

function missing(name: SettingName, extra = ""): PlatformError {
  return new PlatformError({
    code: ClientErrorCode.CONFIG_MISSING,
    message: `Missing setting \`platform:${name}\`, ${SETTINGS[name].what}${extra}: ${howToSet(name)}.`,
  });
}

function invalid(name: SettingName, problem: string): PlatformError {
  return new PlatformError({
    code: ClientErrorCode.CONFIG_INVALID,
    message: `Invalid setting \`platform:${name}\` (${SETTINGS[name].env}): ${problem}.`,
  });
}

function readSource(source: ConfigSource | undefined, name: string): string | undefined {
  if (!source) return undefined;
  let value: string | undefined | null;
  if (typeof source.get === "function") {
    const getter = source as { get(key: string): string | undefined | null };
    value = getter.get(`platform:${name}`);
  } else {
    const map = source as Readonly<Record<string, string | undefined>>;
    value = map[`platform:${name}`] ?? map[name];
  }
  return value === null || value === undefined || value === "" ? undefined : value;
}

/**
 * Build the configuration from `platform:*` settings, falling back to `PLATFORM_*` environment
 * variables key by key. Credentials are taken as a group: when the config source names any
 * credential key, credential environment variables are ignored (so a stale shell variable cannot
 * turn a key pair into "two auth methods").
 */
export function resolveClientConfig(
  source?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
  extra: Pick<ClientConfigInput, "logger" | "tokenRefreshMarginMs"> = {},
): ClientConfig {
  const credentialKeys: SettingName[] = ["publicKey", "privateKey", "clientId", "clientSecret"];
  const sourceHasCredentials = credentialKeys.some((k) => readSource(source, k) !== undefined);
  const raw = (name: SettingName): string | undefined => {
    const fromSource = readSource(source, name);
    if (fromSource !== undefined) return fromSource;
    if (sourceHasCredentials && credentialKeys.includes(name)) return undefined;
    const fromEnv = env[SETTINGS[name].env];
    return fromEnv === undefined || fromEnv === "" ? undefined : fromEnv;
  };
  const num = (name: SettingName): number | undefined => {
    const text = raw(name);
    if (text === undefined) return undefined;
    const value = Number(text.trim());
    if (!Number.isFinite(value) || !Number.isInteger(value) || value < 0) {
      throw invalid(name, `expected a whole number >= 0, got "${text}"`);
    }
    return value;
  };
  const bool = (name: SettingName): boolean | undefined => {
    const text = raw(name)?.trim().toLowerCase();
    if (text === undefined) return undefined;
    if (["true", "1", "yes", "on"].includes(text)) return true;
    if (["false", "0", "no", "off"].includes(text)) return false;
    throw invalid(name, `expected true or false, got "${text}"`);
  };
  const input: ClientConfigInput = {
    ...extra,
    baseUrl: raw("baseUrl"),
    publicKey: raw("publicKey"),
    privateKey: raw("privateKey"),
    clientId: raw("clientId"),
    clientSecret: raw("clientSecret"),
    caCertPath: raw("caCertPath"),
    requestTimeoutMs: num("requestTimeoutMs"),
    deadlineMs: num("deadlineMs"),
    maxRetries: num("maxRetries"),
    retryBaseDelayMs: num("retryBaseDelayMs"),
    retryMaxDelayMs: num("retryMaxDelayMs"),
    rateLimitPerMinute: num("rateLimitPerMinute"),
    rateLimitWindowMs: num("rateLimitWindowMs"),
    maxConnections: num("maxConnections"),
    digestNonceReuse: bool("digestNonceReuse"),
    apiVersion: raw("apiVersion"),
  };
  return normalizeClientConfig(input);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const BASE_PATH = /^\/api\/([A-Za-z0-9][A-Za-z0-9_-]*)\/v2\/?$/;

function parseBaseUrl(
  text: string,
): Pick<ClientConfig, "baseUrl" | "origin" | "apiBasePath" | "legacyBasePath" | "serviceName"> {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw invalid("baseUrl", "not a URL; expected https://<host>/api/<service>/v2");
  }
  if (url.username || url.password) {
    // Never echo the URL: it carries credentials.
    throw invalid("baseUrl", "the URL must not contain a user name or password; use the credential settings");
  }
  if (url.search || url.hash)
    throw invalid("baseUrl", `expected no query or fragment in "${url.origin}${url.pathname}"`);
  if (url.protocol === "http:") {
    if (!isLoopbackHost(url.hostname)) {
      throw invalid(
        "baseUrl",
        `plain http is allowed only to loopback hosts (127.0.0.0/8, ::1, localhost), got "${url.origin}"; use https`,
      );
    }
  } else if (url.protocol !== "https:") {
    throw invalid("baseUrl", `expected an https URL, got "${url.protocol}"`);
  }
  const match = BASE_PATH.exec(url.pathname);
  if (!match?.[1]) {
    throw invalid("baseUrl", `expected the path /api/<service>/v2, got "${url.pathname}"`);
  }
  const serviceName = match[1];
  const apiBasePath = `/api/${serviceName}/v2`;
  return {
    baseUrl: `${url.origin}${apiBasePath}`,
    origin: url.origin,
    apiBasePath,
    legacyBasePath: `/api/${serviceName}/v1.0`,
    serviceName,
  };
}

function asSecret(value: string | Secret): Secret {
  return value instanceof Secret ? value : new Secret(value);
}

function resolveAuth(input: ClientConfigInput): AuthConfig {
  const keyPair = { publicKey: input.publicKey, privateKey: input.privateKey };
  const account = { clientId: input.clientId, clientSecret: input.clientSecret };
  const hasKey = keyPair.publicKey !== undefined || keyPair.privateKey !== undefined;
  const hasAccount = account.clientId !== undefined || account.clientSecret !== undefined;
  if (hasKey && hasAccount) {
    throw new PlatformError({
      code: ClientErrorCode.CONFIG_INVALID,
      message:
        "Both an API key (publicKey/privateKey) and a service account (clientId/clientSecret) are configured; " +
        "configure exactly one authentication method: remove `platform:publicKey` and `platform:privateKey` " +
        "(PLATFORM_PUBLIC_KEY, PLATFORM_PRIVATE_KEY) or `platform:clientId` and `platform:clientSecret` " +
        "(PLATFORM_CLIENT_ID, PLATFORM_CLIENT_SECRET).",
    });
  }
  if (hasKey) {
    if (keyPair.publicKey === undefined)
      throw missing("publicKey", " (the private key is set; both halves are needed)");
    if (keyPair.privateKey === undefined)
      throw missing("privateKey", " (the public key is set; both halves are needed)");
    return { kind: "digest", publicKey: keyPair.publicKey, privateKey: asSecret(keyPair.privateKey) };
  }
  if (hasAccount) {
    if (account.clientId === undefined)
      throw missing("clientId", " (the client secret is set; both halves are needed)");
    if (account.clientSecret === undefined)
      throw missing("clientSecret", " (the client id is set; both halves are needed)");
    return { kind: "oauth", clientId: account.clientId, clientSecret: asSecret(account.clientSecret) };
  }
  throw new PlatformError({
    code: ClientErrorCode.CONFIG_MISSING,
    message:
      "Missing credentials: configure exactly one authentication method, either an API key " +
      "(`platform:publicKey` and `platform:privateKey`, or PLATFORM_PUBLIC_KEY and PLATFORM_PRIVATE_KEY) " +
      "or a service account (`platform:clientId` and `platform:clientSecret`, or PLATFORM_CLIENT_ID and " +
      "PLATFORM_CLIENT_SECRET). Mark the secret halves with `pulumi config set --secret`.",
  });
}

function positive(name: SettingName, value: number | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min)
    throw invalid(name, `expected a whole number >= ${min}, got ${value}`);
  return value;
}

/** Validate typed input (what `createClient` receives) into a ClientConfig. */
export function normalizeClientConfig(input: ClientConfigInput): ClientConfig {
  if (input.baseUrl === undefined || input.baseUrl.trim() === "") throw missing("baseUrl");
  const base = parseBaseUrl(input.baseUrl);
  const auth = resolveAuth(input);
  let ca = input.caCert;
  if (ca === undefined && input.caCertPath !== undefined) {
    try {
      ca = readFileSync(input.caCertPath, "utf8");
    } catch (err) {
      const reason = (err as { code?: string }).code ?? "unreadable";
      throw invalid("caCertPath", `cannot read "${input.caCertPath}" (${reason})`);
    }
    if (!ca.includes("-----BEGIN CERTIFICATE-----")) {
      throw invalid("caCertPath", `"${input.caCertPath}" holds no PEM certificate`);
    }
  }
  const rateLimitPerWindow = positive(
    "rateLimitPerMinute",
    input.rateLimitPerMinute,
    DEFAULTS.rateLimitPerMinute,
    0,
  );
  const apiVersion = input.apiVersion ?? DEFAULT_API_VERSION;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(apiVersion))
    throw invalid("apiVersion", `expected YYYY-MM-DD, got "${apiVersion}"`);
  return {
    ...base,
    auth,
    ca,
    requestTimeoutMs: positive("requestTimeoutMs", input.requestTimeoutMs, DEFAULTS.requestTimeoutMs),
    deadlineMs: positive("deadlineMs", input.deadlineMs, DEFAULTS.deadlineMs),
    maxRetries: positive("maxRetries", input.maxRetries, DEFAULTS.maxRetries, 0),
    retryBaseDelayMs: positive("retryBaseDelayMs", input.retryBaseDelayMs, DEFAULTS.retryBaseDelayMs, 0),
    retryMaxDelayMs: positive("retryMaxDelayMs", input.retryMaxDelayMs, DEFAULTS.retryMaxDelayMs, 0),
    rateLimit:
      rateLimitPerWindow === 0
        ? undefined
        : {
            limit: rateLimitPerWindow,
            windowMs: positive("rateLimitWindowMs", input.rateLimitWindowMs, DEFAULTS.rateLimitWindowMs),
          },
    maxConnections: positive("maxConnections", input.maxConnections, DEFAULTS.maxConnections),
    digestNonceReuse: input.digestNonceReuse ?? DEFAULTS.digestNonceReuse,
    apiVersion,
    tokenRefreshMarginMs: input.tokenRefreshMarginMs ?? DEFAULTS.tokenRefreshMarginMs,
    logger: input.logger,
  };
}

/** The media type for a resource version: application/vnd.<service>.<version>+json. */
export function mediaType(config: Pick<ClientConfig, "serviceName">, version: string): string {
  return `application/vnd.${config.serviceName}.${version}+json`;
}
