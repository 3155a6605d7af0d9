/**
 * The native plugin's gRPC service against the emulator, called the way the engine calls it: each
 * method over a real gRPC connection on loopback, the resources bound to the fixture's client and
 * clock. What the engine-facing contract needs: configuration, secrets kept secret, check failures
 * naming the property, the detailed diff, an import's read from the id alone, progress with the
 * resource's URN, invokes, and clear errors.
 */
import * as grpc from "@grpc/grpc-js";
import type * as providerRpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { specialSecretSig as SECRET_MARKER, specialSigKey as SECRET_SIG } from "@pulumi/pulumi/runtime/rpc";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { configSource } from "../../../provider/framework/settings";
import * as functions from "../../../provider/functions";
import { secret } from "../../../provider/protocol/values";
import { lookupDefinition, providerWith } from "../../../provider/runtime";
import { GROUP, useEmulatorFixture } from "../resources/emulatorFixture";
import { type LoopbackPlugin, startLoopbackPlugin } from "./loopbackPlugin";

// Asynchronous states take a while (the manual clock moves while the provider waits), so waits report progress.
const fx = useEmulatorFixture({ asyncDelayMs: 5_000 });
const URN = (type: string, name: string) => `urn:pulumi:dev::native::platform:index:${type}::${name}`;
const INDEX_URN = URN("SearchIndex", "movies");

const logged: Array<{ urn: string; line: string }> = [];
let plugin: LoopbackPlugin;
let client: providerRpc.ResourceProviderClient;

beforeAll(async () => {
  plugin = await startLoopbackPlugin({
    version: "0.1.0-test",
    schema: () => '{"name":"platform"}',
    resource: lookupDefinition,
    provider: (type) => providerWith(type, { client: () => fx.client, clock: fx.clock }),
    secretWhen: (type) => lookupDefinition(type)?.secretWhen ?? {},
    invoke: async (name, args) => {
      const fn = (functions as unknown as Record<string, (a: unknown, o: unknown) => Promise<unknown>>)[name];
      if (fn === undefined) throw new Error(`unknown function platform:index:${name}`);
      return fn(args, { client: fx.client });
    },
    log: (urn, line) => logged.push({ urn, line }),
  });
  client = plugin.client;
});

afterAll(() => plugin.close());

beforeEach(() => {
  logged.length = 0;
});

/** Calls a unary method and resolves with its response (or rejects with the gRPC error). */
function call<Req, Res>(method: string, request: Req): Promise<Res> {
  return new Promise((resolve, reject) => {
    const fn = (
      client as unknown as Record<string, (r: Req, cb: (e: grpc.ServiceError | null, v: Res) => void) => void>
    )[method] as (r: Req, cb: (e: grpc.ServiceError | null, v: Res) => void) => void;
    fn.call(client, request, (error, value) => (error === null ? resolve(value) : reject(error)));
  });
}

const struct = (value: Record<string, unknown>) =>
  structProto.Struct.fromJavaScript(value as Record<string, never>);

function checkRequest(urn: string, news: Record<string, unknown>, olds: Record<string, unknown> = {}) {
  const request = new providerProto.CheckRequest();
  request.setUrn(urn);
  request.setOlds(struct(olds));
  request.setNews(struct(news));
  return call<providerProto.CheckRequest, providerProto.CheckResponse>("check", request);
}

function diffRequest(urn: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  const request = new providerProto.DiffRequest();
  request.setUrn(urn);
  request.setId(id);
  request.setOlds(struct(olds));
  request.setNews(struct(news));
  return call<providerProto.DiffRequest, providerProto.DiffResponse>("diff", request);
}

function createRequest(urn: string, properties: Record<string, unknown>) {
  const request = new providerProto.CreateRequest();
  request.setUrn(urn);
  request.setProperties(struct(properties));
  return call<providerProto.CreateRequest, providerProto.CreateResponse>("create", request);
}

function readRequest(urn: string, id: string, properties: Record<string, unknown> = {}) {
  const request = new providerProto.ReadRequest();
  request.setUrn(urn);
  request.setId(id);
  request.setProperties(struct(properties));
  return call<providerProto.ReadRequest, providerProto.ReadResponse>("read", request);
}

const INDEX = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies",
  definition: { mappings: { dynamic: true } },
};

/** What the engine would do before create: check, then create the checked inputs. */
async function created(urn: string, inputs: Record<string, unknown>) {
  const checked = await checkRequest(urn, inputs);
  expect(checked.getFailuresList()).toEqual([]);
  const news = checked.getInputs()?.toJavaScript() as Record<string, unknown>;
  const response = await createRequest(urn, news);
  return {
    id: response.getId(),
    outs: response.getProperties()?.toJavaScript() as Record<string, unknown>,
    news,
  };
}

