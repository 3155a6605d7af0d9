/**
 * What the reliability e2e suite (tests/e2e/reliability.e2e.test.ts) and `npm run soak`
 * (scripts/soak.ts) share: the quickstart stack against an emulator, independent random faults,
 * a `pulumi up` killed at a chosen moment, `pulumi-cluster-platform recover`, and the check that the
 * emulator holds exactly what the quickstart declares (no duplicate, no orphan).
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { EmulatorOptions, RunningEmulator } from "../../emulator";
import { DEFAULT_SEED } from "../../emulator";
import { seededRandom } from "../../emulator/core/faults";
import { collect, createClient } from "../../provider/client";

import { emulatorStack, type LocalStack, type RunResult, repoRoot, runProcess } from "./pulumi-stack";

/** A seed gives the same draws in [0, 1) every time: the crash moments of the suite and the soak. */
export { seededRandom };

export const QUICKSTART_GROUP = "5f1a000000000000000000a1";

/**
 * A set of crash trials with its own seed: `regular` of them in every `npm run test:all` (the first
 * ones), `full` through `npm run soak -- --suite-trials full` (the regular ones and the rest, which
 * the suite ran itself until issue 36). A seed gives the same moments (as fractions of the measured
 * span) every run, so the regular trials are always the full set's first ones.
 */
export interface TrialSet {
  seed: number;
  regular: number;
  full: number;
}

/** The emulator the quickstart's crash trials run against (asynchronous objects take 300 ms). */
export const QUICKSTART_EMULATOR: Readonly<EmulatorOptions> = {
  port: 0,
  seed: "default",
  asyncDelayMs: 300,
  rateLimit: { limit: 1000, windowMs: 60_000 },
};

/**
 * The quickstart's crash trials of the suite, one set per file (tests/e2e/crashTrialsA/B): two of
 * five each in the regular run, at 0.09 and 0.07 (seed 23) and 0.63 and 0.10 (seed 47) of the `up`:
 * three while its four creates are in flight, the case recover exists for, one while it waits for
 * the builds. Every create of the quickstart's types is also killed by the create trials over every
 * type (scripts/lib/crashAll.ts); what these add is the `destroy` after, which finds everything the
 * killed run made (no orphan).
 */
export const QUICKSTART_TRIALS: Readonly<Record<"A" | "B", TrialSet>> = {
  A: { seed: 23, regular: 2, full: 5 },
  B: { seed: 47, regular: 2, full: 5 },
};
const CLUSTER = "demo-cluster";

/** The quickstart's stack against this emulator (its own backend, home and program copy). */
export function quickstartStack(emulator: RunningEmulator, echo = true): Promise<LocalStack> {
  return emulatorStack(emulator, {
    program: join(repoRoot, "examples", "quickstart"),
    echo,
  });
}

/**
 * Injects faults on the API, each request faulted independently with probability `rate` in all:
 * 500, 503 and 429 answers, dropped connections (half of the 500s and drops after the request
 * acted, so a create may be made with its answer lost) and added latency, in equal shares.
 */
export function injectFaults(emulator: RunningEmulator, rate: number, seed: number): void {
  const share = rate / 6;
  const faults = emulator.core.faults;
  // One draw per fault per request, each fault from its own seeded stream; a request reaches a later
  // fault only when the earlier ones passed it, so each kind's share is rate/6 up to (1 - rate) terms.
  faults.add({ pathPattern: "/api/**", status: 500, rate: share, seed: seed + 1 });
  faults.add({ pathPattern: "/api/**", status: 500, afterHandling: true, rate: share, seed: seed + 2 });
  faults.add({ pathPattern: "/api/**", status: 503, rate: share, seed: seed + 3 });
  faults.add({
    pathPattern: "/api/**",
    status: 429,
    headers: { "retry-after": "1" },
    rate: share,
    seed: seed + 4,
  });
  faults.add({ pathPattern: "/api/**", drop: true, afterHandling: true, rate: share, seed: seed + 5 });
  faults.add({ pathPattern: "/api/**", latencyMs: 300, rate: share, seed: seed + 6 });
}

