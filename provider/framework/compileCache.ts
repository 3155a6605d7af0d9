/**
 * Node's on-disk compile cache for the provider process (`module.enableCompileCache`).
 *
 * Every `pulumi up`, `refresh` and `destroy` starts a new dynamic provider process, which compiles
 * the runtime, the client, zod and undici again on its first call: most of the fixed cost the provider
 * adds to a command (BENCHMARKS.md, "Provider overhead"). With the cache, V8 reuses the code it
 * compiled for the same files in an earlier process (about 60 ms less CPU per process on the build
 * machine). Node keys the cache by file content and checks it, so a changed file is compiled again.
 *
 * Only inside the dynamic provider host (engineWatch.ts `isProviderHost`): tests, tools and user
 * programs that load this module keep Node's defaults. The cache lives where Node puts it by default
 * (`NODE_COMPILE_CACHE`, else `<tmpdir>/node-compile-cache`); `NODE_DISABLE_COMPILE_CACHE=1` turns it
 * off. Node writes the cache when the process exits normally, but the engine ends its provider
 * processes with a signal, so {@link flushProviderCompileCache} writes it once the resource module is
 * loaded.
 *
 * Importing this module enables the cache (in the provider host): runtime.ts imports it first, before
 * the modules it should cover.
 */
import { enableCompileCache, flushCompileCache } from "node:module";
import { isProviderHost } from "./engineWatch";

let enabled = false;

/**
 * Enables the compile cache for the modules loaded from now on, when this process is the dynamic
 * provider host (argv as given). Returns whether it is enabled. Never throws: the cache is an
 * optimization only.
 */
export function enableProviderCompileCache(argv: readonly string[] = process.argv): boolean {
  if (enabled || !isProviderHost(argv)) return enabled;
  try {
    const result = enableCompileCache();
    // ENABLED or ALREADY_ENABLED; FAILED and DISABLED (NODE_DISABLE_COMPILE_CACHE) leave it off.
    enabled = result.directory !== undefined && result.directory !== "";
  } catch {
    enabled = false;
  }
  return enabled;
}

/** Writes what was compiled so far to the cache, when it is enabled. Never throws. */
export function flushProviderCompileCache(): void {
  if (!enabled) return;
  try {
    flushCompileCache();
  } catch {
    // A read-only or full temporary folder costs the next process the compile, nothing more.
  }
}

enableProviderCompileCache();
