/**
 * The native provider plugin `pulumi-resource-platform`: the resource table the dynamic form serves,
 * served a second way, over Pulumi's provider protocol (`pulumirpc.ResourceProvider`, gRPC), so that
 * programs in every language, and `pulumi import`, can use it. One implementation, two front doors:
 * each method calls the same `PlatformProvider` the dynamic form's runtime dispatches to.
 *
 * Why not `@pulumi/pulumi/provider`'s stock server (docs/native.md, "Why a server of its own"): it drops
 * the configuration (`configure` keeps none of it, `checkConfig`/`diffConfig` are unimplemented), hands
 * secrets to the provider wrapped, and crashes on the Read of an import (no properties). The gRPC side
 * is the protocol home's provider kit (provider/protocol/providerKit.ts); this module is the methods.
 *
 * What this server adds to the resources' own methods:
 * - the configuration (`platform:*` settings, or an explicit provider's arguments) is checked, diffed,
 *   and installed as the process's settings (framework/settings.ts), credentials kept secret;
 * - secrets: the engine sends them marked (the server accepts secrets), the resources see plain values,
 *   and every property that came in secret, every always-secret output and every output the resource
 *   makes secret by its arguments goes back marked;
 * - the detailed diff: each changed property and whether it replaces, from the property table;
 * - progress: a wait's lines go to the engine's log with the URN of the resource waited for;
 * - cancellation: the engine's `Cancel` (a Ctrl-C) ends every wait in flight as a timeout would
 *   (framework/waiter.ts), so a create keeps its object in state and the next `up` waits again;
 * - invokes: the functions (provider/functions), by token `platform:index:get<X>`.
 */
import type * as grpc from "@grpc/grpc-js";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import { SETTINGS } from "../client";
import { changedInputs } from "../framework/diff";
import { isPartialFailure } from "../framework/errors";
import { withProgressSink } from "../framework/progress";
import type { ResourceDefinition } from "../framework/resource";
import { setConfigValues } from "../framework/settings";
import type { PlatformProvider, PropertyBag } from "../framework/types";
import { withCancellation } from "../framework/waiter";
import {
  type ProviderMethods,
  providerService,
  ResourceInitFailedError,
  serveProvider,
} from "../protocol/providerKit";
import { fromStruct, toStruct, unwrapStruct } from "../protocol/struct";
import { nativeFunctionNameOf, nativeTypeNameOf, PACKAGE } from "../protocol/urns";
import { secret, wrapSecrets } from "../protocol/values";

export { PACKAGE };

/** What the server serves. */
export interface NativeProviderOptions {
  /** The plugin's version (the npm package's). */
  version: string;
  /** The package schema's JSON text (provider/native/schema.json). */
  schema: () => string;
  /** The declared resource of a type name (`SearchIndex`); undefined for an unknown type. */
  resource: (typeName: string) => ResourceDefinition | undefined;
  /** The implementation of a type: the provider the dynamic form's runtime would use. */
  provider: (typeName: string) => PlatformProvider;
  /** A function by name (`getAlerts`): validates its arguments, calls the API with the configured client. */
  invoke: (name: string, args: Record<string, unknown>) => Promise<unknown>;
  /** Where progress goes: a line with the URN of the resource it is about. */
  log?: (urn: string, line: string) => void;
  /** The secret outputs of a type decided by its arguments: output name -> predicate (`secrets.ts`). */
  secretWhen?: (typeName: string) => Readonly<Record<string, (args: unknown) => boolean>>;
}

// ---------------------------------------------------------------------------------------------
// The configuration

/** The configuration keys this provider takes: `SETTINGS` (provider/client/config.ts). */
const SETTING_NAMES: ReadonlySet<string> = new Set(Object.keys(SETTINGS));
/** Keys the engine adds to a provider's inputs by itself. */
const ENGINE_KEYS: ReadonlySet<string> = new Set(["version", "pluginDownloadURL"]);

/** A setting's value as the configuration holds it: text (numbers and switches as JSON). */
function settingText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** `CheckConfig`: the inputs back as they came (secrets still marked), a failure per key that is no setting. */
export async function checkConfig(request: providerProto.CheckRequest): Promise<providerProto.CheckResponse> {
  const news = request.getNews();
  const response = new providerProto.CheckResponse();
  if (news !== undefined) response.setInputs(news);
  const failures: providerProto.CheckFailure[] = [];
  for (const key of Object.keys(fromStruct(news))) {
    if (SETTING_NAMES.has(key) || ENGINE_KEYS.has(key) || key.startsWith("__")) continue;
    failures.push(
      checkFailure(
        key,
        `${key} is not a setting of the ${PACKAGE} provider; the settings are ${[...SETTING_NAMES].join(", ")}`,
      ),
    );
  }
  response.setFailuresList(failures);
  return response;
}

