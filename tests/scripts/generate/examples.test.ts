/**
 * The resource pages' examples (scripts/generate/examples.ts): every declaration has one that its own
 * check accepts, each page shows it in the five renderings, and every YAML program names only what
 * the package schema has (the type token, each property and each key of a typed object, the
 * required inputs present). The TypeScript type check is examples.int.test.ts; the Python and Go
 * builds and the previews through the plugin are examples.e2e.test.ts.
 */
import { parse } from "yaml";
import { declaredResources } from "../../../scripts/generate";
import { goName, pythonName, type SchemaType } from "../../../scripts/generate/examples";
import { packageSchema, pageExamples } from "./examplePages";

const schema = packageSchema();

test("every declaration's example passes the resource's own input rules", () => {
  const refused = declaredResources().flatMap(({ definition, folder }) => {
    const parsed = definition.inputs.safeParse(definition.example?.inputs);
    return parsed.success ? [] : [`${folder}: ${parsed.error.message}`];
  });
  expect(refused).toEqual([]);
  expect(declaredResources()).toHaveLength(18);
});

test("every page shows both type tokens and the example in TypeScript (both forms), Python, Go and YAML", () => {
  for (const { type, programs } of pageExamples()) {
    expect(programs["typescript-dynamic"]).toContain('import * as platform from "pulumi-cluster-platform";');
    expect(programs["typescript-dynamic"]).toContain(`new platform.${type}(`);
    expect(programs["typescript-native"]).toContain(
      'import * as platform from "pulumi-cluster-platform/native";',
    );
    expect(programs.python).toContain(`platform.${type}(`);
    expect(programs.go).toContain(`platform.New${type}(ctx, `);
    expect(programs.yaml).toContain(`type: platform:index:${type}`);
  }
});

/** What is wrong with `value` at `path` as a value of `type`: unknown properties, missing required ones. */
function schemaProblems(type: SchemaType, value: unknown, path: string): string[] {
  if (type.$ref?.startsWith("#/types/") === true) {
    const named = schema.types[type.$ref.slice("#/types/".length)];
    if (named === undefined) return [`${path}: no type ${type.$ref}`];
    return objectProblems(named.properties ?? {}, named.required ?? [], value, path);
  }
  if (type.type === "array" && type.items !== undefined) {
    const items = type.items;
    if (!Array.isArray(value)) return [`${path}: not a list`];
    return value.flatMap((item, index) => schemaProblems(items, item, `${path}[${index}]`));
  }
  return [];
}

function objectProblems(
  properties: Record<string, SchemaType>,
  required: readonly string[],
  value: unknown,
  path: string,
): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [`${path}: not an object`];
  const record = value as Record<string, unknown>;
  return [
    ...required.filter((key) => !(key in record)).map((key) => `${path}.${key}: required, missing`),
    ...Object.entries(record).flatMap(([key, item]) => {
      const property = properties[key];
      return property === undefined
        ? [`${path}.${key}: not in the package schema`]
        : schemaProblems(property, item, `${path}.${key}`);
    }),
  ];
}

test("every YAML example names the schema's type token, properties and typed objects' keys, with the required inputs", () => {
  let checked = 0;
  for (const { folder, type, programs } of pageExamples()) {
    const program = parse(programs.yaml) as {
      runtime: string;
      resources: Record<string, { type: string; properties: unknown }>;
    };
    expect(program.runtime).toBe("yaml");
    const resources = Object.values(program.resources);
    expect(resources.map((resource) => resource.type)).toEqual([`platform:index:${type}`]);
    const [resource] = resources;
    const declared = schema.resources[`platform:index:${type}`];
    if (resource === undefined || declared === undefined) throw new Error(`${folder}: no resource`);
    expect(
      objectProblems(
        declared.inputProperties ?? {},
        declared.requiredInputs ?? [],
        resource.properties,
        folder,
      ),
    ).toEqual([]);
    checked++;
  }
  expect(checked).toBe(18);
});

test("a property the schema does not have is found, and so is a missing required input", () => {
  const declared = schema.resources["platform:index:SearchDeployment"];
  if (declared === undefined) throw new Error("no SearchDeployment in the schema");
  expect(
    objectProblems(
      declared.inputProperties ?? {},
      declared.requiredInputs ?? [],
      { groupId: "g", clusterName: "c", specs: [{ instanceSize: "S30_HIGHCPU_NVME", node_count: 2 }] },
      "nodes",
    ),
  ).toEqual([
    "nodes.specs[0].nodeCount: required, missing",
    "nodes.specs[0].node_count: not in the package schema",
  ]);
});

test("names are spelt as pulumi's Python and Go code generators spell them", () => {
  expect(pythonName("groupId")).toBe("group_id");
  expect(pythonName("pointInTimeUTCSeconds")).toBe("point_in_time_utc_seconds");
  expect(pythonName("useOrgAndGroupNamesInExportPrefix")).toBe("use_org_and_group_names_in_export_prefix");
  expect(goName("groupId")).toBe("GroupId");
});
