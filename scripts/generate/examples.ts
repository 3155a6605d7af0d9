/**
 * The example of each resource page in every language: the declaration's `example` (one resource,
 * its inputs as plain values keyed as the package schema spells them) rendered as a complete program
 * in TypeScript on the dynamic form (`pulumi-cluster-platform`), TypeScript on the native plugin
 * (`pulumi-cluster-platform/native`), Python, Go and YAML. Each language spells names and values as
 * its SDK (generated from the package schema by pulumi-sdkgen) takes them, so the renderings read the
 * schema's types:
 *
 * - Python: snake_case argument names and snake_case keys of typed objects (the SDK's `*ArgsDict`);
 *   free-form JSON inputs (`pulumi.json#/Any`, such as `definition`) and map keys keep their keys;
 * - Go: `pulumi.String`, `pulumi.Bool`, `pulumi.Int` for "integer" and `pulumi.Float64` for "number",
 *   typed objects as `platform.<Type>Args`, free-form JSON as `pulumi.Any(map[string]any{...})`;
 * - YAML and TypeScript: the schema's names as they are.
 *
 * tests/docs/ compiles or previews every rendering on every page (the TypeScript type check, Python
 * and Go builds against sdk/native, YAML and Python previews through the plugin).
 */
import { stringify } from "yaml";
import type { ExampleValue, ResourceDefinition, ResourceExample } from "../../provider/framework/resource";

/** The name of the generated block of a resource page holding its examples. */
export const EXAMPLES_BLOCK = "examples";

/** The package schema, as much of it as the renderings read. */
export interface ExampleSchema {
  name: string;
  resources: Record<string, { inputProperties?: Record<string, SchemaType> }>;
  types: Record<string, { properties?: Record<string, SchemaType> }>;
  language?: { go?: { importBasePath?: string } };
}

/** A property's or an element's type in the package schema. */
export interface SchemaType {
  type?: string;
  $ref?: string;
  items?: SchemaType;
  additionalProperties?: SchemaType;
}

/** The languages a page shows, in order: the fenced block's language and the heading. */
export const EXAMPLE_LANGUAGES = [
  { id: "typescript-dynamic", fence: "ts", heading: "TypeScript (dynamic form)" },
  { id: "typescript-native", fence: "ts", heading: "TypeScript (native plugin)" },
  { id: "python", fence: "python", heading: "Python" },
  { id: "go", fence: "go", heading: "Go" },
  { id: "yaml", fence: "yaml", heading: "YAML" },
] as const;

export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number]["id"];

/** The free-form JSON type of the package schema. */
const ANY = "pulumi.json#/Any";
const TYPE_PREFIX = "#/types/";
/** Where a line is broken when a literal does not fit on it. */
const WIDTH = 100;

/**
 * A literal as the renderings lay it out: text, or a bracketed group of items printed on one line
 * when it fits and one item a line otherwise.
 */
type Layout =
  | string
  | { open: string; items: Array<{ prefix: string; value: Layout }>; close: string }
  | { call: string; argument: Layout };

function flat(layout: Layout): string {
  if (typeof layout === "string") return layout;
  if ("call" in layout) return `${layout.call}(${flat(layout.argument)})`;
  return `${layout.open}${layout.items.map((item) => item.prefix + flat(item.value)).join(", ")}${layout.close}`;
}

/** `layout` starting at column `column` of a line indented by `indent`, one `unit` deeper per level. */
function print(layout: Layout, indent: string, unit: string, column: number): string {
  if (typeof layout === "string") return layout;
  // A call of one argument keeps the argument's brackets on its own line: `pulumi.Any(map[string]any{`.
  if ("call" in layout)
    return `${layout.call}(${print(layout.argument, indent, unit, column + layout.call.length + 1)})`;
  const inline = flat(layout);
  if (column + inline.length <= WIDTH || layout.items.length === 0) return inline;
  const inner = indent + unit;
  const lines = layout.items.map(
    (item) => `${inner}${item.prefix}${print(item.value, inner, unit, inner.length + item.prefix.length)},`,
  );
  // Broken over lines, a group has no padding inside its brackets (`{ a: 1 }` inline).
  return `${layout.open.trimEnd()}\n${lines.join("\n")}\n${indent}${layout.close.trimStart()}`;
}

/** A schema type by its `$ref` (`#/types/platform:index:SearchNodeSpec`). */
function namedType(schema: ExampleSchema, ref: string): Record<string, SchemaType> {
  const type = schema.types[ref.slice(TYPE_PREFIX.length)];
  if (type === undefined) throw new Error(`the package schema has no type ${ref}`);
  return type.properties ?? {};
}

