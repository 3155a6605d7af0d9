/** The suite's create crash trials over every type (tests/e2e/crashAll.ts; how many: scripts/lib/crashAll.ts). */
import { describeEveryTypeTrials } from "./crashAll";

describeEveryTypeTrials("create");
