import { PlatformError } from "../../../provider/client";
import { deleteThenWaitGone, phaseWaitFields, phaseWaitOptions } from "../../../provider/framework/lifecycle";
import type { ProgressEvent } from "../../../provider/framework/progress";
import {
  isTransientError,
  type PollResult,
  WaitCancelledError,
  type WaitClock,
  WaitFailedError,
  WaitGoneError,
  WaitTimeoutError,
  waitFor,
  withCancellation,
} from "../../../provider/framework/waiter";
// A clock that moves only when the waiter sleeps, without jitter (delays are exact); records every sleep.
import { fakeClock } from "../resources/waiterScript";

/** An error shaped like the client's PlatformError. */
function httpError(status: number): Error & { status: number; code: string } {
  return Object.assign(new Error(`HTTP ${status}`), { status, code: `HTTP_${status}` });
}

/** A poll that plays a script: each step is a result or an error to throw. */
function scripted(steps: Array<PollResult | Error>): {
  poll: () => Promise<PollResult>;
  calls: () => number;
} {
  let index = 0;
  return {
    poll: async () => {
      const step = steps[Math.min(index, steps.length - 1)];
      index += 1;
      if (step instanceof Error) throw step;
      return step as PollResult;
    },
    calls: () => index,
  };
}

const pending = { state: "PENDING", done: false };
const building = { state: "BUILDING", done: false };
const ready = { state: "READY", done: true };

