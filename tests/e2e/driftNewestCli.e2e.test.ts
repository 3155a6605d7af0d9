/**
 * The drift scenario (driftScenario.ts) on a Pulumi CLI other than the pinned one: the newest the Go
 * module proxy served when tools/pulumi-cli-newest was pinned (tools/README.md), which
 * `scripts/toolchain.sh --native` builds into .tools/pulumi-newest/bin. Users run the Pulumi they
 * have, and drift reads only through Pulumi's public paths, so its report must not depend on the
 * version: every command of the stack (`pulumi up`, `drift`) runs on the newest CLI, and after each
 * drift run the same run on the pinned CLI (same stack, same moment: drift changes nothing) prints
 * the same: the JSON report equal and of the same schema version, the text and the Markdown equal.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { DRIFT_REPORT_VERSION, type DriftReport } from "../../provider/cli/drift/drift";
import { describeDriftScenario, MAIN } from "./driftScenario";
import { repoRoot, runProcess } from "./harness";
import type { PlatformE2E } from "./platformStack";

const NEWEST_BIN = join(repoRoot, ".tools", "pulumi-newest", "bin");
const PINNED_BIN = join(repoRoot, ".tools", "bin");

/** The github.com/pulumi/pulumi/pkg/v3 version a module under tools/ pins, e.g. "v3.276.0". */
function pinnedCliVersion(module: string): string {
  const goMod = readFileSync(join(repoRoot, "tools", module, "go.mod"), "utf8");
  const version = /^require github\.com\/pulumi\/pulumi\/pkg\/v3 (v\S+)$/m.exec(goMod)?.[1];
  if (version === undefined)
    throw new Error(`tools/${module}/go.mod requires no github.com/pulumi/pulumi/pkg/v3`);
  return version;
}

/** The stack's environment with the pinned CLI (and its hosts) first on PATH. */
const pinnedEnv = (e2e: PlatformE2E): NodeJS.ProcessEnv => ({
  ...e2e.stack.env,
  PATH: `${PINNED_BIN}:${e2e.stack.env.PATH ?? ""}`,
});

/** What `pulumi version` prints with an environment's PATH, from the stack's program folder. */
async function pulumiVersion(e2e: PlatformE2E, env: NodeJS.ProcessEnv): Promise<string> {
  const result = await runProcess("pulumi", ["version"], e2e.stack.programDir, env);
  expect(result.code).toBe(0);
  return result.stdout.trim();
}

describe("the drift command on a stack changed out of band, on the newest Pulumi CLI", () => {
  beforeAll(() => {
    if (!existsSync(join(NEWEST_BIN, "pulumi"))) {
      throw new Error(
        "The newest Pulumi CLI is missing from .tools/pulumi-newest/bin: run `bash scripts/toolchain.sh --native` (npm run test:all does).",
      );
    }
  });

  /** The arguments of every drift run compared with the pinned CLI's, a Markdown file by its name. */
  const compared: string[] = [];
  const e2e = describeDriftScenario({
    env: {
      PATH: `${NEWEST_BIN}:${PINNED_BIN}:${join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
    },
    async afterDrift(args, newest, suite) {
      /** The index of the Markdown file's path among the arguments, -1 without one. */
      const markdown = args.includes("--markdown") ? args.indexOf("--markdown") + 1 : -1;
      const pinnedArgs = args.map((arg, index) => (index === markdown ? `${arg}.pinned.md` : arg));
      const pinned = await runProcess(
        "node",
        [MAIN, "drift", "--stack", "test", "--cwd", suite.stack.programDir, ...pinnedArgs],
        repoRoot,
        pinnedEnv(suite),
      );
      process.stdout.write(
        `\n$ pulumi-cluster-platform drift ${pinnedArgs.join(" ")} (pinned CLI)\n${pinned.stdout}${pinned.stderr}`,
      );
      expect(newest.code).toBe(pinned.code);
      if (args.includes("--json")) {
        const report = JSON.parse(newest.stdout) as DriftReport;
        expect(report.version).toBe(DRIFT_REPORT_VERSION);
        expect(report).toEqual(JSON.parse(pinned.stdout));
      }
      expect(newest.stdout).toBe(pinned.stdout);
      if (markdown >= 0) {
        expect(readFileSync(args[markdown] ?? "", "utf8")).toBe(
          readFileSync(pinnedArgs[markdown] ?? "", "utf8"),
        );
      }
      compared.push(args.map((arg, index) => (index === markdown ? basename(arg) : arg)).join(" "));
    },
  });

  test("the stack ran on the newest pinned CLI, and every drift run printed what the pinned CLI prints", async () => {
    const newest = pinnedCliVersion("pulumi-cli-newest");
    const pinned = pinnedCliVersion("pulumi-cli");
    expect(newest).not.toBe(pinned);
    expect(await pulumiVersion(e2e, e2e.stack.env)).toBe(newest);
    expect(await pulumiVersion(e2e, pinnedEnv(e2e))).toBe(pinned);
    // The schema version the existing e2e scenarios read (drift.smoke's clean report spells it out).
    expect(DRIFT_REPORT_VERSION).toBe(1);
    expect(compared).toEqual([
      "--json",
      "",
      "--json --markdown drift.md",
      "",
      "--json",
      "--json",
      "--markdown secret.md",
      "--json",
      "--fail-on changes",
      "--fail-on never",
      "--json",
      "",
    ]);
  });
});
