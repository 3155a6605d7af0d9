/**
 * The built command-line tool run against an emulator with the seed's organization owner key in the
 * environment (the connection `export` reads from PLATFORM_* variables), its transcript printed: what
 * the end-to-end tests of `export` in other languages share.
 */
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator } from "../../../emulator";
import { repoRoot, runProcess } from "../harness";

const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
/** The key the tool connects with: the default seed's organization owner. */
export const KEY = DEFAULT_SEED.orgOwnerKey;

/** Runs `pulumi-cluster-platform <args>` against `emulator`; the command must exit 0. */
export async function runTool(emulator: RunningEmulator, args: string[]) {
  const result = await runProcess("node", [MAIN, ...args], repoRoot, {
    ...process.env,
    PLATFORM_BASE_URL: emulator.baseUrl,
    PLATFORM_PUBLIC_KEY: KEY.publicKey,
    PLATFORM_PRIVATE_KEY: KEY.privateKey,
  });
  process.stdout.write(`\n$ pulumi-cluster-platform ${args.join(" ")}\n${result.stdout}${result.stderr}`);
  expect(result.code).toBe(0);
  return result;
}
