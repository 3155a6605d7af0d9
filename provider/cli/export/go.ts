/**
 * The program `pulumi-cluster-platform export --language go` writes (pure: no I/O): main.go and go.mod
 * (schema.ts says what the native programs share), and gofmt, which lays Go text out.
 */
import { spawnSync } from "node:child_process";
import { dependencies, type ExportPlan } from "./plan";
import {
  GO_SDK_MODULE,
  header,
  type NativeVersions,
  PACKAGE_DIR,
  type PackageSchema,
  resourceProperties,
  type Shape,
  secretKeyOf,
  type ValueWriter,
  writeFields,
} from "./schema";

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

/** Go values: an argument's literal at 4 tabs (inside its struct in main.go), one more per nesting. */
const GO_WRITER: ValueWriter<string> = {
  secret: (key) => `cfg.RequireSecret(${JSON.stringify(key)})`,
  scalar: (value, type) => `pulumi.${GO_SCALARS[type]}(${JSON.stringify(value)})`,
  any: (value, depth) => `pulumi.Any(${goAny(value, 4 + depth)})`,
  array: (items, item, depth) => goComposite(goCollectionType(item, "Array"), items, 4 + depth),
  map: (entries, value, depth) =>
    goComposite(
      goCollectionType(value, "Map"),
      entries.map(([key, member]) => `${JSON.stringify(key)}: ${member}`),
      4 + depth,
    ),
  object: (fields, name, depth) => goComposite(`platform.${name}Args`, goFields(fields), 4 + depth),
};

function goFields(fields: Array<[string, string]>): string[] {
  return fields.map(([name, value]) => `${goName(name)}: ${value}`);
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
      const fields = goFields(
        writeFields(schema, GO_WRITER, args, properties, `${declared.entry.type} ${name}`),
      );
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

/**
 * Go source as `gofmt` (from PATH) lays it out; undefined when there is no gofmt. gofmt refusing the
 * text is a bug of its writer (this file's, or the docs' examples), reported with gofmt's own message.
 */
export function gofmt(source: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const run = spawnSync("gofmt", [], { input: source, encoding: "utf8", env });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") return undefined;
  if (run.error !== undefined) throw run.error;
  if (run.status !== 0) throw new Error(`gofmt refused the Go program it was given: ${run.stderr.trim()}`);
  return run.stdout;
}
