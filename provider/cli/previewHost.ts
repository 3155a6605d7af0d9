/**
 * A program's preview whose checks and diffs of this package's resources run in the tool's process
 * (docs/cli.md, "How drift is told from pending changes"). The engine would otherwise start a provider
 * host for the preview (the `pulumi-nodejs` plugin: a Node.js process that loads @pulumi/pulumi, then
 * this package's runtime, to answer one `check` and one `diff` per resource). Here the engine is
 * pointed at a server in this process instead, through its documented `PULUMI_DEBUG_PROVIDERS`
 * (`pulumi-nodejs:<port>`: the engine attaches to a running provider rather than starting one), one
 * server per preview, so the stacks of a fleet run each have their own configuration.
 *
 * The server answers as `@pulumi/pulumi/cmd/dynamic-provider` answers, with the same runtime code
 * (runtime/index.ts `callForHost`): `configure` keeps the configuration (secrets opened, secrets
 * not accepted); `check` and `diff` take the provider of the new `__provider` (the old one when the
 * new is unknown), `check` gives back the inputs with the new `__provider`, `diff` its verdict,
 * replacements and delete-before-replace; `read` (a program's `get`) the properties with
 * `__provider`. What the stock host leaves unimplemented is unimplemented here too.
 *
 * Anything else makes the engine's own host do the preview again, so a report never depends on a case
 * this module does not know: a `__provider` text other than this version's shim (another version,
 * another provider's code), a second provider configuration, a create, update, delete or invoke, any
 * error of a call, and any failure of the preview (the engine's own run then says it in its words).
 * A folder with another version of the package installed, or a user's own PULUMI_DEBUG_PROVIDERS,
 * never comes here.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import type { Stack } from "@pulumi/pulumi/automation";
import * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { unknownValue, unwrapRpcSecret } from "@pulumi/pulumi/runtime/rpc";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { PROVIDER_KEY, shimTypeName } from "../framework/shim";
import type { PropertyBag } from "../framework/types";
import { callForHost } from "../runtime";
import { type OperationEvents, type Progress, programPreview } from "./engine";
import { type ConfigValues, configIdentity, ProviderPool, runsOwnPackage } from "./inProcess";
import { StateSeen } from "./openedState";

/** The engine's setting naming providers to attach to instead of starting (`name:port,...`). */
const DEBUG_PROVIDERS = "PULUMI_DEBUG_PROVIDERS";
/** The plugin name of the dynamic providers' host. */
const DYNAMIC_PLUGIN = "pulumi-nodejs";

type Callback<T> = grpc.sendUnaryData<T>;
type Call<T> = grpc.ServerUnaryCall<T, unknown>;

/** A case this server does not answer: the engine's own host runs the preview again. */
class Refused extends Error {}

function bagOf(struct: structProto.Struct | undefined): PropertyBag {
  return (struct?.toJavaScript() as PropertyBag | undefined) ?? {};
}

/**
 * The old and new properties of a check or diff, and the provider text to run them with: the new
 * one, or the old one while the new is unknown (as the stock host chooses).
 */
function changeOf(request: {
  getOlds(): structProto.Struct | undefined;
  getNews(): structProto.Struct | undefined;
}): { olds: PropertyBag; news: PropertyBag; text: unknown } {
  const olds = bagOf(request.getOlds());
  const news = bagOf(request.getNews());
  return { olds, news, text: news[PROVIDER_KEY] === unknownValue ? olds[PROVIDER_KEY] : news[PROVIDER_KEY] };
}

function unimplemented(method: string): grpc.ServiceError {
  return Object.assign(new Error(`${method} is not implemented by the dynamic provider`), {
    code: grpc.status.UNIMPLEMENTED,
    details: `${method} is not implemented by the dynamic provider`,
    metadata: new grpc.Metadata(),
  });
}

/** The version of @pulumi/pulumi the program's folder resolves: the stock host's `GetPluginInfo`. */
function pulumiVersionOf(folder: string): string {
  const manifest = createRequire(join(folder, "noop.js"))("@pulumi/pulumi/package.json") as {
    version: string;
  };
  return manifest.version;
}

/** The server of one preview; `refusal` says why the engine's own host must run it again, if it must. */
export class PreviewHost {
  readonly #server: grpc.Server;
  readonly #pool = new ProviderPool();
  #config: ConfigValues | undefined;
  #configText: string | undefined;
  #refusal: string | undefined;
  /** The stack's state as the engine sent it (secrets opened): the live read's, without an export. */
  readonly seen = new StateSeen();

  private constructor(
    server: grpc.Server,
    readonly port: number,
  ) {
    this.#server = server;
  }

  /** Why the preview must be run again by the engine's own host; undefined while nothing said so. */
  get refusal(): string | undefined {
    return this.#refusal;
  }

