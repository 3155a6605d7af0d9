/**
 * The gRPC provider kit (provider/protocol/providerKit.ts): errors as the engine reads them, and the
 * service it builds from a provider's methods (called directly, without a server).
 */
import * as grpc from "@grpc/grpc-js";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as statusProto from "@pulumi/pulumi/proto/status_pb";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import {
  providerService,
  ResourceInitFailedError,
  serviceError,
  unary,
} from "../../../provider/protocol/providerKit";
import { secret } from "../../../provider/protocol/values";

/** The `ErrorResourceInitFailed` detail of a gRPC error, decoded as the engine decodes it. */
function initFailedDetail(error: grpc.ServiceError): providerProto.ErrorResourceInitFailed | undefined {
  const bytes = error.metadata.get("grpc-status-details-bin")[0];
  if (bytes === undefined) return undefined;
  const status = statusProto.Status.deserializeBinary(new Uint8Array(bytes as Buffer));
  const any = status.getDetailsList()[0];
  expect(any?.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
  return providerProto.ErrorResourceInitFailed.deserializeBinary(any?.getValue_asU8() ?? new Uint8Array());
}

describe("errors", () => {
  test("a plain error carries its message and no detail", () => {
    const error = serviceError(new Error("groupId must be 24 hexadecimal digits"));
    expect(error.code).toBe(grpc.status.UNKNOWN);
    expect(error.details).toBe("groupId must be 24 hexadecimal digits");
    expect(initFailedDetail(error)).toBeUndefined();
  });

  test("a resource init failure carries the id, the properties as given and the message as the only reason", () => {
    const error = serviceError(
      new ResourceInitFailedError("g/c/1", { name: "movies", key: secret("k") }, "timed out"),
    );
    const detail = initFailedDetail(error);
    expect(detail?.getId()).toBe("g/c/1");
    expect(detail?.getProperties()?.toJavaScript()).toEqual({ name: "movies", key: secret("k") });
    expect(detail?.getReasonsList()).toEqual(["timed out"]);
  });
});

describe("the service", () => {
  /** Calls a unary handler as grpc-js does, and resolves with what it answered. */
  function answer(
    handler: grpc.UntypedHandleCall | undefined,
    request: unknown,
  ): Promise<{ error: grpc.ServiceError | null; value: unknown }> {
    return new Promise((resolve) => {
      const call = { request } as grpc.ServerUnaryCall<unknown, unknown>;
      (handler as grpc.handleUnaryCall<unknown, unknown>)(call, (error, value) =>
        resolve({ error: (error as grpc.ServiceError | null) ?? null, value }),
      );
    });
  }

  test("a method's result is the answer, its error the gRPC error", async () => {
    const ok = await answer(
      unary(async (request: emptyProto.Empty) => request),
      new emptyProto.Empty(),
    );
    expect(ok.error).toBeNull();
    expect(ok.value).toBeInstanceOf(emptyProto.Empty);
    const failed = await answer(
      unary(async () => {
        throw new Error("no such type");
      }),
      new emptyProto.Empty(),
    );
    expect(failed.error?.details).toBe("no such type");
  });

  test("the mappings are answered by the kit: no other provider's schema maps onto this one", async () => {
    const fail = async (): Promise<never> => {
      throw new Error("not called");
    };
    const service = providerService({
      getPluginInfo: fail,
      getSchema: fail,
      checkConfig: fail,
      diffConfig: fail,
      configure: fail,
      check: fail,
      diff: fail,
      create: fail,
      read: fail,
      update: fail,
      delete: fail,
      invoke: fail,
      cancel: async () => new emptyProto.Empty(),
    });
    expect(Object.keys(service).sort()).toEqual([
      "cancel",
      "check",
      "checkConfig",
      "configure",
      "create",
      "delete",
      "diff",
      "diffConfig",
      "getMapping",
      "getMappings",
      "getPluginInfo",
      "getSchema",
      "invoke",
      "read",
      "update",
    ]);
    const mapping = await answer(service.getMapping, new providerProto.GetMappingRequest());
    expect(mapping.value).toBeInstanceOf(providerProto.GetMappingResponse);
    expect((mapping.value as providerProto.GetMappingResponse).getData_asU8().length).toBe(0);
    const cancelled = await answer(service.cancel, new emptyProto.Empty());
    expect(cancelled.value).toBeInstanceOf(emptyProto.Empty);
  });
});
