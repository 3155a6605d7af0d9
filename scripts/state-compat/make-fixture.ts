/**
 * Makes a state-compatibility fixture with a previous release: `pulumi up` of the everyType program
 * (tests/e2e/programs/everyType, all 18 resource types) with THAT release's package and emulator,
 * then saves the stack's exported state and the emulator's data folder (see fixture.ts for what the
 * folder holds). tests/e2e/stateCompat.e2e.test.ts loads it into the current package.
 *
 * The release is a built checkout of it, for example:
 *
 *   git worktree add ../wt-release-0.1.0 c2bc750 && (cd ../wt-release-0.1.0 && npm ci)
 *   npm run state-compat:fixture -- --release ../wt-release-0.1.0
 *
 * (`npm ci` there runs its `prepare`: the self link and the build.) The program is copied from this
 * checkout (the release has none) and resolves `pulumi-cluster-platform`, `@pulumi/pulumi` and
 * ts-node from the release: its copy gets a node_modules link to the release's, which the program,
 * the language host and the dynamic provider host (which loads the package from the program's
 * folder) all resolve through. The script checks that before running anything. The Pulumi CLI is this
 * checkout's (.tools/bin, `npm run toolchain`); the CLI is pinned in tools/ and was the same then.
 *
 * Before saving, the release itself refreshes and previews its stack: both must show no change, or
 * the fixture would hold a difference of its own. The exported state is saved as the CLI wrote it,
 * less each resource's sourcePosition and stackTrace (see below). Ids differ from run to run (the
 * engine's order of creates varies, and the emulator mints ids in the order it gets them).
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { RunningEmulator, startEmulator as StartEmulator } from "../../emulator";
import { STATE_FILE } from "../../emulator/core/persistence";
import { emulatorStack, type LocalStack, repoRoot, runProcess } from "../lib/pulumi-stack";
import {
  EMULATOR_DIR,
  FIXTURE_CLOCK_START,
  FIXTURE_PASSPHRASE,
  FIXTURE_STACK,
  type FixtureInfo,
  fixtureEmulatorOptions,
  INFO_FILE,
  STACK_FILE,
} from "./fixture";

const PROGRAM = join(repoRoot, "tests", "e2e", "programs", "everyType");
const USAGE =
  "usage: npm run state-compat:fixture -- --release <built checkout of the release> [--out <folder>]";

interface ReleaseCheckout {
  root: string;
  version: string;
  commit: string;
  startEmulator: typeof StartEmulator;
}

function fail(message: string): never {
  process.stderr.write(`[state-compat] ${message}\n`);
  process.exit(1);
}

function say(message: string): void {
  process.stderr.write(`[state-compat] ${message}\n`);
}

/** The release's version, commit and emulator, after checking it is built and self-linked. */
function openRelease(folder: string): ReleaseCheckout {
  const root = realpathSync(folder);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    name?: string;
    version?: string;
  };
  if (manifest.name !== "pulumi-cluster-platform")
    fail(`${root} is not a checkout of pulumi-cluster-platform`);
  const emulatorEntry = join(root, "dist", "emulator", "index.js");
  if (!existsSync(emulatorEntry)) fail(`${root} is not built: run npm ci (or npm run build) there`);
  if (!existsSync(join(root, "node_modules", "pulumi-cluster-platform")))
    fail(`${root} has no self link: run npm ci (or bash scripts/link-self.sh) there`);
  const commit = execFileSync("git", ["-C", root, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["-C", root, "status", "--porcelain", "--untracked-files=no"], {
    encoding: "utf8",
  }).trim();
  if (dirty !== "") fail(`${root} has changes to tracked files: a fixture is made from a commit as it is`);
  // The release's own emulator, loaded from its build (a path outside this checkout).
  const { startEmulator } = require(emulatorEntry) as { startEmulator: typeof StartEmulator };
  return { root, version: String(manifest.version), commit, startEmulator };
}

/**
 * Links the stack's program copy to the release's node_modules and checks what a Node.js process
 * started in the copy then resolves (as the language host and the dynamic provider host do; asked
 * from this process, the package would resolve to this checkout by its own name).
 */
