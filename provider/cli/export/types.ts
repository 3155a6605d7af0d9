/**
 * ===== THE EXPORT TABLE =====
 * What `pulumi-cluster-platform export` reads: one entry per resource type of the runtime's resource
 * table (provider/runtime/resources.ts), made from the `exported` facet of each
 * resource's declaration (provider/resources/<name>/resource.ts; ExportFacet in
 * provider/framework/resource.ts): how to find the ids of the objects that exist, the config key and
 * list name of the declared objects, and a readable Pulumi resource name. Everything else is shared:
 * each object is read with the resource's own `read` (so the arguments written are exactly the "live
 * inputs" its diff compares against, with the service's defaults filled in), declared with
 * `importId`, and masked credentials become secret config placeholders (plan.ts).
 *
 * The entries are in the order the generated program declares them: a type after every type its
 * `after` names, otherwise in the resource table's order (by type name).
 */
import type { ExportFacet } from "../../framework/resource";
import { lookupDefinition, RESOURCE_TYPES } from "../../runtime";

/** One resource type as the export command sees it: its type name and its declaration's facet. */
export interface ExportedType extends ExportFacet {
  /** The runtime type name: the sdk class, `<type>Args` its arguments, one of RESOURCE_TYPES. */
  type: string;
}

/**
 * The table from the declarations, each type after those its `after` names.
 * @throws Error naming a type without a facet, an `after` that names no type, or a cycle
 */
export function exportTable(
  declared: ReadonlyArray<{ type: string; exported: ExportFacet | undefined }>,
): ExportedType[] {
  const pending: ExportedType[] = declared.map(({ type, exported }) => {
    if (exported === undefined) {
      throw new Error(`resource type ${type} declares no \`exported\` facet: export cannot read its objects`);
    }
    for (const earlier of exported.after ?? []) {
      if (!declared.some((candidate) => candidate.type === earlier)) {
        throw new Error(
          `resource type ${type}: \`exported.after\` names ${earlier}, which is not a resource type`,
        );
      }
    }
    return { type, ...exported };
  });
  const ordered: ExportedType[] = [];
  while (pending.length > 0) {
    const next = pending.findIndex((entry) =>
      (entry.after ?? []).every((earlier) => ordered.some((done) => done.type === earlier)),
    );
    if (next < 0) {
      throw new Error(
        `the \`exported.after\` of ${pending.map((entry) => entry.type).join(", ")} form a cycle: no order declares each after its dependencies`,
      );
    }
    ordered.push(...pending.splice(next, 1));
  }
  return ordered;
}

let table: readonly ExportedType[] | undefined;

/**
 * The export table of this package's resource types (loaded on first use: it loads every resource
 * declaration, which the other commands do not need).
 */
export function exportedTypes(): readonly ExportedType[] {
  table ??= exportTable(RESOURCE_TYPES.map((type) => ({ type, exported: lookupDefinition(type)?.exported })));
  return table;
}