describe("configuration", () => {
  test("configure installs the settings from the provider's arguments, credentials unwrapped", async () => {
    const request = new providerProto.ConfigureRequest();
    request.setArgs(
      struct({
        baseUrl: fx.emu.baseUrl,
        publicKey: "demo-public-key",
        privateKey: secret("a-private-key"),
        maxRetries: 2,
      }),
    );
    const response = await call<providerProto.ConfigureRequest, providerProto.ConfigureResponse>(
      "configure",
      request,
    );
    expect(response.getAcceptsecrets()).toBe(true);
    expect(configSource().get("platform:baseUrl")).toBe(fx.emu.baseUrl);
    expect(configSource().get("platform:privateKey")).toBe("a-private-key");
    expect(configSource().get("platform:maxRetries")).toBe("2");
  });

  test("configure reads the stack's config variables too", async () => {
    const request = new providerProto.ConfigureRequest();
    request.getVariablesMap().set("platform:config:publicKey", "from-variables");
    await call("configure", request);
    expect(configSource().get("platform:publicKey")).toBe("from-variables");
  });

  test("checkConfig names a key that is not a setting, and returns the inputs as given (secrets marked)", async () => {
    const request = new providerProto.CheckRequest();
    request.setUrn("urn:pulumi:dev::native::pulumi:providers:platform::second");
    request.setNews(
      struct({ baseUrl: "https://x/api/platform/v2", privateKey: secret("k"), baseURL: "typo" }),
    );
    const response = await call<providerProto.CheckRequest, providerProto.CheckResponse>(
      "checkConfig",
      request,
    );
    expect(response.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()])).toEqual(
      [
        [
          "baseURL",
          expect.stringMatching(
            /^baseURL is not a setting of the platform provider; the settings are baseUrl, publicKey, privateKey, /,
          ),
        ],
      ],
    );
    expect(response.getInputs()?.toJavaScript()).toEqual({
      baseUrl: "https://x/api/platform/v2",
      privateKey: { [SECRET_SIG]: SECRET_MARKER, value: "k" },
      baseURL: "typo",
    });
  });

  test("diffConfig says which settings changed, without replacing anything", async () => {
    const request = new providerProto.DiffRequest();
    request.setOlds(struct({ baseUrl: "a", privateKey: secret("k1") }));
    request.setNews(struct({ baseUrl: "a", privateKey: secret("k2") }));
    const response = await call<providerProto.DiffRequest, providerProto.DiffResponse>("diffConfig", request);
    expect(response.getChanges()).toBe(providerProto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(response.getDiffsList()).toEqual(["privateKey"]);
    expect(response.getReplacesList()).toEqual([]);
  });
});

