/**
 * The files of the program `pulumi-cluster-platform export` writes, by language (pure: no I/O):
 * TypeScript on the dynamic form (typescript.ts), YAML, Python and Go on the native plugin
 * (yaml.ts, python.ts, go.ts). Each set is a complete program: Pulumi.yaml, the stack config file, the code,
 * what installs its dependencies, and a README. Beside them, the import file (`--format import-file`):
 * the same objects, under the same names, as the JSON `pulumi import --file` reads.
 */
import { goMod, goProgram } from "./go";
import {
  type ExportLanguage,
  type ExportPlan,
  nativeStackConfigFile,
  readme,
  stackConfigFile,
  toYaml,
  writtenBy,
} from "./plan";
import { pythonProgram, requirementsTxt } from "./python";
import {
  type NativeVersions,
  nativePackageJson,
  nativeTypeToken,
  type PackageSchema,
  resourceProperties,
} from "./schema";
import { indexTs, packageJson, pulumiYaml, tsconfigJson } from "./typescript";
import { nativeProject } from "./yaml";

/** The versions the files pin: this package, and the Pulumi SDK of each language. */
export type ProgramVersions = NativeVersions & { pulumi: string };

/** Every file of the program, by name. `schema`: the package schema, for the native languages. */
export function programFiles(
  plan: ExportPlan,
  versions: ProgramVersions,
  language: ExportLanguage = "typescript",
  schema?: PackageSchema,
): Record<string, string> {
  if (language === "typescript") {
    return {
      "Pulumi.yaml": pulumiYaml(plan),
      [`Pulumi.${plan.stack}.yaml`]: stackConfigFile(plan),
      "index.ts": indexTs(plan),
      "package.json": packageJson(plan, versions),
      "tsconfig.json": tsconfigJson(),
      "README.md": readme(plan),
    };
  }
  if (schema === undefined) throw new Error(`the package schema is needed to write a ${language} program`);
  const project = nativeProject(plan, language, schema);
  const files: Record<string, string> = {
    "Pulumi.yaml":
      (language === "yaml"
        ? `${writtenBy(plan, language)}# Every object found in the project, each with its importId, so \`pulumi up\` adopts it and changes
# nothing. Credentials are not here: see README.md for the platform:* credentials and the secrets to set.
`
        : "") + toYaml(project),
    [`Pulumi.${plan.stack}.yaml`]: nativeStackConfigFile(plan, language),
    "package.json": nativePackageJson(plan, versions),
    "README.md": readme(plan, language),
  };
  if (language === "python") {
    files["__main__.py"] = pythonProgram(plan, schema);
    files["requirements.txt"] = requirementsTxt(versions);
  }
  if (language === "go") {
    files["main.go"] = goProgram(plan, schema);
    files["go.mod"] = goMod(plan, versions);
  }
  return files;
}

/**
 * One resource of Pulumi's import file, the fields `pulumi import --file` reads (Pulumi's docs,
 * "pulumi import", and its importSpec: also `parent`, `provider`, `version`, `pluginDownloadUrl`,
 * `properties`, `logicalName`, `component`, `remote`, and a top-level `nameTable` of the URNs the
 * parent and provider names stand for). Export fills only type, name and id: the objects have no
 * parent, and each is imported through the stack's default provider, configured from its `platform:*`
 * settings as the program's resources are; no version, so the plugin the project names serves it.
 */
export interface ImportFileResource {
  /** The native plugin's type token: the dynamic form cannot be imported (docs/native.md, "Import"). */
  type: string;
  /** The Pulumi resource name, the one the program writers give the same object. */
  name: string;
  /** The resource's id, as its `importId` takes it. */
  id: string;
}

export interface ImportFile {
  resources: ImportFileResource[];
}

/**
 * The import file of the plan: every object, in the export table's order (a type after those it
 * depends on, as the programs declare them), refusing a type the plugin's schema does not serve.
 */
export function importFile(plan: ExportPlan, schema: PackageSchema): ImportFile {
  return {
    resources: plan.types.flatMap((declared) => {
      resourceProperties(schema, declared.entry.type);
      return declared.resources.map(({ name, args }) => {
        if (typeof args.importId !== "string") throw new Error(`${name} has no importId: planExport sets it`);
        return { type: nativeTypeToken(declared.entry.type), name, id: args.importId };
      });
    }),
  };
}

/** The import file as written: JSON, two-space indented, ending with a newline. */
export function importFileText(plan: ExportPlan, schema: PackageSchema): string {
  return `${JSON.stringify(importFile(plan, schema), null, 2)}\n`;
}
