/**
 * The files of the program `pulumi-cluster-platform export` writes, by language (pure: no I/O):
 * TypeScript on the dynamic form (exportProgram.ts), YAML, Python and Go on the native plugin
 * (exportNative.ts). Each set is a complete program: Pulumi.yaml, the stack config file, the code,
 * what installs its dependencies, and a README.
 */
import {
  goMod,
  goProgram,
  type NativeVersions,
  nativePackageJson,
  nativeProject,
  type PackageSchema,
  pythonProgram,
  requirementsTxt,
} from "./exportNative";
import {
  type ExportLanguage,
  type ExportPlan,
  indexTs,
  nativeStackConfigFile,
  packageJson,
  pulumiYaml,
  readme,
  stackConfigFile,
  toYaml,
  tsconfigJson,
  writtenBy,
} from "./exportProgram";

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
