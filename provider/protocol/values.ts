/**
 * Property values as Pulumi writes them: the markers its runtime exports (`@pulumi/pulumi/runtime/rpc`,
 * never redeclared here), and the secret envelope, read and written in one place.
 *
 * A secret is an object `{ [specialSigKey]: specialSecretSig, ... }` holding its content in one of
 * three forms, depending on who wrote it:
 * - `value`: the provider protocol (what the engine sends a provider that accepts secrets, and what
 *   the provider returns), the content itself;
 * - `plaintext`: `pulumi stack export --show-secrets` (and what `pulumi stack import` takes), the
 *   content as JSON text;
 * - `ciphertext`: a checkpoint or an export without `--show-secrets`, the content encrypted by the
 *   stack's secrets provider: only Pulumi opens it.
 *
 * A value not known during a preview is the string {@link UNKNOWN} (the engine's `unknownValue`): the
 * resources see it as it is (framework/validation.ts skips it).
 */
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";

/** The value Pulumi sends for "not known until the program is applied" during a preview. */
export { unknownValue as UNKNOWN } from "@pulumi/pulumi/runtime/rpc";

/** Where a secret envelope holds its content (see the module comment). */
export type SecretForm = "value" | "plaintext" | "ciphertext";

/** A secret as Pulumi writes it; exactly one of the three forms is set. */
export interface SecretEnvelope {
  [specialSigKey]: typeof specialSecretSig;
  value?: unknown;
  plaintext?: string;
  ciphertext?: string;
}

/** True for a secret envelope, whatever its form. */
export function isSecret(value: unknown): value is SecretEnvelope {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[specialSigKey] === specialSecretSig
  );
}

/** The form of an envelope: which field holds its content. */
export function secretForm(envelope: SecretEnvelope): SecretForm {
  if (typeof envelope.plaintext === "string") return "plaintext";
  if (typeof envelope.ciphertext === "string") return "ciphertext";
  return "value";
}

/**
 * A value sealed in an envelope of the given form: `value` and `plaintext` hold the value (the
 * latter as JSON text); `ciphertext` holds `value`, which must be the text a secrets provider wrote.
 */
export function sealSecret(value: unknown, form: SecretForm = "value"): SecretEnvelope {
  if (form === "plaintext") return { [specialSigKey]: specialSecretSig, plaintext: JSON.stringify(value) };
  if (form === "ciphertext") {
    if (typeof value !== "string") throw new Error("a secret's ciphertext is text");
    return { [specialSigKey]: specialSecretSig, ciphertext: value };
  }
  return { [specialSigKey]: specialSecretSig, value };
}

/** A value marked secret the way the provider protocol writes it (`value` form). */
export function secret(value: unknown): SecretEnvelope {
  return sealSecret(value, "value");
}

/**
 * A value with every envelope inside it opened (`value` and `plaintext` forms, at any depth, a
 * secret inside a secret too); `found` is called once per envelope opened. An envelope of the
 * `ciphertext` form stays as it is: only Pulumi can open it.
 */
export function revealSecrets(value: unknown, found: () => void = () => undefined): unknown {
  if (isSecret(value)) {
    const form = secretForm(value);
    if (form === "ciphertext") return value;
    found();
    return revealSecrets(form === "plaintext" ? JSON.parse(value.plaintext as string) : value.value, found);
  }
  if (Array.isArray(value)) return value.map((item) => revealSecrets(item, found));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revealSecrets(item, found)]));
  }
  return value;
}

/** A property bag with its secrets taken out, and which top-level properties held one. */
export interface Unwrapped {
  values: Record<string, unknown>;
  /** Top-level properties that held a secret anywhere inside: they are marked secret when returned. */
  secretKeys: Set<string>;
}

/** Takes the secrets out of a property bag, remembering which properties held one. */
export function unwrapSecrets(bag: Record<string, unknown> | undefined): Unwrapped {
  const secretKeys = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bag ?? {})) {
    values[key] = revealSecrets(value, () => secretKeys.add(key));
  }
  return { values, secretKeys };
}

/** A property bag with the named properties marked secret (those present, once). */
export function wrapSecrets(bag: Record<string, unknown>, keys: Iterable<string>): Record<string, unknown> {
  const result = { ...bag };
  for (const key of keys) {
    if (result[key] !== undefined && !isSecret(result[key])) result[key] = secret(result[key]);
  }
  return result;
}