/** The type's name in the SDKs (`SearchNodeSpec` of `#/types/platform:index:SearchNodeSpec`). */
function typeName(ref: string): string {
  return ref.slice(ref.lastIndexOf(":") + 1);
}

/** A property of a typed object, or an error naming the example's path. */
function propertyType(properties: Record<string, SchemaType>, key: string, path: string): SchemaType {
  const type = properties[key];
  if (type === undefined)
    throw new Error(`example input ${path}${key} is not a property in the package schema`);
  return type;
}

/** Python's name of a schema name, as pulumi's Python code generator spells it (`pointInTimeUTCSeconds` -> `point_in_time_utc_seconds`). */
export function pythonName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase();
}

/** Go's name of a schema name (`groupId` -> `GroupId`). */
export function goName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function entries(value: ExampleValue): Array<[string, ExampleValue]> {
  return Object.entries(value as Record<string, ExampleValue>);
}

// ---- TypeScript and free-form values -------------------------------------------------------------

function tsKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function tsValue(value: ExampleValue): Layout {
  if (Array.isArray(value))
    return { open: "[", items: value.map((item) => ({ prefix: "", value: tsValue(item) })), close: "]" };
  if (value !== null && typeof value === "object")
    return {
      open: "{ ",
      items: entries(value).map(([key, item]) => ({ prefix: `${tsKey(key)}: `, value: tsValue(item) })),
      close: " }",
    };
  return JSON.stringify(value);
}

function typescript(example: ResourceExample, type: string, module: string): string {
  const args = print(
    tsValue(example.inputs as ExampleValue),
    "",
    "  ",
    `new platform.${type}(${JSON.stringify(example.name)}, `.length,
  );
  return [
    `import * as platform from "${module}";`,
    "",
    `new platform.${type}(${JSON.stringify(example.name)}, ${args});`,
  ].join("\n");
}

// ---- Python ------------------------------------------------------------------------------------

function pythonLiteral(value: ExampleValue): Layout {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value))
    return {
      open: "[",
      items: value.map((item) => ({ prefix: "", value: pythonLiteral(item) })),
      close: "]",
    };
  if (typeof value === "object")
    return {
      open: "{",
      items: entries(value).map(([key, item]) => ({
        prefix: `${JSON.stringify(key)}: `,
        value: pythonLiteral(item),
      })),
      close: "}",
    };
  return JSON.stringify(value);
}

function pythonValue(schema: ExampleSchema, type: SchemaType, value: ExampleValue, path: string): Layout {
  if (type.$ref?.startsWith(TYPE_PREFIX) === true) {
    const properties = namedType(schema, type.$ref);
    return {
      open: "{",
      items: entries(value).map(([key, item]) => ({
        prefix: `${JSON.stringify(pythonName(key))}: `,
        value: pythonValue(schema, propertyType(properties, key, path), item, `${path}${key}.`),
      })),
      close: "}",
    };
  }
  if (type.type === "array" && type.items !== undefined && Array.isArray(value)) {
    const items = type.items;
    return {
      open: "[",
      items: value.map((item) => ({ prefix: "", value: pythonValue(schema, items, item, path) })),
      close: "]",
    };
  }
  if (type.type === "object" && type.additionalProperties !== undefined) {
    const values = type.additionalProperties;
    return {
      open: "{",
      items: entries(value).map(([key, item]) => ({
        prefix: `${JSON.stringify(key)}: `,
        value: pythonValue(schema, values, item, path),
      })),
      close: "}",
    };
  }
  return pythonLiteral(value);
}

function python(
  schema: ExampleSchema,
  example: ResourceExample,
  type: string,
  inputs: Record<string, SchemaType>,
): string {
  const args: Layout = {
    open: "(",
    items: [
      { prefix: "", value: JSON.stringify(example.name) },
      ...Object.entries(example.inputs).map(([key, value]) => ({
        prefix: `${pythonName(key)}=`,
        value: pythonValue(schema, propertyType(inputs, key, ""), value, `${key}.`),
      })),
    ],
    close: ")",
  };
  return [
    `import pulumi_${packageModule(schema)} as platform`,
    "",
    `platform.${type}${print(args, "", "    ", `platform.${type}`.length)}`,
  ].join("\n");
}

