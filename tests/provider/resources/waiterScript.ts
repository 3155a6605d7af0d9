/**
 * Scaffolding for the resource waiter unit tests: a fake clock that records its sleeps, HTTP errors
 * as the client throws them, a read that plays a script of steps, and the captured progress lines.
 */
import { PlatformError } from "../../../provider/client";
import { setProgressSink } from "../../../provider/framework/progress";
import type { WaitClock } from "../../../provider/framework/waiter";

/** A clock whose sleeps return at once, move `time` and are recorded in `sleeps`. */
export function fakeClock(): WaitClock & { time: number; sleeps: number[] } {
  const clock = {
    time: 0,
    sleeps: [] as number[],
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.time += ms;
    },
    random: () => 0,
  };
  return clock;
}

/** The error the client throws for an HTTP status (and the API's errorCode, when given). */
export const httpError = (status: number, errorCode?: string) =>
  new PlatformError({
    code: errorCode ?? `HTTP_${status}`,
    message: `HTTP ${status}`,
    status,
    ...(errorCode ? { errorCode } : {}),
  });

/**
 * A read that plays `steps` in order (the last step repeats): an Error step is thrown, any other
 * is turned into the answer by `answer`. `calls` counts the reads.
 */
export function scriptedRead<Step, Answer>(
  steps: readonly (Step | PlatformError)[],
  answer: (step: Step) => Answer,
): { read: () => Promise<Answer>; calls: () => number } {
  let index = 0;
  const read = async () => {
    const step = steps[Math.min(index, steps.length - 1)] as Step | PlatformError;
    index += 1;
    if (step instanceof Error) throw step;
    return answer(step);
  };
  return { read, calls: () => index };
}

/**
 * Captures progress lines for each test: the returned array is emptied before each test and the
 * previous sink is restored after it.
 */
export function captureProgress(): string[] {
  const lines: string[] = [];
  let restoreSink: (line: string) => void;
  beforeEach(() => {
    lines.length = 0;
    restoreSink = setProgressSink((line) => lines.push(line));
  });
  afterEach(() => setProgressSink(restoreSink));
  return lines;
}
