/** The sdk base class: type token, output properties, secret outputs, the shim as provider. */
import * as pulumi from "@pulumi/pulumi";
import { providerShimText } from "../../../provider/framework/shim";
import { PlatformResource, platformTypeToken } from "../../../sdk/base";

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}

const registered: Registered[] = [];

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs });
        return { id: `${args.name}-id`, state: { ...args.inputs, indexId: "65f0c0ffee0000000000abcd" } };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
});

class Thing extends PlatformResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly indexId: pulumi.Output<string>;
  declare readonly token: pulumi.Output<string>;

  constructor(name: string, args: { name: pulumi.Input<string> }, opts?: pulumi.CustomResourceOptions) {
    super("Thing", name, args, { outputs: ["indexId", "token"], secretOutputs: ["token"] }, opts);
  }
}

function resolvedValue<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply((value) => resolve(value)));
}

describe("PlatformResource", () => {
  test("a __provider argument is refused, as pulumi.dynamic.Resource refuses it", () => {
    expect(() => new Thing("t0", { name: "x", __provider: "mine" } as { name: string })).toThrow(
      "A dynamic resource must not define the __provider key",
    );
  });

  test("type token", () => {
    expect(platformTypeToken("SearchIndex")).toBe("pulumi-nodejs:dynamic/platform:SearchIndex");
  });

  test("registers with the platform token, the shim as __provider, and output properties", async () => {
    const thing = new Thing("t1", { name: "movies" }, { additionalSecretOutputs: ["other"] });
    expect(await resolvedValue(thing.indexId)).toBe("65f0c0ffee0000000000abcd");
    expect(await resolvedValue(thing.name)).toBe("movies");
    const entry = registered.find((r) => r.name === "t1");
    expect(entry?.type).toBe("pulumi-nodejs:dynamic/platform:Thing");
    expect(entry?.inputs.name).toBe("movies");
    expect(entry?.inputs.__provider).toBe(providerShimText("Thing"));
  });

  describe("Pulumi's promise traces while the resource is constructed", () => {
    /** Error.stackTraceLimit as Pulumi's constructor sees it (transformations run inside it). */
    function limitDuringConstruction(name: string): number | undefined {
      let seen: number | undefined;
      new Thing(
        name,
        { name: "x" },
        {
          transformations: [
            () => {
              seen = Error.stackTraceLimit;
              return undefined;
            },
          ],
        },
      );
      return seen;
    }

    test("are off inside the constructor and the program's limit is back after it", () => {
      const before = Error.stackTraceLimit;
      expect(limitDuringConstruction("trace-1")).toBe(0);
      expect(Error.stackTraceLimit).toBe(before);
    });

    test("stay on when PULUMI_DEBUG_PROMISE_LEAKS asks for them", () => {
      const before = Error.stackTraceLimit;
      process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
      try {
        expect(limitDuringConstruction("trace-2")).toBe(before);
      } finally {
        delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
      }
    });

    test("an error thrown inside the constructor still carries the program's call site", () => {
      const before = Error.stackTraceLimit;
      let thrown: unknown;
      try {
        new Thing(
          "trace-3",
          { name: "x" },
          {
            transformations: [
              () => {
                throw new Error("transformation failed");
              },
            ],
          },
        );
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toBe("transformation failed");
      expect((thrown as Error).stack).toMatch(/^Error: transformation failed\n\s+at .*base\.test\.ts:\d+/);
      expect(Error.stackTraceLimit).toBe(before);
    });
  });
});