/** `DiffConfig`: the settings whose text changed; new settings reach the resources at the next configure. */
export async function diffConfig(request: providerProto.DiffRequest): Promise<providerProto.DiffResponse> {
  const olds = unwrapStruct(request.getOldInputs() ?? request.getOlds()).values;
  const news = unwrapStruct(request.getNews()).values;
  const changed = [...SETTING_NAMES].filter((name) => settingText(olds[name]) !== settingText(news[name]));
  const response = new providerProto.DiffResponse();
  // Nothing is replaced.
  response.setChanges(changed.length > 0 ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
  response.setDiffsList(changed);
  return response;
}

/**
 * The settings of a `Configure`, as config keys (`platform:<name>`) and their text. The engine sends
 * them twice: typed (`args`, an explicit provider's arguments or the stack's config) and as text
 * (`variables`, keys `platform:config:<name>`); the typed ones win.
 */
export function configuredSettings(request: providerProto.ConfigureRequest): Record<string, string> {
  const values: Record<string, string> = {};
  request.getVariablesMap().forEach((value, key) => {
    const name = key.replace(new RegExp(`^${PACKAGE}:(config:)?`), "");
    if (SETTING_NAMES.has(name)) values[`${PACKAGE}:${name}`] = value;
  });
  const args = unwrapStruct(request.getArgs()).values;
  for (const name of SETTING_NAMES) {
    const text = settingText(args[name]);
    if (text !== undefined) values[`${PACKAGE}:${name}`] = text;
  }
  return values;
}

/** `Configure`: installs the settings as the process's; the plugin takes secrets, nothing else. */
export async function configure(
  request: providerProto.ConfigureRequest,
): Promise<providerProto.ConfigureResponse> {
  setConfigValues(configuredSettings(request));
  const response = new providerProto.ConfigureResponse();
  response.setAcceptsecrets(true);
  response.setAcceptresources(false);
  response.setAcceptoutputs(false);
  response.setSupportspreview(false);
  return response;
}

// ---------------------------------------------------------------------------------------------
// The resources

const DiffChanges = providerProto.DiffResponse.DiffChanges;
const Kind = providerProto.PropertyDiff.Kind;

function checkFailure(property: string, reason: string): providerProto.CheckFailure {
  const failure = new providerProto.CheckFailure();
  failure.setProperty(property);
  failure.setReason(reason);
  return failure;
}

/**
 * How the resources are reached from a request: the type of a URN, its declaration and
 * implementation, the outputs returned secret, and each operation run with its progress going to
 * the resource's row and its waits ending on the server's cancellation.
 */
export interface ResourceTable {
  /** The type of a URN, its declaration and implementation; throws for a type this version does not serve. */
  resolve(urn: string): ServedResource;
  /** The outputs to return secret: where they came in secret, always secret, or secret by the arguments. */
  secretOutputs(typeName: string, inputSecrets: Iterable<string>, args: unknown): Set<string>;
  /**
   * Runs an operation on the resource of a URN: progress lines to the resource's row, waits ended by
   * the server's cancellation.
   */
  run<T>(urn: string, work: (resource: ServedResource) => Promise<T>): Promise<T>;
}

/** A resource type the server serves. */
export interface ServedResource {
  typeName: string;
  definition: ResourceDefinition;
  provider: PlatformProvider;
}

/** The resource table of the server's options; `signal` ends the waits of every operation (Cancel). */
export function resourceTable(options: NativeProviderOptions, signal: AbortSignal): ResourceTable {
  const table: ResourceTable = {
    resolve(urn) {
      const typeName = nativeTypeNameOf(urn);
      const definition = options.resource(typeName);
      if (definition === undefined) {
        throw new Error(
          `unknown resource type ${PACKAGE}:index:${typeName}: this version of the plugin does not serve it`,
        );
      }
      return { typeName, definition, provider: options.provider(typeName) };
    },
    secretOutputs(typeName, inputSecrets, args) {
      const keys = new Set(inputSecrets);
      for (const [name, rule] of Object.entries(options.resource(typeName)?.properties ?? {}))
        if (rule.secret === true) keys.add(name);
      for (const [name, predicate] of Object.entries(options.secretWhen?.(typeName) ?? {}))
        if (predicate(args)) keys.add(name);
      return keys;
    },
    run(urn, work) {
      const log = options.log;
      const cancellable = () => withCancellation(signal, async () => work(table.resolve(urn)));
      return log === undefined ? cancellable() : withProgressSink((line) => log(urn, line), cancellable);
    },
  };
  return table;
}

/** `Check`: the resource's check; the inputs go back with the secrets that came in marked again. */
export function checkResource(
  table: ResourceTable,
  request: providerProto.CheckRequest,
): Promise<providerProto.CheckResponse> {
  return table.run(request.getUrn(), async ({ provider }) => {
    const olds = unwrapStruct(request.getOlds());
    const news = unwrapStruct(request.getNews());
    const result = await provider.check(olds.values, news.values);
    const response = new providerProto.CheckResponse();
    response.setInputs(toStruct(wrapSecrets((result.inputs ?? news.values) as PropertyBag, news.secretKeys)));
    response.setFailuresList((result.failures ?? []).map((item) => checkFailure(item.property, item.reason)));
    return response;
  });
}

/** The kind of a property's change in the detailed diff: added, deleted or updated, replacing or not. */
export function propertyDiffKind(
  before: unknown,
  after: unknown,
  effect: "update" | "replace",
): providerProto.PropertyDiff.Kind {
  const replace = effect === "replace";
  if (before === undefined) return replace ? Kind.ADD_REPLACE : Kind.ADD;
  if (after === undefined) return replace ? Kind.DELETE_REPLACE : Kind.DELETE;
  return replace ? Kind.UPDATE_REPLACE : Kind.UPDATE;
}

/** `Diff`: the resource's diff, with the detailed diff from the property table. */
export function diffResource(
  table: ResourceTable,
  request: providerProto.DiffRequest,
): Promise<providerProto.DiffResponse> {
  return table.run(request.getUrn(), async ({ definition, provider }) => {
    const olds = unwrapStruct(request.getOlds()).values;
    const news = unwrapStruct(request.getNews()).values;
    const result = await provider.diff(request.getId(), olds, news);
    const replaces = new Set(result.replaces ?? []);
    const changed = changedInputs(olds, news, definition.properties);
    for (const name of replaces) changed[name] = "replace";
    const response = new providerProto.DiffResponse();
    for (const [name, effect] of Object.entries(changed)) {
      const property = new providerProto.PropertyDiff();
      property.setKind(propertyDiffKind(olds[name], news[name], effect));
      property.setInputdiff(true);
      response.getDetaileddiffMap().set(name, property);
    }
    response.setHasdetaileddiff(true);
    const changes = result.changes === true || Object.keys(changed).length > 0;
    response.setChanges(changes ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
    response.setDiffsList(Object.keys(changed));
    response.setReplacesList([...replaces]);
    response.setDeletebeforereplace(result.deleteBeforeReplace === true);
    return response;
  });
}

/**
 * The part create and update share: runs `write` (the resource's create or update) on the inputs
 * with their secrets taken out, and returns the id and the outputs with their secrets marked. An
 * object that exists but did not settle (framework/errors.ts, a partial failure) becomes the kit's
 * {@link ResourceInitFailedError} with its outputs marked the same way, so the engine keeps it in state.
 */
export async function writeResource(
  table: ResourceTable,
  typeName: string,
  inputs: { values: PropertyBag; secretKeys: Iterable<string> },
  write: () => Promise<{ id: string; outs: PropertyBag }>,
): Promise<{ id: string; properties: PropertyBag }> {
  const keys = table.secretOutputs(typeName, inputs.secretKeys, inputs.values);
  try {
    const { id, outs } = await write();
    return { id, properties: wrapSecrets(outs, keys) };
  } catch (error) {
    if (!isPartialFailure(error)) throw error;
    throw new ResourceInitFailedError(error.id, wrapSecrets(error.properties ?? {}, keys), error.message);
  }
}

/** `Create`: the resource's create. */
export function createResource(
  table: ResourceTable,
  request: providerProto.CreateRequest,
): Promise<providerProto.CreateResponse> {
  return table.run(request.getUrn(), async ({ typeName, provider }) => {
    const inputs = unwrapStruct(request.getProperties());
    const { id, properties } = await writeResource(table, typeName, inputs, async () => {
      const result = await provider.create(inputs.values);
      return { id: result.id, outs: result.outs as PropertyBag };
    });
    const response = new providerProto.CreateResponse();
    response.setId(id);
    response.setProperties(toStruct(properties));
    return response;
  });
}

/** `Update`: the resource's update; a type whose every input replaces has none. */
export function updateResource(
  table: ResourceTable,
  request: providerProto.UpdateRequest,
): Promise<providerProto.UpdateResponse> {
  return table.run(request.getUrn(), async ({ typeName, provider }) => {
    const update = provider.update?.bind(provider);
    if (update === undefined) {
      throw new Error(
        `${PACKAGE}:index:${typeName} cannot be updated in place: every input change replaces it`,
      );
    }
    const id = request.getId();
    const olds = unwrapStruct(request.getOlds());
    const news = unwrapStruct(request.getNews());
    const inputs = { values: news.values, secretKeys: [...olds.secretKeys, ...news.secretKeys] };
    const { properties } = await writeResource(table, typeName, inputs, async () => {
      const result = await update(id, olds.values, news.values);
      return { id, outs: result.outs as PropertyBag };
    });
    const response = new providerProto.UpdateResponse();
    response.setProperties(toStruct(properties));
    return response;
  });
}

/** `Read`: the resource's read; an import's read has neither properties nor inputs, the id alone. */
export function readResource(
  table: ResourceTable,
  request: providerProto.ReadRequest,
): Promise<providerProto.ReadResponse> {
  return table.run(request.getUrn(), async ({ typeName, provider }) => {
    const state = unwrapStruct(request.getProperties());
    const stored = unwrapStruct(request.getInputs());
    const result = await provider.read(request.getId(), state.values);
    const response = new providerProto.ReadResponse();
    if (result.id === undefined) return response; // gone: no id
    const inputs = (result.inputs ?? stored.values) as PropertyBag;
    const inputSecrets = [...state.secretKeys, ...stored.secretKeys];
    const keys = table.secretOutputs(typeName, inputSecrets, inputs);
    response.setId(result.id);
    response.setProperties(toStruct(wrapSecrets((result.props ?? {}) as PropertyBag, keys)));
    response.setInputs(toStruct(wrapSecrets(inputs, inputSecrets)));
    return response;
  });
}

/** `Delete`: the resource's delete. */
export function deleteResource(
  table: ResourceTable,
  request: providerProto.DeleteRequest,
): Promise<emptyProto.Empty> {
  return table.run(request.getUrn(), async ({ provider }) => {
    await provider.delete(request.getId(), unwrapStruct(request.getProperties()).values);
    return new emptyProto.Empty();
  });
}

/** `Invoke`: a function by token; the result is secret when any argument was. */
export async function invokeFunction(
  options: Pick<NativeProviderOptions, "invoke">,
  request: providerProto.InvokeRequest,
): Promise<providerProto.InvokeResponse> {
  const name = nativeFunctionNameOf(request.getTok());
  const args = unwrapStruct(request.getArgs());
  const result = await options.invoke(name, args.values);
  const response = new providerProto.InvokeResponse();
  response.setReturn(toStruct({ result: args.secretKeys.size > 0 ? secret(result) : result }));
  return response;
}

// ---------------------------------------------------------------------------------------------
// The service

/** The provider's methods: the functions above over one resource table and one cancellation. */
export function nativeProviderMethods(options: NativeProviderOptions): ProviderMethods {
  // One engine drives this process: its Cancel ends every wait in flight, and any started after.
  const cancellation = new AbortController();
  const table = resourceTable(options, cancellation.signal);
  return {
    async getPluginInfo() {
      const info = new pluginProto.PluginInfo();
      info.setVersion(options.version);
      return info;
    },
    async getSchema(request) {
      if (request.getVersion() !== 0) throw new Error(`unsupported schema version ${request.getVersion()}`);
      const response = new providerProto.GetSchemaResponse();
      response.setSchema(options.schema());
      return response;
    },
    checkConfig,
    diffConfig,
    configure,
    check: (request) => checkResource(table, request),
    diff: (request) => diffResource(table, request),
    create: (request) => createResource(table, request),
    read: (request) => readResource(table, request),
    update: (request) => updateResource(table, request),
    delete: (request) => deleteResource(table, request),
    invoke: (request) => invokeFunction(options, request),
    async cancel() {
      cancellation.abort();
      return new emptyProto.Empty();
    },
  };
}

/** The provider's `ResourceProvider` service. */
export function nativeProviderService(options: NativeProviderOptions): grpc.UntypedServiceImplementation {
  return providerService(nativeProviderMethods(options));
}

/**
 * Starts the server on a free port of 127.0.0.1 and prints the port on stdout (how the engine finds
 * it); resolves with the server once it listens.
 */
export function serveNativeProvider(options: NativeProviderOptions): Promise<grpc.Server> {
  return serveProvider(nativeProviderService(options));
}
