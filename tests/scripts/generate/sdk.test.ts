/**
 * The SDK writer (scripts/generate/sdk.ts) with `sdkTypesFrom`: a named type another resource's SDK
 * file declares is imported from it, not declared twice (sdk/index.ts re-exports every file with
 * `export *`, where two declarations of one name are ambiguous). And what `timeouts.update` says of
 * an update that waits for nothing (`updateWaits: false`).
 */
import { z } from "zod";
import { asynchronous, synchronous } from "../../../provider/framework/lifecycle";
import { defineResource, type ResourceDefinition } from "../../../provider/framework/resource";
import { timeoutsSchema } from "../../../provider/framework/timeouts";
import { renderSdk } from "../../../scripts/generate/sdk";

const part = z.strictObject({ name: z.string() }).meta({ id: "Part", description: "A part." });
const kit = z.strictObject({ parts: z.array(part) }).meta({ id: "Kit", description: "A kit." });

/** A synchronous resource with one input of the given schema; `sdkTypesFrom` as given. */
function declared(type: string, input: z.ZodType, sdkTypesFrom?: readonly string[]): ResourceDefinition {
  return defineResource<{ thing: unknown }, string, string>({
    type,
    summary: type,
    description: `A ${type}.`,
    inputs: z.strictObject({ thing: input }) as unknown as z.ZodType<{ thing: unknown }>,
    properties: { thing: { effect: "update", doc: "The thing." } },
    idParts: ["id"],
    lifecycle: synchronous("nothing waits"),
    ...(sdkTypesFrom === undefined ? {} : { sdkTypesFrom }),
    describe: () => type,
    locate: () => "",
    idOf: () => "x",
    read: async () => undefined,
    create: async () => "",
    remove: async () => undefined,
    toOutputs: () => ({}),
    inputsFromLive: (previous) => previous,
  });
}

test("a type the other SDK file declares (there, inside another of its types) is imported from it", () => {
  const resources = new Map([["workshop", declared("Workshop", kit)]]);
  const sdk = renderSdk(declared("Store", z.array(part), ["workshop"]), "store", resources);
  expect(sdk).toContain('import type { Part } from "./workshop";');
  expect(sdk).not.toMatch(/export (interface|type) Part\b/);
  expect(sdk).toContain("thing: pulumi.Input<InputShape<Part[]>>;");
  // Without sdkTypesFrom, the file declares it.
  expect(renderSdk(declared("Store", z.array(part)), "store", resources)).toContain(
    "export interface Part {",
  );
});

test("a type of the same name and another shape is an error that says what to do", () => {
  const otherPart = z.strictObject({ label: z.string() }).meta({ id: "Part" });
  const resources = new Map([["workshop", declared("Workshop", kit)]]);
  expect(() => renderSdk(declared("Store", otherPart, ["workshop"]), "store", resources)).toThrow(
    "Part differs from the type sdk/workshop.ts declares; give one another .meta({ id })",
  );
});

test("sdkTypesFrom names a folder with a declared resource", () => {
  expect(() => renderSdk(declared("Store", part, ["nowhere"]), "store", new Map())).toThrow(
    "Store: sdkTypesFrom names nowhere, a folder with no declared resource",
  );
});

test("timeouts.update says when an update waits for nothing (updateWaits: false)", () => {
  const waiting = (updateWaits?: boolean) =>
    defineResource<{ timeouts?: unknown }, string, string>({
      type: "Waiter",
      summary: "waiter",
      description: "A waiter.",
      inputs: z.strictObject({ timeouts: timeoutsSchema.optional() }) as z.ZodType<{ timeouts?: unknown }>,
      properties: { timeouts: { effect: "update", doc: "The waits." } },
      idParts: ["id"],
      lifecycle: asynchronous<string, string>({
        stateOf: (live) => live,
        read: async () => undefined,
        gone: { target: "gone", state: "gone" },
        defaultTimeouts: { create: "1m", update: "2m", delete: "3m" },
      }),
      ...(updateWaits === undefined ? {} : { updateWaits }),
      describe: () => "waiter",
      locate: () => "",
      idOf: () => "x",
      read: async () => undefined,
      create: async () => "",
      remove: async () => undefined,
      toOutputs: () => ({}),
      inputsFromLive: (previous) => previous,
    });
  expect(renderSdk(waiting(), "waiter")).toContain('/** How long update may take. Default "2m". */');
  expect(renderSdk(waiting(false), "waiter")).toContain(
    '/** How long an update may take: unused, an update waits for nothing. Default "2m". */',
  );
});
