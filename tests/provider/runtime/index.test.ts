import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { partialFailure } from "../../../provider/framework/errors";
import { configSource, isConfigured, resetSettings } from "../../../provider/framework/settings";
import type { PlatformProvider, PropertyBag } from "../../../provider/framework/types";
import {
  dispatch,
  forHost,
  lookupDefinition,
  lookupResource,
  RESOURCE_TYPES,
  registerResource,
  unregisterResource,
} from "../../../provider/runtime";

/** A provider that records what it was called with. */
function recordingProvider(): PlatformProvider & { calls: Array<[string, unknown[]]> } {
  const calls: Array<[string, unknown[]]> = [];
  return {
    calls,
    check: async (olds, news) => {
      calls.push(["check", [olds, news]]);
      return { inputs: news, failures: [] };
    },
    diff: async (id, olds, news) => {
      calls.push(["diff", [id, olds, news]]);
      return { changes: false };
    },
    create: async (inputs) => {
      calls.push(["create", [inputs]]);
      return { id: "g/c", outs: { ...inputs, created: true } };
    },
    read: async (id, props) => {
      calls.push(["read", [id, props]]);
      return { id, props };
    },
    update: async (id, olds, news) => {
      calls.push(["update", [id, olds, news]]);
      return { outs: news };
    },
    delete: async (id, props) => {
      calls.push(["delete", [id, props]]);
    },
  };
}

afterEach(() => {
  unregisterResource("Thing");
  unregisterResource("Fragile");
  resetSettings();
});

describe("dispatch", () => {
  test("forwards each method with __provider removed from every property bag", async () => {
    const provider = recordingProvider();
    registerResource("Thing", provider);
    const bag = (extra: PropertyBag) => ({ __provider: "serialized", ...extra });
    await dispatch("Thing", "check", [bag({ a: 1 }), bag({ a: 2 })]);
    await dispatch("Thing", "diff", ["g/c", bag({ a: 1 }), bag({ a: 2 })]);
    await expect(dispatch("Thing", "create", [bag({ a: 2 })])).resolves.toEqual({
      id: "g/c",
      outs: { a: 2, created: true },
    });
    await dispatch("Thing", "read", ["g/c", bag({ a: 2 })]);
    await dispatch("Thing", "update", ["g/c", bag({ a: 1 }), bag({ a: 2 })]);
    await dispatch("Thing", "delete", ["g/c", bag({ a: 2 })]);
    expect(provider.calls).toEqual([
      ["check", [{ a: 1 }, { a: 2 }]],
      ["diff", ["g/c", { a: 1 }, { a: 2 }]],
      ["create", [{ a: 2 }]],
      ["read", ["g/c", { a: 2 }]],
      ["update", ["g/c", { a: 1 }, { a: 2 }]],
      ["delete", ["g/c", { a: 2 }]],
    ]);
  });

  test("configure stores the stack configuration in settings", async () => {
    expect(isConfigured()).toBe(false);
    const values: Record<string, string> = { "platform:baseUrl": "http://127.0.0.1:1/api/platform/v2" };
    await dispatch("Thing", "configure", [
      { config: { get: (key: string) => values[key], require: () => "" } },
    ]);
    expect(isConfigured()).toBe(true);
    expect(configSource().get("platform:baseUrl")).toBe("http://127.0.0.1:1/api/platform/v2");
    expect(configSource().get("platform:privateKey")).toBeUndefined();
  });

  test("a partial failure from create keeps __provider in its properties", async () => {
    const provider = recordingProvider();
    provider.create = async () => {
      throw partialFailure("g/c", { status: "FAILED" }, "thing g/c failed");
    };
    registerResource("Thing", provider);
    await expect(dispatch("Thing", "create", [{ __provider: "serialized", a: 1 }])).rejects.toMatchObject({
      id: "g/c",
      properties: { status: "FAILED", __provider: "serialized" },
      reasons: ["thing g/c failed"],
    });
  });

  test("a partial failure from update takes __provider from the new inputs", async () => {
    const provider = recordingProvider();
    provider.update = async () => {
      throw partialFailure("g/c", { status: "FAILED" }, "update failed");
    };
    registerResource("Thing", provider);
    await expect(
      dispatch("Thing", "update", ["g/c", { __provider: "old" }, { __provider: "new" }]),
    ).rejects.toMatchObject({ properties: { status: "FAILED", __provider: "new" } });
  });

  test("results reach the host without undefined values, which its protobuf conversion refuses", async () => {
    const provider = recordingProvider();
    provider.create = async () => ({
      id: "g/c",
      outs: { kept: 1, gone: undefined, nested: { gone: undefined, list: [undefined, { gone: undefined }] } },
    });
    provider.read = async (id) => ({
      id,
      props: { gone: undefined },
      inputs: { gone: undefined, kept: "x" },
    });
    provider.update = async () => {
      throw partialFailure("g/c", { state: "failed", gone: undefined }, "update failed");
    };
    registerResource("Thing", provider);
    const created = await dispatch("Thing", "create", [{}]);
    expect(created).toStrictEqual({ id: "g/c", outs: { kept: 1, nested: { list: [null, {}] } } });
    // Stored outputs that differ from the read's, so its inputs are part of the answer.
    expect(await dispatch("Thing", "read", ["g/c", { before: 1 }])).toStrictEqual({
      id: "g/c",
      props: {},
      inputs: { kept: "x" },
    });
    const error = await dispatch("Thing", "update", ["g/c", {}, { __provider: "new" }]).catch(
      (e: unknown) => e,
    );
    expect((error as { properties: unknown }).properties).toStrictEqual({
      state: "failed",
      __provider: "new",
    });
  });

  test("other errors pass through unchanged", async () => {
    const provider = recordingProvider();
    const failure = new Error("bad request");
    provider.create = async () => {
      throw failure;
    };
    registerResource("Thing", provider);
    await expect(dispatch("Thing", "create", [{}])).rejects.toBe(failure);
  });

  test("update of a resource without update in place explains itself", async () => {
    const { update: _none, ...withoutUpdate } = recordingProvider();
    registerResource("Fragile", withoutUpdate);
    await expect(dispatch("Fragile", "update", ["id", {}, {}])).rejects.toThrow(
      "platform:Fragile cannot be updated in place: every input change replaces it.",
    );
  });

  test("an unknown type says which type is unknown", async () => {
    await expect(dispatch("Nope", "create", [{}])).rejects.toThrow(
      'unknown resource type "platform:Nope": the installed pulumi-cluster-platform has no provider for it',
    );
  });

  test("an unknown method is rejected", async () => {
    registerResource("Thing", recordingProvider());
    await expect(dispatch("Thing", "invoke" as never, [])).rejects.toThrow(
      'unknown provider method "invoke"',
    );
  });
});

