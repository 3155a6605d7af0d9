/**
 * Reliability soak (npm run soak): the quickstart through the real Pulumi CLI against the emulator.
 *
 *   1. fault runs: `pulumi up`, `refresh`, `destroy` with independent injected faults on every API
 *      request (500, 500 after the request acted, 503, 429, dropped connections after the request
 *      acted, added latency; `--rate` in all). Each command must succeed on the first try, and after
 *      up and after destroy the emulator must hold exactly what the quickstart declares;
 *   2. crash trials: `pulumi up` killed (SIGKILL) at a seeded random moment, then
 *      `pulumi-cluster-platform recover`, then `pulumi up`: it must succeed and the emulator must
 *      hold exactly the declared objects; the provider process must have ended with the CLI.
 *      The moments are drawn from the length of an unkilled `up` (measured first, from its first
 *      write to its end), so they fall anywhere in the run; a draw that `up` outlives by finishing
 *      first is not a crash trial and is drawn again, so `--crash-trials` counts real kills.
 *
 *   3. crash trials over every type (`--every-type-trials`, per phase, none by default): the stack of
 *      tests/e2e/programs/everyType (all 18 types) killed during create, update and destroy, then
 *      recover and the command again (scripts/lib/crashAll.ts); prints a table per type and phase
 *      (kills, adopted, cleared, undecided, orphans, duplicates, differing records).
 *
 *   4. the suite's crash trials (`--suite-trials regular|full`): the trial sets of
 *      tests/e2e/crashAll*.e2e.test.ts (scripts/lib/crashAll.ts EVERY_TYPE_TRIALS) and
 *      tests/e2e/crashTrialsA/B.e2e.test.ts (scripts/lib/reliability.ts QUICKSTART_TRIALS) with their
 *      seeds, emulators and checks: `regular` the ones `npm run test:all` runs, `full` every trial of
 *      each seed (the regular ones first, then the rest the suite leaves to this command).
 *      With it, `--fault-runs` and `--crash-trials` default to 0.
 *
 * `--phases` (default create,update,delete,quickstart) limits 3 and 4 to those phases.
 * Prints one line per command or trial and a summary; exits 1 when anything failed.
 *
 *   npm run soak [-- --fault-runs 20 --crash-trials 10 --rate 0.1 --seed 1]
 *   npm run soak -- --fault-runs 0 --crash-trials 0 --every-type-trials 10 --seed 1
 *   npm run soak -- --suite-trials full [--phases update]
 */
import { parseArgs } from "node:util";
import { type RunningEmulator, startEmulator } from "../emulator";
import {
  addToTally,
  EVERY_TYPE_EMULATOR,
  EVERY_TYPE_TRIALS,
  emptyTally,
  everyTypeTrial,
  everyTypeTrialOk,
  killMoments,
  measureBaseline,
  PHASES,
  type Phase,
  type Tally,
  tallyTable,
} from "./lib/crashAll";
import {
  crashTrial,
  crashTrialOk,
  injectFaults,
  QUICKSTART_EMULATOR,
  QUICKSTART_TRIALS,
  quickstartProblems,
  quickstartStack,
  seededRandom,
  upSpanMs,
} from "./lib/reliability";

const USAGE = `Usage: npm run soak [-- options]

  --fault-runs <n>         up, refresh, destroy of the quickstart under injected faults (default 20)
  --rate <r>               share of API requests faulted in a fault run (default 0.1)
  --crash-trials <n>       quickstart up killed, recover, up (default 10)
  --every-type-trials <n>  per phase, the every-type stack killed during create, update, destroy
                           (default 0): at the first write, then moments from --seed
  --seed <n>               seed of the fault runs, crash trials and every-type trials (default 1)
  --suite-trials <set>     the suite's crash trials with their own seeds: "regular" (what
                           npm run test:all runs: ${PHASES.map((phase) => `${EVERY_TYPE_TRIALS[phase].regular} ${phase}`).join(", ")}, ${QUICKSTART_TRIALS.A.regular}+${QUICKSTART_TRIALS.B.regular} quickstart)
                           or "full" (every trial: ${PHASES.map((phase) => `${EVERY_TYPE_TRIALS[phase].full} ${phase}`).join(", ")}, ${QUICKSTART_TRIALS.A.full}+${QUICKSTART_TRIALS.B.full} quickstart);
                           --fault-runs and --crash-trials then default to 0
  --phases <list>          limit --every-type-trials and --suite-trials to these of
                           create,update,delete,quickstart (default all)
  --help                   this text
`;

const SUITE_PHASES = [...PHASES, "quickstart"] as const;
type SuitePhase = (typeof SUITE_PHASES)[number];

