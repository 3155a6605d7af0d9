/**
 * Per-project throttle: keeps the service's fixed-window books (windows at the clock's multiples of
 * the window unless a 429's Retry-After says otherwise), queues (FIFO) instead of earning 429s, and
 * probes a window it has had no answer from with one request.
 */
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BudgetStore, fileBudgetStore, type StoredRequest } from "../../../provider/client/budgetStore";
import {
  type BudgetAnswer,
  ProjectThrottle,
  projectIdOfPath,
  projectThrottle,
  resetThrottles,
  type ThrottleClock,
  type ThrottlePermit,
} from "../../../provider/client/throttle";

/** A manual clock: time moves only through advance(). */
function manualClock(start = 0) {
  let now = start;
  const timers: Array<{ at: number; callback: () => void; id: number }> = [];
  let nextId = 1;
  const clock: ThrottleClock & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (handle) => {
      const index = timers.findIndex((t) => t.id === handle);
      if (index >= 0) timers.splice(index, 1);
    },
    advance: (ms) => {
      const target = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > target) break;
        timers.shift();
        now = next.at;
        next.callback();
      }
      now = target;
    },
    pending: () => timers.length,
  };
  return clock;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Acquire in order; `granted` lists the indexes granted so far (with the permits by index). */
function queueCalls(throttle: ProjectThrottle, count: number) {
  const granted: number[] = [];
  const permits = new Map<number, ThrottlePermit>();
  for (let index = 0; index < count; index++) {
    void throttle.acquire().then((permit) => {
      granted.push(index);
      permits.set(index, permit);
    });
  }
  return { granted, permits };
}

