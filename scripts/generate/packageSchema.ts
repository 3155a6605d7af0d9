/**
 * The Pulumi package schema of the native plugin (provider/native/schema.json), written from the
 * same declarations as the TypeScript SDK: every resource `platform:index:<Type>` with its inputs and
 * outputs (secrets marked, descriptions from the property tables), the named types, the provider's
 * configuration (the `platform:*` settings), and the functions `platform:index:get<X>`.
 *
 * What the schema cannot say the way zod does is said more loosely, never more strictly, and the
 * provider's `check` keeps every rule:
 * - a union of objects told apart by a literal field (`typeName`, `type`) is one object type with the
 *   union of their properties, the discriminator a string (SDKs handle `oneOf` unevenly);
 * - any other union of objects, an open object (`{ type, ...options }`) and `unknown` are
 *   `pulumi.json#/Any`;
 * - a value set is a string (or number) whose description lists the values.
 */
import { SETTINGS } from "../../provider/client/config";
import type { ResourceDefinition } from "../../provider/framework/resource";
import type { FunctionDeclaration } from "../../provider/functions/define";
import { outputProperties, resourceModel } from "./resourceModel";
import { inputProperties, type PropertyNode, type TypeNode } from "./typeModel";

/** The package name: type tokens `platform:index:<Type>`, the plugin `pulumi-resource-platform`. */
export const PACKAGE_NAME = "platform";

/**
 * Where a user's Pulumi fetches the plugin when it is not installed (the schema's `pluginDownloadURL`,
 * which every SDK carries): the GitHub releases of the project's repository. The engine reads release
 * tag `v<version>` and takes its asset `pulumi-resource-platform-v<version>-<os>-<arch>.tar.gz`, the
 * archive `npm run package` builds (scripts/package.ts; docs/native.md, "Install"). A fork or a mirror
 * builds its release with PLATFORM_PLUGIN_DOWNLOAD_URL set instead; the committed schema and SDKs keep
 * this one.
 */
export const DEFAULT_PLUGIN_DOWNLOAD_URL =
  "github://api.github.com/pulumi-cluster-platform/pulumi-cluster-platform";

/** A type reference or inline type of the schema (Pulumi's TypeSpec). */
export type TypeSpec = Record<string, unknown>;

/** A property of the schema (Pulumi's PropertySpec). */
export type PropertySpec = TypeSpec & { description?: string; secret?: boolean; default?: unknown };

interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

/** The settings that are numbers or switches rather than text (the rest are strings). */
const NUMBER_SETTINGS = new Set([
  "requestTimeoutMs",
  "deadlineMs",
  "maxRetries",
  "retryBaseDelayMs",
  "retryMaxDelayMs",
  "rateLimitPerMinute",
  "rateLimitWindowMs",
  "maxConnections",
]);
const BOOLEAN_SETTINGS = new Set(["digestNonceReuse"]);
/** Credentials: secret in the configuration and in the provider's state. */
export const SECRET_SETTINGS = new Set(["privateKey", "clientSecret"]);

function token(name: string): string {
  return `${PACKAGE_NAME}:index:${name}`;
}