const { values } = parseArgs({
  options: {
    "fault-runs": { type: "string" },
    "crash-trials": { type: "string" },
    rate: { type: "string", default: "0.1" },
    seed: { type: "string", default: "1" },
    "every-type-trials": { type: "string", default: "0" },
    "suite-trials": { type: "string" },
    phases: { type: "string", default: SUITE_PHASES.join(",") },
    help: { type: "boolean", default: false },
  },
});

/** Bad options: the message on stderr, exit 2, before anything starts. */
function refuse(message: string): never {
  process.stderr.write(`soak: ${message}\n${USAGE}`);
  process.exit(2);
}

/** A count option: a whole number, at least 0. */
function count(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) refuse(`--${name} ${text}: use a whole number, 0 or more`);
  return value;
}

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const suiteSetOption = values["suite-trials"];
if (suiteSetOption !== undefined && suiteSetOption !== "regular" && suiteSetOption !== "full")
  refuse(`--suite-trials ${suiteSetOption}: use regular or full`);
const suiteSet: "regular" | "full" | undefined = suiteSetOption;
const phases = values.phases.split(",").map((phase) => phase.trim());
for (const phase of phases)
  if (!(SUITE_PHASES as readonly string[]).includes(phase))
    refuse(`--phases ${values.phases}: ${phase} is not one of ${SUITE_PHASES.join(", ")}`);
const selected = (phase: SuitePhase) => phases.includes(phase);
const everyTypeTrials = count("every-type-trials", values["every-type-trials"]);
const faultRuns = count("fault-runs", values["fault-runs"] ?? (suiteSet === undefined ? "20" : "0"));
const crashTrials = count("crash-trials", values["crash-trials"] ?? (suiteSet === undefined ? "10" : "0"));
const rate = Number(values.rate);
const seed = Number(values.seed);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const report = (line: string) => process.stdout.write(`${line}\n`);

/** Kills, passes and draws of a run of trials. */
interface Outcome {
  killed: number;
  ok: number;
  draws: number;
  /** Pending operations recover adopted or cleared (quickstart trials). */
  pendingSeen: number;
}

/**
 * `trials` quickstart crash trials whose moments come from `random`; each draw that `up` outlives is
 * drawn again, at most 3 draws per trial in all. `label` starts each line.
 */
async function quickstartTrials(
  emulator: RunningEmulator,
  random: () => number,
  trials: number,
  options: { destroyAfter: boolean; label: string },
): Promise<Outcome> {
  const outcome: Outcome = { killed: 0, ok: 0, draws: 0, pendingSeen: 0 };
  if (trials === 0) return outcome;
  const spanMs = await upSpanMs(emulator);
  report(`${options.label}: an unkilled up lasts ${seconds(spanMs)} after its first write`);
  while (outcome.killed < trials && outcome.draws < 3 * trials) {
    outcome.draws += 1;
    const delayMs = Math.floor(random() * spanMs);
    const started = Date.now();
    const trial = await crashTrial(emulator, delayMs, { destroyAfter: options.destroyAfter });
    if (trial === undefined) {
      report(`${options.label} draw at +${delayMs} ms: up finished first, drawn again`);
      continue;
    }
    outcome.killed += 1;
    const { recovered, upAfter, problems, destroyed } = trial;
    const adopted = /adopted (\d+), cleared (\d+)/.exec(recovered.stdout);
    outcome.pendingSeen += adopted === null ? 0 : Number(adopted[1]) + Number(adopted[2]);
    const ok = crashTrialOk(trial);
    if (ok) outcome.ok += 1;
    report(
      `${options.label} trial ${outcome.killed} kill at +${delayMs} ms (after ${trial.writesBeforeKill} writes): ` +
        `${ok ? "ok" : "FAILED"} ${seconds(Date.now() - started)}; recover: ${recovered.stdout.split("\n")[0]}` +
        (trial.providerEnded ? "" : "; the provider host outlived the CLI or the API was still called") +
        (recovered.code === 0 ? "" : `; recover exit ${recovered.code}: ${recovered.stderr.trim()}`) +
        (trial.pendingAfterRecover.length === 0
          ? ""
          : `; ${trial.pendingAfterRecover.length} pending operations left`) +
        (upAfter.code === 0
          ? ""
          : `; up exit ${upAfter.code}: ${lastError(upAfter.stdout + upAfter.stderr)}`) +
        (problems.length === 0 ? "" : `; state: ${problems.join("; ")}`) +
        (destroyed === undefined || (destroyed.code === 0 && destroyed.problems.length === 0)
          ? ""
          : `; destroy exit ${destroyed.code}${destroyed.problems.length === 0 ? "" : `, left: ${destroyed.problems.join("; ")}`}`),
    );
  }
  if (outcome.killed < trials)
    report(`${options.label}: only ${outcome.killed} of ${outcome.draws} draws killed up before it finished`);
  return outcome;
}

