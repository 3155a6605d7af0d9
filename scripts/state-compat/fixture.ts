/**
 * What a state-compatibility fixture is and how its emulator runs, shared by the script that makes
 * one with a previous release (make-fixture.ts) and the end-to-end test that loads it into the
 * current one (tests/e2e/stateCompat.e2e.test.ts), so both run the emulator the same way.
 *
 * A fixture folder holds:
 *   stack.json       `pulumi stack export` of the stack, secrets encrypted with FIXTURE_PASSPHRASE
 *   emulator/        the emulator's --data-dir (state.json) after that `pulumi up`
 *   fixture.json     FixtureInfo: which release made it, and the emulator clock to restart at
 *   README.md        written by hand: what it is and the command that made it
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EmulatorOptions } from "../../emulator";

export const STACK_FILE = "stack.json";
export const EMULATOR_DIR = "emulator";
export const INFO_FILE = "fixture.json";

/** The stack's name, in every URN of the exported state: the importing stack must have it too. */
export const FIXTURE_STACK = "test";
/** Encrypts the exported state's secrets; the importing stack decrypts them with it. */
export const FIXTURE_PASSPHRASE = "e2e-passphrase";
/** The emulator's manual clock: it starts here and never moves, so every date is fixed. */
export const FIXTURE_CLOCK_START = Date.parse("2026-11-26T00:00:00.000Z");

export interface FixtureInfo {
  /** The package version of the release that made the fixture, e.g. "0.1.0". */
  release: string;
  /** Its commit. */
  commit: string;
  /** The program folder (relative to the repository) and the project name in its Pulumi.yaml. */
  program: string;
  project: string;
  stack: string;
  /** The Pulumi CLI that ran it. */
  pulumiVersion: string;
  /** The emulator clock when the fixture was saved (epoch ms): restart the emulator at this time. */
  clockMs: number;
  /**
   * The emulator's API address then. The stack's default provider keeps the `platform:*` stack
   * config in its inputs, this address included: a stack loading the fixture points it at its own
   * emulator, which stands for the same service.
   */
  baseUrl: string;
  /** Resources in the exported state, the stack and its default provider included. */
  resources: number;
}

export function readFixtureInfo(folder: string): FixtureInfo {
  return JSON.parse(readFileSync(join(folder, INFO_FILE), "utf8")) as FixtureInfo;
}

/**
 * How a fixture's emulator runs, when it is made and when it is loaded: on a manual clock that stays
 * at `clockMs` (a real clock would move the backup schedule's next snapshot and expire the snapshot
 * between the two), with asynchronous changes finishing at once, and with the per-project rate limit
 * lifted (its fixed window never ends on a clock that does not move).
 */
export function fixtureEmulatorOptions(dataDir: string, clockMs: number): EmulatorOptions {
  return {
    port: 0,
    seed: "default",
    dataDir,
    clock: "manual",
    startTime: clockMs,
    asyncDelayMs: 0,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  };
}
