/**
 * The held-out proof of the release (scripts/package.ts): a Python and a Go program installed from
 * the built artifacts alone, as a user installs a published provider, go up, preview clean and go
 * down against the emulator. Nothing comes from the repository's tree at run time:
 *
 * - the plugin: `pulumi plugin install resource platform <version> --file <archive>` into the stack's
 *   own PULUMI_HOME; no `plugins.providers` entry, automatic plugin download off, and a PATH with no
 *   Node.js at all (nor node_modules/.bin and its `pulumi-resource-platform` shim), so the engine can
 *   only run the installed archive, on the Node.js inside it;
 * - Python: the wheel installed with `pip install --no-index` into a fresh venv, which sees only
 *   `pulumi` and its dependencies from the toolchain's venv (a .pth file, as a site's own Python
 *   would offer them);
 * - Go: the module fetched through GOPROXY=file:// from the release's proxy folder (`require <module>
 *   v<version>`, no `replace`), the Pulumi Go SDK from the toolchain's module cache.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { delimiter, join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import { packageVersion } from "../../../scripts/generate/nativeSdks";
import { buildRelease, GO_MODULE, pluginArchiveName } from "../../../scripts/package";
import { E2EStack, repoRoot, runProcess } from "../harness";
import { CLUSTER, GROUP } from "./languageScenario";

const VERSION = packageVersion();
const ARCHIVE = pluginArchiveName(VERSION, "linux-amd64");
const toolsBin = join(repoRoot, ".tools", "bin");
const toolsPython = join(repoRoot, ".tools", "venv", "bin", "python");
/** What a PATH without Node.js leaves out: Node.js itself and what runs it. */
const NODE_TOOLS = new Set(["node", "nodejs", "npm", "npx", "corepack", "pulumi-resource-platform"]);

/**
 * The test's PATH: the toolchain's bin (pulumi, the language hosts), then every folder of this
 * process's PATH but node_modules ones; a folder holding `node` (/usr/bin) is replaced by a folder of
 * links to everything in it except Node.js and its tools.
 */
function pathWithoutNode(shadowRoot: string): string {
  const folders = [toolsBin];
  for (const [index, folder] of (process.env.PATH ?? "").split(delimiter).entries()) {
    if (folder === "" || folder.includes("node_modules") || folders.includes(folder) || !existsSync(folder))
      continue;
    if (!readdirSync(folder).some((name) => NODE_TOOLS.has(name))) {
      folders.push(folder);
      continue;
    }
    const shadow = join(shadowRoot, String(index));
    mkdirSync(shadow, { recursive: true });
    for (const name of readdirSync(folder)) {
      if (!NODE_TOOLS.has(name)) symlinkSync(join(folder, name), join(shadow, name));
    }
    folders.push(shadow);
  }
  return folders.join(delimiter);
}

async function check(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  const result = await runProcess(command, args, cwd, env);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(" ")} exited ${result.code}\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** A copy of an example program with the plugin entry pointing into node_modules removed. */
function programFrom(example: string, target: string): string {
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(join(repoRoot, "examples", example))) {
    if (name === "README.md" || name === "requirements.txt") continue;
    writeFileSync(join(target, name), readFileSync(join(repoRoot, "examples", example, name)));
  }
  const project = join(target, "Pulumi.yaml");
  const text = readFileSync(project, "utf8");
  const withoutPlugins = text.replace(
    /^# The native plugin[^\n]*\nplugins:\n {2}providers:\n(?: {4}.*\n| {6}.*\n)+/m,
    "",
  );
  expect(withoutPlugins).not.toContain("plugins:");
  writeFileSync(project, withoutPlugins);
  return target;
}

