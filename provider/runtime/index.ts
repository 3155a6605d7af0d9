/**
 * The run-time side of the shim: `dispatch(typeName, method, args)` finds the resource
 * implementation and calls it.
 *
 * Stability contract: this module's path (`pulumi-cluster-platform/runtime`, mapped by the package's
 * "exports" to `dist/provider/runtime/index.js`) and the signature of {@link dispatch} are part of
 * every state file ever written (the serialized shim calls them), so they never change. Resource
 * declarations are loaded lazily, on first use of their type (the generated table, ./resources.ts),
 * so a program's provider process loads only the resources it uses.
 *
 * This layer sits above the resource folders: it is the one place that knows them all, and the
 * framework below them never does (tests/architecture/layers.ts).
 */
// First: the provider host's set-up (provider/host/index.ts), before any client exists.
import "../host";
import type * as pulumi from "@pulumi/pulumi";
import { deepEqual } from "../framework/diff";
import { isPartialFailure } from "../framework/errors";
import type { ResourceDefinition, ResourceDeps } from "../framework/resource";
import { applyConfigure } from "../framework/settings";
import type { DispatchMethod, PlatformProvider, PropertyBag } from "../framework/types";
import { PROVIDER_KEY, withoutProviderKey } from "../framework/validation";
import { RESOURCES, type ResourceType } from "./resources";

/** Every resource type of the package, sorted by type name. */
export const RESOURCE_TYPES: readonly ResourceType[] = Object.keys(RESOURCES) as ResourceType[];

function isResourceType(typeName: string): typeName is ResourceType {
  return Object.hasOwn(RESOURCES, typeName);
}

const registry = new Map<string, PlatformProvider>();

/** Registers an implementation directly (tests; types outside the table). Replaces an earlier one. */
export function registerResource(typeName: string, provider: PlatformProvider): void {
  registry.set(typeName, provider);
}

/** Forgets a registered implementation (tests). */
export function unregisterResource(typeName: string): void {
  registry.delete(typeName);
}

/**
 * The implementation of a type: registered, else the declaration's from the resource table.
 * @throws Error naming the unknown type and the known ones
 */
export function lookupResource(typeName: string): PlatformProvider {
  const registered = registry.get(typeName);
  if (registered !== undefined) return registered;
  const definition = lookupDefinition(typeName);
  if (definition === undefined) {
    const known = [...new Set([...RESOURCE_TYPES, ...registry.keys()])].sort();
    throw new Error(
      `unknown resource type "platform:${typeName}": the installed pulumi-cluster-platform has no provider ` +
        `for it (known types: ${known.length > 0 ? known.join(", ") : "none"}). ` +
        "If the state was written by another version of the package, install that version.",
    );
  }
  registry.set(typeName, definition.provider);
  return definition.provider;
}

/**
 * The declaration of a type (its facts: property table, lifecycle, secret outputs); undefined for a
 * type that is not in the table.
 */
export function lookupDefinition(typeName: string): ResourceDefinition | undefined {
  return isResourceType(typeName) ? RESOURCES[typeName]() : undefined;
}

/**
 * The implementation of a type built with other dependencies than the runtime's (the export command's
 * client, a test's client and clock).
 * @throws Error naming an unknown type
 */
export function providerWith(typeName: string, deps: ResourceDeps): PlatformProvider {
  const definition = lookupDefinition(typeName);
  if (definition === undefined) throw new Error(`unknown resource type "platform:${typeName}"`);
  return definition.providerWith(deps);
}

function bag(value: unknown): PropertyBag {
  return typeof value === "object" && value !== null ? (value as PropertyBag) : {};
}

/** An argument the host passed, as a property bag without the provider text (`__provider`). */
function bagFromHost(value: unknown): PropertyBag {
  return withoutProviderKey(bag(value));
}