describe("ProjectThrottle keeps the service's fixed windows", () => {
  test("sends a window's first request alone, then fills the window, then waits for the next one", async () => {
    const clock = manualClock(0);
    const throttle = new ProjectThrottle(3, 1000, clock, { marginMs: 0 });
    const { granted, permits } = queueCalls(throttle, 5);
    await flush();
    expect(granted).toEqual([0]); // the probe: the window's count is not known yet
    expect(throttle.queued).toBe(4);
    permits.get(0)?.release({ limit: 3, remaining: 2 });
    await flush();
    expect(granted).toEqual([0, 1, 2]); // the window holds 3
    permits.get(1)?.release({ limit: 3, remaining: 1 });
    permits.get(2)?.release({ limit: 3, remaining: 0 });
    await flush();
    expect(granted).toEqual([0, 1, 2]);
    expect(clock.pending()).toBe(1); // one timer: the next window's start
    clock.advance(999);
    await flush();
    expect(granted).toEqual([0, 1, 2]);
    clock.advance(1);
    await flush();
    expect(granted).toEqual([0, 1, 2, 3]); // the next window's probe, FIFO
    permits.get(3)?.release({ limit: 3, remaining: 2 });
    await flush();
    expect(granted).toEqual([0, 1, 2, 3, 4]);
  });

  test("starts the next batch at the window's start, not a window after the first send", async () => {
    const clock = manualClock(700);
    const throttle = new ProjectThrottle(2, 1000, clock, { marginMs: 0 });
    const sentAt: number[] = [];
    const calls = Array.from({ length: 6 }, async () => {
      const permit = await throttle.acquire();
      sentAt.push(clock.now());
      await flush();
      clock.advance(5); // latency
      permit.release({});
    });
    for (let step = 0; step < 100 && sentAt.length < 6; step++) {
      await flush();
      clock.advance(25);
    }
    await Promise.all(calls);
    // Two in the window [0, 1000) from 700, two from 1000, two from 2000: the fixed-window optimum.
    expect(sentAt.map((t) => Math.floor(t / 1000))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(sentAt[2]).toBeLessThan(1100);
    expect(sentAt[4]).toBeLessThan(2100);
  });

  test("keeps a margin each side of a boundary: a request there needs room in both windows", async () => {
    const clock = manualClock(0);
    const throttle = new ProjectThrottle(2, 1000, clock, { marginMs: 50 });
    const first = await throttle.acquire();
    first.release({});
    (await throttle.acquire()).release({});
    clock.advance(960); // within 50 ms of the boundary at 1000: the full window [0, 1000) may count it
    expect(throttle.available).toBe(0);
    let granted = false;
    const waiting = throttle.acquire().then((permit) => {
      granted = true;
      return permit;
    });
    clock.advance(89); // 1049
    await flush();
    expect(granted).toBe(false);
    clock.advance(1); // 1050: surely in the window from 1000
    await flush();
    expect(granted).toBe(true);
    (await waiting).release({});
  });

  test("never puts more than `limit` requests in one of the service's windows, wherever it counts them", async () => {
    for (const servicePhase of [-40, 0, 40]) {
      const clock = manualClock(330);
      const limit = 5;
      const windowMs = 1000;
      const throttle = new ProjectThrottle(limit, windowMs, clock, { marginMs: 50 });
      const perWindow = new Map<number, number>();
      const sentAt: number[] = [];
      let answered = 0;
      const calls = Array.from({ length: 23 }, async (_, index) => {
        const permit = await throttle.acquire();
        sentAt.push(clock.now());
        const latency = 3 + (index % 4) * 4;
        await flush();
        clock.advance(latency);
        // The service counts the request halfway through its flight, in windows offset by its phase.
        const window = Math.floor((clock.now() - latency / 2 - servicePhase) / windowMs);
        const count = (perWindow.get(window) ?? 0) + 1;
        perWindow.set(window, count);
        answered++;
        permit.release({ limit, remaining: Math.max(0, limit - count) });
      });
      for (let step = 0; step < 400 && answered < 23; step++) {
        await flush();
        clock.advance(10);
      }
      await Promise.all(calls);
      expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(limit);
      // 23 at 5 a window from 330: the 21st to 23rd go in the fifth window, at its start plus the margin.
      expect(Math.floor(Math.max(...sentAt) / windowMs)).toBe(4);
    }
  });

  test("an aborted waiter leaves the queue", async () => {
    const clock = manualClock();
    const throttle = new ProjectThrottle(1, 1000, clock, { marginMs: 0 });
    const first = await throttle.acquire();
    const controller = new AbortController();
    const waiting = throttle.acquire(controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    expect(throttle.queued).toBe(0);
    first.release({});
  });
});

describe("ProjectThrottle learns the budget from the service's answers", () => {
  test("requests the service counted but this bucket did not send are held until the window ends", async () => {
    const clock = manualClock(100);
    const throttle = new ProjectThrottle(10, 1000, clock, { marginMs: 0 });
    const permit = await throttle.acquire();
    // The service counted 7 (another client sent 6): 3 remain.
    permit.release({ limit: 10, remaining: 3 });
    expect(throttle.available).toBe(3);
    clock.advance(899);
    expect(throttle.available).toBe(3);
    clock.advance(1);
    expect(throttle.available).toBe(10);
  });

  test("a remaining count the bucket already accounts for changes nothing", async () => {
    const clock = manualClock(100);
    const throttle = new ProjectThrottle(10, 1000, clock, { marginMs: 0 });
    (await throttle.acquire()).release({ limit: 10, remaining: 9 });
    (await throttle.acquire()).release({ limit: 10, remaining: 8 });
    expect(throttle.available).toBe(8);
  });

  test("a lower RateLimit-Limit lowers the bucket's limit", async () => {
    const throttle = new ProjectThrottle(100, 1000, manualClock(100), { marginMs: 0 });
    (await throttle.acquire()).release({ limit: 40, remaining: 39 });
    expect(throttle.limit).toBe(40);
    expect(throttle.available).toBe(39);
  });

  test("a count lower than an earlier answer's places the counter's reset between them", async () => {
    const clock = manualClock(960);
    const throttle = new ProjectThrottle(100, 1000, clock, { marginMs: 50 });
    const before = await throttle.acquire();
    clock.advance(2);
    before.release({ limit: 100, remaining: 60 }); // counted 40, at 961 on the service
    clock.advance(23); // 985
    const after = await throttle.acquire();
    clock.advance(2);
    after.release({ limit: 100, remaining: 99 }); // counted 1: the counter was reset since 960
    expect(throttle.phase).toEqual({ lo: -40, hi: -13 });
  });

  test("an equal count places no reset: the answer of a request the service did not count", async () => {
    // The service shows Ratelimit-Remaining on every answer (issue 38), also of operations outside
    // the project's counter, which repeat the count an earlier answer gave.
    const clock = manualClock(960);
    const throttle = new ProjectThrottle(100, 1000, clock, { marginMs: 50 });
    (await throttle.acquire()).release({ limit: 100, remaining: 60 });
    clock.advance(25);
    (await throttle.acquire()).release({ limit: 100, remaining: 60 });
    expect(throttle.phase).toEqual({ lo: -50, hi: 50 });
  });

  test("a growing count places no reset", async () => {
    const clock = manualClock(960);
    const throttle = new ProjectThrottle(100, 1000, clock, { marginMs: 50 });
    (await throttle.acquire()).release({ limit: 100, remaining: 60 });
    clock.advance(25);
    (await throttle.acquire()).release({ limit: 100, remaining: 59 });
    expect(throttle.phase).toEqual({ lo: -50, hi: 50 });
  });

  test("once the reset is placed, a request just after it needs room in the new window only", async () => {
    const clock = manualClock(900);
    const throttle = new ProjectThrottle(3, 1000, clock, { marginMs: 50 });
    const first = await throttle.acquire();
    clock.advance(1);
    first.release({ limit: 3, remaining: 1 }); // window 0 counts 2 (one of another client's)
    clock.advance(89); // 990: within the margin of the boundary at 1000
    const second = await throttle.acquire();
    clock.advance(1);
    second.release({ limit: 3, remaining: 2 }); // counted 1: the counter was reset after 900
    expect(throttle.phase).toEqual({ lo: -50, hi: -9 });
    clock.advance(1); // 992: in window 1 surely; without the reset placed it could be window 0, full
    expect(throttle.available).toBe(2);
  });

  test("a 429's Retry-After that disagrees with the clock's minutes moves the phase to the service's", async () => {
    const clock = manualClock(10_000);
    const throttle = new ProjectThrottle(5, 60_000, clock, { marginMs: 1000 });
    const refused: BudgetAnswer = { refused: true, limit: 5, remaining: 0, retryAfterMs: 20_000 };
    (await throttle.acquire()).release(refused);
    // The service's window ends 20 s (to within a second) after 10 s: at 30 s, not at 60 s.
    expect(throttle.phase).toEqual({ lo: -31_000, hi: -29_000 });
    expect(throttle.available).toBe(0);
    let granted = false;
    const waiting = throttle.acquire().then((permit) => {
      granted = true;
      return permit;
    });
    clock.advance(20_999); // 30 999
    await flush();
    expect(granted).toBe(false);
    clock.advance(1); // 31 000: the latest the service's window can have ended
    await flush();
    expect(granted).toBe(true);
    (await waiting).release({});
  });

  test("a 429's Retry-After that agrees with the clock's minutes narrows the phase", async () => {
    const clock = manualClock(59_500);
    const throttle = new ProjectThrottle(5, 60_000, clock, { marginMs: 1000 });
    (await throttle.acquire()).release({ refused: true, limit: 5, remaining: 0, retryAfterMs: 1000 });
    expect(throttle.phase).toEqual({ lo: -500, hi: 1000 });
    expect(throttle.available).toBe(0);
    clock.advance(1_499); // 60 999
    expect(throttle.available).toBe(0);
    clock.advance(1); // 61 000: the window from 60 s has room
    expect(throttle.available).toBe(5);
  });

  test("a 429 of the counter without Retry-After fills every window the request may have been counted in", async () => {
    const clock = manualClock(500);
    const throttle = new ProjectThrottle(5, 1000, clock, { marginMs: 0 });
    (await throttle.acquire()).release({ refused: true, remaining: 0 });
    expect(throttle.available).toBe(0);
    clock.advance(500);
    expect(throttle.available).toBe(5);
  });

  test("a 429 of the counter keeps its window full, whatever count an earlier answer gave", async () => {
    const clock = manualClock(100);
    const throttle = new ProjectThrottle(5, 1000, clock, { marginMs: 0 });
    (await throttle.acquire()).release({ limit: 5, remaining: 4 });
    clock.advance(1);
    (await throttle.acquire()).release({ refused: true, limit: 5, remaining: 0 });
    expect(throttle.available).toBe(0);
    clock.advance(899);
    expect(throttle.available).toBe(5);
  });

  test("an answer's count caps its window: requests it already holds are not counted again", async () => {
    const clock = manualClock(960);
    const throttle = new ProjectThrottle(3, 1000, clock, { marginMs: 50 });
    // Sent and answered within the margin of the boundary at 1000: counted in window 0 or 1.
    (await throttle.acquire()).release({ limit: 3, remaining: 2 });
    clock.advance(20); // 980
    (await throttle.acquire()).release({ limit: 3, remaining: 1 });
    clock.advance(70); // 1050: window 1 surely; both may be in it
    expect(throttle.available).toBe(1);
    const probe = await throttle.acquire();
    clock.advance(1);
    probe.release({ limit: 3, remaining: 2 }); // window 1 counts 1: the probe alone
    expect(throttle.available).toBe(2);
  });

  test("a 429 without RateLimit-Remaining pauses every call until its Retry-After and moves no window", async () => {
    const clock = manualClock(10_000);
    const throttle = new ProjectThrottle(5, 60_000, clock, { marginMs: 1000 });
    const first = await throttle.acquire();
    first.release({ limit: 5, remaining: 4 });
    (await throttle.acquire()).release({ refused: true, retryAfterMs: 1000 });
    expect(throttle.phase).toEqual({ lo: -1000, hi: 1000 });
    let granted = false;
    const waiting = throttle.acquire().then((permit) => {
      granted = true;
      return permit;
    });
    clock.advance(999);
    await flush();
    expect(granted).toBe(false);
    clock.advance(1);
    await flush();
    expect(granted).toBe(true);
    expect(throttle.available).toBe(3); // the window was not marked full
    (await waiting).release({});
  });
});

describe("ProjectThrottle shares the budget through a store", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "throttle-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("a bucket started after another used the window waits for the next window, then fills it", async () => {
    const clock = manualClock(60_000 * 1000 + 10_000);
    const store = fileBudgetStore(dir);
    const earlier = new ProjectThrottle(3, 60_000, clock, { marginMs: 1000 });
    earlier.shareThrough(store, "origin|p");
    const sent = queueCalls(earlier, 3);
    await flush();
    sent.permits.get(0)?.release({ limit: 3, remaining: 2 });
    await flush();
    sent.permits.get(1)?.release({ limit: 3, remaining: 1 });
    sent.permits.get(2)?.release({ limit: 3, remaining: 0 });
    clock.advance(5_000);

    const later = new ProjectThrottle(3, 60_000, clock, { marginMs: 1000 });
    later.shareThrough(store, "origin|p");
    expect(later.available).toBe(0);
    const { granted, permits } = queueCalls(later, 3);
    await flush();
    expect(granted).toEqual([]);
    clock.advance(60_000 - 15_000 + 999); // one ms before the next window surely started
    await flush();
    expect(granted).toEqual([]);
    clock.advance(1);
    await flush();
    expect(granted).toEqual([0]);
    permits.get(0)?.release({ limit: 3, remaining: 2 });
    await flush();
    expect(granted).toEqual([0, 1, 2]);
  });

  test("a bucket started while another's request is in flight counts that request", async () => {
    const clock = manualClock(60_000 * 1000 + 10_000);
    const store = fileBudgetStore(dir);
    const earlier = new ProjectThrottle(2, 60_000, clock, { marginMs: 1000 });
    earlier.shareThrough(store, "origin|p");
    const inFlight = await earlier.acquire();
    const later = new ProjectThrottle(2, 60_000, clock, { marginMs: 1000 });
    later.shareThrough(store, "origin|p");
    expect(later.available).toBe(1);
    inFlight.release({});
  });

  test("a phase learned from a 429 in one bucket is used by the next", async () => {
    const clock = manualClock(60_000 * 1000 + 10_000);
    const store = fileBudgetStore(dir);
    const earlier = new ProjectThrottle(5, 60_000, clock, { marginMs: 1000 });
    earlier.shareThrough(store, "origin|p");
    (await earlier.acquire()).release({ refused: true, remaining: 0, retryAfterMs: 20_000 });
    const later = new ProjectThrottle(5, 60_000, clock, { marginMs: 1000 });
    later.shareThrough(store, "origin|p");
    expect(later.phase).toEqual({ lo: -31_000, hi: -29_000 });
  });

  test("the file store keeps answers over sends, drops refused requests, skips bad lines, forgets what is older than asked", () => {
    const store: BudgetStore = fileBudgetStore(dir);
    store.recordSent("k", "a1", 1000);
    store.recordAnswered("k", "a1", 1000, 1010);
    store.recordSent("k", "b2", 1020);
    store.recordAnswered("k", "old", 10, 20);
    store.recordSent("k", "refused", 1030);
    store.recordRefused("k", "refused");
    store.recordPhase("k", { lo: 5, hi: 7 });
    store.recordAnswered("other", "c3", 1000, 1010);
    // Lines no reader understands (an older format, a torn write) are skipped.
    for (const file of readdirSync(dir))
      appendFileSync(join(dir, file), "12345\na x1 notanumber 5\ns\np 9\n");
    const loaded = store.load("k", 500);
    const byId = (a: StoredRequest, b: StoredRequest) => a.id.localeCompare(b.id);
    expect(loaded.requests.sort(byId)).toEqual([
      { id: "a1", sentAt: 1000, answeredAt: 1010 },
      { id: "b2", sentAt: 1020, answeredAt: undefined },
    ]);
    expect(loaded.phase).toEqual({ lo: 5, hi: 7 });
    expect(fileBudgetStore(join(dir, "missing")).load("k", 0)).toEqual({ requests: [], phase: undefined });
  });
});

describe("registry and project ids", () => {
  afterEach(() => resetThrottles());
  test("shares one throttle per origin and project; the strictest limit wins", () => {
    const a = projectThrottle("http://127.0.0.1:1", "p1", 100, 60_000);
    const b = projectThrottle("http://127.0.0.1:1", "p1", 50, 60_000);
    const other = projectThrottle("http://127.0.0.1:1", "p2", 100, 60_000);
    expect(a).toBe(b);
    expect(a.limit).toBe(50);
    expect(other).not.toBe(a);
  });
  test("takes the project id from /groups/{groupId}/", () => {
    expect(projectIdOfPath("/groups/5f1a000000000000000000a1/alertConfigs")).toBe("5f1a000000000000000000a1");
    expect(projectIdOfPath("/orgs/5f1a00000000000000000001/liveMigrations/linkTokens")).toBeUndefined();
    expect(projectIdOfPath("/alertConfigs/matchers/fieldNames")).toBeUndefined();
  });
});
