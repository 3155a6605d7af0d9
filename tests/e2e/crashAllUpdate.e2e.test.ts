/** The suite's ten update crash trials over every type (tests/e2e/crashAll.ts), seed 37. */
import { describeEveryTypeTrials } from "./crashAll";

describeEveryTypeTrials("update", 37, 10);
