/**
 * The program `pulumi-cluster-platform export` writes, from the objects it read (pure: no I/O).
 *
 * Layout: index.ts is generic (one line per resource type of the export table, types.ts) and
 * the stack config file declares the objects: under `<project>:<configKey>` a list of `{ name, args }`,
 * each `args` being what the resource's `read` returned as its live inputs plus `importId` (its id),
 * so `pulumi up` adopts each object and finds nothing to change. Credentials the service returns
 * masked (`****abcd`) cannot be exported: each becomes `{ "fromSecretConfig": "<key>" }`, which
 * index.ts replaces with `config.requireSecret("<key>")`; the README lists the keys to set.
 */
import { stringify } from "yaml";
import { isMasked, maskedSuffix } from "../../framework/masking";
import type { ExportedType } from "./types";

/** The languages `export --language` writes: TypeScript on the dynamic form, the others native. */
export const EXPORT_LANGUAGES = ["typescript", "yaml", "python", "go"] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];
/**
 * What export writes: a program (in `--language`) that adopts every object through `importId`, or the
 * import file of Pulumi's `pulumi import --file` (the native plugin's type tokens, names and ids).
 */
export const EXPORT_FORMATS = ["program", "import-file"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The languages whose program runs on the native plugin (yaml.ts, python.ts, go.ts). */
export type NativeExportLanguage = Exclude<ExportLanguage, "typescript">;

/** The marker object a secret placeholder is in the stack config file. */
export const SECRET_PLACEHOLDER_KEY = "fromSecretConfig";

/** One object read from the service. */
export interface FoundObject {
  /** Its id (the resource's id format), written as `importId`. */
  id: string;
  /** The live inputs the resource's `read` returned. */
  inputs: Record<string, unknown>;
}

/** A secret the user sets before `pulumi up`: its config key and where it goes. */
export interface SecretPlaceholder {
  /** Key under the project namespace (`pulumi config set --secret <project>:<key>`). */
  key: string;
  /** The resource type and name, and the field path inside its arguments. */
  type: string;
  resourceName: string;
  path: string;
  /** The characters the service still shows (`4242` of `****4242`), to tell which credential it is. */
  visibleSuffix: string;
}

/** One declared resource of the program. */
export interface DeclaredResource {
  name: string;
  args: Record<string, unknown>;
}

/** Every object of one type, declared. */
export interface DeclaredType {
  entry: ExportedType;
  resources: DeclaredResource[];
}

export interface ExportPlan {
  project: string;
  stack: string;
  groupId: string;
  clusters: readonly string[];
  baseUrl: string | undefined;
  types: DeclaredType[];
  secrets: SecretPlaceholder[];
}

/** A Pulumi resource name from free text: lower case, runs of other characters as one dash. */
export function slug(text: string): string {
  const cleaned = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cleaned === "" ? "object" : cleaned;
}

/** `name`, else `name-2`, `name-3`... whichever is not taken yet (and takes it). */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}-${n}`;
  taken.add(candidate);
  return candidate;
}

function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text === "" ? part : `${text}.${part}`),
    "",
  );
}

/**
 * The arguments with each masked value replaced by a placeholder (collected in `secrets`), and
 * `undefined` members dropped (the stack config is JSON).
 */
function withPlaceholders(
  value: unknown,
  path: (string | number)[],
  onSecret: (path: (string | number)[], masked: string) => string,
): unknown {
  if (isMasked(value)) return { [SECRET_PLACEHOLDER_KEY]: onSecret(path, value as string) };
  if (Array.isArray(value))
    return value.map((item, index) => withPlaceholders(item, [...path, index], onSecret));
  if (typeof value === "object" && value !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      if (member !== undefined) result[key] = withPlaceholders(member, [...path, key], onSecret);
    }
    return result;
  }
  return value;
}

/**
 * Declares every found object: a readable name per resource, unique across the whole program (Pulumi
 * requires it per type; a YAML program's resources are one map, so across types too), `importId`, and
 * secret placeholders named `<resource name>-<field path>`.
 */
export function planExport(
  options: Omit<ExportPlan, "types" | "secrets">,
  found: ReadonlyArray<{ entry: ExportedType; objects: readonly FoundObject[] }>,
): ExportPlan {
  const secrets: SecretPlaceholder[] = [];
  const secretKeys = new Set<string>();
  const taken = new Set<string>();
  const types = found.map(({ entry, objects }) => {
    const resources = objects.map((object) => {
      const name = uniqueName(slug(entry.resourceName(object.inputs)), taken);
      const { importId: _ignored, ...inputs } = object.inputs;
      const args = withPlaceholders({ ...inputs, importId: object.id }, [], (path, masked) => {
        const key = uniqueName(`${name}-${path.map(String).join("-")}`, secretKeys);
        secrets.push({
          key,
          type: entry.type,
          resourceName: name,
          path: pathText(path),
          visibleSuffix: maskedSuffix(masked),
        });
        return key;
      }) as Record<string, unknown>;
      return { name, args };
    });
    return { entry, resources };
  });
  return { ...options, types, secrets };
}

/** The resources of the types `entry.after` names that the plan declares, by type. */
export function dependencies(plan: ExportPlan, declared: DeclaredType): DeclaredType[] {
  return (declared.entry.after ?? []).flatMap((type) => {
    const found = plan.types.find((candidate) => candidate.entry.type === type);
    return found === undefined ? [] : [found];
  });
}

/**
 * A YAML document of a JSON object (the `yaml` package's layout: block style, strings quoted when
 * needed). An object that appears twice is written twice: Pulumi YAML refuses anchors and aliases.
 */
export function toYaml(value: Record<string, unknown>): string {
  return stringify(value, { aliasDuplicateObjects: false });
}

// ---------------------------------------------------------------------------------------------
// The files.

/** The stack config file: the base URL, and every declared object under its type's key. */
export function stackConfigFile(plan: ExportPlan): string {
  const config: Record<string, unknown> = {};
  if (plan.baseUrl !== undefined) config["platform:baseUrl"] = plan.baseUrl;
  for (const { entry, resources } of plan.types) {
    config[`${plan.project}:${entry.configKey}`] = resources;
  }
  return (
    `# Written by \`pulumi-cluster-platform export --group ${plan.groupId}\`: every object found in the project,\n` +
    "# each with its importId, so `pulumi up` adopts it and changes nothing. Credentials are not here: see\n" +
    "# README.md for the platform:* credentials and the secret placeholders to set.\n" +
    toYaml({ config })
  );
}

