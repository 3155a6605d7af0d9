/**
 * One resource, one story: for every type in the runtime's resource table, its folder, its inputs
 * schema, its classification table, its lifecycle, its SDK class and its docs page agree.
 *
 * - the folder has exactly the files every resource folder has (CONTRIBUTING.md, "Resource folders");
 * - every input of the schema is classified (update in place, replace, or no effect) and documented in
 *   the docs page's Arguments table, with the same effect the table gives it (and "deleted first" for
 *   a replace that deletes the old object first, "order does not matter" for a list compared as a set);
 * - every input is an argument of the SDK class, and every SDK argument is an input;
 * - every output of the classification is declared on the SDK class, passed in its `outputs` list,
 *   and named in the docs page's Outputs section;
 * - a synchronous resource takes no `timeouts`, an asynchronous one does; the states an asynchronous
 *   resource declares classify every state of its LIFECYCLE_STATES entry exactly once;
 * - docs/resources.md gives the lifecycle's default timeouts ("none (synchronous)" when nothing waits);
 * - the README's resource table links the docs page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";
import type { z } from "zod";
import { LIFECYCLE_STATES } from "../../../api/vocabulary";
import type { Classification, FieldRule } from "../../../provider/framework/diff";
import type { Lifecycle } from "../../../provider/framework/lifecycle";
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { RESOURCE_MODULES } from "../../../provider/framework/runtime";

const ROOT = join(__dirname, "../../..");

/** The files of every resource folder (CONTRIBUTING.md says what goes in each). */
const FOLDER_FILES = ["lifecycle.ts", "model.ts", "provider.ts", "schema.ts"];
/** The files of a folder whose resource is declared (resource.ts; secrets.ts when an output is secret by its arguments). */
const DECLARED_FOLDER_FILES = ["lifecycle.ts", "model.ts", "resource.ts", "schema.ts"];

interface Resource {
  typeName: string;
  folder: string;
}

const ALL_RESOURCES: Resource[] = Object.entries(RESOURCE_MODULES).map(([typeName, modulePath]) => {
  const match = /^\.\.\/resources\/(\w+)\/(provider|resource)$/.exec(modulePath);
  if (match?.[1] === undefined)
    throw new Error(`${typeName}: module path ${modulePath} is not a resource folder`);
  return { typeName, folder: match[1] };
});
const isDeclared = (resource: Resource) =>
  RESOURCE_MODULES[resource.typeName]?.endsWith("/resource") === true;
const RESOURCES = ALL_RESOURCES.filter((resource) => !isDeclared(resource));
const DECLARED = ALL_RESOURCES.filter(isDeclared);

describe.each(DECLARED)("$typeName (declared)", (resource) => {
  const folder = join(ROOT, "provider/resources", resource.folder);
  const { resource: definition } = require(join(folder, "resource")) as { resource: ResourceDefinition };

  test("the folder has the resource folder's files, no more, no fewer", () => {
    const expected = [
      ...DECLARED_FOLDER_FILES,
      ...(definition.secretWhen === undefined ? [] : ["secrets.ts"]),
    ];
    expect(readdirSync(folder).sort()).toEqual(expected.sort());
  });

  test("the declaration's type is the runtime table's key", () => {
    expect(definition.type).toBe(resource.typeName);
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

/** The single export of a module whose name matches, e.g. the one `*_CLASSIFICATION` of model.ts. */
function singleExport<T>(module: Record<string, unknown>, pattern: RegExp, where: string): T {
  const names = Object.keys(module).filter((name) => pattern.test(name));
  if (names.length !== 1)
    throw new Error(`${where} must export exactly one ${pattern}; has ${names.join(", ")}`);
  return module[names[0] as string] as T;
}

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

function effectOf(rule: Classification[string]): FieldRule["effect"] {
  return typeof rule === "string" ? rule : rule.effect;
}

/** What the SDK file declares: the Args interface's members, the class's declared outputs, its `outputs` list. */
function sdkDeclarations(resource: Resource): {
  args: Set<string>;
  declared: Set<string>;
  listed: Set<string>;
} {
  const path = join(ROOT, "sdk", `${resource.folder}.ts`);
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  let classNode: ts.ClassDeclaration | undefined;
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isClassDeclaration(node) && node.name?.text === resource.typeName) classNode = node;
  });

  const args = new Set<string>();
  const addMembers = (name: string): void => {
    const declaration = interfaces.get(name);
    if (declaration === undefined) throw new Error(`sdk/${resource.folder}.ts has no interface ${name}`);
    for (const member of declaration.members)
      if (member.name !== undefined) args.add(member.name.getText(source));
    for (const clause of declaration.heritageClauses ?? [])
      for (const type of clause.types) addMembers(type.expression.getText(source));
  };
  addMembers(`${resource.typeName}Args`);

  if (classNode === undefined) throw new Error(`sdk/${resource.folder}.ts has no class ${resource.typeName}`);
  const declared = new Set<string>();
  const listed = new Set<string>();
  const findOutputsList = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(source) === "outputs" &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      for (const element of node.initializer.elements)
        if (ts.isStringLiteral(element)) listed.add(element.text);
    }
    node.forEachChild(findOutputsList);
  };
  for (const member of classNode.members) {
    if (ts.isPropertyDeclaration(member)) declared.add(member.name.getText(source));
    if (ts.isConstructorDeclaration(member)) findOutputsList(member);
  }
  return { args, declared, listed };
}

