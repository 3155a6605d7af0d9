/** The suite's ten create crash trials over every type (tests/e2e/crashAll.ts), seed 31. */
import { describeEveryTypeTrials } from "./crashAll";

describeEveryTypeTrials("create", 31, 10);
