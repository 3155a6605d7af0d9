/**
 * Crash trials over every resource type (issue 26), through the real Pulumi CLI: the stack of
 * programs/everyType (all 18 types) with its CLI killed (SIGKILL) at seeded moments of one phase,
 * one file per phase (crashAllCreate/Update/Delete.e2e.test.ts) so that jest's workers share them.
 * Each file runs its phase's regular trials (scripts/lib/crashAll.ts EVERY_TYPE_TRIALS: 4 create, 2
 * update, 3 delete, and why), the first at the command's first write, the others at the seed's
 * moments (killMoments); `npm run soak -- --suite-trials full` runs the whole set of each seed
 * (11 per phase), `--every-type-trials <n>` more with other seeds. The mechanism, the oracle, the
 * saved deployed stack update and delete trials start from, and the LiveMigration rule are in
 * scripts/lib/crashAll.ts.
 *
 * After each trial: the provider host ended with the CLI; recover succeeded, or left undecided only
 * the LiveMigration it documents it cannot tell (resolved as a person would); nothing stays pending;
 * the command ran again; and the emulator holds exactly what the same command leaves unkilled: no
 * duplicate, no orphan, nothing half-applied.
 *
 * Each file writes its phase's table (kills, adopted, cleared, ... per type) to
 * .test-state/crash-trials/<phase>-seed<seed>.md and prints it, so a suite run gives the figures.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  addToTally,
  EVERY_TYPE_EMULATOR,
  EVERY_TYPE_TRIALS,
  type EveryTypeTrial,
  emptyTally,
  everyTypeTrial,
  killMoments,
  measureBaseline,
  type Phase,
  type PhaseBaseline,
  tallyTable,
} from "../../scripts/lib/crashAll";
import { repoRoot } from "../../scripts/lib/pulumi-stack";

/** Declares the regular trials of `phase` (EVERY_TYPE_TRIALS), whose kill moments come from its seed. */
export function describeEveryTypeTrials(phase: Phase): void {
  const { seed, regular: trials } = EVERY_TYPE_TRIALS[phase];
  describe(`every type, ${phase} killed at ${trials} moments of seed ${seed}: recover, then the command again, leave what an unkilled run leaves`, () => {
    let emulator: RunningEmulator;
    let baseline: PhaseBaseline;
    let nextDelay: () => number;
    const tally = emptyTally();

    beforeAll(async () => {
      emulator = await startEmulator(EVERY_TYPE_EMULATOR);
      baseline = await measureBaseline(emulator, phase);
      nextDelay = killMoments(seed, baseline.spanMs);
    });

    afterAll(async () => {
      await emulator?.close();
      const table = tallyTable(tally, [phase]);
      const folder = join(repoRoot, ".test-state", "crash-trials");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${phase}-seed${seed}.md`), `${table}\n`);
      console.log(`Crash trials over every type, ${phase}, seed ${seed}:\n${table}`);
    });

    test.each(Array.from({ length: trials }, (_, index) => index + 1))("trial %i", async () => {
      let trial: EveryTypeTrial | undefined;
      for (let draw = 0; draw < 3 && trial === undefined; draw++) {
        trial = await everyTypeTrial(emulator, baseline, nextDelay());
      }
      if (trial === undefined)
        throw new Error(`${phase} outlived three draws within its ${baseline.spanMs} ms span`);
      addToTally(tally, trial);
      expect(trial.providerEnded).toBe(true);
      expect(trial.recovered.stderr).not.toMatch(/^error:/m);
      const undecided = trial.actions.filter((action) => action.outcome === "undecided");
      // Only the type recover documents it cannot tell; the trial resolved it as a person would.
      expect(undecided.map((action) => `${action.type} ${action.operation}`)).toEqual(
        undecided.length === 0 ? [] : ["LiveMigration creating"],
      );
      expect(trial.recovered.code).toBe(undecided.length === 0 ? 0 : 1);
      expect(trial.resolvedMigration !== undefined).toBe(undecided.length > 0);
      // Every pending operation the kill left got one action.
      expect([...new Set(trial.actions.map((action) => action.type))].sort()).toEqual(trial.pendingTypes);
      expect(trial.pendingAfterRecover).toEqual([]);
      expect(trial.rerun.code === 0 ? "" : trial.rerun.stdout.slice(-3000)).toBe("");
      expect(trial.leftovers.details).toEqual([]);
    });
  });
}