describe("the release installed from its artifacts alone, with no Node.js on PATH", () => {
  const dir = join(repoRoot, ".test-state", `distribution-${Date.now()}-${randomBytes(3).toString("hex")}`);
  const release = join(dir, "release");
  let emulator: RunningEmulator | undefined;
  let client: PlatformClient | undefined;
  let path = "";

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    buildRelease({
      out: release,
      nodeBinaries: new Map(),
      pluginDownloadURL: "github://api.github.com/pulumi-cluster-platform/pulumi-cluster-platform",
    });
    path = pathWithoutNode(join(dir, "path"));
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: DEFAULT_SEED.orgOwnerKey.publicKey,
      privateKey: DEFAULT_SEED.orgOwnerKey.privateKey,
    });
  });

  afterAll(async () => {
    await client?.close();
    await emulator?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the plugin archive holds the launcher and its own Node.js; Node.js is absent from the test's PATH", async () => {
    process.stdout.write(`${ARCHIVE}: ${statSync(join(release, ARCHIVE)).size} bytes\n`);
    const listing = await check("tar", ["-tzvf", join(release, ARCHIVE)], dir, process.env);
    const rootEntries = listing
      .split("\n")
      .map((line) => /^(\S+)\s.*\s\.\/([^/]+)\/?$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => `${match[1]} ${match[2]}`)
      .sort();
    expect(rootEntries).toEqual([
      "-rw-r--r-- LICENSE",
      "-rw-r--r-- README.md",
      "-rw-r--r-- package.json",
      "-rwxr-xr-x pulumi-resource-platform",
      "drwxr-xr-x dist",
      "drwxr-xr-x node",
      "drwxr-xr-x node_modules",
      "drwxr-xr-x provider",
    ]);
    expect(listing).toMatch(/^-rwxr-xr-x .* \.\/node\/bin\/node$/m);
    expect(path.split(delimiter).filter((folder) => existsSync(join(folder, "node")))).toEqual([]);
    const node = spawnSync("node", ["--version"], { env: { PATH: path } });
    expect((node.error as NodeJS.ErrnoException | undefined)?.code).toBe("ENOENT");
  });

  /** A stack of `program` on the emulator, the plugin installed from the archive into its own PULUMI_HOME. */
  async function stackOf(program: string, env: Record<string, string>): Promise<E2EStack> {
    if (emulator === undefined) throw new Error("the emulator is not started");
    const stack = await E2EStack.create({
      program,
      workRoot: relativeToRepo(join(dir, "stacks")),
      config: {
        "platform:baseUrl": emulator.baseUrl,
        "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
      },
      secrets: { "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey },
      env: { PATH: path, PULUMI_IGNORE_AMBIENT_PLUGINS: "true", ...env },
    });
    await stack.pulumi([
      "plugin",
      "install",
      "resource",
      "platform",
      VERSION,
      "--file",
      join(release, ARCHIVE),
    ]);
    const plugins = await stack.pulumi(["plugin", "ls", "--json"], { quiet: true });
    expect(
      (JSON.parse(plugins.stdout) as Array<{ name: string; kind: string; version: string }>).map(
        ({ name, kind, version }) => ({ name, kind, version }),
      ),
    ).toEqual([{ name: "platform", kind: "resource", version: VERSION }]);
    return stack;
  }

  /** up creates the quickstart's five resources, a preview is clean, destroy leaves nothing. */
  async function upPreviewDestroy(stack: E2EStack): Promise<void> {
    if (client === undefined) throw new Error("the client is not started");
    try {
      const up = await stack.up();
      expect(up.stdout).toContain("+ 6 created");
      expect((await client.searchIndexes.list(GROUP, CLUSTER)).map((index) => index.name).sort()).toEqual([
        "movies-text",
        "plot-vectors",
      ]);
      await stack.preview({ expectNoChanges: true });
      const destroy = await stack.destroy();
      expect(destroy.stdout).toContain("- 6 deleted");
      expect(await client.searchIndexes.list(GROUP, CLUSTER)).toEqual([]);
    } finally {
      stack.dispose();
    }
  }

  test("Python: the wheel in a fresh venv, the plugin from its archive: up, a clean preview, destroy", async () => {
    const venv = join(dir, "venv");
    await check(toolsPython, ["-m", "venv", venv], dir, process.env);
    const python = join(venv, "bin", "python");
    const sitePackages = async (interpreter: string) =>
      (
        await check(
          interpreter,
          ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
          dir,
          process.env,
        )
      ).trim();
    // `pulumi` and its dependencies, as the site offers them; the SDK only from the wheel.
    writeFileSync(join(await sitePackages(python), "toolchain.pth"), `${await sitePackages(toolsPython)}\n`);
    const wheel = readdirSync(join(release, "python")).find((name) => name.endsWith(".whl"));
    expect(wheel).toBe(`pulumi_cluster_platform-${VERSION}-py3-none-any.whl`);
    await check(
      python,
      [
        "-m",
        "pip",
        "install",
        "--no-index",
        "--disable-pip-version-check",
        join(release, "python", wheel as string),
      ],
      dir,
      process.env,
    );
    const program = programFrom("native-python", join(dir, "python-program"));
    await upPreviewDestroy(await stackOf(program, { PULUMI_PYTHON_CMD: python }));
  });

  test("Go: the module from a file:// module proxy, the plugin from its archive: up, a clean preview, destroy", async () => {
    const program = programFrom("native-go", join(dir, "go-program"));
    const goMod = join(program, "go.mod");
    const text = readFileSync(goMod, "utf8");
    const required = text
      .replace(`${GO_MODULE} v0.0.0`, `${GO_MODULE} v${VERSION}`)
      .replace(/\nreplace [^\n]*\n/, "\n");
    expect(required).toContain(`${GO_MODULE} v${VERSION}`);
    expect(required).not.toContain("replace");
    writeFileSync(goMod, required);
    await upPreviewDestroy(
      await stackOf(program, {
        GOPROXY: `file://${join(release, "go", "proxy")}`,
        GONOSUMDB: GO_MODULE,
        GOFLAGS: "-mod=mod -trimpath",
      }),
    );
  });
});

function relativeToRepo(path: string): string {
  return path.slice(repoRoot.length + 1);
}
