/**
 * A code cache for the provider host that also holds the functions a command ran, not only the
 * ones V8 compiles when a module loads.
 *
 * Node's compile cache (compileCache.ts) stores the code V8 makes when it compiles a module: the
 * module's top level and the few functions V8 compiles eagerly. Every other function is compiled
 * the first time it runs, again in every process: the client's request path, undici's, zod's
 * parsers, the resource's read and diff. V8 can also make a module's cache after code has run
 * (`vm.Script#createCachedData`), and that cache holds every function compiled by then. So in the
 * provider host, the modules of this package and of the two libraries its runtime loads (zod,
 * undici) are compiled here, from such a cache when there is one, and the cache is written again
 * after the first call of each kind (a type's read, its diff, ...) that the cache has not seen yet.
 * After one `up`, `refresh` and `destroy` of a type, its commands compile almost nothing
 * (BENCHMARKS.md, "Provider overhead": about 12 ms of CPU less per refresh of 200 in the host).
 *
 * Contract and safety:
 * - Only in the provider host (engineWatch.ts `isProviderHost`), and off with
 *   `NODE_DISABLE_COMPILE_CACHE=1` like Node's cache. Tests, tools and user programs are untouched.
 * - Only CommonJS `.js`/`.cjs` files under the given folders; any other module is compiled by Node.
 * - A cache entry is used only for the file content it was made from (its CRC-32 and length are
 *   stored with it); V8 itself rejects an entry made by another V8 version or with other V8 flags.
 *   A missing, stale or rejected entry means the file is compiled from source, as without the cache.
 * - Anything failing here (an unreadable folder, a full disk) costs the compile, never the call:
 *   reading and writing never throw, and a file whose compile fails here is handed to Node's own
 *   compile, which reports the error as it always does.
 * - The cache lives beside Node's (`NODE_COMPILE_CACHE`, else `<tmpdir>/node-compile-cache`), in a
 *   folder per Node version and Node options (V8 rejects an entry made under other flags). Entries
 *   are written to a temporary file and renamed, so concurrent provider processes never read a torn
 *   entry.
 * - V8's flags must not change between the compiles here and the writes, or V8 rejects every entry:
 *   runtime.ts sets the host's WebAssembly flag (wasmInHost.ts) before it installs this. When other
 *   code does (entries refused again right after writes), the cache stops writing after
 *   {@link MAX_WRITES_AFTER_REFUSALS} writes in a row: compiles as without it, no write to pay.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import NodeModule from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { Script, constants as vmConstants } from "node:vm";
import { crc32 } from "node:zlib";
import { isProviderHost } from "./engineWatch";

/** The libraries the runtime loads on a call (the client's HTTP and the schemas). */
const RUNTIME_LIBRARIES = ["zod", "undici"] as const;

/** What Node's CommonJS loader exposes that this module needs (internal, stable for a decade). */
interface CommonJsModule {
  exports: unknown;
  require(id: string): unknown;
  _compile(content: string, filename: string, format?: string): unknown;
}
interface CommonJsLoader {
  prototype: CommonJsModule;
  wrap(content: string): string;
  _resolveFilename(request: string, parent: CommonJsModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: CommonJsModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
}
const Loader = NodeModule as unknown as CommonJsLoader;

/** Where and for what the cache is kept. */
export interface WarmCodeCacheOptions {
  /** The folder holding the entries (created when needed). */
  directory: string;
  /** Folders whose `.js`/`.cjs` files are compiled through the cache (absolute, without a trailing separator). */
  roots: readonly string[];
}

/** What happened in this process: for the tests and the benchmark notes. */
export interface WarmCodeCacheStats {
  /** Files compiled from an entry. */
  hits: number;
  /** Files without a usable entry (none yet, or made for other content). */
  misses: number;
  /** Entries V8 refused (another V8 version or other flags). */
  rejected: number;
  /** Times the entries were written. */
  writes: number;
}

/** One compiled file: where its entry goes and the script that can make it. */
interface CompiledFile {
  entryPath: string;
  /** The content's CRC-32 and length, the start of its entry. */
  source: Buffer;
  script: Script;
}

/** The manifest's file name (see {@link Manifest}). */
const MANIFEST = "warmed.json";
/** An entry starts with the CRC-32 and length of the file content, then the CRC-32 of V8's data. */
const HEADER_BYTES = 12;

let installed: WarmCodeCache | undefined;

/**
 * What the entries of a folder are known to hold: the calls whose code they hold, and how many
 * writes in a row followed entries V8 refused.
 */
interface Manifest {
  calls: string[];
  refusedInARow: number;
}

/**
 * Writes in a row after refused entries before the cache stops writing: V8 refuses entries made
 * under other flags, so entries refused again right after a write mean something changes V8's flags
 * between a process's compiles and its write (a flag set at run time by other code in the host).
 * Writing again would only cost every process the write.
 */
export const MAX_WRITES_AFTER_REFUSALS = 2;

/** The code cache of this process (see the module comment). */
export class WarmCodeCache {
  readonly stats: WarmCodeCacheStats = { hits: 0, misses: 0, rejected: 0, writes: 0 };
  private readonly compiled: CompiledFile[] = [];
  /** Calls completed in this process. */
  private readonly callsHere = new Set<string>();
  /** Whether a file was compiled from source (no entry, or a refused one) since the last write. */
  private compiledFromSource = false;
  private manifest: Manifest | undefined;

