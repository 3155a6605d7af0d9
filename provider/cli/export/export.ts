/**
 * `pulumi-cluster-platform export`: reads a live project through the client and writes a program that
 * adopts every object it found, or the import file `pulumi import --file` reads (docs/cli.md,
 * "export"). Which types and how each is found: the export table (types.ts); what is written:
 * plan.ts, files.ts and one writer per language (typescript.ts, yaml.ts, python.ts, go.ts).
 *
 * Each object is read with its resource's own `read` (the same code `pulumi refresh` runs), so the
 * declared arguments are the live inputs the resource's diff compares against: `pulumi up` on the
 * result adopts (importId) and writes nothing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { HEX24 } from "../../../api/ids";
import { isPlatformError, type PlatformClient } from "../../client";
import { idPartProblem } from "../../framework/ids";
import type { PlatformProvider } from "../../framework/types";
import { CliError, type Progress } from "../engine";
import { importFileText, type ProgramVersions, programFiles } from "./files";
import { gofmt } from "./go";
import {
  type ExportFormat,
  type ExportLanguage,
  type ExportPlan,
  type FoundObject,
  planExport,
} from "./plan";
import { type PackageSchema, PULUMI_GO_SDK, PULUMI_PYTHON_REQUIREMENT } from "./schema";
import { type ExportedType, exportedTypes } from "./types";

export interface ExportOptions {
  command: "export";
  format: ExportFormat;
  groupId: string;
  /** The clusters whose cluster-scoped objects are exported; empty: every cluster of the project. */
  clusters: string[];
  /** The folder of the program; the file, for an import file. */
  out: string;
  force: boolean;
  /** The Pulumi project name of the program (its config namespace). */
  project: string;
  /** The stack whose config file is written. */
  stack: string;
  /** The program's language: TypeScript on the dynamic form, YAML, Python or Go on the native plugin. */
  language: ExportLanguage;
  /** Connection settings given on the command line; the rest comes from PLATFORM_* variables. */
  baseUrl: string | undefined;
  publicKey: string | undefined;
  clientId: string | undefined;
}

/** What export needs to read: a client, and each resource type's implementation. */
export interface ExportDeps {
  client: PlatformClient;
  provider(type: string): PlatformProvider;
  progress: Progress;
  /** The environment whose PATH gofmt is looked up in (a Go program); process.env when not given. */
  env?: NodeJS.ProcessEnv;
}

/** Refuses bad input before any request: ids, cluster names, a non-empty output folder. */
export function checkExportOptions(options: ExportOptions): void {
  if (!HEX24.pattern.test(options.groupId)) {
    throw new CliError(`--group ${HEX24.rule}; got ${JSON.stringify(options.groupId)}`);
  }
  for (const cluster of options.clusters) {
    const problem = idPartProblem("clusterName", cluster);
    if (problem !== undefined) throw new CliError(`--cluster: ${problem}`);
  }
  for (const option of ["project", "stack"] as const) {
    if (!/^[A-Za-z0-9_.-]+$/.test(options[option])) {
      throw new CliError(
        `--${option} must contain only letters, digits, _, . and -; got ${JSON.stringify(options[option])}`,
      );
    }
  }
  if (options.format === "import-file") {
    if (existsSync(options.out) && statSync(options.out).isDirectory()) {
      throw new CliError(
        `--out ${options.out} is a folder: with --format import-file, --out names the file to write`,
      );
    }
    if (!options.force && existsSync(options.out)) {
      throw new CliError(`${options.out} exists: choose a new file, or pass --force to overwrite it`);
    }
    return;
  }
  if (!options.force && existsSync(options.out) && readdirSync(options.out).length > 0) {
    throw new CliError(
      `${options.out} is not empty: choose an empty or new folder, or pass --force to overwrite the files export writes there`,
    );
  }
}

/**
 * The `platform:*` settings from the command line; the secret halves of the credentials only from
 * the environment (a command line is visible to every user of the machine). Given a credential on
 * the command line, the matching secret is taken from its variable explicitly: the client ignores
 * credential variables once the config names a credential.
 */
