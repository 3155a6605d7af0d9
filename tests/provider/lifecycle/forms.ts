/**
 * The two forms a resource is served in, each driven the way the engine drives it, over surfaces the
 * provider keeps stable:
 *
 * - dynamic: the runtime's `dispatch` (the function every `__provider` text calls, so its signature
 *   never changes), with the arguments Pulumi's dynamic provider host gives it
 *   (`@pulumi/pulumi/cmd/dynamic-provider`): `__provider` in every property bag, the stored outputs
 *   as the olds of diff, update, read and delete, and what it does with the results (puts
 *   `__provider` back, encodes them as a protobuf Struct, which refuses an `undefined`);
 * - native: the plugin's gRPC `ResourceProvider` service on a real loopback connection, property
 *   bags as protobuf Structs with secrets marked as the engine sends them.
 *
 * Both answer in the same shape (a {@link Form}), so one table of cases drives both. Values the engine
 * stores are kept as the form's wire values (secrets marked, `__provider` included); `plain` gives
 * what the resource itself sees, for assertions.
 */
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import type { PlatformClient } from "../../../provider/client";
import { PROVIDER_KEY, providerShimText } from "../../../provider/framework/shim";
import type { WaitClock } from "../../../provider/framework/waiter";
import {
  dispatch,
  lookupDefinition,
  providerWith,
  registerResource,
  unregisterResource,
} from "../../../provider/runtime";
import { startLoopbackPlugin } from "../native/loopbackPlugin";

export type Bag = Record<string, unknown>;

/** What the resources are bound to: the emulator's client, and the clock their waits move. */
export interface Deps {
  readonly client: PlatformClient;
  readonly clock: WaitClock;
}

export interface CheckAnswer {
  inputs: Bag;
  failures: Array<{ property: string; reason: string }>;
}

export interface DiffAnswer {
  /** true: some change; false: none. A form that answers "unknown" fails the step. */
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}

export interface ReadAnswer {
  /** undefined: the object is gone. */
  id: string | undefined;
  outputs: Bag;
  /** The inputs the engine stores after the read (the stored ones when the answer has none). */
  inputs: Bag;
}

/** A form of the provider as the engine calls it; every bag in and out is the form's wire value. */
export interface Form {
  readonly name: "dynamic" | "native";
  /** The inputs a program gives, as the engine sends them to check (`secrets`: the properties the program made secret). */
  programInputs(type: string, inputs: Bag, secrets: readonly string[]): Bag;
  check(type: string, olds: Bag, news: Bag): Promise<CheckAnswer>;
  diff(type: string, id: string, outputs: Bag, inputs: Bag, news: Bag): Promise<DiffAnswer>;
  create(type: string, inputs: Bag): Promise<{ id: string; outputs: Bag }>;
  /** A refresh's read (stored outputs and inputs), or an import's (`stored` undefined: the id alone). */
  read(type: string, id: string, stored?: { outputs: Bag; inputs: Bag }): Promise<ReadAnswer>;
  update(type: string, id: string, outputs: Bag, inputs: Bag, news: Bag): Promise<Bag>;
  delete(type: string, id: string, outputs: Bag): Promise<void>;
  /** Whether the form can read an object from its id alone (`pulumi import`). */
  readonly importsById: boolean;
  /** What the resource sees of a wire value: no `__provider`, secrets revealed. */
  plain(bag: Bag): Bag;
  close(): Promise<void>;
}

const isSecret = (value: unknown): value is { value: unknown } =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  (value as Bag)[specialSigKey] === specialSecretSig;

function reveal(value: unknown): unknown {
  if (isSecret(value)) return reveal(value.value);
  if (Array.isArray(value)) return value.map(reveal);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, reveal(item)]));
  return value;
}

/** A property bag with every secret revealed and `__provider` left out. */
export function plainBag(bag: Bag): Bag {
  const { [PROVIDER_KEY]: _provider, ...rest } = bag;
  return reveal(rest) as Bag;
}