/** The docs page's Arguments table: input name -> its "on change" text. */
function documentedArguments(page: string): Map<string, string> {
  const section = page.split(/^## Arguments$/m)[1]?.split(/^## /m)[0] ?? "";
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const cells = line.split("|").map((cell) => cell.trim());
    const onChange = cells[cells.length - 2] ?? "";
    for (const name of (cells[1] ?? "").matchAll(/`(\w+)`/g)) rows.set(name[1] as string, onChange);
  }
  return rows;
}

/** The effect a docs page's "on change" text states. */
function documentedEffect(onChange: string): FieldRule["effect"] | undefined {
  if (/^replace/.test(onChange)) return "replace";
  if (/^update/.test(onChange)) return "update";
  // A first-style flat field becomes part of `definition`, which updates in place.
  if (/^moved into `definition`/.test(onChange)) return "update";
  if (/^(no effect|\*\*never compared\*\*)/.test(onChange)) return "ignore-drift";
  return undefined;
}

function section(page: string, title: string): string {
  return page.split(new RegExp(`^## ${title}$`, "m"))[1]?.split(/^## /m)[0] ?? "";
}

describe.each(RESOURCES)("$typeName", (resource) => {
  const folder = join(ROOT, "provider/resources", resource.folder);
  const schemaModule = require(join(folder, "schema")) as Record<string, unknown>;
  const modelModule = require(join(folder, "model")) as Record<string, unknown>;
  const lifecycleModule = require(join(folder, "lifecycle")) as { lifecycle?: Lifecycle };
  const inputs = schemaFields(singleExport(schemaModule, /InputsSchema$/, `${resource.folder}/schema.ts`));
  const classification = singleExport<Classification>(
    modelModule,
    /_CLASSIFICATION$/,
    `${resource.folder}/model.ts`,
  );
  const outputs = Object.keys(classification).filter(
    (field) => effectOf(classification[field] as never) === "output",
  );
  const page = readFileSync(join(ROOT, "docs/resources", `${resource.folder}.md`), "utf8");

  test("the folder has the resource folder's files, no more, no fewer", () => {
    expect(readdirSync(folder).sort()).toEqual(FOLDER_FILES);
  });

  test("every input is classified as update, replace or no effect; every classified field is an input or an output", () => {
    const unclassified = [...inputs].filter((field) => classification[field] === undefined);
    expect(unclassified).toEqual([]);
    const outputsAsInputs = [...inputs].filter((field) => outputs.includes(field));
    expect(outputsAsInputs).toEqual([]);
    const strays = Object.keys(classification).filter(
      (field) => !inputs.has(field) && !outputs.includes(field),
    );
    expect(strays).toEqual([]);
  });

  test("every input is documented in the Arguments table with the effect the classification gives it", () => {
    const documented = documentedArguments(page);
    const mismatches = [...inputs].flatMap((field) => {
      const onChange = documented.get(field);
      if (onChange === undefined) return [`${field}: not in the Arguments table`];
      const rule = classification[field];
      if (rule === undefined) return [`${field}: not classified`];
      const effect = effectOf(rule);
      const problems: string[] = [];
      if (documentedEffect(onChange) !== effect)
        problems.push(`${field}: documented "${onChange}", classified ${effect}`);
      // A replace that deletes the old object first, and a list compared in any order, say so.
      const deletesFirst = typeof rule !== "string" && rule.deleteBeforeReplace === true;
      if (/deleted first/.test(onChange) !== deletesFirst)
        problems.push(`${field}: documented "${onChange}", deleteBeforeReplace ${deletesFirst}`);
      if (typeof rule !== "string" && rule.compare === "set" && !/order does not matter/.test(onChange))
        problems.push(`${field}: compared as a set, but the docs do not say that order does not matter`);
      return problems;
    });
    expect(mismatches).toEqual([]);
    expect([...documented.keys()].filter((field) => !inputs.has(field))).toEqual([]);
  });

  test("the SDK class takes every input as an argument, and nothing else", () => {
    const { args } = sdkDeclarations(resource);
    expect([...inputs].filter((field) => !args.has(field))).toEqual([]);
    expect([...args].filter((field) => !inputs.has(field))).toEqual([]);
  });

  test("every output is declared on the SDK class, listed in its outputs, and named in the docs page", () => {
    const { declared, listed } = sdkDeclarations(resource);
    expect(outputs.filter((field) => !declared.has(field))).toEqual([]);
    expect(outputs.filter((field) => !listed.has(field))).toEqual([]);
    // Declared and listed name the same properties.
    expect([...declared].sort()).toEqual([...listed].sort());
    const outputsSection = section(page, "Outputs");
    expect(outputs.filter((field) => !outputsSection.includes(`\`${field}\``))).toEqual([]);
  });

  test("the lifecycle is declared; timeouts exist exactly when something waits", () => {
    const lifecycle = lifecycleModule.lifecycle;
    expect(lifecycle?.kind).toMatch(/^(a?synchronous)$/);
    expect(inputs.has("timeouts")).toBe(lifecycle?.kind === "asynchronous");
    if (lifecycle?.kind !== "asynchronous" || lifecycle.states === undefined) return;
    const { vocabulary, done, failed, transitional } = lifecycle.states;
    const declared = [...done, ...Object.keys(failed), ...transitional].sort();
    const vocabularyStates = [...LIFECYCLE_STATES[vocabulary].steps, ...LIFECYCLE_STATES[vocabulary].other];
    expect(declared).toEqual([...vocabularyStates].sort());
  });

  test("docs/resources.md states the lifecycle's default timeouts", () => {
    const overview = readFileSync(join(ROOT, "docs/resources.md"), "utf8");
    const row = overview.split("\n").find((line) => line.startsWith(`| [${resource.typeName}](`));
    const timeoutsCell = row?.split("|")[3]?.trim();
    const lifecycle = lifecycleModule.lifecycle;
    if (lifecycle?.kind !== "asynchronous") {
      expect(timeoutsCell).toBe("none (synchronous)");
      return;
    }
    const { create, update, delete: remove } = lifecycle.defaultTimeouts;
    // Without states only delete waits.
    if (lifecycle.states === undefined) expect(timeoutsCell).toMatch(new RegExp(`^delete ${remove} `));
    else expect(timeoutsCell).toBe(`${create} / ${update} / ${remove}`);
  });

  test("the README's resource table links the docs page", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain(`| \`${resource.typeName}\` |`);
    expect(readme).toContain(`(docs/resources/${resource.folder}.md)`);
  });
});

test("the runtime's table, the SDK index, the docs pages and the resource folders list the same resources", () => {
  const folders = ALL_RESOURCES.map((resource) => resource.folder).sort();
  expect(readdirSync(join(ROOT, "provider/resources")).sort()).toEqual(folders);
  expect(
    readdirSync(join(ROOT, "docs/resources"))
      .map((file) => file.replace(/\.md$/, ""))
      .sort(),
  ).toEqual(folders);
  const sdkIndex = readFileSync(join(ROOT, "sdk/index.ts"), "utf8");
  expect(folders.filter((folder) => !sdkIndex.includes(`export * from "./${folder}";`))).toEqual([]);
});
