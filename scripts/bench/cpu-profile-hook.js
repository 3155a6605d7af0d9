// Preloaded (NODE_OPTIONS=--require) into the Node processes of a profiled Pulumi command by
// scripts/bench/profile.ts: starts V8's sampling profiler at process start and writes the profile when
// the process ends, also on the SIGINT/SIGTERM the engine sends its plugins (--cpu-prof writes only on
// a normal exit), with the process's CPU time (process.cpuUsage) beside it. BENCH_CPU_USAGE_ONLY=1:
// the CPU time only, without the profiler's own cost. Plain JavaScript: it runs before any TypeScript
// loader.
const inspector = require("node:inspector");
const { readdirSync, readFileSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");

const out = process.env.BENCH_CPU_PROFILE_DIR;
if (out) {
  const profiling = process.env.BENCH_CPU_USAGE_ONLY !== "1";
  const session = new inspector.Session();
  if (profiling) {
    session.connect();
    session.post("Profiler.setSamplingInterval", { interval: 500 });
    session.post("Profiler.enable");
    session.post("Profiler.start");
  }
  const started = process.cpuUsage();
  /**
   * CPU seconds of each of the process's threads by name (Linux /proc/self/task: the main thread,
   * V8's workers doing optimizing compiles and concurrent GC, libuv's pool), for telling what the
   * sampled main-thread profile does not show. Empty where /proc is missing.
   */
  const threadCpu = () => {
    const byName = {};
    try {
      const ticksPerSecond = 100; // USER_HZ, 100 on every Linux Node supports
      for (const tid of readdirSync("/proc/self/task")) {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const seconds = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
        const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        byName[comm] = Math.round(((byName[comm] ?? 0) + seconds) * 100) / 100;
      }
    } catch {
      // No /proc: the process total above still stands.
    }
    return byName;
  };
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const usage = process.cpuUsage(started);
    const name = `${process.pid}-${(process.argv[1] ?? "node").split("/").slice(-2).join("_")}`;
    writeFileSync(
      join(out, `${name}.cpu.json`),
      JSON.stringify({ argv: process.argv, usage, threads: threadCpu() }),
    );
    if (!profiling) return;
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(out, `${name}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      write();
      process.exit(0);
    });
  }
}
