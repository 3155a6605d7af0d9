/**
 * The program `pulumi-cluster-platform export --language yaml|python|go` writes (pure: no I/O).
 *
 * The declarations are those of the TypeScript program (exportProgram.ts planExport: the same names,
 * `importId` on every object, masked credentials as secret config placeholders, a type's `after` as
 * dependsOn), written as code for the native plugin `pulumi-resource-platform` (type tokens
 * `platform:index:<Type>`; docs/native.md): each property is named and typed as the package schema
 * (provider/native/schema.json) and the SDKs generated from it (sdk/native) say, so the program is
 * checked like one written by hand. A property the schema does not know is refused rather than
 * written into a program that would fail its first preview.
 */
import type { DeclaredType, ExportPlan, NativeExportLanguage } from "./exportProgram";

/** As much of a property's schema as the renderers read. */
export interface SchemaProperty {
  type?: string;
  $ref?: string;
  items?: SchemaProperty;
  additionalProperties?: SchemaProperty;
}

/** As much of the package schema (provider/native/schema.json) as the renderers read. */
export interface PackageSchema {
  resources: Record<string, { inputProperties?: Record<string, SchemaProperty> }>;
  types: Record<string, { properties?: Record<string, SchemaProperty> }>;
}

/** The versions a native program pins (README and requirements of examples/native-python and native-go). */
export interface NativeVersions {
  /** This package, for the package.json that installs the plugin and the SDKs. */
  package: string;
  /** The Go SDK of Pulumi the Go program requires (go.mod). */
  pulumiGo: string;
  /** The Python requirement of the `pulumi` package (requirements.txt). */
  pulumiPython: string;
}

/** The Go SDK of Pulumi a Go program requires: the version examples/native-go builds with. */
export const PULUMI_GO_SDK = "v3.259.0";
/** The `pulumi` requirement of a Python program: examples/native-python's. */
export const PULUMI_PYTHON_REQUIREMENT = ">=3.231.0,<4.0.0";

const TOKEN_PREFIX = "platform:index:";
/** The native plugin's type token of a resource type (`SearchIndex` -> `platform:index:SearchIndex`). */
export function nativeTypeToken(type: string): string {
  return `${TOKEN_PREFIX}${type}`;
}
/** The Go module of the generated Go SDK (sdk/native/go/go.mod) and the package the program imports. */
export const GO_SDK_MODULE = "github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go";
/** Where `npm install pulumi-cluster-platform` puts the plugin and the SDKs, relative to the program. */
const PACKAGE_DIR = "node_modules/pulumi-cluster-platform";

/** A placeholder of the plan (`{ "fromSecretConfig": "<key>" }`, exportProgram.ts). */
function secretKeyOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  const [first] = entries;
  return entries.length === 1 && first?.[0] === "fromSecretConfig" && typeof first[1] === "string"
    ? first[1]
    : undefined;
}

/** What a value is, by the schema. */
type Shape =
  | { kind: "scalar"; type: "string" | "number" | "integer" | "boolean" }
  | { kind: "any" }
  | { kind: "object"; name: string; properties: Record<string, SchemaProperty> }
  | { kind: "array"; items: Shape }
  | { kind: "map"; values: Shape };

function shapeOf(schema: PackageSchema, property: SchemaProperty, where: string): Shape {
  if (property.$ref === "pulumi.json#/Any") return { kind: "any" };
  if (property.$ref !== undefined) {
    const token = property.$ref.replace(/^#\/types\//, "");
    const type = schema.types[token];
    if (type === undefined || !token.startsWith(TOKEN_PREFIX)) {
      throw new Error(`${where}: the package schema has no type ${property.$ref}`);
    }
    return { kind: "object", name: token.slice(TOKEN_PREFIX.length), properties: type.properties ?? {} };
  }
  switch (property.type) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return { kind: "scalar", type: property.type };
    case "array":
      return { kind: "array", items: shapeOf(schema, property.items ?? { $ref: "pulumi.json#/Any" }, where) };
    case "object":
      return {
        kind: "map",
        values: shapeOf(schema, property.additionalProperties ?? { $ref: "pulumi.json#/Any" }, where),
      };
    default:
      throw new Error(`${where}: the package schema gives no type the export knows (${property.type})`);
  }
}

