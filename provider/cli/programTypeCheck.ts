/**
 * The type check of a fleet folder's TypeScript program, made in the tool instead of in the
 * program's own process, so that the folders of a run share what they have in common.
 *
 * In a preview, @pulumi/pulumi's run-plugin registers ts-node, which type-checks each file it
 * loads: most of that work is parsing and binding the declarations the program imports (the
 * TypeScript library, @types/node, @pulumi/pulumi, this package's SDK). A checker that outlives one
 * program keeps those parsed files and gives them to the next folder's program when they are the same
 * file with the same text under the same parse settings (`SharedTypeChecker`), as TypeScript's own
 * language service shares them between projects. Folders that resolve their packages from one
 * node_modules (a workspace) share nearly all of it; others share the TypeScript library.
 *
 * The check reproduces what the program's process would do, from the same inputs: the entry file
 * the run-plugin would load, the tsconfig compiler options over the run-plugin's defaults, ts-node's
 * own reading of them (it is created here, from the folder's node_modules, to say the final options
 * and which files it would check), ts-node's ignored diagnostic codes. A folder is planned for it
 * only when each of those is known (`planTypeCheck`); any other folder is type-checked in its
 * program, as before. The verdict only ever says "passed": when this check finds anything, the
 * stack's preview is run with the program's own type check, so that a failure reads exactly as
 * `pulumi preview` tells it and a difference between the two can only cost time.
 *
 * What it cannot see: a `.ts` file the program loads only through a computed `require()` (not in
 * the import graph of its entry) is type-checked by ts-node and not here.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, extname, isAbsolute, join, resolve } from "node:path";
import { Worker } from "node:worker_threads";
import type * as TypeScript from "typescript";

/** What the checker needs of a folder planned for the tool's type check. */
export interface TypeCheckRequest {
  /** The project folder: the program's working directory. */
  folder: string;
  /** The file the run-plugin loads first. */
  entry: string;
  /** The tsconfig the run-plugin gives ts-node (absolute; it may not exist). */
  tsconfig: string;
  /** The folder's @pulumi/pulumi package directory, from which ts-node and TypeScript resolve. */
  pulumiPackage: string;
}

/** Where a folder's program is type-checked, and why there when it is not the tool. */
export type TypeCheckPlan =
  | { where: "tool"; request: TypeCheckRequest }
  | { where: "program"; reason: string };

/** The project settings the plan reads (Pulumi.yaml's `runtime` and `main`). */
export interface ProgramSettings {
  runtime?: string | { name: string; options?: Record<string, unknown> };
  main?: string;
}

/** Runtime options of the Node.js language host that leave the type check as planned here. */
const RUNTIME_OPTIONS_KNOWN = new Set(["typescript", "tsconfig", "packagemanager", "production"]);

/**
 * Where the folder's program should be type-checked. The tool, when the program is TypeScript run by
 * the Node.js language host with ts-node, through an entry that is a `.ts` file found as the
 * run-plugin and Node.js would find it; the program otherwise (`reason` says why).
 */
export function planTypeCheck(
  folder: string,
  settings: ProgramSettings,
  env: NodeJS.ProcessEnv = process.env,
): TypeCheckPlan {
  const program = (reason: string): TypeCheckPlan => ({ where: "program", reason });
  const runtime = typeof settings.runtime === "string" ? { name: settings.runtime } : settings.runtime;
  if (runtime === undefined) return program("no runtime");
  if (runtime.name !== "nodejs") return program(`the runtime is ${runtime.name}`);
  const options = runtime.options ?? {};
  const unknown = Object.keys(options).filter((key) => !RUNTIME_OPTIONS_KNOWN.has(key));
  if (unknown.length > 0) return program(`runtime option ${unknown.join(", ")}`);
  if (options.typescript === false) return program("the program is not TypeScript");
  if (env.PULUMI_NODEJS_TRANSPILE_ONLY !== undefined) return program("PULUMI_NODEJS_TRANSPILE_ONLY is set");
  if (env.PULUMI_NODEJS_TSCONFIG_PATH !== undefined) return program("PULUMI_NODEJS_TSCONFIG_PATH is set");
  if (Object.keys(env).some((name) => name.startsWith("TS_NODE_")))
    return program("a TS_NODE_ variable is set");
  const tsconfigOption = options.tsconfig;
  if (tsconfigOption !== undefined && typeof tsconfigOption !== "string")
    return program("runtime option tsconfig");
  const entry = entryOf(folder, settings.main);
  if (typeof entry !== "string") return program(entry.reason);
  let pulumiPackage: string;
  try {
    pulumiPackage = dirname(createRequire(join(folder, "index.js")).resolve("@pulumi/pulumi/package.json"));
  } catch {
    return program("@pulumi/pulumi does not resolve from the folder");
  }
  return {
    where: "tool",
    request: { folder, entry, tsconfig: resolve(folder, tsconfigOption ?? "tsconfig.json"), pulumiPackage },
  };
}