function pascal(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Writes schema types from type nodes, collecting the named object types it refers to. */
class SchemaTypes {
  readonly types = new Map<string, ObjectTypeSpec>();

  /** The type spec of a node met at `path` (the name an unnamed object gets: `SnapshotExportJobExportStatus`). */
  spec(node: TypeNode, path: string): TypeSpec {
    switch (node.kind) {
      case "string":
      case "number":
      case "integer":
      case "boolean":
        return { type: node.kind };
      case "any":
        return { $ref: "pulumi.json#/Any" };
      case "literal":
        return { type: typeof node.value === "number" ? "number" : typeof node.value };
      case "enum":
        return { type: node.values.every((value) => typeof value === "number") ? "number" : "string" };
      case "array":
        return { type: "array", items: this.spec(node.items, path) };
      case "map":
        return { type: "object", additionalProperties: this.spec(node.values, path) };
      case "object":
        if (node.open) return { $ref: "pulumi.json#/Any" };
        return this.objectRef(node.name ?? path, node.description, node.properties);
      case "union":
        return this.unionSpec(node, path);
    }
  }

  private unionSpec(node: Extract<TypeNode, { kind: "union" }>, path: string): TypeSpec {
    const objects = node.options.filter((option) => option.kind === "object" && !option.open);
    if (objects.length === node.options.length) {
      const union = objects as Extract<TypeNode, { kind: "object" }>[];
      return discriminatorOf(union) === undefined
        ? { $ref: "pulumi.json#/Any" }
        : this.flattened(node, union, path);
    }
    const scalars = ["string", "number", "integer", "boolean", "literal", "enum"];
    if (!node.options.every((option) => scalars.includes(option.kind))) return { $ref: "pulumi.json#/Any" };
    // Scalars only: the widest one (a duration given as text or a number of seconds is text).
    const kinds = node.options.map((option) => this.spec(option, path).type);
    if (kinds.includes("string")) return { type: "string" };
    if (kinds.includes("number")) return { type: "number" };
    return { type: kinds[0] ?? "string" };
  }

  /** One object type for a union of objects with a discriminator: every property, each optional unless all have it. */
  private flattened(
    node: TypeNode,
    objects: readonly Extract<TypeNode, { kind: "object" }>[],
    path: string,
  ): TypeSpec {
    const byName = new Map<string, PropertyNode>();
    for (const object of objects) {
      for (const property of object.properties) {
        const known = byName.get(property.name);
        if (known === undefined) byName.set(property.name, { ...property });
        else if (known.description === undefined && property.description !== undefined)
          known.description = property.description;
      }
    }
    const properties = [...byName.values()].map((property) => ({
      ...property,
      optional: !objects.every((object) =>
        object.properties.some((member) => member.name === property.name && !member.optional),
      ),
    }));
    return this.objectRef(node.name ?? path, node.description, properties);
  }

  private objectRef(
    name: string,
    description: string | undefined,
    properties: readonly PropertyNode[],
  ): TypeSpec {
    const ref = { $ref: `#/types/${token(name)}` };
    if (this.types.has(name)) return ref;
    const spec: ObjectTypeSpec = { type: "object", properties: {} };
    if (description !== undefined) spec.description = description;
    this.types.set(name, spec);
    for (const property of properties) {
      spec.properties[property.name] = this.property(
        property.type,
        `${name}${pascal(property.name)}`,
        property.description,
      );
    }
    const required = properties.filter((property) => !property.optional).map((property) => property.name);
    if (required.length > 0) spec.required = required;
    return ref;
  }

  property(node: TypeNode, path: string, description: string | undefined): PropertySpec {
    const spec: PropertySpec = { ...this.spec(node, path) };
    const values = valueList(node);
    const text = [description, values].filter((part) => part !== undefined && part !== "").join(" ");
    if (text !== "") spec.description = text;
    return spec;
  }
}

/** "One of: a, b, c." for a value set, so the description says what the type cannot. */
function valueList(node: TypeNode): string | undefined {
  if (node.kind === "enum") return `One of: ${node.values.map((value) => JSON.stringify(value)).join(", ")}.`;
  if (node.kind === "array" && node.items.kind === "enum")
    return `Each one of: ${node.items.values.map((value) => JSON.stringify(value)).join(", ")}.`;
  return undefined;
}

/** The property every object of a union has as a literal of its own, if any. */
function discriminatorOf(objects: readonly Extract<TypeNode, { kind: "object" }>[]): string | undefined {
  const first = objects[0];
  if (first === undefined) return undefined;
  for (const property of first.properties) {
    if (property.type.kind !== "literal") continue;
    const values = objects.map(
      (object) => object.properties.find((member) => member.name === property.name)?.type,
    );
    if (values.every((value) => value?.kind === "literal")) return property.name;
  }
  return undefined;
}

/** The schema's entry for one resource. */
function resourceSpec(definition: ResourceDefinition, types: SchemaTypes): Record<string, unknown> {
  const model = resourceModel(definition);
  const inputProperties: Record<string, PropertySpec> = {};
  for (const input of model.inputs) {
    const spec = types.property(input.type, `${definition.type}${pascal(input.name)}`, input.doc);
    // A default only where the schema can hold it: a scalar of the property's own type.
    const scalar = { string: "string", number: "number", integer: "number", boolean: "boolean" }[
      String(spec.type)
    ];
    if (scalar !== undefined && typeof input.defaultValue === scalar) spec.default = input.defaultValue;
    if (input.rule.secret === true) spec.secret = true;
    inputProperties[input.name] = spec;
  }
  const properties: Record<string, PropertySpec> = {};
  for (const output of outputProperties(model)) {
    const spec = types.property(output.type, `${definition.type}${pascal(output.name)}`, output.doc);
    if (output.secret) spec.secret = true;
    properties[output.name] = spec;
  }
  return {
    description: definition.description,
    properties,
    required: outputProperties(model)
      .filter((output) => !output.optional)
      .map((output) => output.name),
    inputProperties,
    requiredInputs: model.inputs.filter((input) => !input.optional).map((input) => input.name),
  };
}

/** The provider's configuration: each `platform:*` setting. */
function settingsSpec(): Record<string, PropertySpec> {
  const variables: Record<string, PropertySpec> = {};
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const type = NUMBER_SETTINGS.has(name) ? "number" : BOOLEAN_SETTINGS.has(name) ? "boolean" : "string";
    const spec: PropertySpec = {
      type,
      description: `${pascal(setting.what)}. Also read from the ${setting.env} environment variable when not set.`,
    };
    if (SECRET_SETTINGS.has(name)) spec.secret = true;
    variables[name] = spec;
  }
  return variables;
}

