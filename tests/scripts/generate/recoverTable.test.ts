/**
 * docs/cli.md's table of what each type's findCreated looks for, written from the declarations'
 * `findsCreated` words (scripts/generate/recoverTable.ts).
 */
import type { ResourceDefinition } from "../../../provider/framework/resource";
import { declaredResources } from "../../../scripts/generate";
import { recoverTable } from "../../../scripts/generate/recoverTable";

/** A declaration with only what the table reads. */
function declared(
  type: string,
  findsCreated: ResourceDefinition["findsCreated"],
): { definition: ResourceDefinition } {
  return { definition: { type, findsCreated } as ResourceDefinition };
}

test("types with the same words share a row, rows in the order of their first type name", () => {
  expect(
    recoverTable([
      declared("Zebra", { identifies: "its name", dated: "createdAt" }),
      declared("Beta", { identifies: "the one object" }),
      declared("Alpha", { identifies: "the one object" }),
      declared("Gamma", { identifies: "its name" }),
    ]),
  ).toBe(
    [
      "| type | what identifies the object the create made | date used |",
      "| --- | --- | --- |",
      "| Alpha, Beta | the one object | - |",
      "| Gamma | its name | - |",
      "| Zebra | its name | `createdAt` |",
    ].join("\n"),
  );
});

test("a type without the words stops generate, naming the type and what to write", () => {
  expect(() => recoverTable([declared("Thing", undefined)])).toThrow(
    "resource type Thing declares no `findsCreated`: say in words what its findCreated looks for (docs/cli.md, recover)",
  );
});

test("every declared type has the words, one row each or shared", () => {
  const resources = declaredResources();
  const table = recoverTable(resources);
  for (const { definition } of resources) expect(table).toContain(definition.type);
});
