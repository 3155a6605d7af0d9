/**
 * WebAssembly as the dynamic provider host runs it: undici's HTTP/1.1 parser stays at V8's baseline
 * tier.
 *
 * undici parses every response with llhttp compiled to WebAssembly. V8 compiles WebAssembly first
 * with its baseline compiler (Liftoff) and, once a function has run for its tiering budget
 * (`--wasm-tiering-budget`, about 13 million "bytes executed" by default), compiles it again with its
 * optimizing compiler on a background thread. llhttp's parser is one very large function: the first
 * few responses use up the default budget, and its optimizing compile costs about 40 ms of CPU, in
 * every provider process. A provider host lives for one command and parses a few hundred kilobytes
 * of answers (a refresh of 200 alert configurations: one page and a few single reads), for which the
 * baseline code is fast enough; the optimized parser never pays back its compile. Measured on the
 * build machine (BENCHMARKS.md, "Provider overhead"): a fresh process's first request and the idle
 * time after it cost 31 ms + 42 ms of CPU with the default budget, 31 ms + 1 ms with the raised one;
 * a refresh of 200 through the real CLI about 0.05 s less.
 *
 * V8 reads the budget when it compiles a module (undici compiles its parser on its first connection),
 * so runtime.ts imports this module before any client exists. The raised budget is about 150 times the default: a process that parses hundreds of
 * megabytes still gets the optimized parser. Only inside the provider host (engineWatch.ts
 * `isProviderHost`): the emulator, tests, tools and user programs keep V8's defaults. In the host
 * the setting is the process's: WebAssembly of a user's own dynamic provider in the same host also
 * stays longer at the baseline tier (slower for a while, never wrong).
 */
import { setFlagsFromString } from "node:v8";
import { isProviderHost } from "./engineWatch";

/** The tiering budget in the provider host (V8's default: 13,000,000; an int32 flag). */
export const PROVIDER_HOST_WASM_TIERING_BUDGET = 2_000_000_000;

/**
 * Raises V8's WebAssembly tiering budget when this process is the provider host (argv as given).
 * Returns whether it did. `setFlags` is V8's setter (tests pass their own).
 */
export function keepWasmAtBaselineInProviderHost(
  argv: readonly string[] = process.argv,
  setFlags: (flags: string) => void = setFlagsFromString,
): boolean {
  if (!isProviderHost(argv)) return false;
  setFlags(`--wasm-tiering-budget=${PROVIDER_HOST_WASM_TIERING_BUDGET}`);
  return true;
}

keepWasmAtBaselineInProviderHost();
