/**
 * Property values as the engine sends them to a native provider that accepts secrets (Pulumi's
 * provider protocol, `sdk/go/common/resource/plugin/rpc.go`): plain JSON values in a protobuf Struct,
 * where a secret is the object `{ [SECRET_SIG]: SECRET_MARKER, value }` and a value unknown during
 * preview is the string {@link UNKNOWN}. The resources see plain values (unknowns as the same string
 * the dynamic form sees); the server marks secret again what it returns.
 */
import { UNKNOWN } from "../framework/validation";

/** The key that marks a special value (Pulumi's `sig.Key`). */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";
/** The signature of a secret (Pulumi's `sig.Secret`). */
export const SECRET_MARKER = "1b47061264138c4ac30d75fd1eb44270";

export { UNKNOWN };

/** A property bag from the engine, its secrets taken out, and which top-level properties held one. */
export interface Unwrapped {
  values: Record<string, unknown>;
  /** Top-level properties that held a secret anywhere inside: they are marked secret when returned. */
  secretKeys: Set<string>;
}

function isSecret(value: unknown): value is { value: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SECRET_SIG] === SECRET_MARKER
  );
}

/** A value with every secret inside replaced by what it holds; `found` is called once per secret. */
function reveal(value: unknown, found: () => void): unknown {
  if (isSecret(value)) {
    found();
    return reveal(value.value, found);
  }
  if (Array.isArray(value)) return value.map((item) => reveal(item, found));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reveal(item, found)]));
  }
  return value;
}

/** Takes the secrets out of a property bag, remembering which properties held one. */
export function unwrapSecrets(bag: Record<string, unknown> | undefined): Unwrapped {
  const secretKeys = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    values[key] = reveal(value, () => secretKeys.add(key));
  }
  return { values, secretKeys };
}

/** A value marked secret. */
export function secret(value: unknown): Record<string, unknown> {
  return { [SECRET_SIG]: SECRET_MARKER, value };
}

/** A property bag with the named properties marked secret (those present). */
export function wrapSecrets(bag: Record<string, unknown>, keys: Iterable<string>): Record<string, unknown> {
  const result = { ...bag };
  for (const key of keys) {
    if (result[key] !== undefined && !isSecret(result[key])) result[key] = secret(result[key]);
  }
  return result;
}