export function connectionSettings(
  options: Pick<ExportOptions, "baseUrl" | "publicKey" | "clientId">,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const settings: Record<string, string> = {};
  if (options.baseUrl !== undefined) settings["platform:baseUrl"] = options.baseUrl;
  if (options.publicKey !== undefined) {
    settings["platform:publicKey"] = options.publicKey;
    if (env.PLATFORM_PRIVATE_KEY) settings["platform:privateKey"] = env.PLATFORM_PRIVATE_KEY;
  }
  if (options.clientId !== undefined) {
    settings["platform:clientId"] = options.clientId;
    if (env.PLATFORM_CLIENT_SECRET) settings["platform:clientSecret"] = env.PLATFORM_CLIENT_SECRET;
  }
  return settings;
}

/** A refusal that means "this kind of object does not exist here" (a tier without search, ...). */
function isNotApplicable(error: unknown): boolean {
  return isPlatformError(error) && (error.status === 400 || error.status === 404 || error.status === 409);
}

/** Prefixes a failure with what was being read, keeping it one line. */
function reading(what: string, error: unknown): CliError {
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`reading ${what}: ${message.split("\n").join(" ")}`);
}

/** The clusters to export: the project's, or those named (each must exist). */
async function clustersOf(client: PlatformClient, options: ExportOptions): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const cluster of client.legacy.listAllClusters(options.groupId)) names.push(cluster.name);
  } catch (error) {
    throw reading(`project ${options.groupId}`, error);
  }
  if (options.clusters.length === 0) return names;
  const unknown = options.clusters.filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new CliError(
      `--cluster ${unknown.join(", ")}: no such cluster in project ${options.groupId} (its clusters: ${names.join(", ") || "none"})`,
    );
  }
  return options.clusters;
}

/** The objects of one type (in one project, or one cluster of it) that exist. */
async function findObjects(
  entry: ExportedType,
  deps: ExportDeps,
  groupId: string,
  clusterName: string,
): Promise<FoundObject[]> {
  const where = entry.scope === "cluster" ? `cluster ${clusterName}` : `project ${groupId}`;
  let ids: string[];
  try {
    ids = await entry.find(deps.client, groupId, clusterName);
  } catch (error) {
    if (!isNotApplicable(error)) throw reading(`${entry.type} objects of ${where}`, error);
    deps.progress(`  ${entry.type} in ${where}: none (${(error as Error).message.split("\n")[0]})`);
    return [];
  }
  const found: FoundObject[] = [];
  for (const id of ids) {
    let read: Awaited<ReturnType<PlatformProvider["read"]>>;
    try {
      read = await deps.provider(entry.type).read(id, {});
    } catch (error) {
      if (isNotApplicable(error)) continue;
      throw reading(`${entry.type} ${id}`, error);
    }
    // An empty answer: the object does not exist (a singleton never configured, a deleted object).
    if (read.id === undefined || read.id === "" || read.inputs === undefined) continue;
    found.push({ id: read.id, inputs: read.inputs as Record<string, unknown> });
  }
  return found;
}

/** Reads every object of every exported type in the project; progress per type on stderr. */
export async function readProject(options: ExportOptions, deps: ExportDeps): Promise<ExportPlan> {
  deps.progress(`Reading project ${options.groupId} at ${deps.client.config.baseUrl} (reads only)`);
  const clusters = await clustersOf(deps.client, options);
  deps.progress(`  clusters: ${clusters.length > 0 ? clusters.join(", ") : "none"}`);
  const found: Array<{ entry: ExportedType; objects: FoundObject[] }> = [];
  for (const entry of exportedTypes()) {
    const objects: FoundObject[] = [];
    const scopes = entry.scope === "cluster" ? clusters : [""];
    for (const clusterName of scopes) {
      objects.push(...(await findObjects(entry, deps, options.groupId, clusterName)));
    }
    deps.progress(`  ${entry.type}: ${objects.length} found`);
    found.push({ entry, objects });
  }
  return planExport(
    {
      project: options.project,
      stack: options.stack,
      groupId: options.groupId,
      clusters,
      baseUrl: deps.client.config.baseUrl,
    },
    found,
  );
}