  /** Starts a server for a preview of the program in `folder`. */
  static async start(folder: string): Promise<PreviewHost> {
    const server = new grpc.Server({ "grpc.max_receive_message_length": 1024 * 1024 * 400 });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    const host = new PreviewHost(server, port);
    server.addService(providerRpc.ResourceProviderService, host.#service(pulumiVersionOf(folder)));
    return host;
  }

  async close(): Promise<void> {
    this.#server.forceShutdown();
    await this.#pool.close();
  }

  /** Answers with `work`'s result; an error of it (a refusal or not) sends the preview back to the engine. */
  #answer<T>(method: string, callback: Callback<T>, work: () => Promise<T>): void {
    work().then(
      (result) => callback(null, result),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        this.#refusal ??= error instanceof Refused ? message : `${method} failed: ${message}`;
        callback(Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message }));
      },
    );
  }

  /** The type and implementation for a call whose provider text is `text`. */
  #implementationOf(text: unknown): { typeName: string; config: ConfigValues } {
    const typeName = shimTypeName(text);
    if (typeName === undefined) throw new Refused("a resource whose provider is not this version's");
    if (this.#config === undefined) throw new Refused("a call before the provider's configuration");
    return { typeName, config: this.#config };
  }

  #call(text: unknown, method: "check" | "diff" | "read", args: unknown[]): Promise<unknown> {
    const { typeName, config } = this.#implementationOf(text);
    return callForHost(typeName, this.#pool.providerFor(typeName, config), method, args);
  }

  #service(version: string): grpc.UntypedServiceImplementation {
    const refuse =
      (method: string) =>
      (_call: unknown, callback: Callback<never>): void =>
        this.#answer(method, callback, () => Promise.reject(new Refused(`a ${method} call`)));
    const stockUnimplemented =
      (method: string) =>
      (_call: unknown, callback: Callback<never>): void =>
        callback(unimplemented(method));
    return {
      attach: (_call: unknown, callback: Callback<emptyProto.Empty>) =>
        callback(null, new emptyProto.Empty()),
      cancel: (_call: unknown, callback: Callback<emptyProto.Empty>) =>
        callback(null, new emptyProto.Empty()),
      getPluginInfo: (_call: unknown, callback: Callback<pluginProto.PluginInfo>) => {
        const info = new pluginProto.PluginInfo();
        info.setVersion(version);
        callback(null, info);
      },
      configure: (
        call: Call<providerProto.ConfigureRequest>,
        callback: Callback<providerProto.ConfigureResponse>,
      ) =>
        this.#answer("configure", callback, async () => {
          const config: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(bagOf(call.request.getArgs()))) {
            if (key !== PROVIDER_KEY) config[key] = unwrapRpcSecret(value);
          }
          const text = configIdentity(config);
          // The stock host keeps one configuration per process; a second, other one is a case for it.
          if (this.#configText !== undefined && this.#configText !== text) {
            throw new Refused("a second provider configuration");
          }
          this.#config = config;
          this.#configText = text;
          const response = new providerProto.ConfigureResponse();
          response.setAcceptsecrets(false);
          return response;
        }),
      check: (call: Call<providerProto.CheckRequest>, callback: Callback<providerProto.CheckResponse>) =>
        this.#answer("check", callback, async () => {
          const { olds, news, text } = changeOf(call.request);
          this.seen.recordInputs(call.request.getUrn(), olds);
          const result = (await this.#call(text, "check", [olds, news])) as {
            inputs?: PropertyBag;
            failures?: { property: string; reason: string }[];
          };
          const inputs = result.inputs ?? news;
          inputs[PROVIDER_KEY] = news[PROVIDER_KEY];
          const response = new providerProto.CheckResponse();
          response.setInputs(structProto.Struct.fromJavaScript(inputs as Record<string, never>));
          const failures = (result.failures ?? []).map(({ property, reason }) => {
            const failure = new providerProto.CheckFailure();
            failure.setProperty(property);
            failure.setReason(reason);
            return failure;
          });
          if (failures.length > 0) response.setFailuresList(failures);
          return response;
        }),
      diff: (call: Call<providerProto.DiffRequest>, callback: Callback<providerProto.DiffResponse>) =>
        this.#answer("diff", callback, async () => {
          const { olds, news, text } = changeOf(call.request);
          this.seen.recordOutputs(call.request.getUrn(), olds);
          const result = (await this.#call(text, "diff", [call.request.getId(), olds, news])) as {
            changes?: boolean;
            replaces?: string[];
            deleteBeforeReplace?: boolean;
          };
          const response = new providerProto.DiffResponse();
          const { DIFF_SOME, DIFF_NONE, DIFF_UNKNOWN } = providerProto.DiffResponse.DiffChanges;
          response.setChanges(
            result.changes === true ? DIFF_SOME : result.changes === false ? DIFF_NONE : DIFF_UNKNOWN,
          );
          if (result.replaces !== undefined && result.replaces.length > 0)
            response.setReplacesList(result.replaces);
          if (result.deleteBeforeReplace) response.setDeletebeforereplace(true);
          return response;
        }),
      read: (call: Call<providerProto.ReadRequest>, callback: Callback<providerProto.ReadResponse>) =>
        this.#answer("read", callback, async () => {
          const id = call.request.getId();
          // As the stock host: the prior outputs, else (a program's `get`) the inputs.
          let props = bagOf(call.request.getProperties());
          if (Object.keys(props).length === 0 && call.request.getInputs() !== undefined) {
            props = bagOf(call.request.getInputs());
          }
          const result = (await this.#call(props[PROVIDER_KEY], "read", [id, props])) as {
            id?: string;
            props?: PropertyBag;
            inputs?: PropertyBag;
          };
          if (typeof result.id !== "string" || result.id === "")
            throw new Refused("a read of a missing object");
          const response = new providerProto.ReadResponse();
          response.setId(result.id);
          const withProvider = (bag: PropertyBag | undefined) =>
            structProto.Struct.fromJavaScript({
              ...bag,
              [PROVIDER_KEY]: props[PROVIDER_KEY],
            } as unknown as Record<string, never>);
          response.setProperties(withProvider(result.props));
          if (result.inputs !== undefined) response.setInputs(withProvider(result.inputs));
          return response;
        }),
      create: refuse("create"),
      update: refuse("update"),
      delete: refuse("delete"),
      invoke: refuse("invoke"),
      list: (call: grpc.ServerWritableStream<unknown, unknown>) => {
        call.emit("error", unimplemented("List"));
      },
      // Unimplemented as the stock host, after keeping the olds: the provider's inputs in state.
      checkConfig: (call: Call<providerProto.CheckRequest>, callback: Callback<never>) => {
        this.seen.recordProvider(call.request.getUrn(), bagOf(call.request.getOlds()));
        callback(unimplemented("CheckConfig"));
      },
      diffConfig: stockUnimplemented("DiffConfig"),
      handshake: stockUnimplemented("Handshake"),
      getSchema: stockUnimplemented("GetSchema"),
      construct: stockUnimplemented("Construct"),
      parameterize: stockUnimplemented("Parameterize"),
      call: stockUnimplemented("Call"),
      getMapping: stockUnimplemented("GetMapping"),
      getMappings: stockUnimplemented("GetMappings"),
    };
  }
}