/** What differs between the emulator and the quickstart's declared objects; empty when they agree. */
export async function quickstartProblems(
  emulator: RunningEmulator,
  expect: "up" | "destroyed",
): Promise<string[]> {
  const client = createClient({
    baseUrl: emulator.baseUrl,
    ...DEFAULT_SEED.orgOwnerKey,
    rateLimitPerMinute: 0,
  });
  const problems: string[] = [];
  const check = (what: string, actual: unknown, wanted: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted))
      problems.push(`${what}: ${JSON.stringify(actual)}, declared ${JSON.stringify(wanted)}`);
  };
  // Faults are for the stack under test, not for this check.
  const faults = emulator.core.faults.list();
  emulator.core.faults.clear();
  try {
    const indexes = await client.searchIndexes.list(QUICKSTART_GROUP, CLUSTER);
    const nodes = await client.searchDeployments.get(QUICKSTART_GROUP, CLUSTER);
    const alerts = await collect(client.alertConfigs.listAll(QUICKSTART_GROUP));
    const buckets = await collect(client.exportBuckets.listAll(QUICKSTART_GROUP));
    if (expect === "up") {
      check("search indexes", indexes.map((index) => index.name).sort(), ["movies-text", "plot-vectors"]);
      check("search node specs", (nodes as { specs?: unknown }).specs, [
        { instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 },
      ]);
      check(
        "alert configurations",
        alerts.map((alert) => alert.eventTypeName),
        ["DEPLOYMENT_FAILURE"],
      );
      check(
        "export buckets",
        buckets.map((bucket) => bucket.bucketName),
        ["quickstart-backup-exports"],
      );
    } else {
      check("search indexes", indexes, []);
      check("search nodes", nodes, {});
      check("alert configurations", alerts, []);
      check("export buckets", buckets, []);
    }
  } finally {
    for (const { id: _id, applied: _applied, ...spec } of faults) emulator.core.faults.add(spec);
    await client.close();
  }
  return problems;
}

/** The pids of processes started for this stack (their PULUMI_HOME is the stack's), on Linux. */
export function processesOfStack(stack: LocalStack): number[] {
  const home = `PULUMI_HOME=${stack.env.PULUMI_HOME}`;
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environment = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environment.includes(home)) pids.push(Number(entry));
    } catch {
      // The process ended meanwhile, or is not ours to read.
    }
  }
  return pids;
}

/** Waits until `condition` holds or `timeoutMs` passes; whether it held. */
export async function waitUntil(condition: () => boolean, timeoutMs: number, stepMs = 100): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return condition();
}

export interface KilledUp {
  /** False when `up` finished before the moment came. */
  killed: boolean;
  /** Mutating API requests the emulator had answered when the CLI was killed. */
  writesBeforeKill: number;
  /** From the first answered write to the kill, or to the end when `up` finished first. */
  spanMs: number;
}

function writes(emulator: RunningEmulator): number {
  return emulator.core.requestLog.list().filter((entry) => entry.method !== "GET").length;
}

/**
 * Starts `pulumi up` and kills the CLI (SIGKILL, as a lost machine or an OOM kill would) `delayMs`
 * after the emulator answered its first mutating request.
 */
export function upKilledAfter(
  stack: LocalStack,
  emulator: RunningEmulator,
  delayMs: number,
): Promise<KilledUp> {
  return commandKilledAfter(stack, emulator, "up", delayMs);
}

/**
 * Starts `pulumi <command>` (up or destroy) and kills the CLI with SIGKILL `delayMs` after the
 * emulator answered the command's first mutating request.
 */
export async function commandKilledAfter(
  stack: LocalStack,
  emulator: RunningEmulator,
  command: "up" | "destroy",
  delayMs: number,
): Promise<KilledUp> {
  const before = writes(emulator);
  const child = spawn("pulumi", [command, "--yes", "--skip-preview", "--non-interactive"], {
    cwd: stack.programDir,
    env: stack.env,
    stdio: "ignore",
  });
  const closed = new Promise<void>((resolve) => child.on("close", () => resolve()));
  let exited = false;
  void closed.then(() => {
    exited = true;
  });
  await waitUntil(() => exited || writes(emulator) > before, 120_000, 20);
  const firstWrite = Date.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, delayMs)))]);
  clearTimeout(timer);
  const killed = !exited;
  if (killed) child.kill("SIGKILL");
  await closed;
  return { killed, writesBeforeKill: writes(emulator) - before, spanMs: Date.now() - firstWrite };
}

/**
 * Whether nothing calls the API from `graceMs` after now until `graceMs + quietMs`: after a killed
 * CLI, the provider host must have ended (it probes the engine every 2 s and exits after two
 * refusals) instead of going on with its waits and retries.
 */
export async function apiQuietAfter(
  emulator: RunningEmulator,
  graceMs = 10_000,
  quietMs = 5_000,
): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  const before = emulator.core.requestLog.list().length;
  await new Promise((resolve) => setTimeout(resolve, quietMs));
  return emulator.core.requestLog.list().length === before;
}

/** Runs `pulumi-cluster-platform recover` (the built CLI) for the stack; `json`: with `--json`. */
export function recover(stack: LocalStack, json = false): Promise<RunResult> {
  return runProcess(
    process.execPath,
    [
      join(repoRoot, "dist", "provider", "cli", "main.js"),
      "recover",
      "--stack",
      "test",
      "--cwd",
      stack.programDir,
      ...(json ? ["--json"] : []),
    ],
    stack.programDir,
    stack.env,
  );
}

