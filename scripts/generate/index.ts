/**
 * `npm run generate`: writes what mirrors the resource declarations (provider/resources/<name>/
 * resource.ts) so that it is never kept by hand:
 *
 * - sdk/<name>.ts, the TypeScript SDK class of each resource, and sdk/index.ts, which exports them;
 * - the Arguments and Outputs tables of docs/resources/<name>.md, and its example in every language
 *   (examples.ts);
 * - the per-resource table of docs/resources.md and the README's resource table;
 * - docs/cli.md's table of what each type's findCreated looks for (recoverTable.ts);
 * - api/alertVariants.ts, from the vendored contract (alertVariants.ts);
 * - provider/runtime/resources.ts, the runtime's resource table (runtimeTable.ts);
 * - provider/native/schema.json, the package schema of the native plugin (packageSchema.ts).
 *
 * The TypeScript files are laid out by `biome format` (format.ts), not by their writers.
 *
 * `npm run generate -- --check` writes nothing and names each file that differs from what would be
 * written, with its first differing line (tests/scripts/generate/generate.int.test.ts runs the same
 * check).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ResourceDefinition } from "../../provider/framework/resource";
import * as functions from "../../provider/functions";
import type { FunctionDeclaration } from "../../provider/functions/define";
import { OUTPUT_FILE as ALERT_VARIANTS_FILE, renderAlertVariants } from "./alertVariants";
import { argumentsTable, outputsTable, overviewTable, readmeTable, replaceBlock } from "./docs";
import { EXAMPLES_BLOCK, type ExampleSchema, examplesBlock } from "./examples";
import { formatGo, formatTypeScript } from "./format";
import { renderPackageSchema } from "./packageSchema";
import { RECOVER_TABLE_BLOCK, recoverTable } from "./recoverTable";
import { RUNTIME_TABLE_FILE, renderRuntimeTable } from "./runtimeTable";
import { renderSdk, renderSdkIndex } from "./sdk";

export const ROOT = join(__dirname, "../..");

/** Where the native plugin's package schema is written (and read by the plugin, provider/native/). */
export const PACKAGE_SCHEMA_FILE = "provider/native/schema.json";

/** A declared resource and its folder under provider/resources/. */
export interface DeclaredResource {
  definition: ResourceDefinition;
  folder: string;
}

/** Every declared resource, sorted by type name. */
export function declaredResources(): DeclaredResource[] {
  const base = join(ROOT, "provider/resources");
  const found: DeclaredResource[] = [];
  for (const folder of readdirSync(base).sort()) {
    if (!existsSync(join(base, folder, "resource.ts"))) continue;
    const module = require(join(base, folder, "resource")) as { resource?: ResourceDefinition };
    if (module.resource === undefined)
      throw new Error(`provider/resources/${folder}/resource.ts exports no resource`);
    found.push({ definition: module.resource, folder });
  }
  return found.sort((a, b) => a.definition.type.localeCompare(b.definition.type));
}

/** Every function of the package (provider/functions), by its declaration. */
export function declaredFunctions(): FunctionDeclaration[] {
  return Object.values(functions).flatMap((value) =>
    typeof value === "function" && "declaration" in value
      ? [(value as { declaration: FunctionDeclaration }).declaration]
      : [],
  );
}

/**
 * Every generated file: path relative to the repository -> its content. The TypeScript files are
 * laid out by the repository's formatter (format.ts), not by their writers.
 */
