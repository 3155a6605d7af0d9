/**
 * The provider text stored in `__provider`: small, no code of ours, no credentials, and it really
 * dispatches. The text is loaded the way the dynamic provider host loads it
 * (`@pulumi/pulumi/cmd/dynamic-provider`: `requireFromString(text).handler()`, a sloppy-mode CommonJS
 * module), with `require` of the runtime mapped to ours. The 2 KB closure-serialized text that earlier
 * versions wrote to state (fixtures/shim-serialized-0.1.js.txt, produced by
 * `pulumi.runtime.serializeFunction` from the former shim) must keep working through the same runtime
 * contract.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { configSource, resetSettings } from "../../../provider/framework/settings";
import { providerShimText, RUNTIME_MODULE } from "../../../provider/framework/shim";
import type { PlatformProvider } from "../../../provider/framework/types";
import * as runtime from "../../../provider/runtime";

/** The stored text per resource type stays below this (it is stored twice per resource). */
const SIZE_BOUND = 400;
const SERIALIZED_BEFORE = fs.readFileSync(
  path.join(__dirname, "fixtures/shim-serialized-0.1.js.txt"),
  "utf8",
);

/** Loads a provider text as the dynamic provider host does, with `require` of the runtime mapped to ours. */
function load(text: string): pulumi.dynamic.ResourceProvider {
  const module = { exports: {} as { handler?: () => pulumi.dynamic.ResourceProvider } };
  const fakeRequire = (name: string): unknown => {
    if (name === RUNTIME_MODULE) return runtime;
    throw new Error(`unexpected require of ${name}`);
  };
  new Function("exports", "require", "module", text)(module.exports, fakeRequire, module);
  const handler = module.exports.handler;
  if (handler === undefined) throw new Error("provider text exports no handler");
  return handler();
}

/** A registered implementation that records which methods ran. */
function recording(calls: string[]): PlatformProvider {
  return {
    check: async (_olds, news) => {
      calls.push("check");
      return { inputs: news };
    },
    diff: async () => {
      calls.push("diff");
      return { changes: false };
    },
    create: async () => {
      calls.push("create");
      return { id: "g/c/i", outs: { indexId: "i" } };
    },
    read: async (id, props) => {
      calls.push("read");
      return { id, props };
    },
    update: async (_id, _olds, news) => {
      calls.push("update");
      return { outs: news };
    },
    delete: async () => {
      calls.push("delete");
    },
  };
}

/** Drives every method of a loaded provider and returns what the implementation saw. */
async function exercise(provider: pulumi.dynamic.ResourceProvider): Promise<string[]> {
  const calls: string[] = [];
  runtime.registerResource("SearchIndex", recording(calls));
  await expect(provider.check?.({}, { name: "movies", __provider: "x" })).resolves.toEqual({
    inputs: { name: "movies" },
  });
  await provider.diff?.("g/c/i", {}, {});
  await expect(provider.create({ name: "movies" })).resolves.toEqual({ id: "g/c/i", outs: { indexId: "i" } });
  await provider.read?.("g/c/i", {});
  await provider.update?.("g/c/i", {}, {});
  await provider.delete?.("g/c/i", {});
  return calls;
}

afterEach(() => {
  runtime.unregisterResource("SearchIndex");
  resetSettings();
});

describe("providerShimText", () => {
  test("is small and holds only the type name and one require of the runtime", () => {
    const text = providerShimText("SearchIndex");
    expect(text.length).toBeLessThan(SIZE_BOUND);
    expect(text).toBe(
      'exports.handler=()=>{const t="SearchIndex",' +
        'f=m=>(...a)=>require("pulumi-cluster-platform/runtime").dispatch(t,m,a);' +
        'return{configure:f("configure"),check:f("check"),diff:f("diff"),create:f("create"),' +
        'read:f("read"),update:f("update"),delete:f("delete")}};',
    );
    expect(text.match(/require\(/g)).toHaveLength(1);
    // The longest type name in the table, and a longer one, stay within the bound.
    for (const typeName of [...runtime.RESOURCE_TYPES, "CloudBackupScheduleExportBucketPolicy"])
      expect(providerShimText(typeName).length).toBeLessThan(SIZE_BOUND);
  });

  test("is a fifth of the closure-serialized text earlier versions stored", () => {
    expect(SERIALIZED_BEFORE.length).toBeGreaterThan(2000);
    expect(providerShimText("SearchIndex").length * 5).toBeLessThan(SERIALIZED_BEFORE.length);
  });

  test("a type name is written as a JSON string (quotes cannot break out of it)", () => {
    const provider = load(providerShimText('Odd"Name'));
    expect(Object.keys(provider)).toEqual([
      "configure",
      "check",
      "diff",
      "create",
      "read",
      "update",
      "delete",
    ]);
  });

  test("configure through the loaded text delivers the credentials to the process, never into the text", async () => {
    const secret = "demo-private-key-0000-0000-000000000001";
    const provider = load(providerShimText("SearchIndex"));
    const values: Record<string, string> = { "platform:privateKey": secret };
    await provider.configure?.({
      config: { get: (key) => values[key], require: (key) => values[key] ?? "" },
    });
    expect(configSource().get("platform:privateKey")).toBe(secret);
    expect(providerShimText("SearchIndex")).not.toContain(secret);
  });

  test("the loaded text dispatches every method to the registered implementation", async () => {
    expect(await exercise(load(providerShimText("SearchIndex")))).toEqual([
      "check",
      "diff",
      "create",
      "read",
      "update",
      "delete",
    ]);
  });

  test("state written by earlier versions (the 2 KB serialized shim) still dispatches every method", async () => {
    expect(SERIALIZED_BEFORE).toContain('t: "SearchIndex"');
    expect(SERIALIZED_BEFORE).toContain(`require("${RUNTIME_MODULE}").dispatch(t, m, a)`);
    expect(await exercise(load(SERIALIZED_BEFORE))).toEqual([
      "check",
      "diff",
      "create",
      "read",
      "update",
      "delete",
    ]);
  });
});
