/**
 * The program `pulumi-cluster-platform export --language yaml` writes (pure: no I/O): the resources in
 * Pulumi.yaml; beside it, the Pulumi.yaml of every native program (schema.ts says what they share).
 */
import { dependencies, type ExportPlan, type NativeExportLanguage } from "./plan";
import {
  nativeTypeToken,
  PACKAGE_DIR,
  type PackageSchema,
  resourceProperties,
  secretKeyOf,
  type ValueWriter,
  writeFields,
} from "./schema";

// ---------------------------------------------------------------------------------------------
// YAML: the resources in Pulumi.yaml, the secret placeholders as secret config of the project.

/** A string as Pulumi YAML reads it literally: `${` would start an interpolation and `$$` an escape. */
function yamlLiteral(text: string): string {
  return text.replace(/\$(?=[${])/g, "$$$$");
}

/** YAML values: the JSON the yaml package writes, a secret as the interpolation of its config key. */
const YAML_WRITER: ValueWriter<unknown> = {
  secret: (key) => `\${${key}}`,
  scalar: (value) => (typeof value === "string" ? yamlLiteral(value) : value),
  any: (value) => yamlAny(value),
  array: (items) => items,
  map: (entries) => Object.fromEntries(entries),
  object: (fields) => Object.fromEntries(fields),
};

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
        properties: Object.fromEntries(writeFields(schema, YAML_WRITER, args, properties, where)),
        ...(dependsOn.length > 0 ? { options: { dependsOn } } : {}),
      };
    }
  }
  return resources;
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
