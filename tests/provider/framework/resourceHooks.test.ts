/**
 * The hooks a declared object resource may add to what the framework does (framework/resource.ts): a
 * check rule of its own, and a wait after create and update other than the lifecycle's wait for done
 * (which then never runs), whose failure keeps the object in state like the default wait's.
 */
import { z } from "zod";
import type { PlatformClient } from "../../../provider/client";
import { isPartialFailure } from "../../../provider/framework/errors";
import { asynchronous } from "../../../provider/framework/lifecycle";
import { defineResource } from "../../../provider/framework/resource";

interface Live {
  objectId: string;
  status: string;
}

/** A resource whose object is `{objectId, status}`; `calls` records what its behaviour was asked. */
function declared(options: { settled?: (known: Live) => Promise<Live> } = {}) {
  const calls: string[] = [];
  const lifecycle = asynchronous<{ objectId: string }, Live, "liveMigration">({
    states: { vocabulary: "liveMigration", done: ["COMPLETE"], failed: {}, transitional: ["NEW", "WORKING"] },
    stateOf: (live) => live.status,
    read: async (_client, where) => {
      calls.push(`lifecycle read ${where.objectId}`);
      return { objectId: where.objectId, status: "COMPLETE" };
    },
    gone: { target: "not found (404)", state: "not found" },
    defaultTimeouts: { create: "1m", update: "1m", delete: "1m" },
  });
  const settled = options.settled;
  const resource = defineResource<{ name: string }, { objectId: string }, Live>({
    type: "Example",
    summary: "an example",
    description: "An example.",
    inputs: z.strictObject({ name: z.string() }),
    properties: {
      name: { effect: "update", doc: "Name." },
      objectId: { effect: "output", type: z.string(), doc: "Id." },
      status: { effect: "output", type: z.string(), doc: "Status." },
    },
    idParts: ["objectId"],
    lifecycle,
    describe: (inputs) => `example ${inputs.name}`,
    locate: (parts) => ({ objectId: String(parts.objectId) }),
    idOf: (_inputs, live) => live.objectId,
    read: async (_context, where) => ({ objectId: where.objectId, status: "COMPLETE" }),
    create: async () => ({ objectId: "o1", status: "NEW" }),
    update: async (_context, where) => ({ objectId: where.objectId, status: "COMPLETE" }),
    remove: async () => undefined,
    toOutputs: (inputs, live) => ({ ...inputs, ...live }),
    inputsFromLive: (previous) => previous,
    async check(_olds, news) {
      calls.push("check");
      return { inputs: news, failures: [{ property: "name", reason: "a rule of the resource" }] };
    },
    ...(settled === undefined
      ? {}
      : {
          waitUntilSettled(_context, where, inputs, known, { phase }) {
            calls.push(`settle ${where.objectId} ${inputs.name} ${known.status} ${phase}`);
            return settled(known);
          },
        }),
  });
  return { provider: resource.providerWith({ client: () => ({}) as PlatformClient }), calls };
}

test("a check of the resource's own replaces the schema's", async () => {
  const { provider, calls } = declared();
  expect(await provider.check({}, { name: "x", extra: 1 })).toEqual({
    inputs: { name: "x", extra: 1 },
    failures: [{ property: "name", reason: "a rule of the resource" }],
  });
  expect(calls).toEqual(["check"]);
});

test("without waitUntilSettled, create waits with the lifecycle", async () => {
  const { provider, calls } = declared();
  expect(await provider.create({ name: "x" })).toEqual({
    id: "o1",
    outs: { name: "x", objectId: "o1", status: "COMPLETE" },
  });
  expect(calls).toEqual(["lifecycle read o1"]);
});

test("waitUntilSettled replaces the lifecycle's wait; its last view gives the outputs", async () => {
  const { provider, calls } = declared({ settled: async (known) => ({ ...known, status: "WORKING" }) });
  expect(await provider.create({ name: "x" })).toEqual({
    id: "o1",
    outs: { name: "x", objectId: "o1", status: "WORKING" },
  });
  expect(await provider.update?.("o1", {}, { name: "y" })).toEqual({
    id: "o1",
    outs: { name: "y", objectId: "o1", status: "WORKING" },
  });
  expect(calls).toEqual(["settle o1 x NEW create", "settle o1 y COMPLETE update"]);
});

test("a failed waitUntilSettled keeps the object in state with what create knew", async () => {
  const { provider } = declared({
    settled: async () => {
      throw new Error("the cutover failed");
    },
  });
  const failure = await provider.create({ name: "x" }).catch((error: unknown) => error);
  expect(isPartialFailure(failure)).toBe(true);
  expect(failure).toMatchObject({
    id: "o1",
    properties: { name: "x", objectId: "o1", status: "NEW" },
    message: expect.stringContaining("the cutover failed"),
  });
});
