/**
 * What each measure of the provider host saves (provider/host; BENCHMARKS.md, "Provider host
 * measures"), measured in the host's own process: a fresh Node process set up as the dynamic provider
 * host (its script path and an engine address), with `@pulumi/pulumi` loaded as the real host has it,
 * loads the runtime, configures it against an in-process emulator and answers a refresh of N alert
 * configurations as the engine sends it (a read and a diff each, 8 at a time), then idles 300 ms (V8's
 * background compiles land then). The figure is its CPU time from the runtime's load on
 * (`process.cpuUsage`: every thread). Each variant changes one measure in the child alone, without
 * changing the package: a kept measure switched off,
 *
 * - `wasmTier`: V8's default WebAssembly tiering budget set back after the host's set-up, before
 *   undici compiles its parser;
 * - `undiciParts`: undici's index loaded before the runtime, as a client importing "undici" would;
 *
 * or a measure that was measured and removed (BENCHMARKS.md) switched on before the runtime loads, to
 * check again what it would save:
 *
 * - `compileCache`: Node's compile cache enabled (`module.enableCompileCache`, a folder of this run);
 * - `zodJitless`: zod without its parser compiler (`z.config({ jitless: true })`).
 *
 * Rounds alternate the variants, rotating which goes first; what a measure saves is the median of its
 * variant's differences with the same round's run of the package as built, with the interval that
 * holds the true median (scripts/lib/stats.ts). Whether a measure is worth keeping is that difference
 * against the CPU of a whole command (`npm run bench`), not against this process's.
 *
 *   npm run build && npx ts-node --transpile-only scripts/bench/host-measures.ts [--sizes 1,200] [--rounds 15]
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "../../emulator";
import { DEFAULT_SEED } from "../../emulator/seed/demoCredentials";
import { repoRoot } from "../lib/pulumi-stack";
import { median, medianInterval } from "../lib/stats";

/** The variants: the package as built, each kept measure off, each removed measure on. */
const VARIANTS = ["built", "wasmTier", "undiciParts", "compileCache", "zodJitless"] as const;
type Variant = (typeof VARIANTS)[number];

/** Whether the variant switches a kept measure off (else it switches a removed one on). */
const KEPT: Readonly<Record<Exclude<Variant, "built">, boolean>> = {
  wasmTier: true,
  undiciParts: true,
  compileCache: false,
  zodJitless: false,
};

/**
 * The child, written to `<folder>/cmd/dynamic-provider/index.js` (the host's script path): loads
 * `@pulumi/pulumi`, then from a timer (as the host's first call comes) does the measured work and
 * prints its CPU milliseconds.
 */
const CHILD = `
const { readFileSync } = require("node:fs");
const repo = process.env.HOST_MEASURES_REPO;
const variant = process.env.HOST_MEASURES_VARIANT;
const state = JSON.parse(readFileSync(process.env.HOST_MEASURES_STATE, "utf8"));
const count = Number(process.env.HOST_MEASURES_COUNT);
require(repo + "/node_modules/@pulumi/pulumi");
setTimeout(async () => {
  const started = process.cpuUsage();
  if (variant === "compileCache") require("node:module").enableCompileCache(process.env.HOST_MEASURES_CACHE);
  if (variant === "zodJitless") require(repo + "/node_modules/zod").config({ jitless: true });
  if (variant === "undiciParts") require(repo + "/node_modules/undici");
  const runtime = require(repo + "/dist/provider/runtime/index.js");
  if (variant === "wasmTier") require("node:v8").setFlagsFromString("--wasm-tiering-budget=13000000");
  const config = { get: (key) => state.config[key], require: (key) => state.config[key] };
  await runtime.dispatch("AlertConfiguration", "configure", [{ config }]);
  const resources = state.resources.slice(0, count);
  let next = 0;
  const engine = async () => {
    while (next < resources.length) {
      const { id, outs, inputs } = resources[next++];
      await runtime.dispatch("AlertConfiguration", "read", [id, outs]);
      await runtime.dispatch("AlertConfiguration", "diff", [id, outs, inputs]);
    }
  };
  await Promise.all(Array.from({ length: 8 }, engine));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const used = process.cpuUsage(started);
  process.stdout.write(String((used.user + used.system) / 1000));
  process.exit(0);
}, 50);
`;

interface Resource {
  id: string;
  outs: Record<string, unknown>;
  inputs: Record<string, unknown>;
}

/** The bench program's inputs of alert configuration `index` (scripts/bench/program). */
function alertInputs(index: number): Record<string, unknown> {
  return {
    groupId: DEFAULT_SEED.projectId,
    enabled: true,
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: `bench-app-${index}` }],
    notifications: [
      { typeName: "EMAIL", emailAddress: `oncall-${index}@example.com`, delayMin: 0, intervalMin: 60 },
      { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true, smsEnabled: false },
    ],
  };
}

