/**
 * A stack's live state read in this process (docs/cli.md, "How drift is told from pending changes"): for a
 * stack whose resources are all this package's dynamic resources, each resource's `read` runs here,
 * with the client the stack's provider configuration makes, instead of in a `pulumi refresh
 * --preview-only`, which would start the engine and a provider host (a Node.js process loading
 * @pulumi/pulumi) to do the same calls. The result has the refresh preview's shape (engine.ts
 * `OperationEvents`), so the reports do not know which way it was read.
 *
 * What the engine does, done the same way here (pulumi/pulumi, `RefreshStep.Apply` and `ResultOp`;
 * the provider plugin's `Read`, `annotateSecrets`; `@pulumi/pulumi/cmd/dynamic-provider`'s `read` and
 * `diff`; the event's blinded secrets):
 * - the read gets the stored outputs with secrets opened and without `__provider`, through the
 *   runtime's own `readForHost`; an answer without an id means the object is gone (`delete`);
 * - the new outputs are the answer's, the new inputs the answer's when it gave them, else the stored
 *   ones; a value the old side held a secret in is a secret on the new side (per top-level key,
 *   into objects on both sides);
 * - the verdict is the resource's own diff of the live outputs against the stored inputs (the
 *   engine's refresh diff): changes -> `update`, none -> `same`;
 * - the provider configuration is the one in state (the stack's default provider's inputs), as the
 *   engine's refresh loads it; the program is not run.
 *
 * Anything else goes to the engine, so a report never depends on a case this module does not know:
 * a resource of another provider or of the native plugin, an external, condemned or pending-replace
 * resource, ignoreChanges, a pending operation, a `__provider` text that is not this package's
 * shim, a folder with another version of the package installed, an id the service rewrote, a diff
 * that answers neither way, and any error (the engine's refresh then says it in its own words).
 */
import type { Stack, StepEventMetadata } from "@pulumi/pulumi/automation";
import { specialSecretSig as SECRET_MARKER, specialSigKey as SECRET_SIG } from "@pulumi/pulumi/runtime/rpc";
import { PROVIDER_KEY, RUNTIME_MODULE } from "../framework/shim";
import type { PlatformProvider, PropertyBag } from "../framework/types";
import { readForHost } from "../runtime";
import {
  type DeploymentResource,
  nameOfUrn,
  type OperationEvents,
  type Progress,
  platformTypeName,
  refreshPreview,
  shortType,
} from "./engine";
import { ProviderPool, runsOwnPackage } from "./inProcess";

/** A secret as the engine's events carry it (serialized with the blinding crypter). */
const BLINDED_SECRET = { [SECRET_SIG]: SECRET_MARKER, ciphertext: "[secret]" };

const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic/";
const DYNAMIC_PROVIDER_TYPE = "pulumi:providers:pulumi-nodejs";

/** A value of state with its secrets kept apart: what the engine's property values know. */
type StateValue = null | boolean | number | string | StateValue[] | StateObject | Secret;
interface StateObject {
  [key: string]: StateValue;
}
class Secret {
  constructor(readonly value: StateValue) {}
}

/** A case the in-process read does not take: the engine reads the stack instead. */
class NotInProcess extends Error {}

/** A resource of the export, with the fields that send a stack to the engine. */
type DeployedResource = DeploymentResource & {
  external?: boolean;
  delete?: boolean;
  pendingReplacement?: boolean;
  ignoreChanges?: unknown[];
  viewOf?: string;
};

/** A value of `pulumi stack export --show-secrets`: `{<sig>: ..., plaintext: "<json>"}` is a secret. */
function fromExport(value: unknown): StateValue {
  if (Array.isArray(value)) return value.map(fromExport);
  if (value === null || typeof value !== "object") {
    if (value === undefined) throw new NotInProcess("an undefined value in state");
    return value as StateValue;
  }
  const record = value as Record<string, unknown>;
  if (SECRET_SIG in record) {
    if (typeof record.plaintext !== "string") throw new NotInProcess("a secret the export did not open");
    return new Secret(fromExport(JSON.parse(record.plaintext)));
  }
  return objectFromExport(record);
}

