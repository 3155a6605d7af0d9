/** Five of the suite's ten crash trials (tests/e2e/crashTrials.ts), seed 23. */
import { describeCrashTrials } from "./crashTrials";

describeCrashTrials(23, 5);