describe("results the host can encode", () => {
  test("forHost leaves out keys holding undefined at any depth and turns undefined list items into null", () => {
    expect(
      forHost({ a: undefined, b: 1, c: { d: undefined, e: [undefined, { f: undefined, g: "x" }] } }),
    ).toEqual({
      b: 1,
      c: { e: [null, { g: "x" }] },
    });
  });

  describe("read leaves out inputs only when the outputs come back exactly as stored", () => {
    const stored = { groupId: "g", enabled: true, matchers: [{ f: "A" }, { f: "B" }], alertId: "a1" };
    const refreshed = { groupId: "g", enabled: true, matchers: [{ f: "A" }, { f: "B" }] };
    const readAnswering = (answer: PropertyBag & { id?: string }) => {
      const provider = recordingProvider();
      provider.read = async (id) => ({ id, ...answer });
      registerResource("Thing", provider);
      return provider;
    };

    test("unchanged outputs (key order aside): no inputs, the engine keeps the stored ones", async () => {
      // Keys in another order than stored, as a mapping from the live object builds them.
      readAnswering({
        props: { alertId: "a1", matchers: stored.matchers, enabled: true, groupId: "g" },
        inputs: refreshed,
      });
      const answer = await dispatch("Thing", "read", ["g/a1", { __provider: "shim", ...stored }]);
      expect(answer).toStrictEqual({
        id: "g/a1",
        props: { alertId: "a1", matchers: [{ f: "A" }, { f: "B" }], enabled: true, groupId: "g" },
      });
    });

    test.each<[string, PropertyBag]>([
      ["a changed value", { ...stored, enabled: false }],
      ["a list in another order", { ...stored, matchers: [{ f: "B" }, { f: "A" }] }],
      ["a new output", { ...stored, updated: "2026-11-25" }],
      ["an output gone", { groupId: "g", enabled: true, matchers: stored.matchers }],
      ["a null where a value was", { ...stored, alertId: null }],
    ])("%s: the refreshed inputs go back in full", async (_case, props) => {
      readAnswering({ props, inputs: refreshed });
      expect(await dispatch("Thing", "read", ["g/a1", { __provider: "shim", ...stored }])).toStrictEqual({
        id: "g/a1",
        props,
        inputs: refreshed,
      });
    });

    test("an id the read rewrote keeps its inputs", async () => {
      readAnswering({ id: "g/a2", props: stored, inputs: refreshed });
      expect(await dispatch("Thing", "read", ["g/a1", stored])).toStrictEqual({
        id: "g/a2",
        props: stored,
        inputs: refreshed,
      });
    });

    test("a pending create being adopted (the host passes its inputs as the stored bag) keeps its inputs", async () => {
      readAnswering({ props: stored, inputs: refreshed });
      expect(await dispatch("Thing", "read", ["g/a1", { __provider: "shim", ...refreshed }])).toStrictEqual({
        id: "g/a1",
        props: stored,
        inputs: refreshed,
      });
    });

    test("an object gone answers as the resource said", async () => {
      const provider = recordingProvider();
      provider.read = async () => ({});
      registerResource("Thing", provider);
      expect(await dispatch("Thing", "read", ["g/a1", stored])).toStrictEqual({});
    });
  });

  test("create, read and update results with an undefined output reach the host encodable", async () => {
    registerResource("Thing", {
      ...recordingProvider(),
      create: async () => ({ id: "g/c", outs: { authorizedDate: undefined, roleId: "r" } }),
      read: async (id) => ({ id, props: { authorizedDate: undefined }, inputs: { arn: undefined } }),
      update: async () => ({ outs: { authorizedDate: undefined } }),
    });
    const created = (await dispatch("Thing", "create", [{}])) as { outs: Record<string, unknown> };
    // The host's own encoder throws "Unexpected struct type." on undefined.
    expect(() => structProto.Struct.fromJavaScript({ a: undefined } as never)).toThrow(
      "Unexpected struct type.",
    );
    expect(structProto.Struct.fromJavaScript(created.outs as never).toJavaScript()).toEqual({ roleId: "r" });
    expect(await dispatch("Thing", "read", ["g/c", { authorizedDate: "2026-11-01" }])).toStrictEqual({
      id: "g/c",
      props: {},
      inputs: {},
    });
    expect(await dispatch("Thing", "update", ["g/c", {}, {}])).toEqual({ outs: {} });
  });
});

