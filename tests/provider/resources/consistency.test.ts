/**
 * One resource, one story: for every resource folder, the folder, its declaration and the runtime's
 * resource table agree (what mirrors the declaration, the SDK class, the docs tables and the package
 * schema, is generated from it and checked by tests/scripts/generate).
 *
 * - the folder has exactly the files every resource folder has (CONTRIBUTING.md, "Resource folders");
 * - the runtime's table loads the declaration under its type;
 * - every input of the schema is in the property table, every property is an input or an output, and
 *   every output has a type;
 * - a synchronous resource takes no `timeouts`, an asynchronous one does; the states an asynchronous
 *   resource declares classify every state of its LIFECYCLE_STATES entry exactly once;
 * - the table, the SDK index, the docs pages and the folders list the same resources.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { LIFECYCLE_STATES } from "../../../api/vocabulary";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { lookupDefinition, RESOURCE_TYPES } from "../../../provider/runtime";

const ROOT = join(__dirname, "../../..");

/**
 * The files of every resource folder (CONTRIBUTING.md says what goes in each; lifecycle.ts when
 * something waits, secrets.ts when an output is secret by its arguments).
 */
const FOLDER_FILES = ["model.ts", "resource.ts", "schema.ts"];

interface Resource {
  typeName: string;
  folder: string;
}

const RESOURCES: Resource[] = readdirSync(join(ROOT, "provider/resources")).map((folder) => {
  const { resource } = require(join(ROOT, "provider/resources", folder, "resource")) as {
    resource: ResourceDefinition;
  };
  return { typeName: resource.type, folder };
});

describe.each(RESOURCES)("$typeName", (resource) => {
  const folder = join(ROOT, "provider/resources", resource.folder);
  const { resource: definition } = require(join(folder, "resource")) as { resource: ResourceDefinition };

  test("the folder has the resource folder's files, no more, no fewer", () => {
    const expected = [
      ...FOLDER_FILES,
      ...(definition.lifecycle.kind === "asynchronous" ? ["lifecycle.ts"] : []),
      ...(definition.secretWhen === undefined ? [] : ["secrets.ts"]),
    ];
    expect(readdirSync(folder).sort()).toEqual(expected.sort());
  });

  test("the runtime's table loads the declaration under its type", () => {
    expect(lookupDefinition(resource.typeName)).toBe(definition);
  });

  test("every input of the schema is in the property table, and every property is an input or an output", () => {
    const inputs = schemaFields(definition.inputs);
    const table = definition.properties;
    expect([...inputs].filter((field) => table[field] === undefined)).toEqual([]);
    expect([...inputs].filter((field) => table[field]?.effect === "output")).toEqual([]);
    expect(
      Object.keys(table).filter((field) => !inputs.has(field) && table[field]?.effect !== "output"),
    ).toEqual([]);
    expect(
      Object.keys(table).filter(
        (field) => table[field]?.effect === "output" && table[field]?.type === undefined,
      ),
    ).toEqual([]);
  });

  test("the lifecycle is declared; timeouts exist exactly when something waits", () => {
    const inputs = schemaFields(definition.inputs);
    const lifecycle = definition.lifecycle;
    expect(inputs.has("timeouts")).toBe(lifecycle.kind === "asynchronous");
    if (lifecycle.kind !== "asynchronous" || lifecycle.states === undefined) return;
    const { vocabulary, done, failed, transitional } = lifecycle.states;
    const declared = [...done, ...Object.keys(failed), ...transitional].sort();
    const vocabularyStates = [...LIFECYCLE_STATES[vocabulary].steps, ...LIFECYCLE_STATES[vocabulary].other];
    expect(declared).toEqual([...vocabularyStates].sort());
  });
});

/** The field names of a zod schema's object shapes (through preprocess pipes and unions). */
function schemaFields(schema: z.ZodType): Set<string> {
  const fields = new Set<string>();
  const walk = (node: z.ZodType): void => {
    // zod 4's definition object: a discriminated view of the schema's structure.
    const def = (node as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    if (def.type === "object") for (const key of Object.keys(def.shape as object)) fields.add(key);
    if (def.type === "pipe") {
      walk(def.in as z.ZodType);
      walk(def.out as z.ZodType);
    }
    if (def.type === "union") for (const option of def.options as z.ZodType[]) walk(option);
  };
  walk(schema);
  return fields;
}

test("the runtime's table, the SDK index, the docs pages and the resource folders list the same resources", () => {
  const folders = RESOURCES.map((resource) => resource.folder).sort();
  expect([...RESOURCE_TYPES].sort()).toEqual(RESOURCES.map((resource) => resource.typeName).sort());
  expect(
    readdirSync(join(ROOT, "docs/resources"))
      .map((file) => file.replace(/\.md$/, ""))
      .sort(),
  ).toEqual(folders);
  const sdkIndex = readFileSync(join(ROOT, "sdk/index.ts"), "utf8");
  expect(folders.filter((folder) => !sdkIndex.includes(`export * from "./${folder}";`))).toEqual([]);
});