function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/**
 * The file the run-plugin loads first (@pulumi/pulumi cmd/run/run.ts: Pulumi.yaml's `main`, else
 * package.json's `exports` or `main`, then `require()`'s resolution with `.ts` registered last), or
 * why it is not known to be one `.ts` file.
 */
export function entryOf(folder: string, main: string | undefined): string | { reason: string } {
  let program = isAbsolute(main ?? ".") ? (main as string) : join(folder, main ?? ".");
  let root = isDirectory(program) ? program : dirname(program);
  for (; !existsSync(join(root, "package.json")); root = dirname(root)) {
    if (existsSync(join(root, "package.yaml"))) return { reason: "the package manifest is package.yaml" };
    if (dirname(root) === root) return { reason: "the program has no package.json" };
  }
  const manifest = manifestOf(join(root, "package.json"));
  if (manifest === undefined) return { reason: "the program's package.json does not parse" };
  if (manifest.type === "module") return { reason: "the program is an ES module" };
  if (main === undefined) {
    if (manifest.exports !== undefined && typeof manifest.exports !== "string")
      return { reason: "package.json exports is not one path" };
    const declared = manifest.exports ?? manifest.main;
    if (typeof declared === "string" && existsSync(join(root, declared))) program = join(root, declared);
  }
  if (isFile(program)) return tsEntry(program);
  for (const extension of [".js", ".json", ".node"]) {
    if (isFile(program + extension)) return { reason: `the entry is ${extension}` };
  }
  if (isFile(`${program}.ts`)) return `${program}.ts`;
  if (isDirectory(program)) {
    if (manifestOf(join(program, "package.json"))?.main !== undefined)
      return { reason: "the entry folder's package.json names a main" };
    for (const extension of [".js", ".json", ".node"]) {
      if (isFile(join(program, `index${extension}`))) return { reason: `the entry is index${extension}` };
    }
    if (isFile(join(program, "index.ts"))) return join(program, "index.ts");
  }
  return { reason: "no entry file" };
}

/** The fields of a package.json the entry depends on; undefined when it is missing or does not parse. */
function manifestOf(path: string): { type?: unknown; exports?: unknown; main?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as { type?: unknown; exports?: unknown; main?: unknown };
  } catch {
    return undefined;
  }
}

function tsEntry(file: string): string | { reason: string } {
  return extname(file) === ".ts" && !file.endsWith(".d.ts")
    ? file
    : { reason: `the entry is ${extname(file)}` };
}

/** What a check found: "passed", or why the program's own type check must tell. */
export type TypeCheckVerdict = { passed: true } | { passed: false; reason: string };

/** A request to the type check thread (typeCheckWorker.ts), and its answer (`id` pairs them). */
export interface TypeCheckMessage {
  id: number;
  request: TypeCheckRequest;
}
export interface TypeCheckAnswer {
  id: number;
  verdict: TypeCheckVerdict;
}

/** The part of a ts-node service the check reads (ts-node 10's `create`). */
interface TsNodeService {
  ts: typeof TypeScript;
  config: TypeScript.ParsedCommandLine;
  options: { files?: boolean; ignoreDiagnostics?: Array<string | number> };
  ignored(fileName: string): boolean;
}

/** ts-node's `create` and version, loaded as the run-plugin loads it. */
interface TsNode {
  VERSION: string;
  create(options: Record<string, unknown>): TsNodeService;
}

