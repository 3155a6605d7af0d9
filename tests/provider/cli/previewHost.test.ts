/**
 * The tool's preview host (provider/cli/previewHost.ts) over its gRPC protocol, as the engine calls
 * it: what it answers for this package's shim, and the cases it refuses (sending the preview back to
 * the engine's own host). Whether its answers make the same preview as the stock host's is the e2e
 * oracle's (tests/e2e/liveRead.e2e.test.ts); no network beyond the loopback server.
 */
import * as grpc from "@grpc/grpc-js";
import type * as pluginProto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as emptyProto from "google-protobuf/google/protobuf/empty_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { PreviewHost } from "../../../provider/cli/previewHost";
import { providerShimText } from "../../../provider/framework/shim";

const repoRoot = `${__dirname}/../../..`;
const SHIM = providerShimText("AlertConfiguration");
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const CONFIG = {
  "platform:baseUrl": "http://127.0.0.1:9",
  "platform:publicKey": "preview-host-public",
  "platform:privateKey": "preview-host-private",
};
const ALERT = {
  groupId: "5f1a000000000000000000a1",
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [{ typeName: "EMAIL", emailAddress: "a@example.com", delayMin: 0, intervalMin: 60 }],
};
const CHECKED = {
  groupId: "5f1a000000000000000000a1",
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [],
  notifications: [{ delayMin: 0, emailAddress: "a@example.com", intervalMin: 60, typeName: "EMAIL" }],
};

type Answer<Res> = (error: grpc.ServiceError | null, response: Res) => void;

/** A unary call as a promise: the answer, or the error's code and details. */
function call<Res>(start: (answer: Answer<Res>) => unknown): Promise<Res> {
  return new Promise((resolve, reject) =>
    start((error, response) =>
      error ? reject(new Error(`${grpc.status[error.code]}: ${error.details}`)) : resolve(response),
    ),
  );
}

const struct = (bag: Record<string, unknown>) =>
  structProto.Struct.fromJavaScript(bag as Record<string, never>);

