/**
 * examples/native-yaml through the real CLI on the native plugin (no SDK: the YAML host reads the
 * plugin's schema): the shared scenario (languageScenario.ts), the import's generated YAML pasted into
 * the program, and the fullest bad-input checks: a wrong type and an unknown field (refused by the
 * YAML host against the schema) besides the rule the plugin's check applies; and an explicit
 * provider instance with credentials of its own.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseDocument } from "yaml";
import { DEFAULT_SEED } from "../../../emulator";
import { createClient } from "../../../provider/client";
import { repoRoot } from "../harness";
import { expectDestroyDeletes, expectUp, SECRET_SIG } from "../platformStack";
import { CLUSTER, describeLanguageScenario, expectPreviewRefused, GROUP, IMPORTED } from "./languageScenario";

/** A Pulumi YAML interpolation, `${name}`. */
function yamlReference(name: string): string {
  return `\${${name}}`;
}

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

  test("an explicit provider instance with its own credentials manages its organization's project", async () => {
    const { stack, emulator } = e2e;
    const second = DEFAULT_SEED.secondOrgKey;
    const secondGroup = "5f1a0000000000000000e102"; // second-org-project, out of the stack's key's reach
    const file = join(stack.programDir, "Pulumi.yaml");
    const original = readFileSync(file, "utf8");
    const project = parseDocument(original);
    project.setIn(["config", "secondOrgPrivateKey"], { type: "string", secret: true });
    project.set("resources", {
      "second-org": {
        type: "pulumi:providers:platform",
        properties: {
          baseUrl: emulator.baseUrl,
          publicKey: second.publicKey,
          privateKey: yamlReference("secondOrgPrivateKey"),
        },
      },
      "other-dns": {
        type: "platform:index:CustomDns",
        properties: { groupId: secondGroup, enabled: true },
        options: { provider: yamlReference("second-org") },
      },
    });
    project.delete("outputs");
    writeFileSync(file, project.toString());
    await stack.setConfig("secondOrgPrivateKey", second.privateKey, { secret: true });
    const client = createClient({ baseUrl: emulator.baseUrl, ...second });
    try {
      emulator.core.requestLog.clear();
      await expectUp(stack, "+ 3 created");
      expect((await client.customDns.get(secondGroup)).enabled).toBe(true);
      const callers = emulator.core.requestLog
        .list()
        .filter((request) => request.path.includes(`/groups/${secondGroup}/`) && request.principal !== null)
        .map((request) => request.principal);
      expect([...new Set(callers)]).toEqual([second.publicKey]);
      const state = await stack.exportState();
      const provider = (state.deployment.resources ?? []).find((resource) =>
        String(resource.urn).endsWith("::pulumi:providers:platform::second-org"),
      );
      expect(provider?.inputs).toMatchObject({
        baseUrl: emulator.baseUrl,
        publicKey: second.publicKey,
        privateKey: { [SECRET_SIG]: expect.any(String) },
      });

      await expectDestroyDeletes(stack, 3);
      expect((await client.customDns.get(secondGroup)).enabled).toBe(false);
    } finally {
      await client.close();
      writeFileSync(file, original);
    }
  });
});
