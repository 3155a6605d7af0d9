/**
 * The demo: runs a stack through the real Pulumi CLI on a project-local file backend, then shows its
 * outputs and a clean `pulumi preview`. Until the quickstart example exists this is the throwaway
 * stack of the end-to-end suite (one file managed by a dynamic resource).
 */
import { join } from "node:path";
import { LocalStack, repoRoot } from "./lib/pulumi-stack";

async function main(): Promise<void> {
  const stack = await LocalStack.create({
    program: join(repoRoot, "tests", "e2e", "programs", "throwaway"),
    workRoot: ".demo-state",
    stackName: "demo",
  });
  try {
    await stack.setConfig("throwaway:path", join(stack.workDir, "greeting.txt"));
    await stack.up();
    console.log("\nStack outputs:", JSON.stringify(await stack.outputs(), null, 2));
    await stack.preview({ expectNoChanges: true });
    await stack.destroy();
  } finally {
    stack.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
