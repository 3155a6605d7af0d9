/**
 * The runtime's resource table (provider/runtime/resources.ts), written from the resource folders:
 * each type's declaration, loaded on first use of the type. The dynamic provider host loads only the
 * resources a program uses (its start-up time, docs/resources.md "The provider process"), so the
 * table holds one loader per type rather than importing every declaration; each loader is typed by
 * its module's own type, so a folder whose `resource.ts` exports no declaration fails the type check.
 */
import type { ResourceDefinition } from "../../provider/framework/resource";
import { generatedHeader } from "./sdk";

/** Where the table is written, relative to the repository. */
export const RUNTIME_TABLE_FILE = "provider/runtime/resources.ts";

/** The table's text: every declared resource by type name (the order `declaredResources` gives). */
export function renderRuntimeTable(
  resources: ReadonlyArray<{ definition: ResourceDefinition; folder: string }>,
): string {
  const modules = [...resources].sort((a, b) => a.folder.localeCompare(b.folder));
  return [
    generatedHeader("provider/resources/*/resource.ts"),
    "/**",
    " * The resource table: type name (the `<Type>` of `pulumi-nodejs:dynamic/platform:<Type>`, never renamed:",
    " * state refers to it) -> its declaration, loaded on first use of the type. One entry per folder of",
    " * provider/resources/; the type annotations are erased, so only `require` loads a module.",
    " */",
    'import type { ResourceDefinition } from "../framework/resource";',
    ...modules.map(({ folder }) => `import type * as ${folder} from "../resources/${folder}/resource";`),
    "",
    "export const RESOURCES = {",
    // Laid out by the repository's formatter afterwards (format.ts), like every generated .ts file.
    ...resources.map(
      ({ definition, folder }) =>
        `  ${definition.type}: () => (require("../resources/${folder}/resource") as typeof ${folder}).resource,`,
    ),
    "} as const satisfies Readonly<Record<string, () => ResourceDefinition>>;",
    "",
    "/** A type name of the table. */",
    "export type ResourceType = keyof typeof RESOURCES;",
    "",
  ].join("\n");
}
