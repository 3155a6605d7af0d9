/**
 * Runs a probe script as if it were (or were not) the dynamic provider host: whether a process is the
 * host is decided by its script path and engine-address argument (provider/host/providerHost.ts
 * `isProviderHost`), and what the host turns on is per process, so the tests that check it run a
 * child process. TypeScript modules load through ts-node.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const REPO = resolve(__dirname, "..", "..", "..");

/** The host's script path under a project folder. */
export const PROVIDER_HOST_SCRIPT = "node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

/**
 * Writes `source` to `<folder>/<scriptPath>`, runs it in the repository with the host's address
 * argument, the given environment and Node options (`nodeOptions`, before the script), and returns
 * what it printed.
 */
export function runProbeAs(
  folder: string,
  scriptPath: string,
  source: string,
  env: NodeJS.ProcessEnv,
  nodeOptions: readonly string[] = [],
): string {
  const script = join(folder, scriptPath);
  mkdirSync(join(script, ".."), { recursive: true });
  writeFileSync(script, source);
  return execFileSync(
    process.execPath,
    [...nodeOptions, "-r", "ts-node/register", script, "127.0.0.1:4455"],
    {
      cwd: REPO,
      env: { ...env, TS_NODE_TRANSPILE_ONLY: "true" },
      encoding: "utf8",
    },
  );
}