/** The input properties of a resource type, refusing a type the schema does not serve. */
export function resourceProperties(schema: PackageSchema, type: string): Record<string, SchemaProperty> {
  const resource = schema.resources[nativeTypeToken(type)];
  if (resource === undefined) {
    throw new Error(
      `the package schema has no resource ${nativeTypeToken(type)}: the native plugin cannot adopt it`,
    );
  }
  return resource.inputProperties ?? {};
}

/** The members of an object value that are set (the schema's null: unset), each with its property. */
function members(
  value: Record<string, unknown>,
  properties: Record<string, SchemaProperty>,
  where: string,
): Array<[name: string, member: unknown, property: SchemaProperty]> {
  return Object.entries(value)
    .filter(([, member]) => member !== undefined && member !== null)
    .map(([name, member]) => {
      const property = properties[name];
      if (property === undefined) {
        throw new Error(
          `${where}: the property ${name} is not in the package schema, so a program on the native plugin cannot declare it`,
        );
      }
      return [name, member, property];
    });
}

function asObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${where}: expected an object, got ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: expected a list, got ${JSON.stringify(value)}`);
  return value;
}

/** The resources of the types `entry.after` names that the plan declares, by type. */
function dependencies(plan: ExportPlan, declared: DeclaredType): DeclaredType[] {
  return (declared.entry.after ?? []).flatMap((type) => {
    const found = plan.types.find((candidate) => candidate.entry.type === type);
    return found === undefined ? [] : [found];
  });
}

function header(plan: ExportPlan, language: NativeExportLanguage): string[] {
  return [
    `Generated by \`pulumi-cluster-platform export --group ${plan.groupId} --language ${language}\`: every object`,
    "found in the project, each with the importId that makes `pulumi up` adopt the existing object instead",
    "of creating one. Edit it as you like; README.md tells how to set the credentials and the secrets.",
  ];
}

// ---------------------------------------------------------------------------------------------
// YAML: the resources in Pulumi.yaml, the secret placeholders as secret config of the project.

/** A string as Pulumi YAML reads it literally: `${` would start an interpolation and `$$` an escape. */
function yamlLiteral(text: string): string {
  return text.replace(/\$(?=[${])/g, "$$$$");
}

function yamlValue(schema: PackageSchema, value: unknown, shape: Shape, where: string): unknown {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `\${${secret}}`;
  switch (shape.kind) {
    case "scalar":
      return typeof value === "string" ? yamlLiteral(value) : value;
    case "any":
      return yamlAny(value);
    case "array":
      return asArray(value, where).map((item, index) =>
        yamlValue(schema, item, shape.items, `${where}[${index}]`),
      );
    case "map":
      return Object.fromEntries(
        Object.entries(asObject(value, where)).map(([key, member]) => [
          key,
          yamlValue(schema, member, shape.values, `${where}.${key}`),
        ]),
      );
    case "object":
      return Object.fromEntries(
        members(asObject(value, where), shape.properties, where).map(([name, member, property]) => [
          name,
          yamlValue(schema, member, shapeOf(schema, property, `${where}.${name}`), `${where}.${name}`),
        ]),
      );
  }
}

function yamlAny(value: unknown): unknown {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `\${${secret}}`;
  if (typeof value === "string") return yamlLiteral(value);
  if (Array.isArray(value)) return value.map(yamlAny);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, yamlAny(member)]));
  }
  return value;
}

/** The `resources:` of the YAML program, in the export table's order. */
export function yamlResources(plan: ExportPlan, schema: PackageSchema): Record<string, unknown> {
  const resources: Record<string, unknown> = {};
  for (const declared of plan.types) {
    const properties = resourceProperties(schema, declared.entry.type);
    const dependsOn = dependencies(plan, declared).flatMap(({ resources: others }) =>
      others.map(({ name }) => `\${${name}}`),
    );
    for (const { name, args } of declared.resources) {
      // planExport names each object uniquely across types; a plan made otherwise is refused here.
      if (name in resources) {
        throw new Error(`two objects are named ${name}: a YAML program needs a name unique across types`);
      }
      const where = `${declared.entry.type} ${name}`;
      resources[name] = {
        type: nativeTypeToken(declared.entry.type),
        properties: yamlValue(schema, args, { kind: "object", name: declared.entry.type, properties }, where),
        ...(dependsOn.length > 0 ? { options: { dependsOn } } : {}),
      };
    }
  }
  return resources;
}

