/**
 * The warm code cache (provider/framework/warmCodeCache.ts): CommonJS files under its roots are
 * compiled from an entry made after code ran, when the entry was made for the same content, and
 * behave exactly as Node's own compile would make them. Which compile a process used, and what it
 * wrote, is per process (the cache replaces Node's compile for the process), so each check runs
 * child processes over a small module tree written for the test.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PROVIDER_HOST_SCRIPT, runProbeAs } from "./hostProbe";

const REPO = resolve(__dirname, "..", "..", "..");
const MODULE = join(REPO, "provider", "framework", "warmCodeCache.ts");
const RUNTIME = join(REPO, "provider", "framework", "runtime.ts");

interface Stats {
  hits: number;
  misses: number;
  rejected: number;
  writes: number;
}

let work: string;
let root: string;
let cacheDir: string;

/** The module tree: a.js requires b.js (which requires a.js back) and a dependency below node_modules. */
const TREE: Record<string, string> = {
  "a.js": `
exports.early = "a-early";
const b = require("./b");
const dep = require("dep");
exports.topThis = this === module.exports;
exports.sum = (x) => b.twice(x) + 1;
exports.where = [__filename, __dirname];
exports.resolved = require.resolve("./b");
exports.paths = Array.isArray(require.resolve.paths("dep"));
exports.cached = require.cache[require.resolve("./b")] !== undefined;
exports.dep = dep.name;
exports.seenFromB = b.sawA;
`,
  "b.js": `
const a = require("./a");
exports.sawA = a.early;
exports.twice = (x) => x * 2;
`,
  "node_modules/dep/index.js": `exports.name = "dep";`,
};

function writeTree(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * Installs a cache over `root` in a fresh process, requires a.js (or `entry`), sets the V8 flag
 * `flagAfterLoad` (if any), completes `call`, and reports what a.js exports and the cache's figures.
 */
function run(
  call = "T.read",
  entry = "a.js",
  nodeOptions: readonly string[] = [],
  flagAfterLoad = "",
): { result: unknown; stats: Stats } {
  const probe = `
const { WarmCodeCache, installWarmCodeCache } = require(${JSON.stringify(MODULE)});
const cache = new WarmCodeCache({ directory: ${JSON.stringify(cacheDir)}, roots: [${JSON.stringify(root)}] });
installWarmCodeCache(cache);
let result;
try {
  const a = require(${JSON.stringify(join(root, entry))});
  result = { ...a, sum: a.sum(20) };
} catch (error) {
  result = { error: error.name, firstLine: String(error.stack).split("\\n")[0] };
}
if (${JSON.stringify(flagAfterLoad)}) require("node:v8").setFlagsFromString(${JSON.stringify(flagAfterLoad)});
cache.afterFirstCall(${JSON.stringify(call)});
process.stdout.write(JSON.stringify({ result, stats: cache.stats }));
`;
  const out = runProbeAs(work, "tools/probe.js", probe, process.env, nodeOptions);
  return JSON.parse(out) as { result: unknown; stats: Stats };
}

function manifest(): { calls: string[]; refusedInARow: number } {
  return JSON.parse(readFileSync(join(cacheDir, "warmed.json"), "utf8"));
}

function entries(): string[] {
  return readdirSync(cacheDir)
    .filter((name) => name.endsWith(".bin"))
    .sort();
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "warm-code-cache-test-"));
  root = join(work, "pkg");
  cacheDir = join(work, "cache");
  writeTree(TREE);
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** What a.js exports (with its sum for 20) when Node compiles it. */
function expected(): Record<string, unknown> {
  return {
    early: "a-early",
    topThis: true,
    sum: 41,
    where: [join(root, "a.js"), root],
    resolved: join(root, "b.js"),
    paths: true,
    cached: true,
    dep: "dep",
    seenFromB: "a-early",
  };
}

test("the first process compiles from source and writes; the next compiles from the entries, with the same modules", () => {
  const first = run();
  expect(first).toEqual({ result: expected(), stats: { hits: 0, misses: 2, rejected: 0, writes: 1 } });
  // a.js and b.js; the dependency below node_modules is Node's.
  expect(entries()).toHaveLength(2);
  expect(manifest()).toEqual({ calls: ["T.read"], refusedInARow: 0 });

  const second = run();
  expect(second).toEqual({ result: expected(), stats: { hits: 2, misses: 0, rejected: 0, writes: 0 } });
}, 60_000);

test("a call the entries have not seen yet is written once", () => {
  run("T.read");
  expect(run("T.diff").stats).toEqual({ hits: 2, misses: 0, rejected: 0, writes: 1 });
  expect(manifest()).toEqual({ calls: ["T.diff", "T.read"], refusedInARow: 0 });
  expect(run("T.diff").stats).toEqual({ hits: 2, misses: 0, rejected: 0, writes: 0 });
}, 60_000);

test("an entry made for other content of the same length is not used: the file is compiled from its new source", () => {
  run("T.read");
  run("T.diff");
  // Same length, other behaviour: V8 alone would accept the old entry (it checks only the length).
  writeTree({ "b.js": TREE["b.js"]?.replace("x * 2", "x * 3") ?? "" });
  const changed = run("T.read");
  expect(changed).toEqual({
    result: { ...expected(), sum: 61 },
    stats: { hits: 1, misses: 1, rejected: 0, writes: 1 },
  });
  // Written from a process that ran only T.read: the entries are known to hold that call only.
  expect(manifest()).toEqual({ calls: ["T.read"], refusedInARow: 0 });
  expect(run("T.read")).toEqual({
    result: { ...expected(), sum: 61 },
    stats: { hits: 2, misses: 0, rejected: 0, writes: 0 },
  });
}, 60_000);