/**
 * The folder of this package: Node.js resolves a package's own name from inside it (its `exports`
 * name ./package.json), from provider/cli (tests) as from dist/provider/cli.
 */
function packageRoot(): string {
  return dirname(require.resolve("pulumi-cluster-platform/package.json"));
}

/** This package's version, its @pulumi/pulumi version, and the Pulumi SDKs a native program pins. */
export function packageVersions(): ProgramVersions {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as {
    version?: string;
    dependencies?: Record<string, string>;
  };
  return {
    package: manifest.version ?? "0.0.0",
    pulumi: manifest.dependencies?.["@pulumi/pulumi"] ?? "^3.0.0",
    pulumiGo: PULUMI_GO_SDK,
    pulumiPython: PULUMI_PYTHON_REQUIREMENT,
  };
}

/** The native plugin's package schema (shipped in the package: provider/native/schema.json). */
export function packageSchema(): PackageSchema {
  return JSON.parse(
    readFileSync(join(packageRoot(), "provider", "native", "schema.json"), "utf8"),
  ) as PackageSchema;
}

/** What `progress` says when there is no gofmt to lay out main.go. */
export const GO_UNFORMATTED =
  "gofmt is not on PATH: main.go is written unformatted (valid Go, values not aligned); run `gofmt -w main.go` to lay it out";

/**
 * Writes the program's files into `out` (created when missing); returns their names. A Go program is
 * laid out by gofmt when Go is installed; without it, `progress` says it is unformatted.
 */
export function writeProgram(
  out: string,
  plan: ExportPlan,
  language: ExportLanguage,
  progress: Progress,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const files = programFiles(
    plan,
    packageVersions(),
    language,
    language === "typescript" ? undefined : packageSchema(),
  );
  const go = files["main.go"];
  if (go !== undefined) {
    const laidOut = gofmt(go, env);
    if (laidOut === undefined) progress(GO_UNFORMATTED);
    else files["main.go"] = laidOut;
  }
  mkdirSync(out, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(out, name), content);
  return Object.keys(files);
}

/**
 * Writes the import file to `out` (its folder created when missing); `progress` names the resources
 * whose credentials the service returns masked, which the import stores masked.
 */
export function writeImportFile(out: string, plan: ExportPlan, progress: Progress): void {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, importFileText(plan, packageSchema()));
  const total = plan.types.reduce((sum, { resources }) => sum + resources.length, 0);
  progress(
    `Wrote ${out}: ${total} resources; adopt them into the selected stack with \`pulumi import --file ${out}\`` +
      " (the project's Pulumi.yaml names the plugin pulumi-resource-platform: docs/native.md)",
  );
  for (const secret of plan.secrets) {
    progress(
      `  ${secret.type} ${secret.resourceName}: ${secret.path} is returned masked (****${secret.visibleSuffix}) and imported so; give the real value as a secret in the program`,
    );
  }
}

/** The whole command: check, read, write. Exit code 0 (errors are thrown as CliError). */
export async function exportProject(options: ExportOptions, deps: ExportDeps): Promise<ExportPlan> {
  checkExportOptions(options);
  const plan = await readProject(options, deps);
  if (options.format === "import-file") {
    writeImportFile(options.out, plan, deps.progress);
    return plan;
  }
  const files = writeProgram(options.out, plan, options.language, deps.progress, deps.env);
  const total = plan.types.reduce((sum, { resources }) => sum + resources.length, 0);
  deps.progress(
    `Wrote ${files.join(", ")} to ${options.out}: ${total} resources` +
      (plan.secrets.length > 0 ? `, ${plan.secrets.length} secrets to set (README.md lists them)` : ""),
  );
  return plan;
}
