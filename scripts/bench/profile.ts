/**
 * CPU profiles of the Node processes the Pulumi CLI spawns (language host, dynamic provider host)
 * during one command over N resources of one kind of scripts/bench/program, for finding where the
 * provider's time goes (BENCHMARKS.md, "Provider overhead"). Writes V8 .cpuprofile files (open them in
 * Chrome DevTools, or summarize with scripts/bench/profile-summary.ts) and each process's CPU time
 * (NAME.cpu.json) to the given folder. The engine ends its plugins with a signal, which --cpu-prof
 * does not survive, hence the preloaded scripts/bench/cpu-profile-hook.js.
 *
 *   npx ts-node --transpile-only scripts/bench/profile.ts -- --kind platform --count 200 \
 *     --command refresh --out .bench-state/profiles
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "../../emulator";
import { DEFAULT_SEED } from "../../emulator/seed/demo-credentials";
import { LocalStack } from "../lib/pulumi-stack";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kind: { type: "string", default: "platform" },
      count: { type: "string", default: "200" },
      command: { type: "string", default: "refresh" },
      out: { type: "string", default: ".bench-state/profiles" },
      /** Only each process's CPU time (NAME.cpu.json), without the profiler's own cost. */
      "usage-only": { type: "boolean", default: false },
    },
  });
  const out = resolve(values.out ?? "");
  mkdirSync(out, { recursive: true });
  const emulator = await startEmulator({
    port: 0,
    seed: "default",
    asyncDelayMs: 0,
    rateLimit: { limit: 1e9, windowMs: 60_000 },
  });
  const stack = await LocalStack.create({
    program: join(__dirname, "program"),
    workRoot: ".bench-state",
    echo: false,
    config: {
      kind: values.kind ?? "platform",
      count: values.count ?? "200",
      groupId: DEFAULT_SEED.projectId,
      "platform:baseUrl": emulator.baseUrl,
      "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
      "platform:rateLimitPerMinute": "0",
    },
    secrets: { "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey },
  });
  try {
    if (values.command !== "up") await stack.up();
    // Only the measured command's Node processes write profiles.
    stack.env.NODE_OPTIONS = `--require ${join(__dirname, "cpu-profile-hook.js")}`;
    stack.env.BENCH_CPU_PROFILE_DIR = out;
    if (values["usage-only"]) stack.env.BENCH_CPU_USAGE_ONLY = "1";
    if (values.command === "up") await stack.up();
    else if (values.command === "refresh") await stack.refresh({ expectNoChanges: true });
    else await stack.destroy();
    delete stack.env.NODE_OPTIONS;
    delete stack.env.BENCH_CPU_PROFILE_DIR;
    delete stack.env.BENCH_CPU_USAGE_ONLY;
    if (values.command !== "destroy") await stack.destroy();
  } finally {
    stack.dispose();
    await emulator.close();
  }
  process.stdout.write(`profiles in ${out}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
