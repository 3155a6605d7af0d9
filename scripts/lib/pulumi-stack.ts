/**
 * Drives the real Pulumi CLI, fully offline and inside the repository, for the demo and the
 * end-to-end tests: each stack gets its own copy of the program, its own file backend and its own
 * PULUMI_HOME under a git-ignored folder (.test-state/ by default), so runs never share state and
 * never touch the network.
 *
 * Child processes are spawned asynchronously: the emulator runs in the same process, and a
 * synchronous spawn would stop it from answering the engine.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { parseDocument } from "yaml";
import { DEFAULT_SEED } from "../../emulator/seed/demoCredentials";

export const repoRoot = resolve(__dirname, "..", "..");
const toolsBin = join(repoRoot, ".tools", "bin");
const nodeBin = join(repoRoot, "node_modules", ".bin");
/** The native plugin's folder (holding the launcher `pulumi-resource-platform`). */
export const nativePluginDir = join(repoRoot, "provider", "native");
/** The Python of the native toolchain (`scripts/toolchain.sh --native`), with the `pulumi` runtime. */
const venvPython = join(repoRoot, ".tools", "venv", "bin", "python");
/** The Go module path of the generated Go SDK (sdk/native/go/go.mod). */
const GO_SDK_MODULE = "github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go";
/** The end-to-end tests' programs, which `npm run typecheck` checks (tsconfig.json includes tests/). */
const TYPE_CHECKED_PROGRAMS = join(repoRoot, "tests", "e2e", "programs");

/** The languages a program on the native plugin can be written in (the SDKs of sdk/native). */
export type NativeLanguage = "yaml" | "nodejs" | "python" | "go";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface StackOptions {
  /** Folder of the Pulumi program (Pulumi.yaml, index.ts), copied for this stack. */
  program: string;
  /** Plain-text stack config, e.g. {"platform:baseUrl": "..."}. */
  config?: Record<string, string>;
  /** Secret stack config (encrypted in the stack file). */
  secrets?: Record<string, string>;
  /** Extra environment for every command. */
  env?: Record<string, string>;
  /** Echo each command and its output (default true). */
  echo?: boolean;
  /** Git-ignored folder under the repository holding the stack's working folder (default .test-state). */
  workRoot?: string;
  /** Stack name (default "test"). */
  stackName?: string;
  /**
   * A program on the native plugin (provider/native) instead of the dynamic form. The program copy's
   * Pulumi.yaml gets this repository's plugin folder as the `plugins.providers` entry `platform`, by
   * absolute path (a relative one no longer leads anywhere from the copy), and per language:
   * - python: the generated SDK (sdk/native/python) installed offline with pip into `<program>/.sdk`,
   *   the program run by the native toolchain's venv (PULUMI_PYTHON_CMD) with PYTHONPATH on `.sdk`;
   * - go: the go.mod `replace` of the generated SDK pointed at sdk/native/go, builds with -trimpath
   *   (the toolchain's compiled Go SDK is reused) and GOPROXY=off (nothing is downloaded);
   * - yaml, nodejs: nothing more (a Node.js program imports `pulumi-cluster-platform/native`).
   */
  native?: NativeLanguage;
}

export class LocalStack {
  private constructor(
    readonly workDir: string,
    readonly programDir: string,
    /**
     * The environment every command of this stack runs with (PATH, PULUMI_HOME, backend, passphrase);
     * `pulumi` adds PULUMI_NODEJS_TRANSPILE_ONLY to it while the program is one the type check covers.
     */
    readonly env: NodeJS.ProcessEnv,
    private readonly echo: boolean,
    /** The program's folder under tests/e2e/programs, when it is one (see `transpileOnly`). */
    private readonly typeCheckedSource: string | undefined,
  ) {}