/**
 * The schema's entry for one function: its arguments, and its answer as `result` (the API's answer,
 * which the function reads through every page; typed as JSON, as the API documents it).
 */
function functionSpec(declaration: FunctionDeclaration, types: SchemaTypes): Record<string, unknown> {
  const properties: Record<string, PropertySpec> = {};
  const args = inputProperties(declaration.args);
  for (const arg of args) {
    properties[arg.name] = types.property(
      arg.type,
      `${pascal(declaration.name)}${pascal(arg.name)}`,
      arg.description,
    );
  }
  const inputs: Record<string, unknown> = { properties };
  const required = args.filter((arg) => !arg.optional).map((arg) => arg.name);
  if (required.length > 0) inputs.required = required;
  return {
    description: `The ${declaration.name} function of pulumi-cluster-platform: see docs/functions.md.`,
    inputs,
    outputs: {
      properties: {
        result: { $ref: "pulumi.json#/Any", description: "The API's answer (every page of a list)." },
      },
      required: ["result"],
    },
  };
}

/** The whole package schema, as JSON text (two-space indented, ending with a newline). */
export function renderPackageSchema(
  resources: ReadonlyArray<{ definition: ResourceDefinition }>,
  functions: readonly FunctionDeclaration[],
  version: string,
): string {
  const types = new SchemaTypes();
  const resourceSpecs: Record<string, unknown> = {};
  for (const { definition } of resources)
    resourceSpecs[token(definition.type)] = resourceSpec(definition, types);
  const functionSpecs: Record<string, unknown> = {};
  for (const declaration of [...functions].sort((a, b) => a.name.localeCompare(b.name))) {
    functionSpecs[token(declaration.name)] = functionSpec(declaration, types);
  }
  const settings = settingsSpec();
  const schema = {
    name: PACKAGE_NAME,
    displayName: "Cluster Platform",
    version,
    description:
      "Resources of the Cluster Platform Administration API: alert configurations, search indexes and search nodes, cloud backup, auditing, custom DNS, cloud provider access, outage simulation and live migration.",
    keywords: ["pulumi", "platform", "category/database", "kind/native"],
    license: "Apache-2.0",
    publisher: "pulumi-cluster-platform",
    pluginDownloadURL: DEFAULT_PLUGIN_DOWNLOAD_URL,
    // supportPack: the SDKs carry the package's version (package.json, setup.py) and the Go SDK a go.mod
    // of its own, which a Go program uses through a `replace` (sdk/native/README.md).
    meta: { moduleFormat: "(.*)", supportPack: true },
    config: { variables: settings },
    provider: {
      description:
        "The provider's settings: the API's base URL and one credential (an API key, or a service account), each also read from its PLATFORM_* environment variable.",
      inputProperties: settings,
      properties: Object.fromEntries(
        Object.entries(settings).filter(
          ([name]) => !NUMBER_SETTINGS.has(name) && !BOOLEAN_SETTINGS.has(name),
        ),
      ),
    },
    types: Object.fromEntries(
      [...types.types].sort(([a], [b]) => a.localeCompare(b)).map(([name, spec]) => [token(name), spec]),
    ),
    resources: resourceSpecs,
    functions: functionSpecs,
    // The names of the generated SDKs (sdk/native/, shipped in the npm package):
    // - Node.js: compiled into the package and imported as `pulumi-cluster-platform/native`; the name is
    //   that of the generated folder's own package.json (a valid npm name, scoped to the project).
    // - Python: the distribution `pulumi_cluster_platform` (pip shows pulumi-cluster-platform, the npm
    //   package's name), imported as `import pulumi_cluster_platform as platform`.
    // - Go: the module path is where the SDK sits in the project's repository (sdk/native/go), the
    //   package `platform`; programs reach it with a `replace` to node_modules/pulumi-cluster-platform/
    //   sdk/native/go.
    language: {
      nodejs: {
        packageName: "@pulumi-cluster-platform/native",
        packageDescription:
          "Native SDK of pulumi-cluster-platform: the resources as served by the pulumi-resource-platform plugin",
      },
      // pythonRequires: the `pulumi` package the SDK depends on needs 3.10, so the SDK says so too
      // (pulumi-sdkgen's default, 3.9, promised a floor that could not install).
      python: { packageName: "pulumi_cluster_platform", pythonRequires: ">=3.10" },
      go: {
        importBasePath: "github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go/platform",
        generateResourceContainerTypes: false,
      },
    },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
