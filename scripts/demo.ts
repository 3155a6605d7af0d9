/**
 * `npm run demo`: the main job. Starts the embedded emulator with its default seed, runs
 * examples/quickstart (all eight resources) through the real Pulumi CLI on a project-local file
 * backend, and ends by showing the stack's outputs and a clean `pulumi preview`.
 *
 * Options: --keep leaves the emulator running (Ctrl-C to stop) and the stack folder in .demo-state/;
 * --destroy also runs `pulumi destroy` at the end. PLATFORM_DEMO_ASYNC_DELAY_MS sets how long the
 * emulator's asynchronous lifecycles take (default 3000 ms, so the waits are visible).
 */
import { join } from "node:path";
import { startEmulator } from "../emulator";
import { emulatorStack, repoRoot } from "./lib/pulumi-stack";

async function main(): Promise<void> {
  const keep = process.argv.includes("--keep");
  const destroy = process.argv.includes("--destroy");
  const asyncDelayMs = Number(process.env.PLATFORM_DEMO_ASYNC_DELAY_MS ?? 3000);

  const emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs });
  console.log(
    `Emulator (default seed) serving ${emulator.baseUrl}; asynchronous operations take ${asyncDelayMs} ms.`,
  );

  const stack = await emulatorStack(emulator, {
    program: join(repoRoot, "examples", "quickstart"),
    workRoot: ".demo-state",
    stackName: "demo",
  });
  try {
    await stack.up();
    console.log(`\nStack outputs:\n${JSON.stringify(await stack.outputs(), null, 2)}`);
    await stack.preview({ expectNoChanges: true });
    console.log("\nThe preview shows no change: the stack has converged.");
    if (destroy) await stack.destroy();
    if (keep) {
      console.log(`\nKept: emulator at ${emulator.baseUrl}, stack folder ${stack.workDir}. Ctrl-C to stop.`);
      await new Promise<never>(() => {});
    }
  } finally {
    if (!keep) {
      stack.dispose();
      await emulator.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
