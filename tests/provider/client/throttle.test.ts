/** Per-project throttle: queues (FIFO) instead of earning 429s; tokens return a window after use. */
import {
  ProjectThrottle,
  projectIdOfPath,
  projectThrottle,
  resetThrottles,
  type ThrottleClock,
} from "../../../provider/client/throttle";

/** A manual clock: time moves only through advance(). */
function manualClock() {
  let now = 0;
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

describe("ProjectThrottle", () => {
  it("grants `limit` at once and queues the rest without polling", async () => {
    const clock = manualClock();
    const throttle = new ProjectThrottle(3, 1000, clock);
    const granted: number[] = [];
    const permits = await Promise.all([0, 1, 2].map(() => throttle.acquire()));
    const waiting = [3, 4].map((n) =>
      throttle.acquire().then((p) => {
        granted.push(n);
        return p;
      }),
    );
    await flush();
    expect(granted).toEqual([]);
    expect(throttle.queued).toBe(2);
    expect(clock.pending()).toBe(0); // all tokens in flight: no timer, waiting for a release
    for (const p of permits) p.release(); // answers arrive at t=0; tokens come back at t=1000
    expect(clock.pending()).toBe(1); // one timer for the earliest token
    clock.advance(999);
    await flush();
    expect(granted).toEqual([]);
    clock.advance(1);
    await flush();
    expect(granted).toEqual([3, 4]); // FIFO
    for (const p of await Promise.all(waiting)) p.release();
  });

  it("never lets more than `limit` requests be answered within any window", async () => {
    const clock = manualClock();
    const limit = 5;
    const windowMs = 1000;
    const throttle = new ProjectThrottle(limit, windowMs, clock);
    const sendTimes: number[] = [];
    const answerTimes: number[] = [];
    const calls = Array.from({ length: 23 }, async () => {
      const permit = await throttle.acquire();
      sendTimes.push(clock.now());
      await flush();
      clock.advance(7); // request latency
      answerTimes.push(clock.now());
      permit.release();
    });
    for (let i = 0; i < 200 && sendTimes.length < 23; i++) {
      await flush();
      clock.advance(50);
    }
    await Promise.all(calls);
    // Any window [t, t + windowMs) holds at most `limit` sends.
    for (const start of sendTimes) {
      expect(sendTimes.filter((t) => t >= start && t < start + windowMs).length).toBeLessThanOrEqual(limit);
    }
    // 23 calls at 5 per window need 4 full windows beyond the first batch.
    expect(Math.max(...sendTimes)).toBeGreaterThanOrEqual(4 * windowMs);
    expect(Math.max(...sendTimes)).toBeLessThan(4 * windowMs + 500);
  });

  it("an aborted waiter leaves the queue", async () => {
    const clock = manualClock();
    const throttle = new ProjectThrottle(1, 1000, clock);
    const first = await throttle.acquire();
    const controller = new AbortController();
    const waiting = throttle.acquire(controller.signal);
    controller.abort(new Error("deadline"));
    await expect(waiting).rejects.toThrow("deadline");
    expect(throttle.queued).toBe(0);
    first.release();
  });
});

describe("ProjectThrottle learns the budget from the service's answers", () => {
  it("requests the service counted but this bucket did not send are held for a window", async () => {
    const clock = manualClock();
    const throttle = new ProjectThrottle(10, 1000, clock);
    const permit = await throttle.acquire();
    permit.release();
    // The service counted 7 (another process sent 6): 3 remain.
    throttle.observe({ limit: 10, remaining: 3 });
    expect(throttle.available).toBe(3);
    clock.advance(1000);
    expect(throttle.available).toBe(10);
  });

  it("a remaining count the bucket already accounts for changes nothing", async () => {
    const clock = manualClock();
    const throttle = new ProjectThrottle(10, 1000, clock);
    (await throttle.acquire()).release();
    (await throttle.acquire()).release();
    throttle.observe({ limit: 10, remaining: 9 });
    expect(throttle.available).toBe(8);
  });

  it("a lower RateLimit-Limit lowers the bucket's limit", () => {
    const throttle = new ProjectThrottle(100, 1000, manualClock());
    throttle.observe({ limit: 40, remaining: 40 });
    expect(throttle.limit).toBe(40);
    expect(throttle.available).toBe(40);
  });

  it("a 429's Retry-After empties the bucket until then, and queued calls wait for it", async () => {
    const clock = manualClock();
    const throttle = new ProjectThrottle(5, 60_000, clock);
    (await throttle.acquire()).release();
    throttle.observe({ retryAfterMs: 2000 });
    expect(throttle.available).toBe(0);
    let granted = false;
    const waiting = throttle.acquire().then((permit) => {
      granted = true;
      return permit;
    });
    clock.advance(1999);
    await flush();
    expect(granted).toBe(false);
    clock.advance(1);
    await flush();
    expect(granted).toBe(true);
    expect(throttle.available).toBe(3); // the one sent before still counts until its window ends
    (await waiting).release();
  });
});

describe("registry and project ids", () => {
  afterEach(() => resetThrottles());
  it("shares one throttle per origin and project; the strictest limit wins", () => {
    const a = projectThrottle("http://127.0.0.1:1", "p1", 100, 60_000);
    const b = projectThrottle("http://127.0.0.1:1", "p1", 50, 60_000);
    const other = projectThrottle("http://127.0.0.1:1", "p2", 100, 60_000);
    expect(a).toBe(b);
    expect(a.limit).toBe(50);
    expect(other).not.toBe(a);
  });
  it("takes the project id from /groups/{groupId}/", () => {
    expect(projectIdOfPath("/groups/5f1a000000000000000000a1/alertConfigs")).toBe("5f1a000000000000000000a1");
    expect(projectIdOfPath("/orgs/5f1a00000000000000000001/liveMigrations/linkTokens")).toBeUndefined();
    expect(projectIdOfPath("/alertConfigs/matchers/fieldNames")).toBeUndefined();
  });
});