/** The codes ts-node 10 ignores whatever the options (its `diagnosticFilters`). */
const TS_NODE_IGNORED_CODES = [6059, 18002, 18003];

/** A parsed file and the text it was parsed from. */
interface ParsedFile {
  text: string;
  sourceFile: TypeScript.SourceFile;
}

/**
 * Type-checks folders' programs, keeping every parsed (and, once checked, bound) declaration file
 * for the next program that reads the same file: TypeScript binds a file once and a later program's
 * checker finds it bound. The key is the file's path, TypeScript's document-registry key of the
 * compiler settings that shape a parse, and the parse's own options; the text must match too.
 */
export class SharedTypeChecker {
  /** Per TypeScript module (folders may resolve different ones), the parsed files. */
  readonly #parsed = new Map<typeof TypeScript, Map<string, ParsedFile>>();
  #filesParsed = 0;

  /** How many files this checker has parsed: the ones it could not take from an earlier program. */
  get filesParsed(): number {
    return this.#filesParsed;
  }

  /** The verdict on one folder's program; a check that throws is a verdict too (not passed). */
  check(request: TypeCheckRequest): TypeCheckVerdict {
    try {
      return this.#check(request);
    } catch (error) {
      return {
        passed: false,
        reason: `the check failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  #check(request: TypeCheckRequest): TypeCheckVerdict {
    const fail = (reason: string): TypeCheckVerdict => ({ passed: false, reason });
    const fromPulumi = createRequire(join(request.pulumiPackage, "tsutils.js"));
    let tsNode: TsNode;
    let typescriptPath: string;
    try {
      typescriptPath = fromPulumi.resolve("typescript");
      tsNode = fromPulumi("ts-node") as TsNode;
    } catch {
      return fail("the run-plugin would use its vendored TypeScript or ts-node");
    }
    if (!/^10\./.test(tsNode.VERSION)) return fail(`ts-node ${tsNode.VERSION}`);
    const ts = fromPulumi(typescriptPath) as typeof TypeScript;
    const [major, minor] = ts.version.split(".").map(Number) as [number, number];
    const nodeNext = major > 4 || (major === 4 && minor >= 7);
    const tsconfigExists = existsSync(request.tsconfig);
    const userOptions = tsconfigExists ? compilerOptionsOf(ts, request.tsconfig) : {};
    // cmd/run/run.ts: a tsconfig `noCheck` runs the program transpile-only: there is nothing to check.
    if (userOptions.noCheck) return { passed: true };
    let service: TsNodeService;
    try {
      // The options cmd/run/run.ts gives ts-node (CommonJS: planTypeCheck leaves ES modules out).
      service = tsNode.create({
        compiler: "typescript",
        transpileOnly: false,
        project: request.tsconfig,
        skipProject: !tsconfigExists,
        cwd: request.folder,
        compilerOptions: {
          target: "ES2020",
          module: nodeNext ? "nodenext" : "commonjs",
          moduleResolution: nodeNext ? "nodenext" : "node",
          sourceMap: "true",
          ...userOptions,
        },
      });
    } catch (error) {
      return fail(`ts-node: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (service.ts !== ts) return fail("ts-node resolves another TypeScript than the run-plugin");
    const ignoredCodes = new Set([
      ...TS_NODE_IGNORED_CODES,
      ...(service.options.ignoreDiagnostics ?? []).map(Number),
    ]);
    const options = service.config.options;
    const roots = [request.entry, ...(service.options.files ? service.config.fileNames : [])];
    const program = ts.createProgram({ rootNames: roots, options, host: this.#hostFor(ts, options) });
    const found = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
    for (const file of program.getSourceFiles()) {
      if (file.isDeclarationFile || service.ignored(file.fileName)) continue;
      found.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
    }
    const reported = found.filter((diagnostic) => !ignoredCodes.has(diagnostic.code));
    if (reported.length === 0) return { passed: true };
    return fail(
      `${reported.length} diagnostic${reported.length === 1 ? "" : "s"}, first TS${reported[0]?.code}`,
    );
  }

  #hostFor(ts: typeof TypeScript, options: TypeScript.CompilerOptions): TypeScript.CompilerHost {
    let parsed = this.#parsed.get(ts);
    if (parsed === undefined) {
      parsed = new Map();
      this.#parsed.set(ts, parsed);
    }
    const files = parsed;
    const settingsKey = ts.createDocumentRegistry().getKeyForCompilationSettings(options);
    const host = ts.createCompilerHost(options);
    host.getSourceFile = (fileName, languageVersionOrOptions, onError) => {
      const text = host.readFile(fileName);
      if (text === undefined) {
        onError?.(`Cannot read file '${fileName}'.`);
        return undefined;
      }
      const parse =
        typeof languageVersionOrOptions === "object"
          ? languageVersionOrOptions
          : { languageVersion: languageVersionOrOptions };
      const key = [
        fileName,
        settingsKey,
        parse.languageVersion,
        parse.impliedNodeFormat ?? "",
        parse.jsDocParsingMode ?? "",
      ].join("\0");
      const known = files.get(key);
      if (known !== undefined && known.text === text) return known.sourceFile;
      const sourceFile = ts.createSourceFile(fileName, text, languageVersionOrOptions);
      this.#filesParsed++;
      files.set(key, { text, sourceFile });
      return sourceFile;
    };
    return host;
  }
}

/** tsconfig's `compilerOptions` as written (@pulumi/pulumi tsutils' `loadTypeScriptCompilerOptions`). */
function compilerOptionsOf(ts: typeof TypeScript, tsconfig: string): Record<string, unknown> {
  try {
    const parsed = ts.parseConfigFileTextToJson(tsconfig, readFileSync(tsconfig, "utf8")).config as
      | { compilerOptions?: Record<string, unknown> }
      | undefined;
    return parsed?.compilerOptions ?? {};
  } catch {
    return {};
  }
}

/**
 * The fleet's type checks: one per folder (asked once, however many stacks ask), on one worker
 * thread for the run (typeCheckWorker.ts). The thread holds the process open only while a check is
 * asked for. Run from TypeScript sources (the tests), where no compiled worker exists, the checks run
 * on the calling thread.
 */
export class ProgramTypeChecks {
  readonly #verdicts = new Map<string, Promise<TypeCheckVerdict>>();
  readonly #waiting = new Map<number, (verdict: TypeCheckVerdict) => void>();
  #worker: Worker | undefined;
  #inProcess: SharedTypeChecker | undefined;
  #nextId = 0;

  /** The verdict on the folder's program, checked the first time it is asked for. */
  verdict(request: TypeCheckRequest): Promise<TypeCheckVerdict> {
    let verdict = this.#verdicts.get(request.folder);
    if (verdict === undefined) {
      verdict = this.#check(request);
      this.#verdicts.set(request.folder, verdict);
    }
    return verdict;
  }

  #check(request: TypeCheckRequest): Promise<TypeCheckVerdict> {
    const workerFile = join(__dirname, "typeCheckWorker.js");
    if (!__filename.endsWith(".js") || !existsSync(workerFile)) {
      this.#inProcess ??= new SharedTypeChecker();
      return Promise.resolve(this.#inProcess.check(request));
    }
    const worker = this.#workerOf(workerFile);
    const id = this.#nextId++;
    worker.ref();
    return new Promise((resolveVerdict) => {
      this.#waiting.set(id, resolveVerdict);
      worker.postMessage({ id, request } satisfies TypeCheckMessage);
    });
  }

  #workerOf(file: string): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(file);
    worker.on("message", ({ id, verdict }: TypeCheckAnswer) => this.#answer(id, verdict));
    const lost = (reason: string) => {
      this.#worker = undefined;
      for (const id of [...this.#waiting.keys()]) this.#answer(id, { passed: false, reason });
    };
    worker.on("error", (error) => lost(`the type check thread failed: ${error.message}`));
    worker.on("exit", (code) => lost(`the type check thread exited with code ${code}`));
    this.#worker = worker;
    return worker;
  }

  #answer(id: number, verdict: TypeCheckVerdict): void {
    const resolveVerdict = this.#waiting.get(id);
    if (resolveVerdict === undefined) return;
    this.#waiting.delete(id);
    if (this.#waiting.size === 0) this.#worker?.unref();
    resolveVerdict(verdict);
  }
}