test("a damaged entry is not used", () => {
  run();
  for (const name of entries()) {
    const path = join(cacheDir, name);
    const bytes = readFileSync(path);
    const last = bytes.length - 1;
    bytes[last] = (bytes[last] ?? 0) ^ 0xff;
    writeFileSync(path, bytes);
  }
  expect(run()).toEqual({ result: expected(), stats: { hits: 0, misses: 2, rejected: 0, writes: 1 } });
  expect(run().stats).toEqual({ hits: 2, misses: 0, rejected: 0, writes: 0 });
}, 60_000);

test("an entry V8 refuses (made under other V8 flags) is compiled from source", () => {
  run();
  const other = run("T.read", "a.js", ["--no-flush-bytecode"]);
  expect(other).toEqual({ result: expected(), stats: { hits: 0, misses: 0, rejected: 2, writes: 1 } });
}, 60_000);

test("when V8's flags change between the compiles and the write in every process, it stops writing after two tries", () => {
  const flag = "--no-flush-bytecode";
  expect(run("T.read", "a.js", [], flag).stats).toEqual({ hits: 0, misses: 2, rejected: 0, writes: 1 });
  // Entries made under the changed flags, refused by the next process's compiles (before the change).
  expect(run("T.read", "a.js", [], flag).stats).toEqual({ hits: 0, misses: 0, rejected: 2, writes: 1 });
  expect(run("T.read", "a.js", [], flag).stats).toEqual({ hits: 0, misses: 0, rejected: 2, writes: 1 });
  expect(manifest()).toEqual({ calls: ["T.read"], refusedInARow: 2 });
  expect(run("T.read", "a.js", [], flag)).toEqual({
    result: expected(),
    stats: { hits: 0, misses: 0, rejected: 2, writes: 0 },
  });
  // A process started under the changed flags accepts the entries; its write starts the count over.
  expect(run("T.diff", "a.js", [flag]).stats).toEqual({ hits: 2, misses: 0, rejected: 0, writes: 1 });
  expect(manifest()).toEqual({ calls: ["T.diff", "T.read"], refusedInARow: 0 });
}, 60_000);

test("a file with a syntax error fails as Node reports it", () => {
  writeTree({ "bad.js": "exports.x = ;\n" });
  const { result, stats } = run("T.read", "bad.js");
  expect(result).toEqual({ error: "SyntaxError", firstLine: `${join(root, "bad.js")}:1` });
  // V8 refused the source before anything was counted or kept; Node's compile reported the error.
  expect(stats).toEqual({ hits: 0, misses: 0, rejected: 0, writes: 1 });
  expect(entries()).toEqual([]);
}, 60_000);

/** Loads warmCodeCache.ts as the host would, reports whether it installed itself and where. */
const HOST_PROBE = `
const warm = require(${JSON.stringify(MODULE)});
const installed = warm.installedWarmCodeCache() !== undefined;
process.stdout.write(JSON.stringify({ installed, directory: warm.defaultWarmCodeCacheDirectory() }));
`;

function hostProbe(
  scriptPath: string,
  env: Record<string, string> = {},
): { installed: boolean; directory: string } {
  const { NODE_COMPILE_CACHE: _set, NODE_DISABLE_COMPILE_CACHE: _disabled, ...inherited } = process.env;
  return JSON.parse(runProbeAs(work, scriptPath, HOST_PROBE, { ...inherited, TMPDIR: work, ...env })) as {
    installed: boolean;
    directory: string;
  };
}

test("it installs itself in the provider host only, beside Node's compile cache, and not with NODE_DISABLE_COMPILE_CACHE=1", () => {
  const host = hostProbe(PROVIDER_HOST_SCRIPT);
  expect(host.installed).toBe(true);
  expect(host.directory.startsWith(`${join(work, "node-compile-cache", "pulumi-cluster-platform")}/v`)).toBe(
    true,
  );
  expect(hostProbe("tools/program.js").installed).toBe(false);
  expect(hostProbe(PROVIDER_HOST_SCRIPT, { NODE_DISABLE_COMPILE_CACHE: "1" }).installed).toBe(false);
  expect(hostProbe(PROVIDER_HOST_SCRIPT, { NODE_COMPILE_CACHE: join(work, "elsewhere") }).directory).toMatch(
    new RegExp(`^${join(work, "elsewhere", "pulumi-cluster-platform")}/v`),
  );
}, 60_000);

/**
 * The runtime as the host loads it: zod (a covered library) is compiled after V8's flags are set,
 * so the entries written by one process are accepted by the next (V8 refuses code cached under
 * other flags: a wrong order would show as rejected entries in every process).
 */
const RUNTIME_PROBE = `
require(${JSON.stringify(RUNTIME)});
const warm = require(${JSON.stringify(MODULE)});
warm.warmCodeCacheAfterFirstCall("AlertConfiguration.read");
process.stdout.write(JSON.stringify(warm.installedWarmCodeCache().stats));
`;

test("in the host, the runtime's libraries are compiled from the entries the previous process wrote", () => {
  const { NODE_COMPILE_CACHE: _set, NODE_DISABLE_COMPILE_CACHE: _disabled, ...inherited } = process.env;
  const env = { ...inherited, TMPDIR: work };
  const first = JSON.parse(runProbeAs(work, PROVIDER_HOST_SCRIPT, RUNTIME_PROBE, env)) as Stats;
  const second = JSON.parse(runProbeAs(work, PROVIDER_HOST_SCRIPT, RUNTIME_PROBE, env)) as Stats;
  expect(first.misses).toBeGreaterThan(20);
  expect(first).toEqual({ hits: 0, misses: first.misses, rejected: 0, writes: 1 });
  expect(second).toEqual({ hits: first.misses, misses: 0, rejected: 0, writes: 0 });
}, 60_000);
