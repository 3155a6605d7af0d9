/** The suite's ten delete crash trials over every type (tests/e2e/crashAll.ts), seed 41. */
import { describeEveryTypeTrials } from "./crashAll";

describeEveryTypeTrials("delete", 41, 10);