// ---------------------------------------------------------------------------------------------
// Python: keyword arguments and `<Type>Args` classes of the generated SDK (pulumi_cluster_platform).

/**
 * A schema name as the Python SDK spells it: Pulumi's Python code generator's rule (PyName in
 * pkg/codegen/python), with a run of capitals kept as one word (`pointInTimeUTCSeconds` is
 * `point_in_time_utc_seconds`) and a digit or `s` right after such a run kept in it.
 */
export function pythonName(name: string): string {
  const words: string[] = [];
  let word = "";
  let state: "first" | "upper" | "acronym" | "lowerOrDigit" = "first";
  for (const char of name) {
    const upper = char !== char.toLowerCase() && char === char.toUpperCase();
    switch (state) {
      case "first":
      case "upper":
        word += upper ? char.toLowerCase() : char;
        state = upper ? (state === "first" ? "upper" : "acronym") : "lowerOrDigit";
        break;
      case "acronym":
        if (upper) word += char.toLowerCase();
        else if (/[0-9s]/.test(char)) {
          word += char;
          state = "lowerOrDigit";
        } else {
          // The last capital starts the next word (`UTCSeconds`: `utc`, `seconds`).
          words.push(word.slice(0, -1));
          word = `${word.slice(-1)}${char}`;
          state = "lowerOrDigit";
        }
        break;
      case "lowerOrDigit":
        if (upper) {
          words.push(word);
          word = char.toLowerCase();
          state = "upper";
        } else word += char;
        break;
    }
  }
  words.push(word);
  return words.join("_");
}

function pythonAny(value: unknown, indent: number): string {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `config.require_secret(${JSON.stringify(secret)})`;
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  if (Array.isArray(value))
    return pythonList(
      value.map((item) => pythonAny(item, indent + 4)),
      indent,
    );
  return pythonDict(
    Object.entries(value).map(([key, member]) => [key, pythonAny(member, indent + 4)]),
    indent,
  );
}

function pythonList(items: string[], indent: number): string {
  if (items.length === 0) return "[]";
  const pad = " ".repeat(indent + 4);
  return `[\n${items.map((item) => `${pad}${item},\n`).join("")}${" ".repeat(indent)}]`;
}

function pythonDict(entries: Array<[string, string]>, indent: number): string {
  if (entries.length === 0) return "{}";
  const pad = " ".repeat(indent + 4);
  return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${item},\n`).join("")}${" ".repeat(indent)}}`;
}

/** `name=value` lines of a call at `indent` (the call's own indentation). */
function pythonCall(callee: string, lines: string[], indent: number): string {
  if (lines.length === 0) return `${callee}()`;
  const pad = " ".repeat(indent + 4);
  return `${callee}(\n${lines.map((line) => `${pad}${line},\n`).join("")}${" ".repeat(indent)})`;
}

function pythonValue(
  schema: PackageSchema,
  value: unknown,
  shape: Shape,
  indent: number,
  where: string,
): string {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `config.require_secret(${JSON.stringify(secret)})`;
  switch (shape.kind) {
    case "scalar":
    case "any":
      return pythonAny(value, indent);
    case "array":
      return pythonList(
        asArray(value, where).map((item, index) =>
          pythonValue(schema, item, shape.items, indent + 4, `${where}[${index}]`),
        ),
        indent,
      );
    case "map":
      return pythonDict(
        Object.entries(asObject(value, where)).map(([key, member]) => [
          key,
          pythonValue(schema, member, shape.values, indent + 4, `${where}.${key}`),
        ]),
        indent,
      );
    case "object":
      return pythonCall(
        `platform.${shape.name}Args`,
        pythonArguments(schema, asObject(value, where), shape.properties, indent + 4, where),
        indent,
      );
  }
}

function pythonArguments(
  schema: PackageSchema,
  value: Record<string, unknown>,
  properties: Record<string, SchemaProperty>,
  indent: number,
  where: string,
): string[] {
  return members(value, properties, where).map(([name, member, property]) => {
    const at = `${where}.${name}`;
    return `${pythonName(name)}=${pythonValue(schema, member, shapeOf(schema, property, at), indent, at)}`;
  });
}

