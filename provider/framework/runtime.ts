/**
 * The run-time side of the shim: `dispatch(typeName, method, args)` finds the resource
 * implementation and calls it.
 *
 * Stability contract: this module's path (`pulumi-cluster-platform/runtime`, mapped by the package's "exports" to `dist/provider/framework/runtime.js`) and the signature of
 * {@link dispatch} are part of every state file ever written (the serialized shim calls them), so they
 * never change. Resource implementations are loaded lazily, on first use of their type, so one
 * broken resource module cannot break the others.
 */
// First: the provider host's set-up (provider/host/index.ts), before any client exists.
import "../host";
import type * as pulumi from "@pulumi/pulumi";
import { deepEqual } from "./diff";
import { isPartialFailure } from "./errors";
import type { ResourceDefinition, ResourceDeps } from "./resource";
import { applyConfigure } from "./settings";
import type { DispatchMethod, PlatformProvider, PropertyBag } from "./types";
import { PROVIDER_KEY } from "./validation";

/**
 * ===== THE RESOURCE TABLE =====
 * Type name (the `<Type>` of `pulumi-nodejs:dynamic/platform:<Type>`) -> module path relative to this
 * file. Each module exports `provider: PlatformProvider`. Resource authors add one line here, keep the
 * lines sorted by type name, and never rename a type (state refers to it).
 */
export const RESOURCE_MODULES: Readonly<Record<string, string>> = {
  AlertAcknowledgement: "../resources/alertAcknowledgement/resource",
  AlertConfiguration: "../resources/alertConfiguration/resource",
  Auditing: "../resources/auditing/resource",
  BackupCompliancePolicy: "../resources/backupCompliancePolicy/resource",
  CloudBackupSchedule: "../resources/cloudBackupSchedule/resource",
  CloudProviderAccessRole: "../resources/cloudProviderAccessRole/resource",
  CustomDns: "../resources/customDns/resource",
  ExportBucket: "../resources/exportBucket/resource",
  FtsIndex: "../resources/ftsIndex/resource",
  LiveMigration: "../resources/liveMigration/resource",
  LiveMigrationLinkToken: "../resources/liveMigrationLinkToken/resource",
  OnDemandSnapshot: "../resources/onDemandSnapshot/resource",
  OutageSimulation: "../resources/outageSimulation/resource",
  PrivateIpMode: "../resources/privateIpMode/resource",
  RestoreJob: "../resources/restoreJob/resource",
  SearchDeployment: "../resources/searchDeployment/resource",
  SearchIndex: "../resources/searchIndex/resource",
  SnapshotExportJob: "../resources/snapshotExportJob/resource",
};

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
 * The implementation of a type: registered, else loaded from the resource table.
 * @throws Error naming the unknown type and the known ones
 */
export function lookupResource(typeName: string): PlatformProvider {
  const registered = registry.get(typeName);
  if (registered !== undefined) return registered;
  const modulePath = RESOURCE_MODULES[typeName];
  if (modulePath === undefined) {
    const known = [...new Set([...Object.keys(RESOURCE_MODULES), ...registry.keys()])].sort();
    throw new Error(
      `unknown resource type "platform:${typeName}": the installed pulumi-cluster-platform has no provider ` +
        `for it (known types: ${known.length > 0 ? known.join(", ") : "none"}). ` +
        "If the state was written by another version of the package, install that version.",
    );
  }
  // Lazy on purpose: load only the resources a program uses. The module shape is checked below.
  const loaded = require(modulePath) as { provider?: PlatformProvider; resource?: ResourceDefinition };
  const provider = loaded.resource?.provider ?? loaded.provider;
  if (provider === undefined || typeof provider.create !== "function") {
    throw new Error(`resource module ${modulePath} for type "${typeName}" does not export a resource`);
  }
  registry.set(typeName, provider);
  return provider;
}

/**
 * The declaration of a type (its facts: property table, lifecycle, secret outputs); undefined for a
 * type that is not in the table or whose module is not declared yet.
 */
export function lookupDefinition(typeName: string): ResourceDefinition | undefined {
  const modulePath = RESOURCE_MODULES[typeName];
  if (modulePath === undefined) return undefined;
  return (require(modulePath) as { resource?: ResourceDefinition }).resource;
}

/**
 * The implementation of a type built with other dependencies than the runtime's (the export command's
 * client, a test's client and clock).
 * @throws Error naming an unknown type
 */
export function providerWith(typeName: string, deps: ResourceDeps): PlatformProvider {
  const modulePath = RESOURCE_MODULES[typeName];
  if (modulePath === undefined) throw new Error(`unknown resource type "platform:${typeName}"`);
  const loaded = require(modulePath) as Record<string, unknown> & { resource?: ResourceDefinition };
  if (loaded.resource !== undefined) return loaded.resource.providerWith(deps);
  const factory = loaded[`create${typeName}Provider`] as
    | ((deps: ResourceDeps) => PlatformProvider)
    | undefined;
  if (factory === undefined)
    throw new Error(`resource module ${modulePath} exports no create${typeName}Provider`);
  return factory(deps);
}

function bag(value: unknown): PropertyBag {
  return typeof value === "object" && value !== null ? (value as PropertyBag) : {};
}

function withoutProvider(value: unknown): PropertyBag {
  const { [PROVIDER_KEY]: _provider, ...rest } = bag(value);
  return rest;
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
      return forHost(await provider.check(withoutProvider(args[0]), withoutProvider(args[1])));
    case "diff":
      return provider.diff(String(args[0]), withoutProvider(args[1]), withoutProvider(args[2]));
    case "create":
      try {
        return forHost(await provider.create(withoutProvider(args[0])));
      } catch (error) {
        throw keepProviderOnPartialFailure(error, args[0]);
      }
    case "read":
      return await readForHost(provider, String(args[0]), withoutProvider(args[1]));
    case "update":
      if (provider.update === undefined) {
        throw new Error(
          `platform:${typeName} cannot be updated in place: every input change replaces it. ` +
            "This update was not planned by its diff; run pulumi refresh, then pulumi up again.",
        );
      }
      try {
        return forHost(
          await provider.update(String(args[0]), withoutProvider(args[1]), withoutProvider(args[2])),
        );
      } catch (error) {
        throw keepProviderOnPartialFailure(error, args[2]);
      }
    case "delete":
      return provider.delete(String(args[0]), withoutProvider(args[1]));
    default:
      throw new Error(`unknown provider method "${String(method)}" for platform:${typeName}`);
  }
}
