/**
 * A stack's deployment with its secrets opened, made from its checkpoint file and from what the
 * engine sent a preview of the same state: what `pulumi stack export --show-secrets` gives, without
 * that second CLI process per stack (it starts the CLI and derives the passphrase's key again).
 *
 * The engine sends a provider that does not accept secrets the state's values with the secrets
 * opened (the provider protocol, provider.proto): a `CheckConfig`'s olds are a provider's inputs in
 * state (a provider's outputs are its inputs), a `Check`'s olds a resource's inputs, a `Diff`'s olds
 * its outputs. Each ciphertext of the checkpoint is replaced by the value at the same place of what
 * the engine sent, in the export's form (`{<sig>: <marker>, plaintext: <JSON>}`, liveRead.ts reads
 * it). Everything else comes from the checkpoint as it is.
 *
 * The caller exports as before whenever this gives undefined: a ciphertext the engine sent no value
 * for (a resource the program no longer declares), a value the engine sent that differs from the
 * checkpoint anywhere else (another state than the preview's), a ciphertext outside a resource's
 * inputs and outputs, or a text that is not a checkpoint. The caller also reads the checkpoint before
 * and after the preview and uses it only when both reads are the same text.
 */
import { specialSecretSig as SECRET_MARKER, specialSigKey as SECRET_SIG } from "@pulumi/pulumi/runtime/rpc";
import { unwrapSecrets } from "../protocol/values";

type Bag = Record<string, unknown>;

/** What the engine sent a preview's provider of the stack's state, by URN (secrets opened). */
export class StateSeen {
  readonly #inputs = new Map<string, Bag>();
  readonly #outputs = new Map<string, Bag>();

  /** A `CheckConfig`'s olds: the provider's inputs, which are its outputs too. */
  recordProvider(urn: string, olds: Bag): void {
    if (Object.keys(olds).length === 0) return;
    const opened = unwrapSecrets(olds).values;
    this.#inputs.set(urn, opened);
    this.#outputs.set(urn, opened);
  }

  /** A resource's inputs in state (a `Check`'s olds). */
  recordInputs(urn: string, olds: Bag): void {
    if (Object.keys(olds).length > 0) this.#inputs.set(urn, unwrapSecrets(olds).values);
  }

  /** A resource's outputs in state (a `Diff`'s olds). */
  recordOutputs(urn: string, olds: Bag): void {
    if (Object.keys(olds).length > 0) this.#outputs.set(urn, unwrapSecrets(olds).values);
  }

  inputsOf(urn: string): Bag | undefined {
    return this.#inputs.get(urn);
  }

  outputsOf(urn: string): Bag | undefined {
    return this.#outputs.get(urn);
  }
}

/** A secret of a checkpoint: `{<sig>: <marker>, ciphertext: "..."}`. */
function isCiphertext(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Bag)[SECRET_SIG] === SECRET_MARKER &&
    typeof (value as Bag).ciphertext === "string"
  );
}

function holdsCiphertext(value: unknown): boolean {
  if (isCiphertext(value)) return true;
  if (Array.isArray(value)) return value.some(holdsCiphertext);
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some(holdsCiphertext);
}

/** The checkpoint's value and what the engine sent do not tell the same state: the caller exports. */
class NotTheSame extends Error {}

/** `stored` with each ciphertext replaced by the value at its place in `sent`, which must equal it elsewhere. */
function opened(stored: unknown, sent: unknown): unknown {
  if (isCiphertext(stored)) {
    if (sent === undefined) throw new NotTheSame();
    return { [SECRET_SIG]: SECRET_MARKER, plaintext: JSON.stringify(sent) };
  }
  if (Array.isArray(stored)) {
    if (!Array.isArray(sent) || sent.length !== stored.length) throw new NotTheSame();
    return stored.map((inner, index) => opened(inner, sent[index]));
  }
  if (stored !== null && typeof stored === "object") {
    if (sent === null || typeof sent !== "object" || Array.isArray(sent)) throw new NotTheSame();
    const storedKeys = Object.keys(stored);
    if (storedKeys.length !== Object.keys(sent).length) throw new NotTheSame();
    const result: Bag = {};
    for (const key of storedKeys) {
      if (!(key in sent)) throw new NotTheSame();
      result[key] = opened((stored as Bag)[key], (sent as Bag)[key]);
    }
    return result;
  }
  if (stored !== sent) throw new NotTheSame();
  return stored;
}

/**
 * The deployment of a file backend's checkpoint text (`{"checkpoint": {"latest": ...}}`) with its
 * secrets opened from `seen`, as `stack.exportStack()` would give it; undefined when it cannot be
 * (the module comment).
 */
export function openedDeployment(checkpointText: string, seen: StateSeen): unknown {
  let latest: unknown;
  try {
    latest = (JSON.parse(checkpointText) as { checkpoint?: { latest?: unknown } } | null)?.checkpoint?.latest;
  } catch {
    return undefined;
  }
  if (typeof latest !== "object" || latest === null) return undefined;
  const { resources, ...rest } = latest as Bag;
  if (!Array.isArray(resources) || holdsCiphertext(rest)) return undefined;
  try {
    const openedResources = resources.map((resource: unknown) => {
      if (typeof resource !== "object" || resource === null) throw new NotTheSame();
      const { urn, inputs, outputs, ...fields } = resource as Bag;
      if (typeof urn !== "string" || holdsCiphertext(fields)) throw new NotTheSame();
      return {
        ...(resource as Bag),
        ...(holdsCiphertext(inputs) ? { inputs: opened(inputs, seen.inputsOf(urn)) } : {}),
        ...(holdsCiphertext(outputs) ? { outputs: opened(outputs, seen.outputsOf(urn)) } : {}),
      };
    });
    return { ...(latest as Bag), resources: openedResources };
  } catch (error) {
    if (error instanceof NotTheSame) return undefined;
    throw error;
  }
}