function runChild(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, "127.0.0.1:1"], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Number(out)) : reject(new Error(`child exited ${code}`)),
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { sizes: { type: "string", default: "1,200" }, rounds: { type: "string", default: "15" } },
  });
  const sizes = (values.sizes ?? "").split(",").map(Number);
  const rounds = Number(values.rounds);
  const folder = mkdtempSync(join(tmpdir(), "host-measures-"));
  const emulator = await startEmulator({
    port: 0,
    seed: "default",
    asyncDelayMs: 0,
    rateLimit: { limit: 1e9, windowMs: 60_000 },
  });
  try {
    const config: Record<string, string> = {
      "platform:baseUrl": emulator.baseUrl,
      "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
      "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey,
      "platform:rateLimitPerMinute": "0",
    };
    // The configurations to read, created through the built runtime in this process (not a host).
    const runtime = require(join(repoRoot, "dist", "provider", "framework", "runtime.js")) as {
      dispatch(type: string, method: string, args: unknown[]): Promise<unknown>;
    };
    const source = { get: (key: string) => config[key], require: (key: string) => config[key] as string };
    await runtime.dispatch("AlertConfiguration", "configure", [{ config: source }]);
    const resources: Resource[] = [];
    for (let index = 0; index < Math.max(...sizes); index++) {
      const checked = (await runtime.dispatch("AlertConfiguration", "check", [{}, alertInputs(index)])) as {
        inputs: Record<string, unknown>;
      };
      const created = (await runtime.dispatch("AlertConfiguration", "create", [checked.inputs])) as {
        id: string;
        outs: Record<string, unknown>;
      };
      resources.push({ id: created.id, outs: created.outs, inputs: checked.inputs });
    }
    const stateFile = join(folder, "state.json");
    writeFileSync(stateFile, JSON.stringify({ config, resources }));
    const script = join(folder, "cmd", "dynamic-provider", "index.js");
    mkdirSync(join(script, ".."), { recursive: true });
    writeFileSync(script, CHILD);
    // Node would enable its compile cache by itself with NODE_COMPILE_CACHE set.
    const { NODE_COMPILE_CACHE: _set, ...inherited } = process.env;
    const run = (variant: Variant, count: number) =>
      runChild(script, {
        ...inherited,
        HOST_MEASURES_REPO: repoRoot,
        HOST_MEASURES_VARIANT: variant,
        HOST_MEASURES_STATE: stateFile,
        HOST_MEASURES_COUNT: String(count),
        HOST_MEASURES_CACHE: join(folder, "compile-cache"),
      });
    // Two runs of each first, not counted: the files are then in the OS cache, and the compileCache
    // variant's cache holds what it loads.
    for (const count of sizes)
      for (const variant of VARIANTS) for (let warm = 0; warm < 2; warm++) await run(variant, count);
    const cpu = new Map<string, number[]>();
    const differences = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      const order = VARIANTS.map((_, index) => VARIANTS[(index + round) % VARIANTS.length] as Variant);
      for (const count of sizes) {
        const thisRound = new Map<Variant, number>();
        for (const variant of order) thisRound.set(variant, await run(variant, count));
        for (const variant of VARIANTS) {
          const key = `${count} ${variant}`;
          cpu.set(key, [...(cpu.get(key) ?? []), thisRound.get(variant) as number]);
          // What the measure saves: the variant without it less the one with it.
          const without =
            variant === "built" || KEPT[variant] ? thisRound.get(variant) : thisRound.get("built");
          const withIt =
            variant === "built" || KEPT[variant] ? thisRound.get("built") : thisRound.get(variant);
          const difference = (without as number) - (withIt as number);
          differences.set(key, [...(differences.get(key) ?? []), difference]);
        }
      }
      process.stdout.write(`round ${round + 1} of ${rounds}\n`);
    }
    const lines = [
      "| N | variant | host CPU ms, median (lowest-highest) | CPU ms the measure saves: median of the paired differences (interval holding the true median, its probability) |",
      "| --- | --- | --- | --- |",
    ];
    for (const count of sizes) {
      for (const variant of VARIANTS) {
        const key = `${count} ${variant}`;
        const values = cpu.get(key) ?? [];
        const range = `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
        if (variant === "built") {
          lines.push(`| ${count} | the package as built | ${range} | |`);
          continue;
        }
        const paired = differences.get(key) ?? [];
        const interval = medianInterval(paired);
        lines.push(
          `| ${count} | ${variant} ${KEPT[variant] ? "off" : "on"} | ${range} | ${median(paired).toFixed(0)} (${interval.low.toFixed(0)} to ${interval.high.toFixed(0)}, ${Math.round(interval.coverage * 100)}%, ${paired.length} rounds) |`,
        );
      }
    }
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await emulator.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