describe("waitFor", () => {
  test("PENDING, 503, BUILDING, 429, READY: transient answers count as still working", async () => {
    const clock = fakeClock();
    const progress: ProgressEvent[] = [];
    const script = scripted([pending, httpError(503), building, httpError(429), ready]);
    const result = await waitFor({
      describe: "search index movies in demo-cluster",
      poll: script.poll,
      timeoutMs: 60_000,
      clock,
      onProgress: (event) => progress.push(event),
    });
    expect(result).toEqual(ready);
    expect(script.calls()).toBe(5);
    // Backoff from 1s by 1.5x: 1000, 1500, 2250, 3375.
    expect(clock.sleeps).toEqual([1000, 1500, 2250, 3375]);
    expect(progress).toEqual([
      { describe: "search index movies in demo-cluster", state: "PENDING", elapsedMs: 0 },
      {
        describe: "search index movies in demo-cluster",
        state: "PENDING (HTTP 503, still working)",
        elapsedMs: 1000,
      },
      { describe: "search index movies in demo-cluster", state: "BUILDING", elapsedMs: 2500 },
      {
        describe: "search index movies in demo-cluster",
        state: "BUILDING (HTTP 429, still working)",
        elapsedMs: 4750,
      },
    ]);
  });

  test("done on the first poll does not sleep", async () => {
    const clock = fakeClock();
    await waitFor({ describe: "x", poll: async () => ready, timeoutMs: 1000, clock, onProgress: () => {} });
    expect(clock.sleeps).toEqual([]);
  });

  test("delays are capped at maxDelayMs", async () => {
    const clock = fakeClock();
    const script = scripted([building, building, building, building, building, building, ready]);
    await waitFor({
      describe: "x",
      poll: script.poll,
      timeoutMs: 600_000,
      maxDelayMs: 3000,
      clock,
      onProgress: () => {},
    });
    expect(clock.sleeps).toEqual([1000, 1500, 2250, 3000, 3000, 3000]);
  });

  test("jitter shortens delays by up to the jitter fraction", async () => {
    const clock = { ...fakeClock(), random: () => 0.5 };
    const sleeps: number[] = [];
    clock.sleep = async (ms: number) => {
      sleeps.push(ms);
    };
    const script = scripted([building, ready]);
    await waitFor({
      describe: "x",
      poll: script.poll,
      timeoutMs: 60_000,
      jitter: 0.2,
      clock,
      onProgress: () => {},
    });
    expect(sleeps).toEqual([900]);
  });

  test("timeout names the object, the stuck state, the time waited and what to do", async () => {
    const clock = fakeClock();
    const script = scripted([pending, building]);
    const wait = waitFor({
      describe: "search index movies in demo-cluster",
      poll: script.poll,
      timeoutMs: 10_000,
      target: "READY",
      clock,
      onProgress: () => {},
    });
    await expect(wait).rejects.toThrow(WaitTimeoutError);
    await expect(wait).rejects.toThrow(
      "timed out after 10s waiting for search index movies in demo-cluster: still in state BUILDING (waiting for READY); " +
        "it may still finish on the service's side. To wait longer, raise timeouts.create, or run pulumi refresh later " +
        "to pick up its final state",
    );
    // The last sleep is cut to the deadline, and one last poll happens there.
    expect(clock.sleeps).toEqual([1000, 1500, 2250, 3375, 1875]);
    expect(clock.time).toBe(10_000);
  });

  test("timeout hint is configurable and the error carries its facts", async () => {
    const clock = fakeClock();
    const error = await waitFor({
      describe: "export bucket b1",
      poll: async () => ({ state: "DELETING", done: false }),
      timeoutMs: 2000,
      timeoutHint: "raise timeouts.delete",
      clock,
      onProgress: () => {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    const timeout = error as WaitTimeoutError;
    expect(timeout.message).toBe(
      "timed out after 2s waiting for export bucket b1: still in state DELETING; it may still finish on the " +
        "service's side. To wait longer, raise timeouts.delete",
    );
    expect(timeout.lastState).toBe("DELETING");
    expect(timeout.waitedMs).toBe(2000);
  });

  test("a failed state ends the wait with its reason", async () => {
    const clock = fakeClock();
    const script = scripted([pending, { state: "FAILED", done: false, failed: "mapping is invalid" }]);
    const wait = waitFor({
      describe: "search index movies",
      poll: script.poll,
      timeoutMs: 60_000,
      clock,
      onProgress: () => {},
    });
    await expect(wait).rejects.toThrow(WaitFailedError);
    await expect(wait).rejects.toThrow("search index movies failed in state FAILED: mapping is invalid");
  });

  test("gone ends the wait", async () => {
    const clock = fakeClock();
    const script = scripted([building, { state: "DELETED", done: false, gone: true }]);
    const wait = waitFor({
      describe: "restore job r1",
      poll: script.poll,
      timeoutMs: 60_000,
      clock,
      onProgress: () => {},
    });
    await expect(wait).rejects.toThrow(WaitGoneError);
    await expect(wait).rejects.toThrow(
      "restore job r1 no longer exists (last state DELETED); it was deleted while we waited for it",
    );
  });

  test("a non-transient poll error ends the wait unchanged", async () => {
    const clock = fakeClock();
    const forbidden = httpError(403);
    const script = scripted([building, forbidden]);
    await expect(
      waitFor({ describe: "x", poll: script.poll, timeoutMs: 60_000, clock, onProgress: () => {} }),
    ).rejects.toBe(forbidden);
  });

  test("transient errors until the deadline end in a timeout naming the last known state", async () => {
    const clock = fakeClock();
    const script = scripted([building, httpError(503)]);
    await expect(
      waitFor({ describe: "x", poll: script.poll, timeoutMs: 5000, clock, onProgress: () => {} }),
    ).rejects.toThrow("timed out after 5s waiting for x: still in state BUILDING;");
  });

  test("an unchanged state is reported again after progressIntervalMs", async () => {
    const clock = fakeClock();
    const states: string[] = [];
    const script = scripted([building, building, building, building, ready]);
    await waitFor({
      describe: "x",
      poll: script.poll,
      timeoutMs: 600_000,
      initialDelayMs: 10_000,
      factor: 1,
      progressIntervalMs: 20_000,
      clock,
      onProgress: (event) => states.push(`${event.state}@${event.elapsedMs}`),
    });
    expect(states).toEqual(["BUILDING@0", "BUILDING@20000"]);
  });

  test("default progress goes to the progress sink as one line per report", async () => {
    const { setProgressSink } = await import("../../../provider/framework/progress");
    const lines: string[] = [];
    const previous = setProgressSink((line) => lines.push(line));
    try {
      const clock = fakeClock();
      const script = scripted([building, ready]);
      await waitFor({
        describe: "search index movies in demo-cluster",
        poll: script.poll,
        timeoutMs: 60_000,
        clock,
      });
    } finally {
      setProgressSink(previous);
    }
    expect(lines).toEqual(["platform: search index movies in demo-cluster: BUILDING (0s elapsed)"]);
  });
});

describe("isTransientError", () => {
  test("429 and 5xx statuses and network errors are transient", () => {
    for (const status of [429, 500, 502, 503, 504]) expect(isTransientError(httpError(status))).toBe(true);
    expect(isTransientError(Object.assign(new Error("reset"), { code: "ECONNRESET" }))).toBe(true);
    expect(
      isTransientError(
        new Error("fetch failed", { cause: Object.assign(new Error(), { code: "UND_ERR_SOCKET" }) }),
      ),
    ).toBe(true);
  });

  test("other errors are not", () => {
    for (const status of [400, 401, 403, 404, 409]) expect(isTransientError(httpError(status))).toBe(false);
    expect(isTransientError(new Error("boom"))).toBe(false);
    expect(isTransientError("503")).toBe(false);
    expect(isTransientError(null)).toBe(false);
  });
});

describe("phase waits", () => {
  const defaults = { create: "1h", update: "30m", delete: "20m" };
  test("phaseWaitOptions takes the phase's budget from timeouts, else the defaults", () => {
    expect(phaseWaitOptions("thing", { update: "90s" }, defaults, "update", undefined)).toEqual({
      describe: "thing",
      timeoutMs: 90_000,
      phase: "update",
    });
    expect(phaseWaitOptions("thing", undefined, defaults, "delete", undefined).timeoutMs).toBe(1_200_000);
  });

  test("phaseWaitFields names the timeouts field to raise", () => {
    expect(phaseWaitFields({ describe: "thing", timeoutMs: 5, phase: "delete" })).toEqual({
      describe: "thing",
      timeoutMs: 5,
      timeoutHint:
        "raise timeouts.delete of the resource, or run pulumi refresh later to pick up its final state",
    });
  });

  test("deleteThenWaitGone waits after a delete, and not when the object was already gone", async () => {
    const waited: string[] = [];
    await deleteThenWaitGone(
      async () => undefined,
      async () => void waited.push("after delete"),
    );
    await deleteThenWaitGone(
      async () => {
        throw new PlatformError({ code: "HTTP_404", message: "HTTP 404", status: 404 });
      },
      async () => void waited.push("after 404"),
    );
    expect(waited).toEqual(["after delete"]);
    await expect(
      deleteThenWaitGone(
        async () => {
          throw new Error("refused");
        },
        async () => undefined,
      ),
    ).rejects.toThrow("refused");
  });
});

describe("cancellation", () => {
  /** A clock whose sleeps end only when the wait is cancelled; the time is set by the test. */
  function stalledClock(): WaitClock & { time: number } {
    const clock = {
      time: 0,
      now: () => clock.time,
      sleep: () => new Promise<void>(() => undefined),
      random: () => 0,
    };
    return clock;
  }

  /** A poll that answers `states` in turn and cancels after the first, 12 s into the wait. */
  function cancellingPoll(clock: { time: number }, controller: AbortController, states: PollResult[]) {
    let calls = 0;
    return {
      poll: async (): Promise<PollResult> => {
        const result = states[Math.min(calls, states.length - 1)] as PollResult;
        calls += 1;
        if (calls === 1) {
          setTimeout(() => {
            clock.time = 12_000;
            controller.abort();
          }, 0);
        }
        return result;
      },
      calls: () => calls,
    };
  }

  const UPDATING = { state: "UPDATING", done: false };
  const IDLE = { state: "IDLE", done: true };
  const CANCELLED =
    "cancelled after 12s waiting for search nodes of cluster demo-cluster: still in state UPDATING " +
    "(waiting for IDLE); it may still finish on the service's side. Run the command again to wait for it, " +
    "or pulumi refresh to pick up its final state";

  test("an abort during the sleep between polls ends the wait after one last poll", async () => {
    const clock = stalledClock();
    const controller = new AbortController();
    const script = cancellingPoll(clock, controller, [UPDATING]);
    const wait = waitFor({
      describe: "search nodes of cluster demo-cluster",
      target: "IDLE",
      poll: script.poll,
      timeoutMs: 60 * 60_000,
      clock,
      signal: controller.signal,
      onProgress: () => undefined,
    });
    await expect(wait).rejects.toBeInstanceOf(WaitCancelledError);
    await expect(wait).rejects.toThrow(CANCELLED);
    expect(script.calls()).toBe(2);
  });

  test("the signal of the call in progress ends its waits (withCancellation)", async () => {
    const clock = stalledClock();
    const controller = new AbortController();
    const script = cancellingPoll(clock, controller, [UPDATING]);
    const wait = withCancellation(controller.signal, () =>
      waitFor({
        describe: "search nodes of cluster demo-cluster",
        target: "IDLE",
        poll: script.poll,
        timeoutMs: 60 * 60_000,
        clock,
        onProgress: () => undefined,
      }),
    );
    await expect(wait).rejects.toThrow(CANCELLED);
    expect(script.calls()).toBe(2);
  });

  test("an object done at the last poll ends the wait done", async () => {
    const clock = stalledClock();
    const controller = new AbortController();
    const script = cancellingPoll(clock, controller, [UPDATING, IDLE]);
    const result = await waitFor({
      describe: "search nodes of cluster demo-cluster",
      poll: script.poll,
      timeoutMs: 60 * 60_000,
      clock,
      signal: controller.signal,
      onProgress: () => undefined,
    });
    expect(result).toEqual(IDLE);
  });
});