  constructor(private readonly options: WarmCodeCacheOptions) {}

  /**
   * Whether a file is compiled here: CommonJS JavaScript under a root, not inside a `node_modules`
   * below it (a root is a package's own folder, its dependencies are not covered by it).
   */
  covers(filename: string, format: string | undefined): boolean {
    if (format !== undefined && format !== "commonjs") return false;
    if (!filename.endsWith(".js") && !filename.endsWith(".cjs")) return false;
    return this.options.roots.some(
      (root) =>
        filename.startsWith(root + sep) && !filename.slice(root.length).includes(`${sep}node_modules${sep}`),
    );
  }

  /**
   * Compiles a file's wrapped source with its entry when the entry fits, and remembers the script
   * for the next write. Returns the module function Node would have made (throws as V8 does on a
   * syntax error; the caller then leaves the file to Node).
   */
  compile(content: string, filename: string): (...args: unknown[]) => unknown {
    const source = Buffer.alloc(8);
    source.writeUInt32LE(crc32(content), 0);
    source.writeUInt32LE(content.length, 4);
    const entryPath = join(this.options.directory, `${crc32(filename).toString(16)}-${filename.length}.bin`);
    const cachedData = usableData(readEntry(entryPath), source);
    const script = new Script(Loader.wrap(content), {
      filename,
      cachedData,
      importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (cachedData === undefined) this.stats.misses++;
    else if (script.cachedDataRejected === true) this.stats.rejected++;
    else this.stats.hits++;
    if (cachedData === undefined || script.cachedDataRejected === true) this.compiledFromSource = true;
    this.compiled.push({ entryPath, source, script });
    return script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  }

  /**
   * After the first completion of a call (`Type.method`) in this process: writes every compiled
   * file's entry again when the entries do not hold that call's code yet, or when a file had to be
   * compiled from source (unless entries were refused after each of the last
   * {@link MAX_WRITES_AFTER_REFUSALS} writes). Never throws.
   */
  afterFirstCall(call: string): void {
    this.callsHere.add(call);
    const known = this.readManifest();
    if (!this.compiledFromSource && known.calls.includes(call)) return;
    const refusedHere = this.stats.rejected > 0;
    if (refusedHere && known.refusedInARow >= MAX_WRITES_AFTER_REFUSALS) return;
    try {
      mkdirSync(this.options.directory, { recursive: true });
      for (const file of this.compiled) {
        const data = file.script.createCachedData();
        const check = Buffer.alloc(4);
        check.writeUInt32LE(crc32(data), 0);
        writeAtomically(file.entryPath, Buffer.concat([file.source, check, data]));
      }
      // After a compile from source the entries hold only what ran here: the calls of this process.
      const calls = this.compiledFromSource ? [...this.callsHere] : [...known.calls, call];
      const next: Manifest = {
        calls: [...new Set(calls)].sort(),
        refusedInARow: refusedHere ? known.refusedInARow + 1 : 0,
      };
      writeAtomically(join(this.options.directory, MANIFEST), Buffer.from(JSON.stringify(next)));
      this.manifest = next;
      this.compiledFromSource = false;
      this.stats.writes++;
    } catch {
      // A read-only or full folder costs the next process its compiles, nothing more.
    }
  }

  private readManifest(): Manifest {
    if (this.manifest === undefined) {
      let parsed: Partial<Manifest> = {};
      try {
        parsed = JSON.parse(readEntry(join(this.options.directory, MANIFEST))?.toString("utf8") ?? "{}");
      } catch {
        // A damaged manifest is an empty one: the next write replaces it.
      }
      this.manifest = {
        calls: Array.isArray(parsed.calls) ? parsed.calls.filter((call) => typeof call === "string") : [],
        refusedInARow: typeof parsed.refusedInARow === "number" ? parsed.refusedInARow : 0,
      };
    }
    return this.manifest;
  }
}

/**
 * V8's data from an entry, when the entry was made for this content and is whole (V8 checks its
 * version and flags, not that the data is intact).
 */
function usableData(entry: Buffer | undefined, source: Buffer): Buffer | undefined {
  if (entry === undefined || entry.length <= HEADER_BYTES || !entry.subarray(0, 8).equals(source))
    return undefined;
  const data = entry.subarray(HEADER_BYTES);
  return entry.readUInt32LE(8) === crc32(data) ? data : undefined;
}

function readEntry(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

function writeAtomically(path: string, data: Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}

/**
 * The folder for this Node version and these Node options, under Node's compile cache folder: V8
 * rejects an entry made under other flags, so processes started with other options keep their own.
 */
export function defaultWarmCodeCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.NODE_COMPILE_CACHE || join(tmpdir(), "node-compile-cache");
  const options = crc32(`${process.execArgv.join(" ")}\n${env.NODE_OPTIONS ?? ""}`).toString(16);
  return join(base, "pulumi-cluster-platform", `${process.version}-${process.arch}-${options}`);
}

/**
 * Routes the CommonJS compile of covered files through `cache` (Node's `Module.prototype._compile`,
 * the hook code caches have used since Node 0.x), and makes it this process's cache. A file the
 * cache cannot compile goes to Node's own compile.
 */
export function installWarmCodeCache(cache: WarmCodeCache): void {
  const nodeCompile = Loader.prototype._compile;
  Loader.prototype._compile = function compileThroughWarmCache(
    this: CommonJsModule,
    content: string,
    filename: string,
    format?: string,
  ): unknown {
    if (!cache.covers(filename, format)) return nodeCompile.call(this, content, filename, format);
    let moduleFunction: (...args: unknown[]) => unknown;
    try {
      moduleFunction = cache.compile(content, filename);
    } catch {
      return nodeCompile.call(this, content, filename, format);
    }
    return moduleFunction.call(
      this.exports,
      this.exports,
      requireFor(this),
      this,
      filename,
      dirname(filename),
    );
  };
  installed = cache;
}

/** The `require` Node gives a module (its `makeRequireFunction`). */
function requireFor(module: CommonJsModule): NodeJS.Require {
  const require = ((id: string) => module.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: unknown) =>
    Loader._resolveFilename(request, module, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => Loader._resolveLookupPaths(request, module);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = Loader._extensions as NodeJS.Require["extensions"];
  require.cache = Loader._cache as NodeJS.Require["cache"];
  return require;
}

/** Called by the runtime after the first completion of each call of a type (`Type.method`). */
export function warmCodeCacheAfterFirstCall(call: string): void {
  installed?.afterFirstCall(call);
}

/**
 * In the provider host (argv as given), unless `NODE_DISABLE_COMPILE_CACHE` is set or this Node has
 * no CRC-32 (before 20.15): installs the cache for this package's files and the runtime's two
 * libraries. Returns whether it did. Never throws.
 */
export function enableWarmCodeCacheInProviderHost(
  argv: readonly string[] = process.argv,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (installed !== undefined) return true;
  if (!isProviderHost(argv) || env.NODE_DISABLE_COMPILE_CACHE || typeof crc32 !== "function") return false;
  try {
    const roots = [
      // dist/ in the installed package (provider/framework/ -> the folder holding provider/ and api/).
      resolve(__dirname, "..", ".."),
      ...RUNTIME_LIBRARIES.map((name) => dirname(require.resolve(`${name}/package.json`))),
    ];
    installWarmCodeCache(new WarmCodeCache({ directory: defaultWarmCodeCacheDirectory(env), roots }));
    return true;
  } catch {
    return false;
  }
}

/** This process's cache, when installed. */
export function installedWarmCodeCache(): WarmCodeCache | undefined {
  return installed;
}

enableWarmCodeCacheInProviderHost();