/** The stack's pending operations (what an interrupted run left). */
export async function pendingOperations(stack: LocalStack): Promise<Array<{ type: string; urn: string }>> {
  const state = (await stack.exportState()) as {
    deployment: { pending_operations?: Array<{ type: string; resource: { urn: string } }> };
  };
  return (state.deployment.pending_operations ?? []).map((op) => ({ type: op.type, urn: op.resource.urn }));
}

/** The dynamic provider host processes still running for the stack. */
export function providerProcesses(stack: LocalStack): number[] {
  return processesOfStack(stack).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("dynamic-provider");
    } catch {
      return false;
    }
  });
}

/**
 * How long an unkilled `up` of the quickstart runs after its first write, on a fresh stack and a
 * reset emulator: crash moments are drawn from this span so that they fall anywhere in the run.
 */
export async function upSpanMs(emulator: RunningEmulator): Promise<number> {
  emulator.core.faults.clear();
  emulator.reset();
  const stack = await quickstartStack(emulator, false);
  try {
    return (await upKilledAfter(stack, emulator, 600_000)).spanMs;
  } finally {
    stack.dispose();
  }
}

export interface CrashTrial {
  delayMs: number;
  writesBeforeKill: number;
  /** The provider host ended with the CLI and nothing called the API afterwards. */
  providerEnded: boolean;
  recovered: RunResult;
  /** Pending operations left in the state after recover (none expected). */
  pendingAfterRecover: Array<{ type: string; urn: string }>;
  upAfter: RunResult;
  /** What differs between the emulator and the declared objects after that `up`. */
  problems: string[];
  /** With `destroyAfter`: the `destroy` after that `up`, and what it left on the emulator. */
  destroyed?: { code: number; problems: string[] };
}

/**
 * One crash trial on a fresh stack and a reset emulator: `pulumi up` killed `delayMs` after its first
 * write, then `pulumi-cluster-platform recover`, then `pulumi up`. Undefined when `up` finished before
 * the moment came (no crash to recover from). The stack's processes are killed and its folder
 * removed at the end.
 */
export async function crashTrial(
  emulator: RunningEmulator,
  delayMs: number,
  options: { destroyAfter?: boolean } = {},
): Promise<CrashTrial | undefined> {
  emulator.core.faults.clear();
  emulator.reset();
  const stack = await quickstartStack(emulator, false);
  try {
    const killed = await upKilledAfter(stack, emulator, delayMs);
    if (!killed.killed) return undefined;
    // The provider host probes the engine every 2 s and exits after two refusals.
    const hostsGone = await waitUntil(() => providerProcesses(stack).length === 0, 20_000, 200);
    const providerEnded = hostsGone && (await apiQuietAfter(emulator, 0, 2_000));
    const recovered = await recover(stack);
    const pendingAfterRecover = recovered.code === 0 ? await pendingOperations(stack) : [];
    const upAfter = await stack.pulumi(["up", "--yes", "--skip-preview"], {
      allowFailure: true,
      quiet: true,
    });
    const problems = upAfter.code === 0 ? await quickstartProblems(emulator, "up") : [];
    let destroyed: CrashTrial["destroyed"];
    if (options.destroyAfter === true && upAfter.code === 0) {
      // Everything the killed run made is in the state after recover: destroy finds it all.
      const destroy = await stack.pulumi(["destroy", "--yes", "--skip-preview"], {
        allowFailure: true,
        quiet: true,
      });
      destroyed = {
        code: destroy.code,
        problems: destroy.code === 0 ? await quickstartProblems(emulator, "destroyed") : [],
      };
    }
    return {
      delayMs,
      writesBeforeKill: killed.writesBeforeKill,
      providerEnded,
      recovered,
      pendingAfterRecover,
      upAfter,
      problems,
      ...(destroyed === undefined ? {} : { destroyed }),
    };
  } finally {
    for (const pid of processesOfStack(stack)) process.kill(pid, "SIGKILL");
    stack.dispose();
  }
}

/** Whether a trial ended with exactly the declared objects and nothing left behind. */
export function crashTrialOk(trial: CrashTrial): boolean {
  return (
    trial.providerEnded &&
    trial.recovered.code === 0 &&
    trial.pendingAfterRecover.length === 0 &&
    trial.upAfter.code === 0 &&
    trial.problems.length === 0 &&
    (trial.destroyed === undefined || (trial.destroyed.code === 0 && trial.destroyed.problems.length === 0))
  );
}
