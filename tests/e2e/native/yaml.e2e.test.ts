/**
 * examples/native-yaml through the real CLI on the native plugin (no SDK: the YAML host reads the
 * plugin's schema): the shared scenario (languageScenario.ts), the import's generated YAML pasted into
 * the program, and the fullest bad-input checks: a wrong type and an unknown field (refused by the
 * YAML host against the schema) besides the rule the plugin's check applies.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseDocument } from "yaml";
import { repoRoot } from "../harness";
import { CLUSTER, describeLanguageScenario, expectPreviewRefused, GROUP, IMPORTED } from "./languageScenario";

/** The code `pulumi import` printed: the YAML after its explanation. */
function importedCode(printed: string): Record<string, unknown> {
  const start = printed.indexOf("\nresources:\n");
  expect(start).toBeGreaterThan(0);
  return (parse(printed.slice(start)) as { resources: Record<string, unknown> }).resources;
}

describe("a YAML program on the native plugin (examples/native-yaml)", () => {
  const e2e = describeLanguageScenario({
    language: "yaml",
    program: join(repoRoot, "examples", "native-yaml"),
    addImported(programDir, printed) {
      const code = importedCode(printed);
      expect(code).toEqual({
        [IMPORTED]: {
          type: "platform:SearchIndex",
          properties: {
            clusterName: CLUSTER,
            collectionName: "movies",
            database: "sample_mflix",
            definition: {
              analyzer: "lucene.standard",
              mappings: { dynamic: false },
              numPartitions: 1,
              searchAnalyzer: "lucene.standard",
            },
            groupId: GROUP,
            name: IMPORTED,
            type: "search",
          },
        },
      });
      const file = join(programDir, "Pulumi.yaml");
      const project = parseDocument(readFileSync(file, "utf8"));
      project.setIn(["resources", IMPORTED], code[IMPORTED]);
      writeFileSync(file, project.toString());
    },
  });

  /** Runs a preview of the program with one change to its custom DNS resource, then restores it. */
  async function previewWithCustomDns(
    change: (properties: Record<string, unknown>) => void,
  ): Promise<string> {
    const file = join(e2e.stack.programDir, "Pulumi.yaml");
    const original = readFileSync(file, "utf8");
    const project = parseDocument(original);
    const properties = (
      project.toJS() as { resources: Record<string, { properties: Record<string, unknown> }> }
    ).resources["custom-dns"]?.properties as Record<string, unknown>;
    change(properties);
    project.setIn(["resources", "custom-dns", "properties"], properties);
    writeFileSync(file, project.toString());
    try {
      return await expectPreviewRefused(e2e);
    } finally {
      writeFileSync(file, original);
    }
  }

  test("a wrong type fails pulumi preview naming the property and the type, before any request", async () => {
    const output = await previewWithCustomDns((properties) => {
      properties.enabled = "sometimes";
    });
    expect(output).toContain(
      "Error: platform:index:CustomDns is not assignable from {groupId: string, enabled: string}",
    );
    expect(output).toContain("enabled: Cannot assign type 'string' to type 'boolean'");
  });

  test("an unknown field fails pulumi preview naming it and the known ones, before any request", async () => {
    const output = await previewWithCustomDns((properties) => {
      properties.enabeld = true;
    });
    expect(output).toContain("Error: Property enabeld does not exist on 'platform:index:CustomDns'");
    expect(output).toContain("Existing properties are: enabled, groupId, importId");
  });
});
