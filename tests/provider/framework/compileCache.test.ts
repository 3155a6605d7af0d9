/**
 * The provider host enables Node's compile cache (provider/framework/compileCache.ts); other
 * processes (tools, user programs) keep Node's defaults. Checked in child processes whose script path
 * is (or is not) the dynamic provider host's, because whether the cache is on is per process (and
 * this test runner may have it on already).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PROVIDER_HOST_SCRIPT, runProbeAs } from "./hostProbe";

const REPO = resolve(__dirname, "..", "..", "..");
const MODULE = join(REPO, "provider", "framework", "compileCache.ts");
/** Loads the module (which enables the cache in the host), asks again, loads zod, writes, reports. */
const PROBE = `
const compileCache = require(${JSON.stringify(MODULE)});
const enabled = compileCache.enableProviderCompileCache();
require(${JSON.stringify(require.resolve("zod"))}); // a module compiled after the cache is on
compileCache.flushProviderCompileCache();
process.stdout.write(JSON.stringify({ enabled, directory: require("node:module").getCompileCacheDir() ?? null }));
`;

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "compile-cache-test-"));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

/** Runs the probe as `<work>/<scriptPath>` with the host's address argument. */
function probe(
  scriptPath: string,
  env: Record<string, string> = {},
): { enabled: boolean; directory: string | null } {
  // Node would enable the cache by itself when NODE_COMPILE_CACHE is set: leave it unset, and let
  // the default folder (<tmpdir>/node-compile-cache) fall under this test's folder.
  const { NODE_COMPILE_CACHE: _set, NODE_DISABLE_COMPILE_CACHE: _disabled, ...inherited } = process.env;
  const out = runProbeAs(work, scriptPath, PROBE, { ...inherited, TMPDIR: work, ...env });
  return JSON.parse(out) as { enabled: boolean; directory: string | null };
}

test("in the provider host it is on, in Node's default folder, and written", () => {
  const result = probe(PROVIDER_HOST_SCRIPT);
  expect(result.enabled).toBe(true);
  expect(result.directory?.startsWith(`${join(work, "node-compile-cache")}/`)).toBe(true);
  expect(readdirSync(result.directory as string).length).toBeGreaterThan(0);
}, 30_000);

test("in any other process it stays off", () => {
  expect(probe("tools/program.js")).toEqual({ enabled: false, directory: null });
}, 30_000);

test("NODE_DISABLE_COMPILE_CACHE=1 keeps it off in the provider host", () => {
  expect(probe(PROVIDER_HOST_SCRIPT, { NODE_DISABLE_COMPILE_CACHE: "1" })).toEqual({
    enabled: false,
    directory: null,
  });
}, 30_000);
