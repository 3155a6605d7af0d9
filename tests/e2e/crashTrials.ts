/**
 * Crash trials of the quickstart through the real Pulumi CLI (issue 11, "crash trials in the suite"),
 * in two files with their own seeds, crashTrialsA/B.e2e.test.ts, so that two jest workers share them;
 * each runs its set's regular trials (scripts/lib/reliability.ts QUICKSTART_TRIALS: two of five, and
 * why), `npm run soak -- --suite-trials full` all five of each seed. `pulumi up` is killed with
 * SIGKILL at a seeded random moment, then the documented recovery
 * (`pulumi-cluster-platform recover`), then `pulumi up`. After each, the provider host has ended with
 * the CLI, no pending operation is left, the emulator holds exactly the declared objects (no
 * duplicate), and a `destroy` then leaves nothing on it (no orphan).
 *
 * The moments are drawn from the length of an unkilled `up` measured first (from its first write to
 * its end), so they fall anywhere in the run: while creates are in flight, while their builds are
 * waited for, while the engine writes its checkpoint. A draw that `up` outlives (it finished first) is
 * drawn again. Each trial uses a fresh stack and a reset emulator; `npm run soak` runs the same
 * trials with other seeds and counts.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import {
  type CrashTrial,
  crashTrial,
  QUICKSTART_EMULATOR,
  seededRandom,
  type TrialSet,
  upSpanMs,
} from "../../scripts/lib/reliability";

/** Declares the set's regular crash trials, whose kill moments come from its seed. */
export function describeCrashTrials({ seed, regular: trials }: TrialSet): void {
  describe(`up killed at ${trials} moments of seed ${seed}: recover, then up, leave exactly the declared objects`, () => {
    let emulator: RunningEmulator;
    let spanMs: number;
    const random = seededRandom(seed);

    beforeAll(async () => {
      emulator = await startEmulator(QUICKSTART_EMULATOR);
      spanMs = await upSpanMs(emulator);
    });

    afterAll(async () => {
      await emulator?.close();
    });

    test.each(Array.from({ length: trials }, (_, index) => index + 1))("trial %i", async () => {
      let trial: CrashTrial | undefined;
      for (let draw = 0; draw < 3 && trial === undefined; draw++) {
        trial = await crashTrial(emulator, Math.floor(random() * spanMs), { destroyAfter: true });
      }
      if (trial === undefined) throw new Error(`up outlived three draws within its ${spanMs} ms span`);
      const { recovered } = trial;
      expect(trial.providerEnded).toBe(true);
      expect(recovered.stderr).not.toMatch(/^error:/m);
      expect(recovered.code).toBe(0);
      expect(recovered.stdout).toMatch(
        /^Stack test: (adopted \d+, cleared \d+ pending operations?(, removed a stale lock)?\.|nothing to recover\.)\n/,
      );
      expect(trial.pendingAfterRecover).toEqual([]);
      expect(trial.upAfter.code).toBe(0);
      expect(trial.problems).toEqual([]);
      // Everything the killed run made is in the state after recover: destroy leaves no orphan.
      expect(trial.destroyed).toEqual({ code: 0, problems: [] });
    });
  });
}