/** Where each language's program declares the objects, and how it reads a secret placeholder. */
const DECLARED_IN: Record<ExportLanguage, { file: (plan: ExportPlan) => string; secretRead: string }> = {
  typescript: { file: (plan) => `Pulumi.${plan.stack}.yaml`, secretRead: "`config.requireSecret`" },
  yaml: { file: () => "Pulumi.yaml", secretRead: "a secret config value the project declares (`config:`)" },
  python: { file: () => "__main__.py", secretRead: "`config.require_secret`" },
  go: { file: () => "main.go", secretRead: "`cfg.RequireSecret`" },
};

/** The commands that install what the program needs, by language. */
const INSTALL: Record<ExportLanguage, string> = {
  typescript: "npm install",
  yaml: "npm install                            # the plugin pulumi-resource-platform, into node_modules",
  python: `npm install                            # the plugin and the Python SDK, into node_modules
python3 -m venv venv
venv/bin/pip install -r requirements.txt  # pulumi, and the SDK from node_modules`,
  go: `npm install                            # the plugin and the Go SDK, into node_modules
go mod tidy                            # the Go SDK of Pulumi and go.sum`,
};

export function readme(plan: ExportPlan, language: ExportLanguage = "typescript"): string {
  const native = language !== "typescript";
  const counts = plan.types
    .filter(({ resources }) => resources.length > 0)
    .map(({ entry, resources }) =>
      native
        ? `| \`platform:index:${entry.type}\` | ${resources.length} |`
        : `| \`${entry.type}\` | ${resources.length} | \`${plan.project}:${entry.configKey}\` |`,
    );
  const secretRows = plan.secrets.map(
    (secret) =>
      `| \`${plan.project}:${secret.key}\` | ${secret.type} \`${secret.resourceName}\`, \`${secret.path}\` | \`****${secret.visibleSuffix}\` |`,
  );
  const secretCommands = plan.secrets.map(
    (secret) =>
      `pulumi config set --secret ${plan.project}:${secret.key} '<value ending in ${secret.visibleSuffix}>'`,
  );
  const total = plan.types.reduce((sum, { resources }) => sum + resources.length, 0);
  const scope =
    plan.clusters.length > 0
      ? `, clusters ${plan.clusters.map((cluster) => `\`${cluster}\``).join(", ")}`
      : " (no cluster)";
  const file = DECLARED_IN[language].file(plan);
  // The input as the program's language spells it (the Python SDK's arguments are snake_case).
  const importId = language === "python" ? "import_id" : language === "go" ? "ImportId" : "importId";
  return `# ${plan.project}

