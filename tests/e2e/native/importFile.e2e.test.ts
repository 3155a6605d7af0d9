/**
 * Bulk adoption the Pulumi way: `pulumi-cluster-platform export --format import-file` writes the JSON
 * `pulumi import --file` reads for the seeded export-source project (tests/provider/cli/export/fixture.ts,
 * 16 objects of every kind), and the real `pulumi import --file` adopts them all, with reads only:
 *
 * - into a YAML stack (the YAML host writes the code): then, with the program `export --language yaml`
 *   writes for the same objects under the same names, and the masked credentials set as secrets, a
 *   preview shows no change;
 * - into a Python stack: the project's Python host has no GenerateProgram, so the import writes the
 *   state (protected) and exits 1; a retry with `--generate-code=false` changes nothing and exits 0;
 *   `--generate-code=false` imports cleanly (docs/native.md, "Import", says so).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseDocument } from "yaml";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import { EXPORT_GROUP, fillExportProject, readmeSecrets } from "../../provider/cli/export/fixture";
import { E2EStack, repoRoot } from "../harness";
import { KEY, runTool } from "./exportTool";

/** What the fixture leaves in the project (tests/e2e/native/exportLanguages.e2e.test.ts counts the same). */
const RESOURCES = 16;

const byName = (a: { name?: string }, b: { name?: string }) => String(a.name).localeCompare(String(b.name));

interface ImportFile {
  resources: Array<{ type: string; name: string; id: string }>;
}

describe("export --format import-file, then pulumi import --file", () => {
  let emulator: RunningEmulator;
  let client: PlatformClient;
  const stacks: E2EStack[] = [];
  let work = "";
  let file: string;

  const cli = (args: string[]) => runTool(emulator, args);

  /** A stack of the program `export --language` wrote, with its resources and config left out. */
  const emptyStack = async (language: "yaml" | "python"): Promise<{ stack: E2EStack; program: string }> => {
    const folder = mkdtempSync(join(work, `${language}-`));
    const program = join(folder, "program");
    await cli([
      "export",
      "--group",
      EXPORT_GROUP,
      "--out",
      program,
      "--project",
      "adopted",
      "--language",
      language,
    ]);
    const empty = join(folder, "empty");
    const project = parseDocument(readFileSync(join(program, "Pulumi.yaml"), "utf8"));
    project.deleteIn(["resources"]);
    project.deleteIn(["config"]);
    cpSync(program, empty, { recursive: true });
    writeFileSync(join(empty, "Pulumi.yaml"), project.toString());
    if (language === "python") writeFileSync(join(empty, "__main__.py"), "import pulumi\n");
    const stack = await E2EStack.create({
      program: empty,
      native: language,
      stackName: "dev",
      config: { "platform:baseUrl": emulator.baseUrl, "platform:publicKey": KEY.publicKey },
      secrets: { "platform:privateKey": KEY.privateKey },
    });
    stacks.push(stack);
    return { stack, program };
  };

  /** The platform resources of the stack's state (type, name, id, protect), by name. */
  const imported = async (stack: E2EStack) =>
    ((await stack.exportState()).deployment.resources ?? [])
      .filter((resource) => String(resource.type).startsWith("platform:index:"))
      .map((resource) => ({
        type: resource.type,
        name: String(resource.urn).split("::").pop(),
        id: resource.id,
        protect: resource.protect === true,
      }))
      .sort(byName);
  /** The import file's resources as the state should hold them, by name. */
  const expected = (protect: boolean) =>
    (JSON.parse(readFileSync(file, "utf8")) as ImportFile).resources
      .map((resource) => ({ ...resource, protect }))
      .sort(byName);

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: KEY.publicKey,
      privateKey: KEY.privateKey,
    });
    await fillExportProject(client);
    work = mkdtempSync(join(repoRoot, ".test-state", "import-file-"));
    file = join(work, "resources.json");
  });

  afterAll(async () => {
    for (const stack of stacks) stack.dispose();
    if (work !== "") rmSync(work, { recursive: true, force: true });
    await client?.close();
    await emulator?.close();
  });

  test("export --format import-file writes every object: native type token, name, id", async () => {
    const result = await cli(["export", "--group", EXPORT_GROUP, "--format", "import-file", "--out", file]);
    expect(result.stderr).toContain(
      `Wrote ${file}: ${RESOURCES} resources; adopt them into the selected stack`,
    );
    const written = JSON.parse(readFileSync(file, "utf8")) as ImportFile;
    expect(written.resources).toHaveLength(RESOURCES);
    for (const resource of written.resources) expect(resource.type).toMatch(/^platform:index:[A-Z]\w+$/);
  });

  test("YAML: pulumi import --file adopts all with reads only; the exported program previews clean", async () => {
    const { stack, program } = await emptyStack("yaml");
    emulator.core.requestLog.clear();
    const result = await stack.pulumi([
      "import",
      "--file",
      file,
      "--yes",
      "--protect=false",
      "--out",
      "code.yaml",
    ]);
    expect(result.stdout).toContain(`= ${RESOURCES} imported`);
    expect(emulator.core.requestLog.list().filter((request) => request.method !== "GET")).toEqual([]);
    const written = JSON.parse(readFileSync(file, "utf8")) as ImportFile;
    expect(await imported(stack)).toEqual(expected(false));
    // The YAML host wrote the code of every imported resource.
    const code = parse(readFileSync(join(stack.programDir, "code.yaml"), "utf8")) as {
      resources: Record<string, { type: string }>;
    };
    expect(Object.keys(code.resources).sort()).toEqual(written.resources.map(({ name }) => name).sort());

    // The program export writes names the same objects the same way: with it, nothing to change.
    const file2 = join(stack.programDir, "Pulumi.yaml");
    const project = parseDocument(readFileSync(file2, "utf8"));
    const exported = parseDocument(readFileSync(join(program, "Pulumi.yaml"), "utf8"));
    project.setIn(["resources"], exported.get("resources"));
    project.setIn(["config"], exported.get("config"));
    writeFileSync(file2, project.toString());
    const secrets = readmeSecrets(readFileSync(join(program, "README.md"), "utf8"), "adopted");
    expect(secrets).toHaveLength(3);
    for (const { key, value } of secrets) await stack.setConfig(key, value, { secret: true });
    emulator.core.requestLog.clear();
    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.stdout).toContain(`${RESOURCES + 1} unchanged`);
    expect(emulator.core.requestLog.list().filter((request) => request.method !== "GET")).toEqual([]);
  });

  test("Python: the host cannot write code; the state is written and the command exits 1", async () => {
    const { stack } = await emptyStack("python");
    const first = await stack.pulumi(["import", "--file", file, "--yes"], { allowFailure: true });
    expect(first.code).toBe(1);
    expect(`${first.stdout}${first.stderr}`).toContain("GenerateProgram");
    // Protected, as pulumi import makes them without --protect=false.
    expect(await imported(stack)).toEqual(expected(true));

    const retry = await stack.pulumi(["import", "--file", file, "--yes", "--generate-code=false"], {
      allowFailure: true,
    });
    // Harmless: the same names and ids are in the state already.
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`${RESOURCES + 1} unchanged`);
  });

  test("Python: with --generate-code=false, pulumi import --file adopts all and exits 0", async () => {
    const { stack } = await emptyStack("python");
    const result = await stack.pulumi(["import", "--file", file, "--yes", "--generate-code=false"]);
    expect(result.stdout).toContain(`= ${RESOURCES} imported`);
    expect(await imported(stack)).toEqual(expected(true));
  });
});
