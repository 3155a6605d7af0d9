/**
 * The provider host keeps WebAssembly at V8's baseline tier for longer (provider/host/wasmTier.ts), so
 * that undici's parser is not compiled again by the optimizing compiler in a process that lives for
 * one command. Checked in child processes whose script path is (or is not) the host's:
 * - each loads the host set-up, then runs a small WebAssembly loop for far more than V8's default
 *   budget and far less than the host's, with tier-up made synchronous so the answer does not depend
 *   on a background thread, and reports the tier the function is at (V8's test natives);
 * - the measure's premise: undici's client parses HTTP/1.1 answers with WebAssembly it compiles on
 *   its first connection (a new undici that parses otherwise fails here, and the measure would be
 *   moot).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { keepWasmAtBaselineTier, PROVIDER_HOST_WASM_TIERING_BUDGET } from "../../../provider/host/wasmTier";
import { PROVIDER_HOST_SCRIPT, runProbeAs } from "./hostProbe";

const REPO = resolve(__dirname, "..", "..", "..");
const HOST = join(REPO, "provider", "host", "index.ts");
const UNDICI_PARTS = join(REPO, "provider", "host", "undiciParts.ts");

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
const SPIN_PROBE = `
require(${JSON.stringify(HOST)});
const compiled = new WebAssembly.Module(new Uint8Array(${JSON.stringify(SPIN_MODULE)}));
const { spin } = new WebAssembly.Instance(compiled).exports;
let sum = 0;
for (let call = 0; call < 200; call++) sum = (sum + spin(100000)) | 0;
const tier = new Function("f", "return { baseline: %IsLiftoffFunction(f), optimized: %IsTurboFanFunction(f) };");
process.stdout.write(JSON.stringify({ sum, ...tier(spin) }));
`;

/**
 * Counts the WebAssembly modules compiled while the client's undici (provider/host/undiciParts.ts)
 * sends one request to a local server and reads the answer.
 */
const UNDICI_PROBE = `
let modules = 0;
const RealModule = WebAssembly.Module;
WebAssembly.Module = new Proxy(RealModule, {
  construct(target, args) { modules += 1; return Reflect.construct(target, args); },
});
require(${JSON.stringify(HOST)});
const { Agent, request } = require(${JSON.stringify(UNDICI_PARTS)});
const server = require("node:http").createServer((req, res) => res.end("parsed"));
server.listen(0, "127.0.0.1", async () => {
  const agent = new Agent();
  const response = await request(agent, { origin: "http://127.0.0.1:" + server.address().port, path: "/", method: "GET" });
  const body = await response.body.text();
  await agent.close();
  server.close();
  process.stdout.write(JSON.stringify({ status: response.statusCode, body, modules }));
});
`;

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "wasm-tier-test-"));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

function spinProbe(scriptPath: string): { sum: number; baseline: boolean; optimized: boolean } {
  const out = runProbeAs(work, scriptPath, SPIN_PROBE, { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" }, [
    "--allow-natives-syntax",
    "--wasm-sync-tier-up",
  ]);
  return JSON.parse(out) as { sum: number; baseline: boolean; optimized: boolean };
}

// 200 * (100000 * 100001 / 2), wrapped to a 32-bit integer as the module computes it.
const EXPECTED_SUM = Number(BigInt.asIntN(32, 200n * ((100000n * 100001n) / 2n)));

test("in the provider host a hot WebAssembly function stays at the baseline tier, with the same result", () => {
  expect(spinProbe(PROVIDER_HOST_SCRIPT)).toEqual({ sum: EXPECTED_SUM, baseline: true, optimized: false });
}, 30_000);

test("in any other process V8's default budget applies and the function is optimized", () => {
  expect(spinProbe("tools/some-script.js")).toEqual({ sum: EXPECTED_SUM, baseline: false, optimized: true });
}, 30_000);

test("undici's client compiles a WebAssembly parser for its answers", () => {
  const out = runProbeAs(work, PROVIDER_HOST_SCRIPT, UNDICI_PROBE, {
    ...process.env,
    NODE_DISABLE_COMPILE_CACHE: "1",
  });
  expect(JSON.parse(out)).toEqual({ status: 200, body: "parsed", modules: 1 });
}, 30_000);

test("the budget is set as one V8 flag", () => {
  const set: string[] = [];
  keepWasmAtBaselineTier((flags) => set.push(flags));
  expect(set).toEqual([`--wasm-tiering-budget=${PROVIDER_HOST_WASM_TIERING_BUDGET}`]);
  expect(PROVIDER_HOST_WASM_TIERING_BUDGET).toBe(2_000_000_000);
});