/** A bag through a protobuf Struct and back, as every bag crossing the host's gRPC boundary goes. */
function overTheWire(bag: Bag): Bag {
  return structProto.Struct.fromJavaScript(bag as Record<string, never>).toJavaScript() as Bag;
}

/** The host's `resultIncludingProvider`: a result with the `__provider` of the bag it answered. */
function withProvider(result: unknown, from: Bag): Bag {
  return { ...((result ?? {}) as Bag), [PROVIDER_KEY]: from[PROVIDER_KEY] };
}

/**
 * The dynamic form: every type's implementation bound to the fixture's client and clock, registered
 * under its type name, and called through `dispatch` as the shim calls it.
 */
export function dynamicForm(fx: Deps, types: readonly string[]): Form {
  for (const type of types)
    registerResource(type, providerWith(type, { client: () => fx.client, clock: fx.clock }));
  const call = async (type: string, method: Parameters<typeof dispatch>[1], args: unknown[]) =>
    dispatch(
      type,
      method,
      args.map((arg) => (typeof arg === "object" ? overTheWire(arg as Bag) : arg)),
    );
  return {
    name: "dynamic",
    importsById: false,
    programInputs: (type, inputs) => ({ ...inputs, [PROVIDER_KEY]: providerShimText(type) }),
    async check(type, olds, news) {
      const result = (await call(type, "check", [olds, news])) as {
        inputs?: Bag;
        failures?: CheckAnswer["failures"];
      };
      const inputs = { ...(result.inputs ?? news), [PROVIDER_KEY]: news[PROVIDER_KEY] };
      return { inputs: overTheWire(inputs), failures: result.failures ?? [] };
    },
    async diff(type, id, outputs, _inputs, news) {
      // The host sends the stored outputs as the olds (a dynamic resource's diff never sees its old inputs).
      const result = (await call(type, "diff", [id, outputs, news])) as {
        changes?: boolean;
        replaces?: string[];
        deleteBeforeReplace?: boolean;
      };
      if (typeof result.changes !== "boolean")
        throw new Error(`diff answered changes: ${String(result.changes)} (the engine reads it as unknown)`);
      return {
        changes: result.changes,
        replaces: result.replaces ?? [],
        deleteBeforeReplace: result.deleteBeforeReplace === true,
      };
    },
    async create(type, inputs) {
      const result = (await call(type, "create", [inputs])) as { id: string; outs?: Bag };
      return { id: result.id, outputs: overTheWire(withProvider(result.outs, inputs)) };
    },
    async read(type, id, stored) {
      if (stored === undefined) throw new Error("the dynamic provider host cannot read without state");
      const result = (await call(type, "read", [id, stored.outputs])) as {
        id?: string;
        props?: Bag;
        inputs?: Bag;
      };
      return {
        id: result.id === undefined || result.id === "" ? undefined : result.id,
        outputs: overTheWire(withProvider(result.props, stored.outputs)),
        inputs:
          result.inputs === undefined
            ? stored.inputs
            : overTheWire(withProvider(result.inputs, stored.outputs)),
      };
    },
    async update(type, id, outputs, _inputs, news) {
      const result = (await call(type, "update", [id, outputs, news])) as { outs?: Bag };
      return overTheWire(withProvider(result.outs, news));
    },
    async delete(type, id, outputs) {
      await call(type, "delete", [id, outputs]);
    },
    plain: plainBag,
    async close() {
      for (const type of types) unregisterResource(type);
    },
  };
}

const URN = (type: string) => `urn:pulumi:lifecycle::harness::platform:index:${type}::${type.toLowerCase()}`;
const struct = (bag: Bag) => structProto.Struct.fromJavaScript(bag as Record<string, never>);
const fromStruct = (value: structProto.Struct | undefined): Bag => (value?.toJavaScript() as Bag) ?? {};

/**
 * The native form: the plugin's service (as server.int.test.ts builds it) on 127.0.0.1, the
 * resources bound to the fixture's client and clock, called by a gRPC client as the engine calls it.
 */
