/** Five of the suite's ten crash trials (tests/e2e/crashTrials.ts), seed 47. */
import { describeCrashTrials } from "./crashTrials";

describeCrashTrials(47, 5);