/**
 * `trials` crash trials over every type in `phase` whose moments come from `seed` (killMoments: the
 * first write, then the seed's draws): first the baseline (the command unkilled; for update and
 * delete the deployed stack the trials start from), then each draw the command outlives drawn
 * again, at most 3 draws per trial in all.
 */
async function everyTypePhase(
  emulator: RunningEmulator,
  phase: Phase,
  seed: number,
  trials: number,
  tally: Tally,
  label: string,
): Promise<Outcome> {
  const outcome: Outcome = { killed: 0, ok: 0, draws: 0, pendingSeen: 0 };
  if (trials === 0) return outcome;
  const baseline = await measureBaseline(emulator, phase);
  report(`${label}: an unkilled run lasts ${seconds(baseline.spanMs)} after its first write`);
  const nextDelay = killMoments(seed, baseline.spanMs);
  while (outcome.killed < trials && outcome.draws < 3 * trials) {
    outcome.draws += 1;
    const delayMs = nextDelay();
    const started = Date.now();
    const trial = await everyTypeTrial(emulator, baseline, delayMs);
    if (trial === undefined) {
      report(`${label} draw at +${delayMs} ms: the command finished first, drawn again`);
      continue;
    }
    outcome.killed += 1;
    addToTally(tally, trial);
    const ok = everyTypeTrialOk(trial);
    if (ok) outcome.ok += 1;
    const outcomes = trial.actions.map((action) => `${action.outcome} ${action.type}`).join(", ");
    report(
      `${label} trial ${outcome.killed} kill at +${delayMs} ms: ${ok ? "ok" : "FAILED"} ` +
        `${seconds(Date.now() - started)}; recover: ${outcomes === "" ? "nothing pending" : outcomes}` +
        (trial.resolvedMigration === undefined ? "" : `; undecided migration: ${trial.resolvedMigration}`) +
        (trial.providerEnded ? "" : "; the provider host outlived the CLI or the API was still called") +
        (trial.pendingAfterRecover.length === 0
          ? ""
          : `; ${trial.pendingAfterRecover.length} still pending`) +
        (trial.rerun.code === 0
          ? ""
          : `; rerun exit ${trial.rerun.code}: ${lastError(trial.rerun.stdout + trial.rerun.stderr)}`) +
        (trial.leftovers.details.length === 0 ? "" : `; state: ${trial.leftovers.details.join("; ")}`),
    );
  }
  if (outcome.killed < trials)
    report(
      `${label}: only ${outcome.killed} of ${outcome.draws} draws killed the command before it finished`,
    );
  return outcome;
}

/** Failures of an outcome that wanted `trials` kills: each failed trial, and a shortfall of kills. */
const failuresOf = (outcome: Outcome, trials: number) =>
  outcome.killed - outcome.ok + (outcome.killed < trials ? 1 : 0);

async function faultRunsOn(emulator: RunningEmulator): Promise<number> {
  let failures = 0;
  let commandsFirstTry = 0;
  let commands = 0;
  let faulted = 0;
  let requests = 0;
  const stack = await quickstartStack(emulator, false);
  try {
    for (let run = 1; run <= faultRuns; run++) {
      emulator.core.faults.clear();
      emulator.core.requestLog.clear();
      injectFaults(emulator, rate, seed * 1000 + run * 10);
      for (const command of ["up", "refresh", "destroy"] as const) {
        const started = Date.now();
        const result = await stack.pulumi([command, "--yes", "--skip-preview"], {
          allowFailure: true,
          quiet: true,
        });
        commands += 1;
        // The command's own requests, before the state check adds its unfaulted reads.
        const log = emulator.core.requestLog.list();
        requests += log.length;
        faulted += log.filter((entry) => entry.fault !== null).length;
        emulator.core.requestLog.clear();
        let problems: string[] = [];
        if (result.code === 0 && command !== "refresh")
          problems = await quickstartProblems(emulator, command === "up" ? "up" : "destroyed");
        const ok = result.code === 0 && problems.length === 0;
        if (ok) commandsFirstTry += 1;
        else failures += 1;
        report(
          `fault run ${run} ${command.padEnd(7)} ${ok ? "ok" : "FAILED"} ${seconds(Date.now() - started)}` +
            (result.code === 0 ? "" : ` exit ${result.code}: ${lastError(result.stdout + result.stderr)}`) +
            (problems.length === 0 ? "" : ` state: ${problems.join("; ")}`),
        );
        if (!ok && result.code !== 0) {
          // Put the stack back on its feet for the next run (not counted as a first try).
          await stack.pulumi([command, "--yes", "--skip-preview"], { allowFailure: true, quiet: true });
        }
        emulator.core.requestLog.clear();
      }
    }
  } finally {
    stack.dispose();
  }
  summary.push(
    `fault runs: ${commandsFirstTry}/${commands} commands succeeded first try with the declared state; ` +
      `${faulted} of ${requests} API requests faulted (${((100 * faulted) / Math.max(1, requests)).toFixed(1)}%)`,
  );
  return failures;
}

