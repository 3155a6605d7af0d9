/**
 * docs/cli.md's table "How each type finds what its create made" (`recover`), written from each
 * declaration's `findsCreated`: the words of what its `findCreated` looks for. Types whose words are
 * the same share a row, in the order of their first type name.
 */
import type { ResourceDefinition } from "../../provider/framework/resource";

/** The generated block of docs/cli.md that holds the table. */
export const RECOVER_TABLE_BLOCK = "recover types";

/**
 * The table.
 * @throws Error naming a resource type whose declaration has no `findsCreated` words
 */
export function recoverTable(resources: ReadonlyArray<{ definition: ResourceDefinition }>): string {
  const rows = new Map<string, { types: string[]; identifies: string; dated: string }>();
  for (const { definition } of [...resources].sort((a, b) =>
    a.definition.type.localeCompare(b.definition.type),
  )) {
    const words = definition.findsCreated;
    if (words === undefined)
      throw new Error(
        `resource type ${definition.type} declares no \`findsCreated\`: say in words what its findCreated looks for (docs/cli.md, recover)`,
      );
    const dated = words.dated === undefined ? "-" : `\`${words.dated}\``;
    const key = JSON.stringify([words.identifies, dated]);
    const row = rows.get(key) ?? { types: [], identifies: words.identifies, dated };
    row.types.push(definition.type);
    rows.set(key, row);
  }
  return [
    "| type | what identifies the object the create made | date used |",
    "| --- | --- | --- |",
    ...[...rows.values()].map(
      (row) => `| ${row.types.join(", ")} | ${row.identifies.replaceAll("|", "\\|")} | ${row.dated} |`,
    ),
  ].join("\n");
}