function objectFromExport(record: Record<string, unknown> | undefined): StateObject {
  const object: StateObject = {};
  for (const [key, inner] of Object.entries(record ?? {})) object[key] = fromExport(inner);
  return object;
}

/** A value the provider gives back (plain JSON from the runtime's `forHost`). */
function fromProvider(value: unknown): StateValue {
  if (Array.isArray(value)) return value.map(fromProvider);
  if (value === null || typeof value !== "object") return (value ?? null) as StateValue;
  const object: StateObject = {};
  for (const [key, inner] of Object.entries(value))
    if (inner !== undefined) object[key] = fromProvider(inner);
  return object;
}

function isObject(value: StateValue | undefined): value is StateObject {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Secret);
}

/** What a provider that does not accept secrets is sent: every secret opened. */
function opened(value: StateValue): unknown {
  if (value instanceof Secret) return opened(value.value);
  if (Array.isArray(value)) return value.map(opened);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, opened(inner)]));
  return value;
}

function containsSecrets(value: StateValue): boolean {
  if (value instanceof Secret) return true;
  if (Array.isArray(value)) return value.some(containsSecrets);
  if (isObject(value)) return Object.values(value).some(containsSecrets);
  return false;
}

/** The engine's `annotateSecrets`: a new value is secret where the old one held a secret. */
function annotateSecrets(news: StateObject, olds: StateObject): void {
  for (const [key, old] of Object.entries(olds)) {
    const value = news[key];
    if (value === undefined) continue;
    if (isObject(value) && isObject(old)) annotateSecrets(value, old);
    else if (!(value instanceof Secret) && containsSecrets(old)) news[key] = new Secret(value);
  }
}

/** A value as the engine's events carry it: secrets blinded, object keys in order (Go's maps). */
function asEvent(value: StateValue): unknown {
  if (value instanceof Secret) return { ...BLINDED_SECRET };
  if (Array.isArray(value)) return value.map(asEvent);
  if (isObject(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, asEvent(value[key] as StateValue)]),
    );
  }
  return value;
}

function withoutProviderKey(bag: StateObject): StateObject {
  const { [PROVIDER_KEY]: _provider, ...rest } = bag;
  return rest;
}

export interface ReadPlan {
  resource: DeployedResource;
  typeName: string;
  /** The provider configuration the engine would configure the resource's provider with. */
  config: Record<string, string>;
}

/** The resources to read and their configurations; throws NotInProcess for anything else. */
export function planOf(deployment: unknown): ReadPlan[] {
  const { resources = [], pending_operations: pending = [] } = (deployment ?? {}) as {
    resources?: DeployedResource[];
    pending_operations?: unknown[];
  };
  if (pending.length > 0) throw new NotInProcess("pending operations");
  const providers = new Map<string, DeployedResource>();
  for (const resource of resources) {
    if (resource.type.startsWith("pulumi:providers:"))
      providers.set(`${resource.urn}::${resource.id ?? ""}`, resource);
  }
  const plan: ReadPlan[] = [];
  for (const resource of resources) {
    if (resource.custom !== true || resource.type.startsWith("pulumi:providers:")) continue;
    const typeName = platformTypeName(resource.type);
    const shim = resource.outputs?.[PROVIDER_KEY];
    if (
      typeName === undefined ||
      !resource.type.startsWith(DYNAMIC_PREFIX) ||
      typeof shim !== "string" ||
      !shim.includes(RUNTIME_MODULE) ||
      resource.id === undefined ||
      resource.id === "" ||
      resource.external === true ||
      resource.delete === true ||
      resource.pendingReplacement === true ||
      (resource.ignoreChanges?.length ?? 0) > 0 ||
      resource.viewOf !== undefined
    ) {
      throw new NotInProcess(`resource ${resource.urn}`);
    }
    const provider = providers.get(resource.provider ?? "");
    if (provider?.type !== DYNAMIC_PROVIDER_TYPE) throw new NotInProcess(`the provider of ${resource.urn}`);
    const config: Record<string, string> = {};
    for (const [key, value] of Object.entries(objectFromExport(provider.inputs))) {
      const plain = opened(value);
      if (typeof plain === "string") config[key] = plain;
    }
    plan.push({ resource, typeName, config });
  }
  return plan;
}