describe("the tool's preview host", () => {
  let host: PreviewHost;
  let client: providerRpc.ResourceProviderClient;

  beforeEach(async () => {
    host = await PreviewHost.start(repoRoot);
    client = new providerRpc.ResourceProviderClient(
      `127.0.0.1:${host.port}`,
      grpc.credentials.createInsecure(),
    );
  });

  afterEach(async () => {
    client.close();
    await host.close();
  });

  const configure = (config: Record<string, unknown> = CONFIG) => {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(struct({ ...config, __provider: SHIM }));
    return call((answer: Answer<providerProto.ConfigureResponse>) => client.configure(request, answer));
  };
  const check = (olds: Record<string, unknown>, news: Record<string, unknown>) => {
    const request = new providerProto.CheckRequest();
    request.setUrn("urn:pulumi:test::p::pulumi-nodejs:dynamic/platform:AlertConfiguration::a");
    request.setOlds(struct(olds));
    request.setNews(struct(news));
    return call((answer: Answer<providerProto.CheckResponse>) => client.check(request, answer));
  };
  const diff = (olds: Record<string, unknown>, news: Record<string, unknown>) => {
    const request = new providerProto.DiffRequest();
    request.setId("5f1a00000000000000000abc");
    request.setUrn("urn:pulumi:test::p::pulumi-nodejs:dynamic/platform:AlertConfiguration::a");
    request.setOlds(struct(olds));
    request.setNews(struct(news));
    return call((answer: Answer<providerProto.DiffResponse>) => client.diff(request, answer));
  };

  test("answers as the stock host: plugin version, configuration without secrets", async () => {
    const info = await call((answer: Answer<pluginProto.PluginInfo>) =>
      client.getPluginInfo(new emptyProto.Empty(), answer),
    );
    expect(info.getVersion()).toBe((require("@pulumi/pulumi/package.json") as { version: string }).version);
    const configured = await configure();
    expect(configured.getAcceptsecrets()).toBe(false);
    expect(configured.getSupportspreview()).toBe(false);
    expect(host.refusal).toBeUndefined();
  });

  test("check gives the resource's checked inputs with the new __provider, and its failures", async () => {
    await configure();
    const checked = await check({}, { ...ALERT, __provider: SHIM });
    expect(checked.getInputs()?.toJavaScript()).toEqual({ ...CHECKED, __provider: SHIM });
    expect(checked.getFailuresList()).toEqual([]);

    const failed = await check({}, { ...ALERT, eventTypeName: "NOPE", __provider: SHIM });
    expect(failed.getFailuresList().map((f) => [f.getProperty(), f.getReason().split(";")[0]])).toEqual([
      ["eventTypeName", "eventTypeName: unknown event type NOPE"],
    ]);
    expect(host.refusal).toBeUndefined();
  });

  test("an unknown new __provider takes the old one's provider, and keeps the unknown", async () => {
    await configure();
    const checked = await check({ ...CHECKED, __provider: SHIM }, { ...ALERT, __provider: UNKNOWN });
    expect(checked.getInputs()?.toJavaScript()).toEqual({ ...CHECKED, __provider: UNKNOWN });
  });

  test("diff gives the verdict: some, none", async () => {
    await configure();
    const { DIFF_SOME, DIFF_NONE } = providerProto.DiffResponse.DiffChanges;
    const changed = await diff(
      { ...CHECKED, __provider: SHIM },
      { ...CHECKED, enabled: false, __provider: SHIM },
    );
    expect([changed.getChanges(), changed.getReplacesList(), changed.getDeletebeforereplace()]).toEqual([
      DIFF_SOME,
      [],
      false,
    ]);
    const same = await diff({ ...CHECKED, __provider: SHIM }, { ...CHECKED, __provider: SHIM });
    expect(same.getChanges()).toBe(DIFF_NONE);
    expect(host.refusal).toBeUndefined();
  });

  test("what the stock host leaves unimplemented is unimplemented, and refuses nothing", async () => {
    await expect(
      call((answer: Answer<providerProto.CheckResponse>) =>
        client.checkConfig(new providerProto.CheckRequest(), answer),
      ),
    ).rejects.toThrow("UNIMPLEMENTED: CheckConfig is not implemented by the dynamic provider");
    expect(host.refusal).toBeUndefined();
  });

  test("keeps the state the engine sends: a provider's olds, a resource's old inputs and outputs", async () => {
    const providerUrn = "urn:pulumi:test::p::pulumi:providers:pulumi-nodejs::default";
    const alertUrn = "urn:pulumi:test::p::pulumi-nodejs:dynamic/platform:AlertConfiguration::a";
    const checkConfig = new providerProto.CheckRequest();
    checkConfig.setUrn(providerUrn);
    checkConfig.setOlds(struct(CONFIG));
    checkConfig.setNews(struct(CONFIG));
    await expect(
      call((answer: Answer<providerProto.CheckResponse>) => client.checkConfig(checkConfig, answer)),
    ).rejects.toThrow("UNIMPLEMENTED: CheckConfig is not implemented by the dynamic provider");
    await configure();
    await check({ ...CHECKED, __provider: SHIM }, { ...ALERT, __provider: SHIM });
    await diff({ ...CHECKED, id: "x", __provider: SHIM }, { ...CHECKED, __provider: SHIM });

    expect(host.seen.inputsOf(providerUrn)).toEqual(CONFIG);
    expect(host.seen.outputsOf(providerUrn)).toEqual(CONFIG);
    expect(host.seen.inputsOf(alertUrn)).toEqual({ ...CHECKED, __provider: SHIM });
    expect(host.seen.outputsOf(alertUrn)).toEqual({ ...CHECKED, id: "x", __provider: SHIM });
    expect(host.refusal).toBeUndefined();
  });

  test("another provider's code is refused: the engine's own host runs the preview", async () => {
    await configure();
    const foreign = "exports.handler = () => ({ check: async (o, n) => ({ inputs: n }) });";
    await expect(check({}, { ...ALERT, __provider: foreign })).rejects.toThrow(
      "UNKNOWN: a resource whose provider is not this version's",
    );
    expect(host.refusal).toBe("a resource whose provider is not this version's");
  });

  test("another version's shim is refused", async () => {
    await configure();
    const other = SHIM.replace("pulumi-cluster-platform/runtime", "pulumi-cluster-platform/dist/runtime");
    await expect(check({}, { ...ALERT, __provider: other })).rejects.toThrow("UNKNOWN");
    expect(host.refusal).toBe("a resource whose provider is not this version's");
  });

  test("a second, other configuration is refused; the same one again is not", async () => {
    await configure();
    await configure();
    expect(host.refusal).toBeUndefined();
    await expect(configure({ ...CONFIG, "platform:baseUrl": "http://127.0.0.1:10" })).rejects.toThrow(
      "UNKNOWN: a second provider configuration",
    );
    expect(host.refusal).toBe("a second provider configuration");
  });

  test("a call before the configuration is refused", async () => {
    await expect(check({}, { ...ALERT, __provider: SHIM })).rejects.toThrow("UNKNOWN");
    expect(host.refusal).toBe("a call before the provider's configuration");
  });

  test("a create (no preview makes one) is refused", async () => {
    await configure();
    const request = new providerProto.CreateRequest();
    request.setProperties(struct({ ...CHECKED, __provider: SHIM }));
    await expect(
      call((answer: Answer<providerProto.CreateResponse>) => client.create(request, answer)),
    ).rejects.toThrow("UNKNOWN: a create call");
    expect(host.refusal).toBe("a create call");
  });

  test("a failing call is refused with its cause, the first refusal kept", async () => {
    // A read calls the API: the client the configuration makes (a base URL without the API's path) fails.
    await configure();
    const request = new providerProto.ReadRequest();
    request.setId("5f1a000000000000000000a1/5f1a00000000000000000abc");
    request.setProperties(struct({ ...CHECKED, __provider: SHIM }));
    await expect(
      call((answer: Answer<providerProto.ReadResponse>) => client.read(request, answer)),
    ).rejects.toThrow("UNKNOWN: Invalid setting `platform:baseUrl`");
    const refusal =
      'read failed: Invalid setting `platform:baseUrl` (PLATFORM_BASE_URL): expected the path /api/<service>/v2, got "/".';
    expect(host.refusal).toBe(refusal);
    await expect(check({}, { ...ALERT, __provider: "x" })).rejects.toThrow("UNKNOWN");
    expect(host.refusal).toBe(refusal);
  });
});