export async function nativeForm(fx: Deps): Promise<Form> {
  const plugin = await startLoopbackPlugin({
    version: "0.1.0-lifecycle",
    schema: () => '{"name":"platform"}',
    resource: lookupDefinition,
    provider: (type) => providerWith(type, { client: () => fx.client, clock: fx.clock }),
    secretWhen: (type) => lookupDefinition(type)?.secretWhen ?? {},
    invoke: async (name) => {
      throw new Error(`the lifecycle harness invokes no function (${name})`);
    },
  });
  const unary = plugin.call;
  const Changes = providerProto.DiffResponse.DiffChanges;

  return {
    name: "native",
    importsById: true,
    programInputs(_type, inputs, secrets) {
      const marked = { ...inputs };
      for (const name of secrets)
        if (marked[name] !== undefined)
          marked[name] = { [specialSigKey]: specialSecretSig, value: marked[name] };
      return marked;
    },
    async check(type, olds, news) {
      const request = new providerProto.CheckRequest();
      request.setUrn(URN(type));
      request.setOlds(struct(olds));
      request.setNews(struct(news));
      const response = await unary<providerProto.CheckRequest, providerProto.CheckResponse>("check", request);
      return {
        inputs: fromStruct(response.getInputs()),
        failures: response.getFailuresList().map((failure) => ({
          property: failure.getProperty(),
          reason: failure.getReason(),
        })),
      };
    },
    async diff(type, id, outputs, inputs, news) {
      const request = new providerProto.DiffRequest();
      request.setUrn(URN(type));
      request.setId(id);
      request.setOlds(struct(outputs));
      request.setOldInputs(struct(inputs));
      request.setNews(struct(news));
      const response = await unary<providerProto.DiffRequest, providerProto.DiffResponse>("diff", request);
      const changes = response.getChanges();
      if (changes !== Changes.DIFF_SOME && changes !== Changes.DIFF_NONE)
        throw new Error(`diff answered changes ${changes} (neither DIFF_SOME nor DIFF_NONE)`);
      return {
        changes: changes === Changes.DIFF_SOME,
        replaces: response.getReplacesList(),
        deleteBeforeReplace: response.getDeletebeforereplace(),
      };
    },
    async create(type, inputs) {
      const request = new providerProto.CreateRequest();
      request.setUrn(URN(type));
      request.setProperties(struct(inputs));
      const response = await unary<providerProto.CreateRequest, providerProto.CreateResponse>(
        "create",
        request,
      );
      return { id: response.getId(), outputs: fromStruct(response.getProperties()) };
    },
    async read(type, id, stored) {
      const request = new providerProto.ReadRequest();
      request.setUrn(URN(type));
      request.setId(id);
      // An import's read carries the id alone.
      if (stored !== undefined) {
        request.setProperties(struct(stored.outputs));
        request.setInputs(struct(stored.inputs));
      }
      const response = await unary<providerProto.ReadRequest, providerProto.ReadResponse>("read", request);
      const found = response.getId();
      return {
        id: found === "" ? undefined : found,
        outputs: fromStruct(response.getProperties()),
        inputs:
          response.getInputs() === undefined ? (stored?.inputs ?? {}) : fromStruct(response.getInputs()),
      };
    },
    async update(type, id, outputs, inputs, news) {
      const request = new providerProto.UpdateRequest();
      request.setUrn(URN(type));
      request.setId(id);
      request.setOlds(struct(outputs));
      request.setOldInputs(struct(inputs));
      request.setNews(struct(news));
      const response = await unary<providerProto.UpdateRequest, providerProto.UpdateResponse>(
        "update",
        request,
      );
      return fromStruct(response.getProperties());
    },
    async delete(type, id, outputs) {
      const request = new providerProto.DeleteRequest();
      request.setUrn(URN(type));
      request.setId(id);
      request.setProperties(struct(outputs));
      await unary("delete", request);
    },
    plain: plainBag,
    async close() {
      await plugin.close();
    },
  };
}