/** The Python package's module suffix (`pulumi_cluster_platform`: the schema language section names it). */
function packageModule(schema: ExampleSchema & { language?: { python?: { packageName?: string } } }): string {
  const name = schema.language?.python?.packageName ?? `pulumi_${schema.name}`;
  return name.replace(/^pulumi_/, "");
}

// ---- Go ----------------------------------------------------------------------------------------

/** A free-form value as a Go literal of `any`. */
function goLiteral(value: ExampleValue): Layout {
  if (value === null) return "nil";
  if (Array.isArray(value))
    return {
      open: "[]any{",
      items: value.map((item) => ({ prefix: "", value: goLiteral(item) })),
      close: "}",
    };
  if (typeof value === "object")
    return {
      open: "map[string]any{",
      items: entries(value).map(([key, item]) => ({
        prefix: `${JSON.stringify(key)}: `,
        value: goLiteral(item),
      })),
      close: "}",
    };
  return JSON.stringify(value);
}

/** The Go SDK's scalar input constructors by schema type. */
const GO_SCALARS: Record<string, string> = {
  string: "String",
  boolean: "Bool",
  integer: "Int",
  number: "Float64",
};

/** The Go SDK's name of an array or map of a type (`pulumi.StringArray`, `platform.SearchNodeSpecArray`, `pulumi.MapMap`). */
function goCollection(item: SchemaType, suffix: "Array" | "Map"): string {
  if (item.$ref === ANY) return `pulumi.${suffix}`;
  if (item.$ref?.startsWith(TYPE_PREFIX) === true) return `platform.${typeName(item.$ref)}${suffix}`;
  if (item.type === "object" && item.additionalProperties?.$ref === ANY) return `pulumi.Map${suffix}`;
  const scalar = item.type === undefined ? undefined : GO_SCALARS[item.type];
  if (scalar === undefined)
    throw new Error(`no Go collection of ${JSON.stringify(item)} in the examples' renderer`);
  return `pulumi.${scalar}${suffix}`;
}

/** A value of `type` as the Go SDK's input; `element`: inside a typed array or map (no `&`). */
function goValue(
  schema: ExampleSchema,
  type: SchemaType,
  value: ExampleValue,
  path: string,
  element: boolean,
): Layout {
  if (type.$ref === ANY) return { call: "pulumi.Any", argument: goLiteral(value) };
  if (type.$ref?.startsWith(TYPE_PREFIX) === true) {
    const properties = namedType(schema, type.$ref);
    return {
      open: `${element ? "" : "&"}platform.${typeName(type.$ref)}Args{`,
      items: entries(value).map(([key, item]) => ({
        prefix: `${goName(key)}: `,
        value: goValue(schema, propertyType(properties, key, path), item, `${path}${key}.`, false),
      })),
      close: "}",
    };
  }
  if (type.type === "array" && type.items !== undefined && Array.isArray(value)) {
    const items = type.items;
    return {
      open: `${goCollection(items, "Array")}{`,
      items: value.map((item) => ({ prefix: "", value: goValue(schema, items, item, path, true) })),
      close: "}",
    };
  }
  if (type.type === "object" && type.additionalProperties !== undefined) {
    const values = type.additionalProperties;
    return {
      open: `${goCollection(values, "Map")}{`,
      items: entries(value).map(([key, item]) => ({
        prefix: `${JSON.stringify(key)}: `,
        value: goValue(schema, values, item, path, true),
      })),
      close: "}",
    };
  }
  const scalar = type.type === undefined ? undefined : GO_SCALARS[type.type];
  if (scalar === undefined) throw new Error(`example input ${path} has a type the Go renderer does not know`);
  return `pulumi.${scalar}(${JSON.stringify(value)})`;
}

