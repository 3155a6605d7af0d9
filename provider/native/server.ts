/**
 * The native provider plugin `pulumi-resource-platform`: the resource table the dynamic form serves,
 * served a second way, over Pulumi's provider protocol (`pulumirpc.ResourceProvider`, gRPC), so that
 * programs in every language, and `pulumi import`, can use it. One implementation, two front doors:
 * each method calls the same `PlatformProvider` the dynamic form's runtime dispatches to.
 *
 * Why not `@pulumi/pulumi/provider`'s stock server (docs/native.md, "Why a server of its own"): it drops
 * the configuration (`configure` keeps none of it, `checkConfig`/`diffConfig` are unimplemented), hands
 * secrets to the provider wrapped, and crashes on the Read of an import (no properties).
 *
 * What this server adds to the resources' own methods:
 * - the configuration (`platform:*` settings, or an explicit provider's arguments) is checked, diffed,
 *   and installed as the process's settings (framework/settings.ts), credentials kept secret;
 * - secrets: the engine sends them marked (the server accepts secrets), the resources see plain values,
 *   and every property that came in secret, every always-secret output and every output the resource
 *   makes secret by its arguments goes back marked;
 * - the detailed diff: each changed property and whether it replaces, from the property table;
 * - progress: a wait's lines go to the engine's log with the URN of the resource waited for;
 * - invokes: the functions (provider/functions), by token `platform:index:get<X>`.
 */
import * as grpc from "@grpc/grpc-js";
import * as engineRpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import * as anyProto from "google-protobuf/google/protobuf/any_pb";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { SETTINGS } from "../client";
import { changedInputs } from "../framework/diff";
import { isPartialFailure } from "../framework/errors";
import { withProgressSink } from "../framework/progress";
import type { ResourceDefinition } from "../framework/resource";
import { setConfigValues } from "../framework/settings";
import type { PlatformProvider, PropertyBag } from "../framework/types";
import { secret, unwrapSecrets, wrapSecrets } from "./values";

/** The package's name: tokens `platform:index:<Type>`, config keys `platform:<setting>`. */
export const PACKAGE = "platform";

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

type Callback<T> = grpc.sendUnaryData<T>;
type Call<T> = grpc.ServerUnaryCall<T, unknown>;

/** The resource type name of a URN (`...::platform:index:SearchIndex::movies` -> `SearchIndex`). */
export function typeNameOf(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  const token = qualified.split("$").pop() ?? "";
  const [pkg, , name] = token.split(":");
  if (pkg !== PACKAGE || name === undefined)
    throw new Error(`${token} is not a type of the ${PACKAGE} package`);
  return name;
}

function toJs(struct: structProto.Struct | undefined): Record<string, unknown> {
  return (struct?.toJavaScript() as Record<string, unknown> | undefined) ?? {};
}

/** A Struct of a property bag; `undefined` values are left out (protobuf's Struct cannot hold them). */
function toStruct(bag: Record<string, unknown>): structProto.Struct {
  return structProto.Struct.fromJavaScript(JSON.parse(JSON.stringify(bag)) as Record<string, never>);
}

