/**
 * CPU profiles of the Node processes the Pulumi CLI spawns (language host, dynamic provider host, the
 * native plugin) during one command over N resources of one kind of scripts/bench/program (or kind
 * "native": scripts/bench/native-program), for finding where the
 * provider's time goes (BENCHMARKS.md, "Provider overhead"). Writes V8 .cpuprofile files (open them in
 * Chrome DevTools, or summarize with scripts/bench/profile-summary.ts) and each process's CPU time
 * (NAME.cpu.json) to the given folder. The engine ends its plugins with a signal, which --cpu-prof
 * does not survive, hence the preloaded scripts/bench/cpu-profile-hook.js. With --engine-profile the
 * engine (Go) writes its own CPU profile beside them.
 *
 *   npx ts-node --transpile-only scripts/bench/profile.ts --kind platform --count 200 \
 *     --command refresh --out .bench-state/profiles [--usage-only] [--engine-profile]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startEmulator } from "../../emulator";
import { DEFAULT_SEED } from "../../emulator/seed/demoCredentials";
import { emulatorStack } from "../lib/pulumi-stack";

/** CPU seconds of this process's waited-for children (Linux /proc/self/stat cutime + cstime). */
function childrenCpuSeconds(): number {
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"]).toString());
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / ticks;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kind: { type: "string", default: "platform" },
      count: { type: "string", default: "200" },
      command: { type: "string", default: "refresh" },
      out: { type: "string", default: ".bench-state/profiles" },
      /** Only each process's CPU time (NAME.cpu.json), without the profiler's own cost. */
      "usage-only": { type: "boolean", default: false },
      /**
       * Also the engine's own Go CPU profile (the CLI's `--profiling`: engine.PID.cpu, .mem and
       * .trace; read with `go tool pprof -top engine.PID.cpu`).
       */
      "engine-profile": { type: "boolean", default: false },
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
  // Kind "native": the bench's native program (scripts/bench/native-program) on the native plugin.
  const native = values.kind === "native";
  const stack = await emulatorStack(emulator, {
    program: join(__dirname, native ? "native-program" : "program"),
    ...(native ? { native: "nodejs" as const } : {}),
    workRoot: ".bench-state",
    echo: false,
    config: {
      ...(native ? {} : { kind: values.kind ?? "platform" }),
      count: values.count ?? "200",
      groupId: DEFAULT_SEED.projectId,
      "platform:rateLimitPerMinute": "0",
    },
  });
  try {
    if (values.command !== "up") await stack.up();
    // Only the measured command's Node processes write profiles.
    stack.env.NODE_OPTIONS = `--require ${join(__dirname, "cpu-profile-hook.js")}`;
    stack.env.BENCH_CPU_PROFILE_DIR = out;
    if (values["usage-only"]) stack.env.BENCH_CPU_USAGE_ONLY = "1";
    const treeBefore = childrenCpuSeconds();
    const args = values["engine-profile"] ? ["--profiling", join(out, "engine")] : [];
    if (values.command === "up") await stack.up({ args });
    else if (values.command === "refresh") await stack.refresh({ expectNoChanges: true, args });
    else await stack.destroy({ args });
    const tree = childrenCpuSeconds() - treeBefore;
    const perProcess = readdirSync(out)
      .filter((name) => name.endsWith(".cpu.json"))
      .map((name) => {
        const { argv, usage, threads } = JSON.parse(readFileSync(join(out, name), "utf8")) as {
          argv: string[];
          usage: { user: number; system: number };
          threads?: Record<string, number>;
        };
        const byThread = Object.entries(threads ?? {})
          .filter(([, seconds]) => seconds > 0)
          .map(([thread, seconds]) => `${thread} ${seconds.toFixed(2)}`)
          .join(", ");
        const total = ((usage.user + usage.system) / 1e6).toFixed(2);
        return `${total} s  ${argv.slice(1, 2).join(" ") || "node -e"}${byThread ? `  (threads: ${byThread})` : ""}`;
      });
    process.stdout.write(
      `${values.kind} ${values.command} of ${values.count}: CLI tree CPU ${tree.toFixed(2)} s; Node processes:\n  ${perProcess.join("\n  ")}\n`,
    );
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
