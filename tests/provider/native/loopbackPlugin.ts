/**
 * The native plugin's gRPC service on a free port of 127.0.0.1, called by a gRPC client as the engine
 * calls it: what the server, cancel and lifecycle tests share.
 */
import * as grpc from "@grpc/grpc-js";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import { type NativeProviderOptions, nativeProviderService } from "../../../provider/native/server";

export interface LoopbackPlugin {
  client: providerRpc.ResourceProviderClient;
  /** Calls a unary method by name and resolves with its response (or rejects with the gRPC error). */
  call<Req, Res>(method: string, request: Req): Promise<Res>;
  close(): Promise<void>;
}

type Unary<Req, Res> = (request: Req, done: (error: grpc.ServiceError | null, value: Res) => void) => void;

export async function startLoopbackPlugin(options: NativeProviderOptions): Promise<LoopbackPlugin> {
  const server = new grpc.Server();
  server.addService(providerRpc.ResourceProviderService, nativeProviderService(options));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    ),
  );
  const client = new providerRpc.ResourceProviderClient(
    `127.0.0.1:${port}`,
    grpc.credentials.createInsecure(),
  );
  return {
    client,
    call: <Req, Res>(method: string, request: Req) =>
      new Promise<Res>((resolve, reject) => {
        const unary = (client as unknown as Record<string, Unary<Req, Res>>)[method];
        if (unary === undefined) throw new Error(`the provider service has no method ${method}`);
        unary.call(client, request, (error, value) => (error === null ? resolve(value) : reject(error)));
      }),
    async close() {
      client.close();
      await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
    },
  };
}