/** Whether a preview of `stack` can have its provider calls answered here (the module comment). */
function answersHere(stack: Stack): boolean {
  return (
    process.env[DEBUG_PROVIDERS] === undefined &&
    stack.workspace.envVars[DEBUG_PROVIDERS] === undefined &&
    runsOwnPackage(stack.workspace.workDir)
  );
}

/** A preview whose provider calls were sent here: its events, or why the engine's own host must run it. */
export type InProcessPreview =
  | { events: OperationEvents; seen: StateSeen; refusal?: undefined }
  | { refusal: string };

/**
 * The program's preview against the stack's state (engine.ts `programPreview`) with its provider
 * calls answered in this process; undefined when they cannot be (the module comment).
 */
export async function previewInProcess(
  stack: Stack,
  progress: Progress,
): Promise<InProcessPreview | undefined> {
  if (!answersHere(stack)) return undefined;
  const host = await PreviewHost.start(stack.workspace.workDir);
  const workspace = stack.workspace;
  const envVars = workspace.envVars;
  let events: OperationEvents | undefined;
  let failure: unknown;
  try {
    workspace.envVars = { ...envVars, [DEBUG_PROVIDERS]: `${DYNAMIC_PLUGIN}:${host.port}` };
    events = await programPreview(stack, progress);
  } catch (error) {
    failure = error;
  } finally {
    workspace.envVars = envVars;
    await host.close();
  }
  if (host.refusal !== undefined) return { refusal: host.refusal };
  if (events === undefined) {
    return {
      refusal: failure instanceof Error ? (failure.message.split("\n")[0] ?? "") : "the preview failed",
    };
  }
  return { events, seen: host.seen };
}

/** A program's preview: its events, and the state the engine sent when this process answered it. */
export interface ProgramPreview {
  events: OperationEvents;
  seen?: StateSeen;
}

/**
 * The program's preview against the stack's state: its provider calls answered in this process when
 * they can be, else, and after any refusal or failure, by the engine's own host.
 */
export async function previewProgram(stack: Stack, progress: Progress): Promise<ProgramPreview> {
  const answered = await previewInProcess(stack, progress);
  if (answered === undefined) return { events: await programPreview(stack, progress) };
  if (answered.refusal === undefined) return { events: answered.events, seen: answered.seen };
  progress(`  comparing again with the engine's own provider host (${answered.refusal})`);
  return { events: await programPreview(stack, progress) };
}