export function pythonProgram(plan: ExportPlan, schema: PackageSchema): string {
  const blocks = plan.types.map((declared) => {
    const properties = resourceProperties(schema, declared.entry.type);
    const after = dependencies(plan, declared);
    const options =
      after.length > 0
        ? [
            `opts=pulumi.ResourceOptions(depends_on=[${after.map(({ entry }) => `*${pythonName(entry.configKey)}`).join(", ")}])`,
          ]
        : [];
    const calls = declared.resources.map(({ name, args }) =>
      pythonCall(
        `platform.${declared.entry.type}`,
        [
          JSON.stringify(name),
          ...pythonArguments(schema, args, properties, 8, `${declared.entry.type} ${name}`),
          ...options,
        ],
        4,
      ),
    );
    return `${pythonName(declared.entry.configKey)} = ${pythonList(calls, 0)}`;
  });
  const count = plan.types.map(({ entry }) => `len(${pythonName(entry.configKey)})`).join(" + ") || "0";
  return [
    `"""${header(plan, "python").join("\n")}"""`,
    "import pulumi",
    "import pulumi_cluster_platform as platform",
    "",
    ...(plan.secrets.length > 0 ? ["config = pulumi.Config()", ""] : []),
    ...blocks.flatMap((block) => [block, ""]),
    `pulumi.export("resourceCount", ${count})`,
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// Go: `<Type>Args` structs of the generated SDK (package platform), inputs wrapped as pulumi.String...

/** A schema name as the Go SDK's field: the first letter in upper case. */
export function goName(name: string): string {
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

const GO_SCALARS = { string: "String", number: "Float64", integer: "Int", boolean: "Bool" } as const;

/** A JSON value as a Go literal of `interface{}` (maps, slices, strings, float64, bool, nil). */
function goAny(value: unknown, indent: number): string {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `cfg.RequireSecret(${JSON.stringify(secret)})`;
  if (value === null || value === undefined) return "nil";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return goComposite(
      "[]interface{}",
      value.map((item) => goAny(item, indent + 1)),
      indent,
    );
  }
  return goComposite(
    "map[string]interface{}",
    Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}: ${goAny(member, indent + 1)}`),
    indent,
  );
}

/**
 * A composite literal whose elements are on their own lines, at `indent` tabs. A pair is written
 * `key: value` with one space: aligning the values is gofmt's layout, and export.ts runs gofmt on
 * the written program rather than re-derive it.
 */
function goComposite(type: string, elements: readonly string[], indent: number): string {
  if (elements.length === 0) return `${type}{}`;
  const pad = "\t".repeat(indent + 1);
  return `${type}{\n${elements.map((element) => `${pad}${element},\n`).join("")}${"\t".repeat(indent)}}`;
}

/** The Go input type of a list or map of values of `shape` (pulumi.StringArray, platform.XArray...). */
function goCollectionType(shape: Shape, suffix: "Array" | "Map"): string {
  switch (shape.kind) {
    case "scalar":
      return `pulumi.${GO_SCALARS[shape.type]}${suffix}`;
    case "any":
      return `pulumi.${suffix}`;
    case "object":
      return `platform.${shape.name}${suffix}`;
    case "array":
      return `${goCollectionType(shape.items, "Array")}${suffix}`;
    case "map":
      return `${goCollectionType(shape.values, "Map")}${suffix}`;
  }
}

function goValue(schema: PackageSchema, value: unknown, shape: Shape, indent: number, where: string): string {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return `cfg.RequireSecret(${JSON.stringify(secret)})`;
  switch (shape.kind) {
    case "scalar":
      return `pulumi.${GO_SCALARS[shape.type]}(${JSON.stringify(value)})`;
    case "any":
      return `pulumi.Any(${goAny(value, indent)})`;
    case "array": {
      const items = asArray(value, where).map((item, index) =>
        goValue(schema, item, shape.items, indent + 1, `${where}[${index}]`),
      );
      return goComposite(goCollectionType(shape.items, "Array"), items, indent);
    }
    case "map": {
      const entries = Object.entries(asObject(value, where)).map(
        ([key, member]) =>
          `${JSON.stringify(key)}: ${goValue(schema, member, shape.values, indent + 1, `${where}.${key}`)}`,
      );
      return goComposite(goCollectionType(shape.values, "Map"), entries, indent);
    }
    case "object":
      return goComposite(
        `platform.${shape.name}Args`,
        goFields(schema, asObject(value, where), shape.properties, indent + 1, where),
        indent,
      );
  }
}

function goFields(
  schema: PackageSchema,
  value: Record<string, unknown>,
  properties: Record<string, SchemaProperty>,
  indent: number,
  where: string,
): string[] {
  return members(value, properties, where).map(([name, member, property]) => {
    const at = `${where}.${name}`;
    return `${goName(name)}: ${goValue(schema, member, shapeOf(schema, property, at), indent, at)}`;
  });
}

/** main.go, valid Go but not laid out: export.ts pipes it through gofmt when Go is installed. */
export function goProgram(plan: ExportPlan, schema: PackageSchema): string {
  const blocks = plan.types.map((declared) => {
    const properties = resourceProperties(schema, declared.entry.type);
    const list = declared.entry.configKey;
    const options = dependencies(plan, declared)
      .map(({ entry }) => `, pulumi.DependsOn(${entry.configKey})`)
      .join("");
    const declarations = declared.resources.map(({ name, args }) => {
      const fields = goFields(schema, args, properties, 4, `${declared.entry.type} ${name}`);
      const struct = goComposite(`&platform.${declared.entry.type}Args`, fields, 3);
      return [
        "\t\t{",
        `\t\t\tresource, err := platform.New${declared.entry.type}(ctx, ${JSON.stringify(name)}, ${struct}${options})`,
        "\t\t\tif err != nil {",
        "\t\t\t\treturn err",
        "\t\t\t}",
        `\t\t\t${list} = append(${list}, resource)`,
        "\t\t}",
      ].join("\n");
    });
    return [`\t\tvar ${list} []pulumi.Resource`, ...declarations].join("\n");
  });
  const count = plan.types.map(({ entry }) => `len(${entry.configKey})`).join("+") || "0";
  const secrets = plan.secrets.length > 0;
  return [
    ...header(plan, "go").map((line) => `// ${line}`),
    "package main",
    "",
    "import (",
    `\t"${GO_SDK_MODULE}/platform"`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(secrets ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...(secrets ? ['\t\tcfg := config.New(ctx, "")'] : []),
    ...blocks,
    `\t\tctx.Export("resourceCount", pulumi.Int(${count}))`,
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The project files of each language.

/** The `plugins:` entry of Pulumi.yaml: the plugin from `npm install` in the program's folder. */
const PLUGIN_ENTRY = {
  providers: [{ name: "platform", path: `${PACKAGE_DIR}/provider/native` }],
};

/** Pulumi.yaml of a native program (for YAML, the program itself). */
export function nativeProject(
  plan: ExportPlan,
  language: NativeExportLanguage,
  schema: PackageSchema,
): Record<string, unknown> {
  const runtime = language === "python" ? { name: "python", options: { virtualenv: "venv" } } : language;
  const project: Record<string, unknown> = {
    name: plan.project,
    description: `Project ${plan.groupId} as exported by pulumi-cluster-platform export`,
    runtime,
    plugins: PLUGIN_ENTRY,
  };
  if (language !== "yaml") return project;
  if (plan.secrets.length > 0) {
    project.config = Object.fromEntries(
      plan.secrets.map((secret) => [secret.key, { type: "string", secret: true }]),
    );
  }
  project.resources = yamlResources(plan, schema);
  const count = plan.types.reduce((sum, { resources }) => sum + resources.length, 0);
  project.outputs = { resourceCount: count };
  return project;
}

export function goMod(plan: ExportPlan, versions: NativeVersions): string {
  return `module ${plan.project}

go 1.25

require (
\t${GO_SDK_MODULE} v0.0.0
\tgithub.com/pulumi/pulumi/sdk/v3 ${versions.pulumiGo}
)

// The generated Go SDK, shipped in the npm package (\`npm install\` first).
replace ${GO_SDK_MODULE} => ./${PACKAGE_DIR}/sdk/native/go
`;
}

export function requirementsTxt(versions: NativeVersions): string {
  return `pulumi${versions.pulumiPython}
# The generated Python SDK, shipped in the npm package (\`npm install\` first).
./${PACKAGE_DIR}/sdk/native/python
`;
}

/** package.json of a native program: only this package, for the plugin and the SDKs. */
export function nativePackageJson(plan: ExportPlan, versions: NativeVersions): string {
  return `${JSON.stringify(
    {
      name: plan.project,
      private: true,
      dependencies: { "pulumi-cluster-platform": `^${versions.package}` },
    },
    null,
    2,
  )}\n`;
}