/** One resource's refresh, as the engine's step would end: its op and its old and new states. */
async function readOne(provider: PlatformProvider, resource: DeployedResource): Promise<StepEventMetadata> {
  const id = resource.id as string;
  const oldInputs = objectFromExport(resource.inputs);
  const oldOutputs = objectFromExport(resource.outputs);
  const shim = oldOutputs[PROVIDER_KEY] ?? null;
  const stored = opened(withoutProviderKey(oldOutputs)) as PropertyBag;
  const answer = await readForHost(provider, id, stored);
  const old = { inputs: asEvent(oldInputs), outputs: asEvent(oldOutputs) };
  const base = { urn: resource.urn, type: resource.type, provider: resource.provider ?? "", old };
  if (answer.id === undefined || answer.id === "") {
    return { ...base, op: "delete" } as unknown as StepEventMetadata;
  }
  if (answer.id !== id) throw new NotInProcess(`the id of ${resource.urn} changed`);
  const newOutputs = { ...(fromProvider(answer.props ?? {}) as StateObject), [PROVIDER_KEY]: shim };
  annotateSecrets(newOutputs, oldOutputs);
  let newInputs = oldInputs;
  if (answer.inputs !== undefined) {
    newInputs = { ...(fromProvider(answer.inputs) as StateObject), [PROVIDER_KEY]: shim };
    annotateSecrets(newInputs, oldInputs);
  }
  const diff = await provider.diff(
    id,
    opened(withoutProviderKey(newOutputs)) as PropertyBag,
    opened(withoutProviderKey(oldInputs)) as PropertyBag,
  );
  if (typeof diff.changes !== "boolean") throw new NotInProcess(`the diff of ${resource.urn} is unknown`);
  return {
    ...base,
    op: diff.changes ? "update" : "same",
    new: { inputs: asEvent(newInputs), outputs: asEvent(newOutputs) },
  } as unknown as StepEventMetadata;
}

/**
 * Reads the plan's resources with the implementations of one pool (inProcess.ts), so that the reads
 * of many objects of a kind are answered from its list pages as they are in the engine's host.
 */
async function readPlan(plan: ReadPlan[], progress: Progress): Promise<OperationEvents> {
  const pool = new ProviderPool();
  try {
    const steps = await Promise.all(
      plan.map(({ resource, typeName, config }) => {
        progress(`  read ${shortType(resource.type)} ${nameOfUrn(resource.urn)}`);
        return readOne(pool.providerFor(typeName, config), resource);
      }),
    );
    const events: OperationEvents = { steps: new Map(), errors: [] };
    for (const metadata of steps) {
      events.steps.set(metadata.urn, {
        urn: metadata.urn,
        typeToken: metadata.type,
        ops: new Set([metadata.op]),
        metadata,
      });
    }
    return events;
  } finally {
    await pool.close();
  }
}

/**
 * The stack's live state read in this process (the module comment); undefined when the stack is one
 * the engine must read. Errors of the reads are thrown. `exported`: the stack's deployment as
 * `stack.exportStack()` gave it (secrets shown), when the caller already has it; else exported here.
 */
export async function readLiveInProcess(
  stack: Stack,
  progress: Progress,
  exported?: unknown,
): Promise<OperationEvents | undefined> {
  if (!runsOwnPackage(stack.workspace.workDir)) return undefined;
  let plan: ReadPlan[];
  try {
    plan = planOf(exported ?? (await stack.exportStack()).deployment);
  } catch {
    // Not a case this module reads, or a state the export cannot give: the engine says which.
    return undefined;
  }
  try {
    return await readPlan(plan, progress);
  } catch (error) {
    if (error instanceof NotInProcess) return undefined;
    throw error;
  }
}

/**
 * The stack's live state: read in this process when it can be, else by the engine's refresh
 * preview. A read that fails here is done again by the engine, whose error the report gives.
 */
export async function readLiveState(
  stack: Stack,
  progress: Progress,
  exported?: unknown,
): Promise<OperationEvents> {
  try {
    const events = await readLiveInProcess(stack, progress, exported);
    if (events !== undefined) return events;
  } catch {
    progress("  reading again through the engine, whose refresh reports the error");
  }
  return refreshPreview(stack, progress);
}
