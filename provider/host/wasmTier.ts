/**
 * WebAssembly stays longer at V8's baseline tier in the provider host, so that undici's HTTP/1.1
 * parser is not compiled a second time by the optimizing compiler.
 *
 * undici parses every response with llhttp compiled to WebAssembly. V8 compiles WebAssembly first
 * with its baseline compiler (Liftoff) and, once a function has run for its tiering budget
 * (`--wasm-tiering-budget`), again with its optimizing compiler on a background thread. llhttp's
 * parser is one very large function: the first few responses use up V8's default budget, and its
 * optimizing compile is a large part of the host's CPU for a command. A provider host lives for one
 * command and parses a few hundred kilobytes of answers, for which the baseline code is fast enough;
 * the optimized parser never pays back its compile. What it saves: BENCHMARKS.md, "Provider host
 * measures".
 *
 * V8 reads the budget when it compiles a module (undici compiles its parser on its first
 * connection), so provider/host/index.ts sets it before any client exists. The raised budget is
 * about 150 times the default: a process that parses hundreds of megabytes still gets the optimized
 * parser. The setting is the process's: WebAssembly of another dynamic provider in the same host
 * also stays longer at the baseline tier (slower for a while, never wrong).
 *
 * This relies on V8's flag and on undici parsing with WebAssembly: tests/provider/host/wasmTier.test.ts
 * fails when V8 no longer keeps a hot function at the baseline tier in the host, or when undici's
 * client no longer compiles a WebAssembly parser.
 */
import { setFlagsFromString } from "node:v8";

/** The tiering budget in the provider host (V8's default: 13,000,000; an int32 flag). */
export const PROVIDER_HOST_WASM_TIERING_BUDGET = 2_000_000_000;

/** Raises V8's WebAssembly tiering budget. `setFlags` is V8's setter (tests pass their own). */
export function keepWasmAtBaselineTier(setFlags: (flags: string) => void = setFlagsFromString): void {
  setFlags(`--wasm-tiering-budget=${PROVIDER_HOST_WASM_TIERING_BUDGET}`);
}
