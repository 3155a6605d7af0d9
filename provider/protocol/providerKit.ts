/**
 * The gRPC side of a Pulumi resource provider plugin (`pulumirpc.ResourceProvider`), written once:
 * the service from one async function per method, errors as the engine reads them (a resource kept
 * in state after a failed create or update: `ErrorResourceInitFailed`), the log to the engine, and
 * the server on a free port of 127.0.0.1 whose port the engine reads from stdout.
 *
 * The methods are what a provider implements; the kit answers the rest (`GetMapping(s)`: no other
 * provider's schema maps onto this one, which Pulumi's convert tool asks).
 */
import * as grpc from "@grpc/grpc-js";
import * as engineRpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineProto from "@pulumi/pulumi/proto/engine_pb";
import type * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import * as anyProto from "google-protobuf/google/protobuf/any_pb";
import type * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import { toStruct } from "./struct";

/** The methods a provider implements, each an async function of its request. */
export interface ProviderMethods {
  getPluginInfo(request: emptyProto.Empty): Promise<pluginProto.PluginInfo>;
  getSchema(request: providerProto.GetSchemaRequest): Promise<providerProto.GetSchemaResponse>;
  checkConfig(request: providerProto.CheckRequest): Promise<providerProto.CheckResponse>;
  diffConfig(request: providerProto.DiffRequest): Promise<providerProto.DiffResponse>;
  configure(request: providerProto.ConfigureRequest): Promise<providerProto.ConfigureResponse>;
  check(request: providerProto.CheckRequest): Promise<providerProto.CheckResponse>;
  diff(request: providerProto.DiffRequest): Promise<providerProto.DiffResponse>;
  create(request: providerProto.CreateRequest): Promise<providerProto.CreateResponse>;
  read(request: providerProto.ReadRequest): Promise<providerProto.ReadResponse>;
  update(request: providerProto.UpdateRequest): Promise<providerProto.UpdateResponse>;
  delete(request: providerProto.DeleteRequest): Promise<emptyProto.Empty>;
  invoke(request: providerProto.InvokeRequest): Promise<providerProto.InvokeResponse>;
  /** The engine asks every operation in flight to end (a Ctrl-C): advisory, answered at once. */
  cancel(request: emptyProto.Empty): Promise<emptyProto.Empty>;
}

/**
 * A create or update that failed after the object came to exist: the engine keeps the object in
 * state with `properties` (already in the protocol's form, secrets marked) as its outputs, marked
 * with an initialization error that the next `pulumi up` resolves by an update.
 */
export class ResourceInitFailedError extends Error {
  constructor(
    readonly id: string,
    readonly properties: Record<string, unknown>,
    message: string,
  ) {
    super(message);
    this.name = "ResourceInitFailedError";
  }
}

/**
 * The gRPC error of a failed call, carrying the message of what went wrong, and for a
 * {@link ResourceInitFailedError} the `ErrorResourceInitFailed` detail the engine reads.
 */
export function serviceError(error: unknown): grpc.ServiceError {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof ResourceInitFailedError) {
    const detail = new providerProto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(error.properties));
    // The engine shows the reasons, not the message.
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

/** A unary gRPC handler that answers with what `method` resolves to, or with its error. */
export function unary<Req, Res>(method: (request: Req) => Promise<Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    method(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(serviceError(error)),
    );
  };
}

/** The `ResourceProvider` service of a provider's methods. */
export function providerService(methods: ProviderMethods): grpc.UntypedServiceImplementation {
  const service: grpc.UntypedServiceImplementation = {
    getMapping: unary(async () => new providerProto.GetMappingResponse()),
    getMappings: unary(async () => new providerProto.GetMappingsResponse()),
  };
  for (const [name, method] of Object.entries(methods) as Array<
    [string, (request: unknown) => Promise<unknown>]
  >)
    service[name] = unary(method.bind(methods));
  return service;
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
 * Starts a provider's service on a free port of 127.0.0.1 and prints the port on stdout (how the
 * engine finds it); resolves with the server once it listens.
 */
export async function serveProvider(service: grpc.UntypedServiceImplementation): Promise<grpc.Server> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 1024 * 1024 * 400 });
  server.addService(providerRpc.ResourceProviderService, service);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    );
  });
  process.stdout.write(`${port}\n`);
  return server;
}