/** A gRPC error carrying the message of what went wrong, and the object kept in state when there is one. */
function failure(error: unknown, secretKeys: Iterable<string> = []): grpc.ServiceError {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (isPartialFailure(error)) {
    // The object exists but did not settle: the engine keeps it in state (ErrorResourceInitFailed).
    const detail = new providerProto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(
      toStruct(wrapSecrets((error.properties ?? {}) as Record<string, unknown>, secretKeys)),
    );
    detail.setReasonsList([message]);
    const any = new anyProto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusProto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

/** Answers a unary call with the result of `work`, or with its error. */
function answer<T>(callback: Callback<T>, work: () => Promise<T>, secretKeys?: () => Iterable<string>): void {
  work().then(
    (result) => callback(null, result),
    (error: unknown) => callback(failure(error, secretKeys?.() ?? [])),
  );
}

/** The configuration keys this provider takes: `SETTINGS` (provider/client/config.ts). */
const SETTING_NAMES: ReadonlySet<string> = new Set(Object.keys(SETTINGS));
/** Keys the engine adds to a provider's inputs by itself. */
const ENGINE_KEYS: ReadonlySet<string> = new Set(["version", "pluginDownloadURL"]);

/** A setting's value as the configuration holds it: text (numbers and switches as JSON). */
function settingText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The provider's `ResourceProvider` service. */
export function nativeProviderService(options: NativeProviderOptions): grpc.UntypedServiceImplementation {
  const definitionOf = (urn: string): { typeName: string; provider: PlatformProvider } => {
    const typeName = typeNameOf(urn);
    if (options.resource(typeName) === undefined) {
      throw new Error(
        `unknown resource type ${PACKAGE}:index:${typeName}: this version of the plugin does not serve it`,
      );
    }
    return { typeName, provider: options.provider(typeName) };
  };
  /** Runs a resource operation with its progress lines going to the resource's row. */
  const forResource = <T>(urn: string, work: () => Promise<T>): Promise<T> => {
    const log = options.log;
    return log === undefined ? work() : withProgressSink((line) => log(urn, line), work);
  };
  /** The outputs to return: secret where they came in secret, always secret, or secret by the arguments. */
  const secretOutputs = (typeName: string, inputSecrets: Iterable<string>, args: unknown): Set<string> => {
    const keys = new Set(inputSecrets);
    const definition = options.resource(typeName);
    for (const [name, rule] of Object.entries(definition?.properties ?? {}))
      if (rule.secret === true) keys.add(name);
    for (const [name, predicate] of Object.entries(options.secretWhen?.(typeName) ?? {})) {
      if (predicate(args)) keys.add(name);
    }
    return keys;
  };

  return {
    getPluginInfo(_call: Call<emptyProto.Empty>, callback: Callback<pluginProto.PluginInfo>) {
      const info = new pluginProto.PluginInfo();
      info.setVersion(options.version);
      callback(null, info);
    },

    getSchema(
      call: Call<providerProto.GetSchemaRequest>,
      callback: Callback<providerProto.GetSchemaResponse>,
    ) {
      answer(callback, async () => {
        if (call.request.getVersion() !== 0)
          throw new Error(`unsupported schema version ${call.request.getVersion()}`);
        const response = new providerProto.GetSchemaResponse();
        response.setSchema(options.schema());
        return response;
      });
    },

    checkConfig(call: Call<providerProto.CheckRequest>, callback: Callback<providerProto.CheckResponse>) {
      answer(callback, async () => {
        const news = call.request.getNews();
        const response = new providerProto.CheckResponse();
        // The inputs go back as they came, secrets still marked.
        if (news !== undefined) response.setInputs(news);
        const failures: providerProto.CheckFailure[] = [];
        for (const key of Object.keys(toJs(news))) {
          if (SETTING_NAMES.has(key) || ENGINE_KEYS.has(key) || key.startsWith("__")) continue;
          const failure = new providerProto.CheckFailure();
          failure.setProperty(key);
          failure.setReason(
            `${key} is not a setting of the ${PACKAGE} provider; the settings are ${[...SETTING_NAMES].join(", ")}`,
          );
          failures.push(failure);
        }
        response.setFailuresList(failures);
        return response;
      });
    },

    diffConfig(call: Call<providerProto.DiffRequest>, callback: Callback<providerProto.DiffResponse>) {
      answer(callback, async () => {
        const olds = unwrapSecrets(toJs(call.request.getOldInputs() ?? call.request.getOlds())).values;
        const news = unwrapSecrets(toJs(call.request.getNews())).values;
        const changed = [...SETTING_NAMES].filter(
          (name) => settingText(olds[name]) !== settingText(news[name]),
        );
        const response = new providerProto.DiffResponse();
        // New settings reach the resources through the next configure: nothing is replaced.
        response.setChanges(
          changed.length > 0
            ? providerProto.DiffResponse.DiffChanges.DIFF_SOME
            : providerProto.DiffResponse.DiffChanges.DIFF_NONE,
        );
        response.setDiffsList(changed);
        return response;
      });
    },

    configure(
      call: Call<providerProto.ConfigureRequest>,
      callback: Callback<providerProto.ConfigureResponse>,
    ) {
      answer(callback, async () => {
        const values: Record<string, string> = {};
        // The engine sends the settings twice: typed (`args`, an explicit provider's arguments or the
        // stack's config) and as text (`variables`, keys `platform:config:<name>`).
        call.request.getVariablesMap().forEach((value, key) => {
          const name = key.replace(new RegExp(`^${PACKAGE}:(config:)?`), "");
          if (SETTING_NAMES.has(name)) values[`${PACKAGE}:${name}`] = value;
        });
        const args = unwrapSecrets(toJs(call.request.getArgs())).values;
        for (const name of SETTING_NAMES) {
          const text = settingText(args[name]);
          if (text !== undefined) values[`${PACKAGE}:${name}`] = text;
        }
        setConfigValues(values);
        const response = new providerProto.ConfigureResponse();
        response.setAcceptsecrets(true);
        response.setAcceptresources(false);
        response.setAcceptoutputs(false);
        response.setSupportspreview(false);
        return response;
      });
    },

    check(call: Call<providerProto.CheckRequest>, callback: Callback<providerProto.CheckResponse>) {
      const urn = call.request.getUrn();
      answer(callback, () =>
        forResource(urn, async () => {
          const { provider } = definitionOf(urn);
          const olds = unwrapSecrets(toJs(call.request.getOlds()));
          const news = unwrapSecrets(toJs(call.request.getNews()));
          const result = await provider.check(olds.values, news.values);
          const response = new providerProto.CheckResponse();
          response.setInputs(
            toStruct(wrapSecrets((result.inputs ?? news.values) as PropertyBag, news.secretKeys)),
          );
          response.setFailuresList(
            (result.failures ?? []).map((item) => {
              const failure = new providerProto.CheckFailure();
              failure.setProperty(item.property);
              failure.setReason(item.reason);
              return failure;
            }),
          );
          return response;
        }),
      );
    },

    diff(call: Call<providerProto.DiffRequest>, callback: Callback<providerProto.DiffResponse>) {
      const urn = call.request.getUrn();
      answer(callback, () =>
        forResource(urn, async () => {
          const { typeName, provider } = definitionOf(urn);
          const definition = options.resource(typeName) as ResourceDefinition;
          const olds = unwrapSecrets(toJs(call.request.getOlds())).values;
          const news = unwrapSecrets(toJs(call.request.getNews())).values;
          const result = await provider.diff(call.request.getId(), olds, news);
          const response = new providerProto.DiffResponse();
          const replaces = new Set(result.replaces ?? []);
          const changed = changedInputs(olds, news, definition.properties);
          for (const name of replaces) changed[name] = "replace";
          const Kind = providerProto.PropertyDiff.Kind;
          for (const [name, effect] of Object.entries(changed)) {
            const property = new providerProto.PropertyDiff();
            const replace = effect === "replace";
            const kind =
              olds[name] === undefined
                ? replace
                  ? Kind.ADD_REPLACE
                  : Kind.ADD
                : news[name] === undefined
                  ? replace
                    ? Kind.DELETE_REPLACE
                    : Kind.DELETE
                  : replace
                    ? Kind.UPDATE_REPLACE
                    : Kind.UPDATE;
            property.setKind(kind);
            property.setInputdiff(true);
            response.getDetaileddiffMap().set(name, property);
          }
          response.setHasdetaileddiff(true);
          const changes = result.changes === true || Object.keys(changed).length > 0;
          response.setChanges(
            changes
              ? providerProto.DiffResponse.DiffChanges.DIFF_SOME
              : providerProto.DiffResponse.DiffChanges.DIFF_NONE,
          );
          response.setDiffsList(Object.keys(changed));
          response.setReplacesList([...replaces]);
          response.setDeletebeforereplace(result.deleteBeforeReplace === true);
          return response;
        }),
      );
    },

    create(call: Call<providerProto.CreateRequest>, callback: Callback<providerProto.CreateResponse>) {
      const urn = call.request.getUrn();
      let keys = new Set<string>();
      answer(
        callback,
        () =>
          forResource(urn, async () => {
            const { typeName, provider } = definitionOf(urn);
            const inputs = unwrapSecrets(toJs(call.request.getProperties()));
            keys = secretOutputs(typeName, inputs.secretKeys, inputs.values);
            const result = await provider.create(inputs.values);
            const response = new providerProto.CreateResponse();
            response.setId(result.id);
            response.setProperties(toStruct(wrapSecrets(result.outs as PropertyBag, keys)));
            return response;
          }),
        () => keys,
      );
    },

    read(call: Call<providerProto.ReadRequest>, callback: Callback<providerProto.ReadResponse>) {
      const urn = call.request.getUrn();
      answer(callback, () =>
        forResource(urn, async () => {
          const { typeName, provider } = definitionOf(urn);
          // An import's read has neither properties nor inputs: the id alone.
          const state = unwrapSecrets(toJs(call.request.getProperties()));
          const stored = unwrapSecrets(toJs(call.request.getInputs()));
          const id = call.request.getId();
          const result = await provider.read(id, state.values);
          const response = new providerProto.ReadResponse();
          if (result.id === undefined) return response; // gone: no id
          const inputs = (result.inputs ?? stored.values) as PropertyBag;
          const keys = secretOutputs(typeName, [...state.secretKeys, ...stored.secretKeys], inputs);
          response.setId(result.id);
          response.setProperties(toStruct(wrapSecrets((result.props ?? {}) as PropertyBag, keys)));
          response.setInputs(toStruct(wrapSecrets(inputs, [...state.secretKeys, ...stored.secretKeys])));
          return response;
        }),
      );
    },

    update(call: Call<providerProto.UpdateRequest>, callback: Callback<providerProto.UpdateResponse>) {
      const urn = call.request.getUrn();
      let keys = new Set<string>();
      answer(
        callback,
        () =>
          forResource(urn, async () => {
            const { typeName, provider } = definitionOf(urn);
            if (provider.update === undefined) {
              throw new Error(
                `${PACKAGE}:index:${typeName} cannot be updated in place: every input change replaces it`,
              );
            }
            const olds = unwrapSecrets(toJs(call.request.getOlds()));
            const news = unwrapSecrets(toJs(call.request.getNews()));
            keys = secretOutputs(typeName, [...olds.secretKeys, ...news.secretKeys], news.values);
            const result = await provider.update(call.request.getId(), olds.values, news.values);
            const response = new providerProto.UpdateResponse();
            response.setProperties(toStruct(wrapSecrets(result.outs as PropertyBag, keys)));
            return response;
          }),
        () => keys,
      );
    },

    delete(call: Call<providerProto.DeleteRequest>, callback: Callback<emptyProto.Empty>) {
      const urn = call.request.getUrn();
      answer(callback, () =>
        forResource(urn, async () => {
          const { provider } = definitionOf(urn);
          await provider.delete(
            call.request.getId(),
            unwrapSecrets(toJs(call.request.getProperties())).values,
          );
          return new emptyProto.Empty();
        }),
      );
    },

    invoke(call: Call<providerProto.InvokeRequest>, callback: Callback<providerProto.InvokeResponse>) {
      answer(callback, async () => {
        const token = call.request.getTok();
        const [pkg, , name] = token.split(":");
        if (pkg !== PACKAGE || name === undefined)
          throw new Error(`${token} is not a function of the ${PACKAGE} package`);
        const args = unwrapSecrets(toJs(call.request.getArgs()));
        const result = await options.invoke(name, args.values);
        const response = new providerProto.InvokeResponse();
        const value = args.secretKeys.size > 0 ? secret(result) : result;
        response.setReturn(toStruct({ result: value }));
        return response;
      });
    },

    cancel(_call: Call<emptyProto.Empty>, callback: Callback<emptyProto.Empty>) {
      // Each operation ends on its own (waits have timeouts); the engine stops sending new ones.
      callback(null, new emptyProto.Empty());
    },

    getMapping(
      _call: Call<providerProto.GetMappingRequest>,
      callback: Callback<providerProto.GetMappingResponse>,
    ) {
      // No other provider's schema maps onto this one (Pulumi's convert tool asks).
      callback(null, new providerProto.GetMappingResponse());
    },

    getMappings(
      _call: Call<providerProto.GetMappingsRequest>,
      callback: Callback<providerProto.GetMappingsResponse>,
    ) {
      callback(null, new providerProto.GetMappingsResponse());
    },
  };
}

/** A log function that sends lines to the engine's log, each with the URN of its resource. */
export function engineLog(engineAddress: string): (urn: string, line: string) => void {
  const client = new engineRpc.EngineClient(engineAddress, grpc.credentials.createInsecure());
  return (urn, line) => {
    const request = new engineProto.LogRequest();
    request.setSeverity(engineProto.LogSeverity.INFO);
    request.setMessage(line);
    request.setUrn(urn);
    // Ephemeral: the line shows as the resource's status while it waits, not in the final summary.
    request.setEphemeral(true);
    client.log(request, () => undefined);
  };
}

/**
 * Starts the server on a free port of 127.0.0.1 and prints the port on stdout (how the engine finds
 * it); resolves with the server once it listens.
 */
export async function serveNativeProvider(options: NativeProviderOptions): Promise<grpc.Server> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 1024 * 1024 * 400 });
  server.addService(providerRpc.ResourceProviderService, nativeProviderService(options));
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    );
  });
  process.stdout.write(`${port}\n`);
  return server;
}
