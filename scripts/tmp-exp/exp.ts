import { readFileSync } from "node:fs";
import { startEmulator } from "../../emulator";
import {
  processesOfStack,
  quickstartProblems,
  quickstartStack,
  recover,
  upKilledAfter,
  waitUntil,
} from "../lib/reliability";

const providers = (stack: any) =>
  processesOfStack(stack).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").includes("dynamic-provider");
    } catch {
      return false;
    }
  });
(async () => {
  const emu = await startEmulator({
    port: 0,
    seed: "default",
    asyncDelayMs: 300,
    rateLimit: { limit: 100000, windowMs: 60000 },
  });
  for (const delay of process.argv.slice(2).map(Number)) {
    emu.reset();
    const stack = await quickstartStack(emu, false);
    let t = Date.now();
    const k = await upKilledAfter(stack, emu, delay);
    console.log("delay", delay, "killed", k, "ms", Date.now() - t);
    t = Date.now();
    const gone = await waitUntil(() => providers(stack).length === 0, 20000);
    console.log("provider gone", gone, "after", Date.now() - t);
    t = Date.now();
    const r = await recover(stack);
    console.log("recover", r.code, "ms", Date.now() - t, "\n" + r.stdout, r.stderr);
    t = Date.now();
    const up = await stack.pulumi(["up", "--yes", "--skip-preview"], { allowFailure: true, quiet: true });
    console.log("up", up.code, "ms", Date.now() - t, up.code ? up.stdout.slice(-2500) + up.stderr : "");
    t = Date.now();
    console.log("problems", await quickstartProblems(emu, "up"));
    const pv = await stack.pulumi(["preview", "--expect-no-changes"], { allowFailure: true, quiet: true });
    console.log("preview", pv.code, "ms", Date.now() - t);
    for (const p of processesOfStack(stack))
      try {
        process.kill(p, "SIGKILL");
      } catch {}
    stack.dispose();
  }
  await emu.close();
})();
