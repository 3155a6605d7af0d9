/**
 * `pulumi-cluster-platform export --language yaml|python|go` through the real engine on the native
 * plugin: the seeded export-source project holds several objects of every kind (made through the
 * client, tests/provider/cli/export/fixture.ts); the command writes the program in the language; the
 * stack is made from the written folder as the per-language harness readies a native program
 * (scripts/lib/pulumi-stack.ts: the plugin path, the Python SDK, the Go SDK's replace), the secrets
 * are set with the commands the README lists, and `pulumi up` adopts every object with reads only;
 * the following preview shows no change. One stack per language, the steps in order on it.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import type { NativeLanguage } from "../../../scripts/lib/pulumi-stack";
import { EXPORT_GROUP, fillExportProject, readmeSecrets } from "../../provider/cli/export/fixture";
import { E2EStack, repoRoot, runProcess } from "../harness";
import { KEY, runTool } from "./exportTool";

/** What the fixture leaves in the project (tests/e2e/export.e2e.test.ts counts the same). */
const RESOURCES = 16;

/** The files each language's program is, besides the README and the stack config file. */
const PROGRAM_FILES: Record<Exclude<NativeLanguage, "nodejs">, string[]> = {
  yaml: ["Pulumi.yaml", "package.json"],
  python: ["Pulumi.yaml", "__main__.py", "package.json", "requirements.txt"],
  go: ["Pulumi.yaml", "go.mod", "main.go", "package.json"],
};

describe.each(["yaml", "python", "go"] as const)("export --language %s on the native plugin", (language) => {
  let emulator: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack | undefined;
  let out: string;

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: KEY.publicKey,
      privateKey: KEY.privateKey,
    });
    await fillExportProject(client);
    const work = join(repoRoot, ".test-state");
    out = join(mkdtempSync(join(work, `export-${language}-`)), "program");
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  const ready = (): E2EStack => {
    if (stack === undefined) throw new Error("the stack of the exported program was not made");
    return stack;
  };

  test("export writes a complete program in the language", async () => {
    const args = [
      "export",
      "--group",
      EXPORT_GROUP,
      "--out",
      out,
      "--project",
      "exported",
      "--language",
      language,
    ];
    const result = await runTool(emulator, args);
    expect(result.stderr).toContain(`: ${RESOURCES} resources, 3 secrets to set (README.md lists them)\n`);
    for (const file of [...PROGRAM_FILES[language], "README.md", "Pulumi.dev.yaml"]) {
      expect(existsSync(join(out, file))).toBe(true);
    }
    const project = parse(readFileSync(join(out, "Pulumi.yaml"), "utf8")) as Record<string, unknown>;
    expect(project).toMatchObject({
      name: "exported",
      runtime: language === "python" ? { name: "python", options: { virtualenv: "venv" } } : language,
      plugins: {
        providers: [{ name: "platform", path: "node_modules/pulumi-cluster-platform/provider/native" }],
      },
    });
  });

  test("the stack is made from the folder; the secrets are set as the README says", async () => {
    stack = await E2EStack.create({
      program: out,
      native: language,
      stackName: "dev",
      config: { "platform:baseUrl": emulator.baseUrl, "platform:publicKey": KEY.publicKey },
      secrets: { "platform:privateKey": KEY.privateKey },
    });
    if (language === "go") {
      // The README's `go mod tidy`, offline (the module cache holds what the toolchain fetched), with
      // the modules first required at the versions the toolchain compiled (tools/go-sdk/go.mod, as
      // examples/native-go does): tidy alone selects older ones and the first build takes minutes.
      const pins = [
        ...readFileSync(join(repoRoot, "tools", "go-sdk", "go.mod"), "utf8").matchAll(/^\s+(\S+) (v\S+)/gm),
      ];
      expect(pins.length).toBeGreaterThan(0);
      const env = stack.env;
      const edit = await runProcess(
        "go",
        ["mod", "edit", ...pins.map(([, path, version]) => `-require=${path}@${version}`)],
        stack.programDir,
        env,
      );
      expect(edit).toMatchObject({ code: 0 });
      const tidy = await runProcess("go", ["mod", "tidy"], stack.programDir, env);
      expect(tidy).toMatchObject({ code: 0 });
      // The program is laid out as gofmt lays it out.
      expect(await runProcess("gofmt", ["-l", "main.go"], stack.programDir, env)).toEqual({
        code: 0,
        stdout: "",
        stderr: "",
      });
    }
    const secrets = readmeSecrets(readFileSync(join(out, "README.md"), "utf8"), "exported");
    expect(secrets).toHaveLength(3);
    for (const { key, value } of secrets) await ready().setConfig(key, value, { secret: true });
  });

  test("pulumi up adopts every object: the service sees no write", async () => {
    emulator.core.requestLog.clear();
    const up = await ready().up();
    expect(up.stdout).toContain(`+ ${RESOURCES + 1} created`);
    const requests = emulator.core.requestLog.list();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
    expect((await ready().outputs()).resourceCount).toBe(RESOURCES);
  });

  test("the following preview shows no change and writes nothing", async () => {
    emulator.core.requestLog.clear();
    const preview = await ready().preview({ expectNoChanges: true });
    expect(preview.stdout).toContain(`${RESOURCES + 1} unchanged`);
    expect(emulator.core.requestLog.list().filter((request) => request.method !== "GET")).toEqual([]);
  });
});