  /** Copies the program, creates the stack on a fresh file backend and sets its config. */
  static async create(options: StackOptions): Promise<LocalStack> {
    if (!existsSync(join(toolsBin, "pulumi"))) {
      throw new Error("The Pulumi CLI is missing from .tools/bin: run `npm run toolchain` (npm test does).");
    }
    const workDir = join(
      repoRoot,
      options.workRoot ?? ".test-state",
      `${Date.now()}-${randomBytes(3).toString("hex")}`,
    );
    const programDir = join(workDir, "program");
    const stateDir = join(workDir, "state");
    mkdirSync(stateDir, { recursive: true });
    cpSync(options.program, programDir, {
      recursive: true,
      // Installed dependencies (npm's node_modules, a Python venv) and stack files stay behind.
      filter: (source) => !/[/\\](node_modules|venv|\.venv|__pycache__|Pulumi\.[^/\\]+\.yaml)$/.test(source),
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${toolsBin}:${nodeBin}:${process.env.PATH ?? ""}`,
      PULUMI_HOME: join(workDir, "home"),
      PULUMI_BACKEND_URL: `file://${stateDir}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      NO_COLOR: "1",
      ...options.env,
    };
    if (options.native !== undefined) await prepareNativeProgram(options.native, workDir, programDir, env);
    const source = resolve(options.program);
    const typeChecked =
      relative(TYPE_CHECKED_PROGRAMS, source).startsWith("..") ||
      options.env?.PULUMI_NODEJS_TRANSPILE_ONLY !== undefined
        ? undefined
        : source;
    const stack = new LocalStack(workDir, programDir, env, options.echo ?? true, typeChecked);
    await stack.pulumi(["stack", "init", options.stackName ?? "test"]);
    const pairs: string[] = [];
    for (const [key, value] of Object.entries(options.config ?? {}))
      pairs.push("--plaintext", `${key}=${value}`);
    for (const [key, value] of Object.entries(options.secrets ?? {}))
      pairs.push("--secret", `${key}=${value}`);
    if (pairs.length > 0) await stack.pulumi(["config", "set-all", ...pairs], { quiet: true });
    return stack;
  }

  /** Runs `pulumi <args>` in the program folder; rejects on a non-zero exit unless allowFailure. */
  async pulumi(args: string[], opts: { allowFailure?: boolean; quiet?: boolean } = {}): Promise<RunResult> {
    const full = [...args, "--non-interactive"];
    const env = this.transpileOnly() ? { ...this.env, PULUMI_NODEJS_TRANSPILE_ONLY: "true" } : this.env;
    const result = await runProcess("pulumi", full, this.programDir, env);
    if (this.echo && !opts.quiet) {
      process.stdout.write(`\n$ pulumi ${full.join(" ")}\n${result.stdout}${result.stderr}`);
    }
    if (result.code !== 0 && !opts.allowFailure) {
      throw new Error(`pulumi ${args.join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
    }
    return result;
  }

  /**
   * Whether the engine may run the program transpile-only (@pulumi/pulumi's run-plugin): its TypeScript
   * is exactly that of a program under tests/e2e/programs, which `npm run typecheck` has checked
   * (tests/architecture/tiers.test.ts holds that it covers them), so ts-node checking it again on every
   * `up` and `preview` (about 4 CPU seconds each) adds nothing. A copy a test has changed, a program
   * from elsewhere (examples/ keep their own check), a stack whose options set the variable, and the
   * tools the tests run with `env` (drift and fleet decide themselves) are type-checked as before.
   */
  private transpileOnly(): boolean {
    const sourceDir = this.typeCheckedSource;
    if (sourceDir === undefined) return false;
    const source = typeScriptFiles(sourceDir);
    const copy = typeScriptFiles(this.programDir);
    return (
      copy.length === source.length &&
      copy.every(
        (file, index) =>
          file === source[index] &&
          readFileSync(join(this.programDir, file), "utf8") === readFileSync(join(sourceDir, file), "utf8"),
      )
    );
  }

  /** `args`: more flags for the CLI (the bench's profiler passes `--profiling`). */
  up(opts: { args?: string[] } = {}): Promise<RunResult> {
    return this.pulumi(["up", "--yes", "--skip-preview", ...(opts.args ?? [])]);
  }

  preview(opts: { expectNoChanges?: boolean; allowFailure?: boolean } = {}): Promise<RunResult> {
    return this.pulumi(["preview", "--diff", ...(opts.expectNoChanges ? ["--expect-no-changes"] : [])], opts);
  }

  refresh(
    opts: { expectNoChanges?: boolean; allowFailure?: boolean; args?: string[] } = {},
  ): Promise<RunResult> {
    return this.pulumi(
      [
        "refresh",
        "--yes",
        "--skip-preview",
        "--diff",
        ...(opts.expectNoChanges ? ["--expect-no-changes"] : []),
        ...(opts.args ?? []),
      ],
      opts,
    );
  }

  destroy(opts: { args?: string[] } = {}): Promise<RunResult> {
    return this.pulumi(["destroy", "--yes", "--skip-preview", ...(opts.args ?? [])]);
  }

  async setConfig(key: string, value: string, opts: { secret?: boolean } = {}): Promise<void> {
    await this.pulumi(["config", "set", key, value, ...(opts.secret ? ["--secret"] : ["--plaintext"])], {
      quiet: true,
    });
  }

  async outputs(): Promise<Record<string, unknown>> {
    const result = await this.pulumi(["stack", "output", "--json", "--show-secrets"], { quiet: true });
    return JSON.parse(result.stdout) as Record<string, unknown>;
  }

  /** The stack's deployment (state) as JSON, for assertions on what was stored. */
  async exportState(): Promise<{ deployment: { resources?: Array<Record<string, unknown>> } }> {
    const result = await this.pulumi(["stack", "export", "--show-secrets"], { quiet: true });
    return JSON.parse(result.stdout) as { deployment: { resources?: Array<Record<string, unknown>> } };
  }

  /** Removes the working folder (state, home, program copy). */
  dispose(): void {
    rmSync(this.workDir, { recursive: true, force: true });
  }
}

/** The TypeScript files under a program folder (installed packages left out), relative and sorted. */
function typeScriptFiles(folder: string, under = ""): string[] {
  return readdirSync(join(folder, under), { withFileTypes: true })
    .flatMap((entry) => {
      const path = under === "" ? entry.name : `${under}${sep}${entry.name}`;
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : typeScriptFiles(folder, path);
      return entry.name.endsWith(".ts") ? [path] : [];
    })
    .sort();
}

/** Points the copy's plugin entry at the native plugin and readies the program's language (StackOptions.native). */
async function prepareNativeProgram(
  language: NativeLanguage,
  workDir: string,
  programDir: string,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const projectFile = join(programDir, "Pulumi.yaml");
  const project = parseDocument(readFileSync(projectFile, "utf8"));
  const parsed = project.toJS() as { plugins?: { providers?: Array<{ name: string; path?: string }> } };
  const entries = parsed.plugins?.providers ?? [];
  const others = entries.filter((entry) => entry.name !== "platform");
  project.setIn(["plugins", "providers"], [...others, { name: "platform", path: nativePluginDir }]);
  writeFileSync(projectFile, project.toString());

  if (language === "python") {
    if (!existsSync(venvPython)) {
      throw new Error("The Python venv is missing from .tools: run `bash scripts/toolchain.sh --native`.");
    }
    // pip builds a folder in place (build/, *.egg-info): a copy keeps sdk/native/python as generated.
    const source = join(workDir, "sdk-python");
    cpSync(join(repoRoot, "sdk", "native", "python"), source, { recursive: true });
    const target = join(programDir, ".sdk");
    const pip = await runProcess(
      venvPython,
      ["-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", target, source],
      workDir,
      { ...env, PIP_NO_INDEX: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" },
    );
    if (pip.code !== 0) throw new Error(`pip install of the Python SDK failed\n${pip.stdout}${pip.stderr}`);
    env.PULUMI_PYTHON_CMD = venvPython;
    env.PYTHONPATH = target;
  } else if (language === "go") {
    const edit = await runProcess(
      "go",
      ["mod", "edit", `-replace=${GO_SDK_MODULE}=${join(repoRoot, "sdk", "native", "go")}`],
      programDir,
      env,
    );
    if (edit.code !== 0) throw new Error(`go mod edit failed\n${edit.stdout}${edit.stderr}`);
    env.GOFLAGS = [env.GOFLAGS, "-trimpath"].filter(Boolean).join(" ");
    env.GOPROXY = "off";
  }
}

export function runProcess(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * A stack of `options.program` against an emulator, signed in as its default seed's organization
 * owner (`platform:baseUrl`, `platform:publicKey`, secret `platform:privateKey`); `options.config`
 * and `options.secrets` add to or override those.
 */
export function emulatorStack(emulator: { baseUrl: string }, options: StackOptions): Promise<LocalStack> {
  return LocalStack.create({
    ...options,
    config: {
      "platform:baseUrl": emulator.baseUrl,
      "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
      ...options.config,
    },
    secrets: { "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey, ...options.secrets },
  });
}