/**
 * A result as the host can send it: the host encodes property bags with protobuf's
 * `Struct.fromJavaScript`, which throws "Unexpected struct type." on an `undefined` value, so keys
 * holding `undefined` (an output the service has not set yet) are left out, at any depth; in a list,
 * where a position cannot be left out, `undefined` becomes `null` (as JSON does).
 */
export function forHost<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : forHost(item))) as T;
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return Object.fromEntries(entries.map(([key, item]) => [key, forHost(item)])) as T;
}

/**
 * Errors from create/update that keep the object in state must carry `__provider` in their
 * properties: the host adds it to successful results only, and without it a later delete or refresh
 * of the object could not load its provider.
 */
function keepProviderOnPartialFailure(error: unknown, source: unknown): unknown {
  if (isPartialFailure(error)) {
    error.properties = forHost({ [PROVIDER_KEY]: bag(source)[PROVIDER_KEY], ...bag(error.properties) });
  }
  return error;
}

/**
 * A refresh's read as the host sends it. When the object's outputs come back exactly as stored, its
 * `inputs` are left out of the answer: the engine then keeps the stored inputs (its refresh contract:
 * "no inputs returned" means "inputs unchanged"), and neither side encodes, decodes and logs a second
 * copy of every property for nothing (docs/benchmarks-history.md, "Provider overhead against the
 * engine's floor"). Each
 * resource's refreshed inputs are made from its stored outputs and the live object, so unchanged
 * outputs mean there is nothing to say about the inputs either; when anything differs (drift, an id
 * the service rewrote, a pending create being adopted, whose stored "outputs" are its inputs), the
 * inputs go back in full as before.
 */
export async function readForHost(
  provider: PlatformProvider,
  id: string,
  stored: PropertyBag,
): Promise<pulumi.dynamic.ReadResult<PropertyBag>> {
  const result = forHost(await provider.read(id, stored));
  if (result.inputs === undefined || result.id !== id || !deepEqual(result.props ?? {}, stored))
    return result;
  const { inputs: _unchanged, ...withoutInputs } = result;
  return withoutInputs;
}

/**
 * Runs one provider method for a type. Called only by the shim; `args` are the host's arguments as
 * given. `__provider` is removed from property bags before the implementation sees them.
 */
export async function dispatch(
  typeName: string,
  method: DispatchMethod,
  args: readonly unknown[],
): Promise<unknown> {
  if (method === "configure") {
    applyConfigure(args[0] as Parameters<typeof applyConfigure>[0]);
    return undefined;
  }
  return callForHost(typeName, lookupResource(typeName), method, args);
}

/**
 * A resource method called as the provider host calls it (`args` as the host gives them, results as
 * it can send them): what {@link dispatch} does once it has the implementation.
 */
export async function callForHost(
  typeName: string,
  provider: PlatformProvider,
  method: Exclude<DispatchMethod, "configure">,
  args: readonly unknown[],
): Promise<unknown> {
  switch (method) {
    case "check":
      return forHost(await provider.check(bagFromHost(args[0]), bagFromHost(args[1])));
    case "diff":
      return provider.diff(String(args[0]), bagFromHost(args[1]), bagFromHost(args[2]));
    case "create":
      try {
        return forHost(await provider.create(bagFromHost(args[0])));
      } catch (error) {
        throw keepProviderOnPartialFailure(error, args[0]);
      }
    case "read":
      return await readForHost(provider, String(args[0]), bagFromHost(args[1]));
    case "update":
      if (provider.update === undefined) {
        throw new Error(
          `platform:${typeName} cannot be updated in place: every input change replaces it. ` +
            "This update was not planned by its diff; run pulumi refresh, then pulumi up again.",
        );
      }
      try {
        return forHost(await provider.update(String(args[0]), bagFromHost(args[1]), bagFromHost(args[2])));
      } catch (error) {
        throw keepProviderOnPartialFailure(error, args[2]);
      }
    case "delete":
      return provider.delete(String(args[0]), bagFromHost(args[1]));
    default:
      throw new Error(`unknown provider method "${String(method)}" for platform:${typeName}`);
  }
}