describe("the resource table", () => {
  test("every entry loads its declaration, whose provider it dispatches to", () => {
    expect(RESOURCE_TYPES.length).toBe(18);
    for (const typeName of RESOURCE_TYPES) {
      const definition = lookupDefinition(typeName);
      expect(definition?.type).toBe(typeName);
      const provider = lookupResource(typeName);
      expect(provider).toBe(definition?.provider);
      expect(typeof provider.create).toBe("function");
    }
  });

  test("a resource's module loads on the first use of its type, not with the runtime", () => {
    let loads = 0;
    jest.isolateModules(() => {
      jest.doMock("../../../provider/resources/auditing/resource", () => {
        loads += 1;
        return jest.requireActual("../../../provider/resources/auditing/resource");
      });
      const isolated = require("../../../provider/runtime") as typeof import("../../../provider/runtime");
      expect(loads).toBe(0);
      expect(isolated.lookupDefinition("Auditing")?.type).toBe("Auditing");
      isolated.lookupResource("Auditing");
      expect(loads).toBe(1);
    });
    jest.dontMock("../../../provider/resources/auditing/resource");
  });

  test("a type outside the table has no declaration", () => {
    expect(lookupDefinition("NotAType")).toBeUndefined();
    expect(lookupDefinition("toString")).toBeUndefined();
  });
});
