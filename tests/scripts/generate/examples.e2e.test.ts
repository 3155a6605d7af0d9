/**
 * The resource pages' Python, Go and YAML examples against the generated SDKs and the native plugin
 * (examples.int.test.ts type-checks the TypeScript ones):
 *
 * - Python: every example byte-compiles (`python -m py_compile`), and one program of all of them
 *   runs through a real `pulumi preview` on the plugin with the SDK installed (sdk/native/python):
 *   an argument or a typed object's key the SDK does not take fails the run or the plugin's check;
 * - Go: every example builds as a program of its own against sdk/native/go (a module `replace`, the
 *   toolchain's module cache, GOPROXY=off);
 * - YAML: one program of all the examples runs through a real `pulumi preview` on the plugin.
 *
 * End-to-end tier: the Python, Go and Pulumi processes of the `--native` toolchain, against an
 * in-process emulator (its default seed).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { E2EStack, repoRoot, runProcess } from "../../e2e/harness";
import { pageExamples } from "./examplePages";

const work = join(repoRoot, ".test-state", `docs-examples-${process.pid}`);
const python = join(repoRoot, ".tools", "venv", "bin", "python");
const GO_SDK_MODULE = "github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go";
const pages = pageExamples();

let emulator: RunningEmulator | undefined;
const stacks: E2EStack[] = [];

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  emulator = await startEmulator({ port: 0, seed: "default" });
});

afterAll(async () => {
  for (const stack of stacks) stack.dispose();
  await emulator?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A stack of `program` on the native plugin in `language`, configured against the emulator. */
async function nativeStack(program: string, language: "python" | "yaml"): Promise<E2EStack> {
  if (emulator === undefined) throw new Error("the emulator is not started");
  const stack = await E2EStack.create({
    program,
    native: language,
    config: {
      "platform:baseUrl": emulator.baseUrl,
      "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
    },
    secrets: { "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey },
  });
  stacks.push(stack);
  return stack;
}

/** The `+ N to create` count of a preview's summary. */
function toCreate(output: string): number | undefined {
  const match = /\+ (\d+) to create/.exec(output);
  return match === null ? undefined : Number(match[1]);
}

test("every page's Python example byte-compiles", async () => {
  const folder = join(work, "py-compile");
  mkdirSync(folder, { recursive: true });
  const files = pages.map(({ folder: name, programs }) => {
    const file = join(folder, `${name}.py`);
    writeFileSync(file, `${programs.python}\n`);
    return file;
  });
  const compiled = await runProcess(python, ["-m", "py_compile", ...files], folder, process.env);
  expect({ code: compiled.code, stderr: compiled.stderr }).toEqual({ code: 0, stderr: "" });
  expect(files).toHaveLength(18);
});

test("one Python program of every page's example previews on the plugin: 18 to create", async () => {
  const program = join(work, "python-program");
  mkdirSync(program, { recursive: true });
  writeFileSync(join(program, "Pulumi.yaml"), "name: docs-examples-python\nruntime: python\n");
  // Each example imports the SDK the same way; the program keeps one import and every construction.
  const imports = new Set<string>();
  const bodies = pages.map(({ programs }) => {
    const [first, ...rest] = programs.python.split("\n");
    imports.add(first ?? "");
    return rest.join("\n").trim();
  });
  expect([...imports]).toEqual(["import pulumi_cluster_platform as platform"]);
  writeFileSync(join(program, "__main__.py"), `${[...imports, ...bodies].join("\n\n")}\n`);
  const stack = await nativeStack(program, "python");
  const preview = await stack.preview();
  expect(toCreate(preview.stdout)).toBe(19); // the 18 resources and the stack
});

test("every page's Go example builds against sdk/native/go", async () => {
  const module = join(work, "go-programs");
  mkdirSync(module, { recursive: true });
  // The native Go example's module: its requirements and go.sum are the toolchain's (offline).
  copyFileSync(join(repoRoot, "examples", "native-go", "go.mod"), join(module, "go.mod"));
  copyFileSync(join(repoRoot, "examples", "native-go", "go.sum"), join(module, "go.sum"));
  const env = { ...process.env, GOPROXY: "off", GOFLAGS: "-trimpath", GOWORK: "off" };
  const edit = await runProcess(
    "go",
    ["mod", "edit", `-replace=${GO_SDK_MODULE}=${join(repoRoot, "sdk", "native", "go")}`],
    module,
    env,
  );
  expect(edit.code).toBe(0);
  for (const { folder, programs } of pages) {
    mkdirSync(join(module, folder), { recursive: true });
    writeFileSync(join(module, folder, "main.go"), `${programs.go}\n`);
  }
  const built = await runProcess("go", ["build", "./..."], module, env);
  expect({ code: built.code, stderr: built.stderr }).toEqual({ code: 0, stderr: "" });
  const listed = await runProcess("go", ["list", "./..."], module, env);
  expect(listed.stdout.trim().split("\n")).toHaveLength(18);
});

test("one YAML program of every page's example previews on the plugin: 18 to create", async () => {
  const program = join(work, "yaml-program");
  mkdirSync(program, { recursive: true });
  // Each example's resource under its page's name (two pages name their resource "exports").
  const resources = Object.fromEntries(
    pages.flatMap(({ folder, programs }) =>
      Object.values((parse(programs.yaml) as { resources: Record<string, unknown> }).resources).map(
        (resource) => [folder, resource],
      ),
    ),
  );
  expect(Object.keys(resources)).toHaveLength(18);
  writeFileSync(
    join(program, "Pulumi.yaml"),
    stringify({ name: "docs-examples-yaml", runtime: "yaml", resources }, { lineWidth: 0 }),
  );
  const stack = await nativeStack(program, "yaml");
  const preview = await stack.preview();
  expect(toCreate(preview.stdout)).toBe(19);
});
