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
 * Prints one line per command or trial and a summary; exits 1 when anything failed.
 *
 *   npm run soak [-- --fault-runs 20 --crash-trials 10 --rate 0.1 --seed 1]
 *   npm run soak -- --fault-runs 0 --crash-trials 0 --every-type-trials 10 --seed 1
 */
import { parseArgs } from "node:util";
import { startEmulator } from "../emulator";
import {
  addToTally,
  emptyTally,
  everyTypeTrial,
  everyTypeTrialOk,
  measureBaseline,
  PHASES,
  tallyTable,
} from "./lib/crashAll";
import {
  crashTrial,
  crashTrialOk,
  injectFaults,
  quickstartProblems,
  quickstartStack,
  seededRandom,
  upSpanMs,
} from "./lib/reliability";

const { values } = parseArgs({
  options: {
    "fault-runs": { type: "string", default: "20" },
    "crash-trials": { type: "string", default: "10" },
    rate: { type: "string", default: "0.1" },
    seed: { type: "string", default: "1" },
    "every-type-trials": { type: "string", default: "0" },
  },
});
const everyTypeTrials = Number(values["every-type-trials"]);
const faultRuns = Number(values["fault-runs"]);
const crashTrials = Number(values["crash-trials"]);
const rate = Number(values.rate);
const seed = Number(values.seed);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
  let failures = 0;
  const report = (line: string) => process.stdout.write(`${line}\n`);
  try {
    // 1. Fault runs, one stack for all of them.
    let commandsFirstTry = 0;
    let commands = 0;
    let faulted = 0;
    let requests = 0;
    if (faultRuns > 0) {
      const stack = await quickstartStack(emulator, false);
      try {
        for (let run = 1; run <= faultRuns; run++) {
          emulator.core.faults.clear();
          emulator.core.requestLog.clear();
          injectFaults(emulator, rate, seed * 1000 + run * 10);
          for (const command of ["up", "refresh", "destroy"] as const) {
            const started = Date.now();
            const args =
              command === "refresh"
                ? ["refresh", "--yes", "--skip-preview"]
                : [command, "--yes", "--skip-preview"];
            const result = await stack.pulumi(args, { allowFailure: true, quiet: true });
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
                (result.code === 0
                  ? ""
                  : ` exit ${result.code}: ${lastError(result.stdout + result.stderr)}`) +
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
    }

    // 2. Crash trials, a fresh emulator state and stack for each. First an unkilled `up` measures how
    // long the run lasts after its first write: the kill moments are drawn from that span.
    const random = seededRandom(seed);
    let trialsOk = 0;
    let trialsKilled = 0;
    let draws = 0;
    let pendingSeen = 0;
    const spanMs = crashTrials > 0 ? await upSpanMs(emulator) : 0;
    if (crashTrials > 0)
      report(`crash trials: an unkilled up lasts ${seconds(spanMs)} after its first write`);
    // Each draw that up outlives is drawn again, at most 3 draws per trial in all.
    while (trialsKilled < crashTrials && draws < 3 * crashTrials) {
      draws += 1;
      const delayMs = Math.floor(random() * spanMs);
      const started = Date.now();
      const trial = await crashTrial(emulator, delayMs);
      if (trial === undefined) {
        report(`crash draw at +${delayMs} ms: up finished first, drawn again`);
        continue;
      }
      trialsKilled += 1;
      const { recovered, upAfter, problems } = trial;
      const adopted = /adopted (\d+), cleared (\d+)/.exec(recovered.stdout);
      pendingSeen += adopted === null ? 0 : Number(adopted[1]) + Number(adopted[2]);
      const ok = crashTrialOk(trial);
      if (ok) trialsOk += 1;
      else failures += 1;
      report(
        `crash trial ${trialsKilled} kill at +${delayMs} ms (after ${trial.writesBeforeKill} writes): ` +
          `${ok ? "ok" : "FAILED"} ${seconds(Date.now() - started)}; recover: ${recovered.stdout.split("\n")[0]}` +
          (trial.providerEnded ? "" : "; the provider host outlived the CLI or the API was still called") +
          (recovered.code === 0 ? "" : `; recover exit ${recovered.code}: ${recovered.stderr.trim()}`) +
          (trial.pendingAfterRecover.length === 0
            ? ""
            : `; ${trial.pendingAfterRecover.length} pending operations left`) +
          (upAfter.code === 0
            ? ""
            : `; up exit ${upAfter.code}: ${lastError(upAfter.stdout + upAfter.stderr)}`) +
          (problems.length === 0 ? "" : `; state: ${problems.join("; ")}`),
      );
    }
    if (trialsKilled < crashTrials) {
      failures += 1;
      report(`crash trials: only ${trialsKilled} of ${draws} draws killed up before it finished`);
    }

    // 3. Crash trials over every type: per phase a baseline (the command unkilled), then the trials.
    const tally = emptyTally();
    let everyTypeOk = 0;
    let everyTypeKilled = 0;
    for (const [index, phase] of PHASES.entries()) {
      if (everyTypeTrials === 0) break;
      const phaseRandom = seededRandom(seed * 100 + index);
      const baseline = await measureBaseline(emulator, phase);
      report(`every type, ${phase}: an unkilled run lasts ${seconds(baseline.spanMs)} after its first write`);
      let killed = 0;
      let phaseDraws = 0;
      while (killed < everyTypeTrials && phaseDraws < 3 * everyTypeTrials) {
        phaseDraws += 1;
        const delayMs = Math.floor(phaseRandom() * baseline.spanMs);
        const started = Date.now();
        const trial = await everyTypeTrial(emulator, baseline, delayMs);
        if (trial === undefined) {
          report(`every type, ${phase} draw at +${delayMs} ms: the command finished first, drawn again`);
          continue;
        }
        killed += 1;
        everyTypeKilled += 1;
        addToTally(tally, trial);
        const ok = everyTypeTrialOk(trial);
        if (ok) everyTypeOk += 1;
        else failures += 1;
        const outcomes = trial.actions.map((action) => `${action.outcome} ${action.type}`).join(", ");
        report(
          `every type, ${phase} trial ${killed} kill at +${delayMs} ms: ${ok ? "ok" : "FAILED"} ` +
            `${seconds(Date.now() - started)}; recover: ${outcomes === "" ? "nothing pending" : outcomes}` +
            (trial.resolvedMigration === undefined
              ? ""
              : `; undecided migration: ${trial.resolvedMigration}`) +
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
      if (killed < everyTypeTrials) {
        failures += 1;
        report(
          `every type, ${phase}: only ${killed} of ${phaseDraws} draws killed the command before it finished`,
        );
      }
    }

    report("");
    if (everyTypeTrials > 0) {
      report(
        `crash trials over every type: ${everyTypeOk}/${everyTypeKilled} converged to what an unkilled run leaves`,
      );
      report(tallyTable(tally));
      report("");
    }
    if (faultRuns > 0)
      report(
        `fault runs: ${commandsFirstTry}/${commands} commands succeeded first try with the declared state; ` +
          `${faulted} of ${requests} API requests faulted (${((100 * faulted) / Math.max(1, requests)).toFixed(1)}%)`,
      );
    if (crashTrials > 0)
      report(
        `crash trials: ${trialsOk}/${trialsKilled} killed runs recovered to exactly the declared objects ` +
          `(${draws} draws); ${pendingSeen} pending operations resolved by recover`,
      );
  } finally {
    await emulator.close();
  }
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
