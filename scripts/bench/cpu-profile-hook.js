// Preloaded (NODE_OPTIONS=--require) into the Node processes of a profiled Pulumi command by
// scripts/bench/profile.ts: starts V8's sampling profiler at process start and writes the profile when
// the process ends, also on the SIGINT/SIGTERM the engine sends its plugins (--cpu-prof writes only on
// a normal exit), with the process's CPU time (process.cpuUsage) beside it. BENCH_CPU_USAGE_ONLY=1:
// the CPU time only, without the profiler's own cost. Plain JavaScript: it runs before any TypeScript
// loader.
const inspector = require("node:inspector");
const { writeFileSync } = require("node:fs");
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
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const usage = process.cpuUsage(started);
    const name = `${process.pid}-${(process.argv[1] ?? "node").split("/").slice(-2).join("_")}`;
    writeFileSync(join(out, `${name}.cpu.json`), JSON.stringify({ argv: process.argv, usage }));
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