describe("a resource's lifecycle over the protocol", () => {
  test("check refuses bad input naming the property and the rule, before any request", async () => {
    fx.emu.core.requestLog.clear();
    const response = await checkRequest(INDEX_URN, { ...INDEX, groupId: "not-a-project", database: "" });
    expect(
      response
        .getFailuresList()
        .map((failure) => failure.getProperty())
        .sort(),
    ).toEqual(["database", "groupId"]);
    expect(fx.emu.core.requestLog.list()).toEqual([]);
  });

  test("create waits with progress on the resource's URN; read, check and diff right after show no change", async () => {
    const { id, outs, news } = await created(INDEX_URN, INDEX);
    expect(id).toMatch(/^5f1a000000000000000000a1\/demo-cluster\/[0-9a-f]{24}$/);
    expect(outs).toMatchObject({ status: "READY", queryable: true, name: "movies" });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((entry) => entry.urn === INDEX_URN)).toBe(true);
    expect(logged[0]?.line).toMatch(
      /^platform: search index movies on demo-cluster \(sample_mflix\.movies\): /,
    );

    const read = await readRequest(INDEX_URN, id, outs);
    expect(read.getId()).toBe(id);
    expect(read.getProperties()?.toJavaScript()).toEqual(outs);
    const diff = await diffRequest(INDEX_URN, id, outs, news);
    expect(diff.getChanges()).toBe(providerProto.DiffResponse.DiffChanges.DIFF_NONE);
    expect([...diff.getDetaileddiffMap().entries()]).toEqual([]);
  });

  test("the detailed diff names each changed property and whether it replaces", async () => {
    const { id, outs } = await created(INDEX_URN, INDEX);
    const changed = await checkRequest(INDEX_URN, {
      ...INDEX,
      name: "renamed",
      definition: { mappings: { dynamic: false } },
    });
    const news = changed.getInputs()?.toJavaScript() as Record<string, unknown>;
    const diff = await diffRequest(INDEX_URN, id, outs, news);
    const Kind = providerProto.PropertyDiff.Kind;
    const detailed = Object.fromEntries(
      [...diff.getDetaileddiffMap().entries()].map(([name, property]) => [name, property.getKind()]),
    );
    expect(detailed).toEqual({ definition: Kind.UPDATE, name: Kind.UPDATE_REPLACE });
    expect(diff.getReplacesList()).toEqual(["name"]);
    expect(diff.getHasdetaileddiff()).toBe(true);
  });

  test("an import reads the object from its id alone; its inputs pass check and diff with no change", async () => {
    const live = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
      collectionName: "movies",
      database: "sample_mflix",
      name: "made-elsewhere",
      type: "search",
      definition: { mappings: { dynamic: true } },
    });
    const id = `${GROUP}/demo-cluster/${live.indexID}`;
    const read = await readRequest(INDEX_URN, id);
    expect(read.getId()).toBe(id);
    const inputs = read.getInputs()?.toJavaScript() as Record<string, unknown>;
    expect(inputs).toMatchObject({ name: "made-elsewhere", database: "sample_mflix", type: "search" });
    const checked = await checkRequest(INDEX_URN, inputs, inputs);
    expect(checked.getFailuresList()).toEqual([]);
    const outputs = read.getProperties()?.toJavaScript() as Record<string, unknown>;
    const diff = await diffRequest(
      INDEX_URN,
      id,
      outputs,
      checked.getInputs()?.toJavaScript() as Record<string, unknown>,
    );
    expect(diff.getChanges()).toBe(providerProto.DiffResponse.DiffChanges.DIFF_NONE);
  });

  test("an import of an id that does not exist reads nothing (the engine says it does not exist)", async () => {
    const read = await readRequest(INDEX_URN, `${GROUP}/demo-cluster/5f1b0000000000000000dead`);
    expect(read.getId()).toBe("");
  });

  test("a secret input stays secret in check's inputs and in the outputs", async () => {
    const urn = URN("Auditing", "audit");
    const checked = await checkRequest(urn, {
      groupId: GROUP,
      auditFilter: secret('{"atype": "authenticate"}'),
    });
    expect(checked.getFailuresList()).toEqual([]);
    const inputs = checked.getInputs()?.toJavaScript() as Record<string, unknown>;
    expect(inputs.auditFilter).toEqual({ [SECRET_SIG]: SECRET_MARKER, value: '{"atype":"authenticate"}' });
    expect(inputs.enabled).toBe(false);
    const response = await createRequest(urn, inputs);
    const outs = response.getProperties()?.toJavaScript() as Record<string, unknown>;
    expect(outs.auditFilter).toEqual({ [SECRET_SIG]: SECRET_MARKER, value: '{"atype":"authenticate"}' });
    expect(outs.enabled).toBe(false);
  });

  test("a type the plugin does not serve is an error naming it", async () => {
    await expect(checkRequest(URN("Cluster", "c"), {})).rejects.toMatchObject({
      details: "unknown resource type platform:index:Cluster: this version of the plugin does not serve it",
    });
  });

  test("delete removes the object and waits until it is gone", async () => {
    const { id, outs } = await created(INDEX_URN, INDEX);
    const request = new providerProto.DeleteRequest();
    request.setUrn(INDEX_URN);
    request.setId(id);
    request.setProperties(struct(outs));
    await call("delete", request);
    expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toEqual([]);
  });
});

describe("invoke", () => {
  test("a function by its token answers its result", async () => {
    await created(INDEX_URN, INDEX);
    const request = new providerProto.InvokeRequest();
    request.setTok("platform:index:getSearchIndexes");
    request.setArgs(struct({ groupId: GROUP, clusterName: "demo-cluster" }));
    const response = await call<providerProto.InvokeRequest, providerProto.InvokeResponse>("invoke", request);
    const returned = response.getReturn()?.toJavaScript() as { result: Array<{ name: string }> } | undefined;
    const result = returned?.result ?? [];
    expect(result.map((index) => index.name)).toEqual(["movies"]);
  });

  test("bad arguments fail naming the function and the field, before any request", async () => {
    const request = new providerProto.InvokeRequest();
    request.setTok("platform:index:getSearchIndexes");
    request.setArgs(struct({ groupId: "nope", clusterName: "demo-cluster" }));
    await expect(call("invoke", request)).rejects.toMatchObject({
      details: expect.stringMatching(/^getSearchIndexes: groupId must be 24 hexadecimal digits/),
    });
  });
});

describe("a method this plugin does not serve", () => {
  test("answers UNIMPLEMENTED naming the method, and the plugin keeps serving", async () => {
    const request = new providerProto.ConstructRequest();
    request.setType("platform:index:Nothing");
    await expect(call("construct", request)).rejects.toMatchObject({
      code: grpc.status.UNIMPLEMENTED,
      details: "The server does not implement the method construct",
    });
    const invoke = new providerProto.InvokeRequest();
    invoke.setTok("platform:index:getSearchIndexes");
    invoke.setArgs(struct({ groupId: GROUP, clusterName: "demo-cluster" }));
    await expect(call("invoke", invoke)).resolves.toBeDefined();
  });
});