function go(
  schema: ExampleSchema,
  example: ResourceExample,
  type: string,
  inputs: Record<string, SchemaType>,
): string {
  const importPath = schema.language?.go?.importBasePath;
  if (importPath === undefined)
    throw new Error("the package schema names no Go import path (language.go.importBasePath)");
  const indent = "\t\t";
  const args = Object.entries(example.inputs).map(([key, value]) => {
    const prefix = `${goName(key)}: `;
    // A tab counts as 4 columns, as gofmt's readers see it.
    return `${indent}\t${prefix}${print(goValue(schema, propertyType(inputs, key, ""), value, `${key}.`, false), `${indent}\t`, "\t", 12 + prefix.length)},`;
  });
  return [
    "package main",
    "",
    "import (",
    `\t"${importPath}"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    `${indent}_, err := platform.New${type}(ctx, ${JSON.stringify(example.name)}, &platform.${type}Args{`,
    ...args,
    `${indent}})`,
    `${indent}return err`,
    "\t})",
    "}",
  ].join("\n");
}

// ---- YAML --------------------------------------------------------------------------------------

function yaml(example: ResourceExample, type: string, folder: string): string {
  const program = {
    name: `${folder.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-example`,
    runtime: "yaml",
    resources: { [example.name]: { type: `platform:index:${type}`, properties: example.inputs } },
  };
  return stringify(program, { lineWidth: 0 }).trimEnd();
}

// ---- the page's block --------------------------------------------------------------------------

/** The example of `definition` in each language, by language. */
export function renderExamples(
  definition: ResourceDefinition,
  folder: string,
  schema: ExampleSchema,
): Record<ExampleLanguage, string> {
  const example = definition.example;
  if (example === undefined)
    throw new Error(
      `provider/resources/${folder}/resource.ts declares no example: add \`example: { name, inputs }\` (the resource page shows it in every language)`,
    );
  const token = `${schema.name}:index:${definition.type}`;
  const inputs = schema.resources[token]?.inputProperties;
  if (inputs === undefined) throw new Error(`the package schema has no resource ${token}`);
  return {
    "typescript-dynamic": typescript(example, definition.type, "pulumi-cluster-platform"),
    "typescript-native": typescript(example, definition.type, "pulumi-cluster-platform/native"),
    python: python(schema, example, definition.type, inputs),
    go: go(schema, example, definition.type, inputs),
    yaml: yaml(example, definition.type, folder),
  };
}

/** The free-form JSON inputs of the example (their keys are the same in every language). */
function freeFormInputs(definition: ResourceDefinition, schema: ExampleSchema): string[] {
  const inputs = schema.resources[`${schema.name}:index:${definition.type}`]?.inputProperties ?? {};
  return Object.keys(definition.example?.inputs ?? {}).filter((key) => inputs[key]?.$ref === ANY);
}

/** The generated block of a resource page: the two type tokens and the example in every language. */
export function examplesBlock(
  definition: ResourceDefinition,
  folder: string,
  schema: ExampleSchema,
  layOutGo: (text: string) => string,
): string {
  const rendered = renderExamples(definition, folder, schema);
  rendered.go = layOutGo(rendered.go);
  const freeForm = freeFormInputs(definition, schema);
  const lines = [
    `Type tokens: \`pulumi-nodejs:dynamic/platform:${definition.type}\` (the dynamic form: the TypeScript classes of \`pulumi-cluster-platform\`) and \`${schema.name}:index:${definition.type}\` (the native plugin \`pulumi-resource-${schema.name}\`: TypeScript through \`pulumi-cluster-platform/native\`, Python, Go, YAML).`,
    "",
    `Python takes snake_case names for the arguments and for the keys of typed objects; Go takes \`pulumi.Int\` for "integer" and \`pulumi.Float64\` for "number" inputs.${
      freeForm.length === 0
        ? ""
        : ` ${freeForm.map((key) => `\`${key}\``).join(", ")} ${freeForm.length === 1 ? "is" : "are"} free-form JSON: ${freeForm.length === 1 ? "its" : "their"} keys are the same in every language.`
    }`,
  ];
  for (const language of EXAMPLE_LANGUAGES)
    lines.push("", `**${language.heading}**`, "", `\`\`\`${language.fence}`, rendered[language.id], "```");
  return lines.join("\n");
}

/**
 * The example programs of a page as written on disk, by language: the fenced blocks of its generated
 * examples block, in EXAMPLE_LANGUAGES order (what the docs tests compile and preview).
 */
export function examplesOnPage(page: string, begin: string, end: string): Record<ExampleLanguage, string> {
  const start = page.indexOf(begin);
  const stop = page.indexOf(end);
  if (start < 0 || stop < start) throw new Error("the page has no generated examples block");
  const blocks = [...page.slice(start, stop).matchAll(/^```[a-z]+\n([\s\S]*?)\n```$/gm)].map(
    (match) => match[1] ?? "",
  );
  if (blocks.length !== EXAMPLE_LANGUAGES.length)
    throw new Error(`the examples block has ${blocks.length} programs, not ${EXAMPLE_LANGUAGES.length}`);
  return Object.fromEntries(
    EXAMPLE_LANGUAGES.map((language, index) => [language.id, blocks[index]]),
  ) as Record<ExampleLanguage, string>;
}
