/** The suite's quickstart crash trials of set A (tests/e2e/crashTrials.ts; how many: scripts/lib/reliability.ts). */
import { QUICKSTART_TRIALS } from "../../scripts/lib/reliability";
import { describeCrashTrials } from "./crashTrials";

describeCrashTrials(QUICKSTART_TRIALS.A);
