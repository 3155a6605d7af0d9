/**
 * The provider host keeps WebAssembly at V8's baseline tier for longer (provider/framework/
 * wasmInHost.ts): undici's parser is not compiled again by the optimizing compiler in a process that
 * lives for one command. Checked in child processes whose script path is (or is not) the host's: each
 * loads the runtime as the shim does, then runs a small WebAssembly loop for far more than V8's
 * default budget and far less than the host's, with tier-up made synchronous so the answer does not
 * depend on a background thread, and reports the tier the function is at (V8's test natives).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  keepWasmAtBaselineInProviderHost,
  PROVIDER_HOST_WASM_TIERING_BUDGET,
} from "../../../provider/framework/wasmInHost";
import { PROVIDER_HOST_SCRIPT, runProbeAs } from "./hostProbe";

const REPO = resolve(__dirname, "..", "..", "..");
const RUNTIME = join(REPO, "provider", "framework", "runtime.ts");

/**
 * `spin(n)`: sums n down to 1 in a loop. Module bytes written out: type (i32) -> i32, one function,
 * exported as "spin", one i32 local.
 */
const SPIN_MODULE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 8, 1, 4, 115, 112, 105, 110, 0, 0,
  10, 27, 1, 25, 1, 1, 127, 3, 64, 32, 1, 32, 0, 106, 33, 1, 32, 0, 65, 1, 107, 34, 0, 13, 0, 11, 32, 1, 11,
];

/**
 * 200 calls of 100,000 iterations: about 40 times V8's default budget, a quarter of the host's.
 * The natives are called through `new Function` so the probe file itself parses without the flag.
 */
const PROBE = `
require(${JSON.stringify(RUNTIME)});
const compiled = new WebAssembly.Module(new Uint8Array(${JSON.stringify(SPIN_MODULE)}));
const { spin } = new WebAssembly.Instance(compiled).exports;
let sum = 0;
for (let call = 0; call < 200; call++) sum = (sum + spin(100000)) | 0;
const tier = new Function("f", "return { baseline: %IsLiftoffFunction(f), optimized: %IsTurboFanFunction(f) };");
process.stdout.write(JSON.stringify({ sum, ...tier(spin) }));
`;

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "wasm-in-host-test-"));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function probe(scriptPath: string): { sum: number; baseline: boolean; optimized: boolean } {
  const out = runProbeAs(work, scriptPath, PROBE, { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" }, [
    "--allow-natives-syntax",
    "--wasm-sync-tier-up",
  ]);
  return JSON.parse(out) as { sum: number; baseline: boolean; optimized: boolean };
}

// 200 * (100000 * 100001 / 2), wrapped to a 32-bit integer as the module computes it.
const EXPECTED_SUM = Number(BigInt.asIntN(32, 200n * ((100000n * 100001n) / 2n)));

test("in the provider host a hot WebAssembly function stays at the baseline tier, with the same result", () => {
  expect(probe(PROVIDER_HOST_SCRIPT)).toEqual({ sum: EXPECTED_SUM, baseline: true, optimized: false });
}, 30_000);

test("in any other process V8's default budget applies and the function is optimized", () => {
  expect(probe("tools/some-script.js")).toEqual({ sum: EXPECTED_SUM, baseline: false, optimized: true });
}, 30_000);

test("the budget is set only for the host's argv, as one V8 flag", () => {
  const set: string[] = [];
  const host = ["/usr/bin/node", `/p/${PROVIDER_HOST_SCRIPT}`, "127.0.0.1:4455"];
  expect(keepWasmAtBaselineInProviderHost(host, (flags) => set.push(flags))).toBe(true);
  expect(
    keepWasmAtBaselineInProviderHost(["/usr/bin/node", "/p/tools/x.js"], (flags) => set.push(flags)),
  ).toBe(false);
  expect(set).toEqual([`--wasm-tiering-budget=${PROVIDER_HOST_WASM_TIERING_BUDGET}`]);
  expect(PROVIDER_HOST_WASM_TIERING_BUDGET).toBe(2_000_000_000);
});