Project \`${plan.groupId}\`${scope}, exported by \`pulumi-cluster-platform export\`: ${total} objects,
declared in [${file}](${file}) with the \`${importId}\` of each, so
\`pulumi up\` adopts them (each resource reads its object and finds nothing to change) instead of
creating new ones.
${
  native
    ? `
The program is written in ${language === "yaml" ? "YAML" : language === "python" ? "Python" : "Go"} for the native plugin \`pulumi-resource-platform\` (type tokens
\`platform:index:<Type>\`, docs/native.md of the package), which \`npm install\` puts in node_modules:
Node.js 22 or newer is needed whatever the program's language.

| type | objects |
| --- | --- |
${counts.length > 0 ? counts.join("\n") : "| (none) | 0 |"}`
    : `
| type | objects | stack config key |
| --- | --- | --- |
${counts.length > 0 ? counts.join("\n") : "| (none) | 0 | |"}`
}

## Set up

\`\`\`sh
${INSTALL[language]}
pulumi stack init ${plan.stack}        # keeps the config already in Pulumi.${plan.stack}.yaml
pulumi config set platform:publicKey <public key>
pulumi config set --secret platform:privateKey <private key>
# or a service account: platform:clientId and (secret) platform:clientSecret,
# or the PLATFORM_* environment variables instead of config
\`\`\`

## Secrets to set

${
  plan.secrets.length === 0
    ? "None: the service returned no masked credential."
    : `The service returns these credentials masked (only their last four characters), so they could not be
exported. Each is read with ${DECLARED_IN[language].secretRead}; set each before \`pulumi up\` (the preview fails
naming any that is missing):

| config key | where | the service shows |
| --- | --- | --- |
${secretRows.join("\n")}

\`\`\`sh
${secretCommands.join("\n")}
\`\`\``
}

## Adopt

\`\`\`sh
pulumi up        # adopts every object: the service sees reads only
pulumi preview   # no changes
\`\`\`

From then on the stack manages the objects: change the ${native ? "program" : "config (or the program)"} and run \`pulumi up\`.
`;
}

/** The header of a YAML file export writes. */
export function writtenBy(plan: ExportPlan, language: ExportLanguage): string {
  return `# Written by \`pulumi-cluster-platform export --group ${plan.groupId} --language ${language}\`.\n`;
}

/** The stack config file of a native program: the base URL only (the objects are in the program). */
export function nativeStackConfigFile(plan: ExportPlan, language: NativeExportLanguage): string {
  return (
    writtenBy(plan, language) +
    "# Credentials are not here: see README.md for the platform:* credentials and the secrets to set.\n" +
    (plan.baseUrl === undefined ? "config: {}\n" : toYaml({ config: { "platform:baseUrl": plan.baseUrl } }))
  );
}
