/**
 * What the programs `pulumi-cluster-platform export --language yaml|python|go` writes share (pure: no
 * I/O): the package schema's shapes, type tokens, the versions they pin (yaml.ts, python.ts, go.ts).
 *
 * The declarations are those of the TypeScript program (plan.ts planExport: the same names,
 * `importId` on every object, masked credentials as secret config placeholders, a type's `after` as
 * dependsOn), written as code for the native plugin `pulumi-resource-platform` (type tokens
 * `platform:index:<Type>`; docs/native.md): each property is named and typed as the package schema
 * (provider/native/schema.json) and the SDKs generated from it (sdk/native) say, so the program is
 * checked like one written by hand. A property the schema does not know is refused rather than
 * written into a program that would fail its first preview.
 */
import type { ExportPlan, NativeExportLanguage } from "./plan";

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
export const PACKAGE_DIR = "node_modules/pulumi-cluster-platform";

/** A placeholder of the plan (`{ "fromSecretConfig": "<key>" }`, plan.ts). */
export function secretKeyOf(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  const [first] = entries;
  return entries.length === 1 && first?.[0] === "fromSecretConfig" && typeof first[1] === "string"
    ? first[1]
    : undefined;
}

/** What a value is, by the schema. */
export type Shape =
  | { kind: "scalar"; type: "string" | "number" | "integer" | "boolean" }
  | { kind: "any" }
  | { kind: "object"; name: string; properties: Record<string, SchemaProperty> }
  | { kind: "array"; items: Shape }
  | { kind: "map"; values: Shape };

export function shapeOf(schema: PackageSchema, property: SchemaProperty, where: string): Shape {
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

/**
 * How one language writes each kind of value; `depth` is the value's nesting below the resource's
 * arguments (0: an argument itself), for the languages that indent.
 */
export interface ValueWriter<T> {
  /** A secret placeholder of the plan (`{ "fromSecretConfig": key }`), at any depth. */
  secret(key: string): T;
  scalar(value: unknown, type: ScalarType): T;
  /** Free-form JSON (`pulumi.json#/Any`). */
  any(value: unknown, depth: number): T;
  array(items: T[], itemShape: Shape, depth: number): T;
  map(entries: Array<[key: string, value: T]>, valueShape: Shape, depth: number): T;
  /** An object of a schema type: its set properties by schema name. */
  object(fields: Array<[name: string, value: T]>, typeName: string, depth: number): T;
}

export type ScalarType = Extract<Shape, { kind: "scalar" }>["type"];

/** Writes `value` of `shape` with `writer`: the one walk over the schema's shapes of every language. */
export function writeValue<T>(
  schema: PackageSchema,
  writer: ValueWriter<T>,
  value: unknown,
  shape: Shape,
  where: string,
  depth = 0,
): T {
  const secret = secretKeyOf(value);
  if (secret !== undefined) return writer.secret(secret);
  switch (shape.kind) {
    case "scalar":
      return writer.scalar(value, shape.type);
    case "any":
      return writer.any(value, depth);
    case "array":
      return writer.array(
        asArray(value, where).map((item, index) =>
          writeValue(schema, writer, item, shape.items, `${where}[${index}]`, depth + 1),
        ),
        shape.items,
        depth,
      );
    case "map":
      return writer.map(
        Object.entries(asObject(value, where)).map(([key, member]) => [
          key,
          writeValue(schema, writer, member, shape.values, `${where}.${key}`, depth + 1),
        ]),
        shape.values,
        depth,
      );
    case "object":
      return writer.object(
        writeFields(schema, writer, asObject(value, where), shape.properties, where, depth + 1),
        shape.name,
        depth,
      );
  }
}

/** The set properties of an object value, each written with `writer` (the schema refuses unknown ones). */
export function writeFields<T>(
  schema: PackageSchema,
  writer: ValueWriter<T>,
  value: Record<string, unknown>,
  properties: Record<string, SchemaProperty>,
  where: string,
  depth = 0,
): Array<[name: string, value: T]> {
  return members(value, properties, where).map(([name, member, property]) => {
    const at = `${where}.${name}`;
    return [name, writeValue(schema, writer, member, shapeOf(schema, property, at), at, depth)];
  });
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
export function members(
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

export function asObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${where}: expected an object, got ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}

export function asArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: expected a list, got ${JSON.stringify(value)}`);
  return value;
}

export function header(plan: ExportPlan, language: NativeExportLanguage): string[] {
  return [
    `Generated by \`pulumi-cluster-platform export --group ${plan.groupId} --language ${language}\`: every object`,
    "found in the project, each with the importId that makes `pulumi up` adopt the existing object instead",
    "of creating one. Edit it as you like; README.md tells how to set the credentials and the secrets.",
  ];
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
