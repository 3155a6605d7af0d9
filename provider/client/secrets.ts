/**
 * Secret values (private keys, client secrets, access tokens) and the one masking helper for text
 * that may reach a log line or an error message.
 *
 * Contract: a `Secret` never shows its value through String(), JSON.stringify or util.inspect; only
 * `reveal()` returns it, and only the code that puts it on the wire calls that. Every secret built
 * in this process is also registered so `maskSecrets` can scrub it from any text (for example an
 * error detail the server echoed back).
 */
import { inspect } from "node:util";

const REDACTED = "[REDACTED]";

/** Every secret value seen by this process. A Set of strings, never logged. Values shorter than 6
 * characters are not registered: scrubbing them would mangle ordinary text (and such values are
 * never put into messages by the client anyway; registration only guards against server echoes). */
const registeredSecrets = new Set<string>();

export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
    if (value.length >= 6) registeredSecrets.add(value);
  }

  /** The plain value; only for building the bytes sent to the server. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/** Forget a secret that is no longer in use (a revoked access token). */
export function forgetSecret(value: string): void {
  registeredSecrets.delete(value);
}

/** Patterns of credentials that may appear in text even when the value itself is not registered. */
const CREDENTIAL_PATTERNS: Array<[RegExp, string]> = [
  // Authorization header values: "Digest username=..., response=...", "Bearer abc", "Basic abc".
  [/\b(authorization\s*[:=]\s*)("?)(?:digest|bearer|basic)\s+[^"\r\n]*/gi, `$1$2${REDACTED}`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/g, `$1 ${REDACTED}`],
  [/\b(response|cnonce)="[^"]*"/gi, `$1="${REDACTED}"`],
  // Form and JSON fields carrying secrets.
  [
    /\b(access_token|refresh_token|client_secret|privateKey|private_key|clientSecret|password|token)("?\s*[:=]\s*"?)[^"&\s,}]+/gi,
    `$1$2${REDACTED}`,
  ],
];

/**
 * Mask every registered secret and every credential-looking fragment in a line of text.
 * Use it on anything that goes to a log or into an error message.
 */
export function maskSecrets(text: string): string {
  let masked = text;
  // Longest first, so a secret containing another secret is removed whole.
  const secrets = [...registeredSecrets].sort((a, b) => b.length - a.length);
  for (const secret of secrets) {
    if (masked.includes(secret)) masked = masked.split(secret).join(REDACTED);
  }
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) {
    masked = masked.replace(pattern, replacement);
  }
  return masked;
}

/** A logger receives finished, already masked lines. */
export type LogSink = (line: string) => void;

/** Wrap a sink so every line passes through `maskSecrets` first. */
export function maskingLogger(sink: LogSink | undefined): LogSink {
  if (!sink) return () => {};
  return (line) => sink(maskSecrets(line));
}