async function useReleasePackages(stack: LocalStack, release: ReleaseCheckout): Promise<void> {
  symlinkSync(join(release.root, "node_modules"), join(stack.programDir, "node_modules"), "dir");
  const requests = [
    "pulumi-cluster-platform/package.json",
    "@pulumi/pulumi/package.json",
    "ts-node/package.json",
  ];
  const script = `for (const r of ${JSON.stringify(requests)}) console.log(require("fs").realpathSync(require.resolve(r)))`;
  const resolved = await runProcess("node", ["-e", script], stack.programDir, stack.env);
  const found = resolved.stdout.trim().split("\n");
  requests.forEach((request, i) => {
    if (!found[i]?.startsWith(`${release.root}/`))
      throw new Error(
        `the program copy resolves ${request} to ${found[i] ?? resolved.stderr}, not inside ${release.root}`,
      );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { release: { type: "string" }, out: { type: "string" } },
    strict: true,
  });
  if (values.release === undefined) fail(USAGE);
  const release = openRelease(values.release);
  const out = resolve(values.out ?? join(repoRoot, "tests", "e2e", "fixtures", `state-${release.version}`));
  say(
    `release ${release.version} (${release.commit}) at ${release.root}; fixture in ${relative(repoRoot, out)}`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), "state-compat-emulator-"));
  let emulator: RunningEmulator | undefined;
  let stack: LocalStack | undefined;
  try {
    emulator = await release.startEmulator(fixtureEmulatorOptions(dataDir, FIXTURE_CLOCK_START));
    stack = await emulatorStack(emulator, {
      program: PROGRAM,
      stackName: FIXTURE_STACK,
      env: { PULUMI_CONFIG_PASSPHRASE: FIXTURE_PASSPHRASE },
    });
    await useReleasePackages(stack, release);

    await stack.up();
    // The release must see its own stack as unchanged, or the fixture holds a difference of its own.
    await stack.refresh({ expectNoChanges: true });
    await stack.preview({ expectNoChanges: true });

    const exported = await stack.pulumi(["stack", "export"], { quiet: true });
    const deployment = JSON.parse(exported.stdout) as {
      deployment: { resources?: Array<Record<string, unknown>> };
    };
    // Where in the program each resource was declared, as paths from the program copy to this
    // machine's release checkout: engine metadata the next update rewrites, about a third of the
    // file, and no part of what the provider stored.
    for (const resource of deployment.deployment.resources ?? []) {
      delete resource.sourcePosition;
      delete resource.stackTrace;
    }
    const version = await runProcess("pulumi", ["version"], stack.programDir, stack.env);
    const info: FixtureInfo = {
      release: release.version,
      commit: release.commit,
      program: relative(repoRoot, PROGRAM),
      project: /^name:\s*(\S+)/m.exec(readFileSync(join(PROGRAM, "Pulumi.yaml"), "utf8"))?.[1] ?? "",
      stack: FIXTURE_STACK,
      pulumiVersion: version.stdout.trim(),
      clockMs: emulator.now(),
      baseUrl: emulator.baseUrl,
      resources: deployment.deployment.resources?.length ?? 0,
    };
    emulator.core.persist();
    await emulator.close();
    emulator = undefined;

    rmSync(join(out, STACK_FILE), { force: true });
    rmSync(join(out, EMULATOR_DIR), { recursive: true, force: true });
    mkdirSync(join(out, EMULATOR_DIR), { recursive: true });
    writeFileSync(join(out, STACK_FILE), `${JSON.stringify(deployment, null, 2)}\n`);
    // Indented, not on one line as the emulator writes it, so a later fixture's difference reads in
    // a review.
    const saved = JSON.parse(readFileSync(join(dataDir, STATE_FILE), "utf8")) as unknown;
    writeFileSync(join(out, EMULATOR_DIR, STATE_FILE), `${JSON.stringify(saved, null, 2)}\n`);
    writeFileSync(join(out, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    // In the repository's JSON style (the lint checks every file): the same data, laid out by biome.
    execFileSync(join(repoRoot, "node_modules", ".bin", "biome"), ["format", "--write", out], {
      stdio: "ignore",
    });
    say(
      `saved ${info.resources} resources of stack ${info.stack} and the emulator's state in ${relative(repoRoot, out)}`,
    );
  } finally {
    stack?.dispose();
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