export function generatedFiles(
  resources: readonly DeclaredResource[] = declaredResources(),
): Map<string, string> {
  const files = new Map<string, string>();
  files.set(ALERT_VARIANTS_FILE, renderAlertVariants());
  const read = (path: string) => files.get(path) ?? readFileSync(join(ROOT, path), "utf8");
  const byFolder = new Map(resources.map(({ definition, folder }) => [folder, definition]));
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  const schema = renderPackageSchema(resources, declaredFunctions(), version);
  files.set(PACKAGE_SCHEMA_FILE, schema);
  // Each page's examples are rendered from the schema the SDKs are generated from (their names and types).
  const exampleSchema = JSON.parse(schema) as ExampleSchema;
  for (const { definition, folder } of resources) {
    files.set(`sdk/${folder}.ts`, renderSdk(definition, folder, byFolder));
    const page = `docs/resources/${folder}.md`;
    if (!files.has(page) && !existsSync(join(ROOT, page)))
      throw new Error(
        `${page} does not exist: write the resource's page (its prose, and empty generated blocks "examples", "arguments" and "outputs" copied from another page; CONTRIBUTING.md, "Adding a resource", step 8), then run this again`,
      );
    let text = read(page);
    text = replaceBlock(text, "arguments", argumentsTable(definition), page);
    text = replaceBlock(text, "outputs", outputsTable(definition), page);
    text = replaceBlock(
      text,
      EXAMPLES_BLOCK,
      examplesBlock(definition, folder, exampleSchema, (go) => formatGo(page, go)),
      page,
    );
    files.set(page, text);
  }
  files.set("sdk/index.ts", renderSdkIndex(resources.map(({ folder }) => folder)));
  files.set(RUNTIME_TABLE_FILE, renderRuntimeTable(resources));
  // The overview tables list every resource: written once every folder has its declaration.
  const folders = readdirSync(join(ROOT, "provider/resources"));
  if (folders.length === resources.length) {
    files.set(
      "docs/resources.md",
      replaceBlock(read("docs/resources.md"), "resources", overviewTable(resources), "docs/resources.md"),
    );
    const nativeTypes = new Set(
      Object.keys(exampleSchema.resources).map((token) => token.slice(token.lastIndexOf(":") + 1)),
    );
    files.set(
      "README.md",
      replaceBlock(read("README.md"), "resources", readmeTable(resources, nativeTypes), "README.md"),
    );
    files.set(
      "docs/cli.md",
      replaceBlock(read("docs/cli.md"), RECOVER_TABLE_BLOCK, recoverTable(resources), "docs/cli.md"),
    );
  }
  for (const [path, content] of files) {
    if (path.endsWith(".ts")) files.set(path, formatTypeScript(path, content));
  }
  return files;
}

/**
 * Why a generated file's content on disk (`written`; undefined: missing) is not what `npm run generate`
 * writes (`expected`): the first differing line and the command to run; undefined when it is.
 */
export function generatedDrift(
  path: string,
  written: string | undefined,
  expected: string,
): string | undefined {
  if (written === expected) return undefined;
  if (written === undefined) return `${path} does not exist: run \`npm run generate\` and commit the result.`;
  const a = written.split("\n");
  const b = expected.split("\n");
  let line = 0;
  while (line < Math.max(a.length, b.length) && a[line] === b[line]) line++;
  return [
    `${path} is not what \`npm run generate\` writes: run it and commit the result.`,
    `First difference at line ${line + 1}:`,
    `  file:      ${a[line] ?? "(end of file)"}`,
    `  generated: ${b[line] ?? "(end of file)"}`,
  ].join("\n");
}

/** The generated files whose content on disk differs from what `npm run generate` writes. */
export function staleFiles(files: ReadonlyMap<string, string> = generatedFiles()): string[] {
  return [...files]
    .filter(
      ([path, content]) =>
        !existsSync(join(ROOT, path)) || readFileSync(join(ROOT, path), "utf8") !== content,
    )
    .map(([path]) => path);
}

if (require.main === module) {
  const check = process.argv.includes("--check");
  const files = generatedFiles();
  const stale = staleFiles(files);
  if (check) {
    if (stale.length > 0) {
      for (const path of stale) {
        const file = join(ROOT, path);
        const written = existsSync(file) ? readFileSync(file, "utf8") : undefined;
        process.stderr.write(`${generatedDrift(path, written, files.get(path) as string)}\n`);
      }
      process.exit(1);
    }
    process.stdout.write(`${files.size} generated files up to date\n`);
  } else {
    for (const path of stale) writeFileSync(join(ROOT, path), files.get(path) as string);
    process.stdout.write(
      `${stale.length} of ${files.size} generated files written${stale.length > 0 ? `: ${stale.join(", ")}` : ""}\n`,
    );
  }
}