/** The suite's trial sets (`--suite-trials`), each on an emulator started as its test file starts one. */
async function suiteTrials(set: "regular" | "full"): Promise<number> {
  let failures = 0;
  const tally = emptyTally();
  const phasesRun: Phase[] = [];
  for (const phase of PHASES) {
    if (!selected(phase)) continue;
    const trialSet = EVERY_TYPE_TRIALS[phase];
    const emulator = await startEmulator(EVERY_TYPE_EMULATOR);
    try {
      const label = `suite, every type, ${phase}, seed ${trialSet.seed}`;
      const outcome = await everyTypePhase(emulator, phase, trialSet.seed, trialSet[set], tally, label);
      failures += failuresOf(outcome, trialSet[set]);
      phasesRun.push(phase);
      summary.push(`${label}: ${outcome.ok}/${outcome.killed} converged (${outcome.draws} draws)`);
    } finally {
      await emulator.close();
    }
  }
  if (phasesRun.length > 0) summary.push(tallyTable(tally, phasesRun));
  if (selected("quickstart"))
    for (const [name, trialSet] of Object.entries(QUICKSTART_TRIALS)) {
      const emulator = await startEmulator(QUICKSTART_EMULATOR);
      try {
        const label = `suite, quickstart ${name}, seed ${trialSet.seed}`;
        const outcome = await quickstartTrials(emulator, seededRandom(trialSet.seed), trialSet[set], {
          destroyAfter: true,
          label,
        });
        failures += failuresOf(outcome, trialSet[set]);
        summary.push(
          `${label}: ${outcome.ok}/${outcome.killed} recovered, then destroyed leaving nothing (${outcome.draws} draws)`,
        );
      } finally {
        await emulator.close();
      }
    }
  return failures;
}

/** Lines printed after everything ran. */
const summary: string[] = [];

async function main(): Promise<number> {
  let failures = 0;
  const emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
  try {
    // 1. Fault runs, one stack for all of them.
    if (faultRuns > 0) failures += await faultRunsOn(emulator);

    // 2. Crash trials, a fresh emulator state and stack for each.
    const crash = await quickstartTrials(emulator, seededRandom(seed), crashTrials, {
      destroyAfter: false,
      label: "crash",
    });
    failures += failuresOf(crash, crashTrials);
    if (crashTrials > 0)
      summary.push(
        `crash trials: ${crash.ok}/${crash.killed} killed runs recovered to exactly the declared objects ` +
          `(${crash.draws} draws); ${crash.pendingSeen} pending operations resolved by recover`,
      );

    // 3. Crash trials over every type: per phase a baseline (the command unkilled), then the trials.
    const tally = emptyTally();
    let everyTypeOk = 0;
    let everyTypeKilled = 0;
    for (const [index, phase] of PHASES.entries()) {
      if (everyTypeTrials === 0 || !selected(phase)) continue;
      const outcome = await everyTypePhase(
        emulator,
        phase,
        seed * 100 + index,
        everyTypeTrials,
        tally,
        `every type, ${phase}`,
      );
      failures += failuresOf(outcome, everyTypeTrials);
      everyTypeOk += outcome.ok;
      everyTypeKilled += outcome.killed;
    }
    if (everyTypeTrials > 0)
      summary.push(
        `crash trials over every type: ${everyTypeOk}/${everyTypeKilled} converged to what an unkilled run leaves`,
        tallyTable(tally, PHASES.filter(selected)),
      );
  } finally {
    await emulator.close();
  }

  // 4. The suite's trial sets, each on its own emulator.
  if (suiteSet !== undefined) failures += await suiteTrials(suiteSet);

  report("");
  for (const line of summary) report(line);
  return failures === 0 ? 0 : 1;
}

/** The last `error:` line of a CLI's output, for the one-line report. */
function lastError(output: string): string {
  const lines = output.split("\n").filter((line) => /error/i.test(line));
  return (lines.at(-1) ?? output.trim().split("\n").at(-1) ?? "").trim().slice(0, 400);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`soak: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
