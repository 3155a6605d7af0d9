/**
 * Per-project request throttle, so calls queue in the client instead of earning 429s.
 *
 * It is a token bucket of `limit` tokens per project. A request takes a token before it is sent;
 * the token comes back one window AFTER that request's answer arrived (not on a continuous refill
 * schedule). Why: the service counts requests per project in fixed windows ("reset each minute"),
 * at some moment between our send and our receipt of the answer. A continuously refilled bucket
 * can put up to 2 x limit requests into one fixed window; returning each token a full window after
 * the answer guarantees that any window of that length, wherever the server aligns it, sees at
 * most `limit` of our requests. The cost is one request latency per window.
 *
 * Waiters are served first in, first out; waiting is a single timer or a release, never a poll.
 * The registry is module-level: every client in the process shares one bucket per origin+project.
 */

export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A pending token return must not keep the process alive.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Held while a request is in flight; `release()` when its answer (or failure) arrived. */
export interface ThrottlePermit {
  release(): void;
}

interface Waiter {
  grant: (permit: ThrottlePermit) => void;
  fail: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class ProjectThrottle {
  #limit: number;
  readonly #windowMs: number;
  readonly #clock: ThrottleClock;
  #inFlight = 0;
  /** Times at which released tokens come back, ascending. */
  readonly #returns: number[] = [];
  readonly #queue: Waiter[] = [];
  #timer: unknown;
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(limit: number, windowMs: number, clock: ThrottleClock = realClock) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#clock = clock;
  }

  get limit(): number {
    return this.#limit;
  }

  /** Lower the limit (several clients configured differently: the strictest wins). */
  lowerLimit(limit: number): void {
    if (limit < this.#limit) this.#limit = limit;
  }

  /** Calls waiting for a token. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Tokens that may be taken right now. */
  get available(): number {
    this.#prune();
    return Math.max(0, this.#limit - this.#inFlight - this.#returns.length);
  }

  /** Wait (FIFO) for a token. Rejects with the signal's reason if it aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<ThrottlePermit> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ThrottlePermit>((grant, fail) => {
      const waiter: Waiter = { grant, fail, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.#queue.indexOf(waiter);
          if (index >= 0) this.#queue.splice(index, 1);
          fail(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#queue.push(waiter);
      this.#pump();
    });
  }

  #prune(): void {
    const now = this.#clock.now();
    while (this.#returns.length > 0 && (this.#returns[0] ?? 0) <= now) this.#returns.shift();
  }

  #permit(): ThrottlePermit {
    let released = false;
    this.#inFlight += 1;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight -= 1;
        this.#returns.push(this.#clock.now() + this.#windowMs);
        this.#pump();
      },
    };
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.available > 0) {
      const waiter = this.#queue.shift()!;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
      waiter.grant(this.#permit());
    }
    if (this.#queue.length === 0 || this.#returns.length === 0) return;
    // Everything is taken: wake up when the next token comes back (releases also pump).
    const wakeAt = this.#returns[0] ?? 0;
    if (this.#timer !== undefined && this.#timerAt <= wakeAt) return;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timerAt = wakeAt;
    this.#timer = this.#clock.setTimeout(
      () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#pump();
      },
      Math.max(0, wakeAt - this.#clock.now()),
    );
  }
}

const registry = new Map<string, ProjectThrottle>();

/** The process-wide throttle of one project at one origin. */
export function projectThrottle(
  origin: string,
  projectId: string,
  limit: number,
  windowMs: number,
  clock?: ThrottleClock,
): ProjectThrottle {
  const key = `${origin}|${projectId}`;
  const existing = registry.get(key);
  if (existing) {
    existing.lowerLimit(limit);
    return existing;
  }
  const created = new ProjectThrottle(limit, windowMs, clock);
  registry.set(key, created);
  return created;
}

/** Forget every throttle (tests, and emulator restarts in one process). */
export function resetThrottles(): void {
  registry.clear();
}

/** The project id of a request path: the segment after /groups/. */
export function projectIdOfPath(path: string): string | undefined {
  return /\/groups\/([^/?#]+)/.exec(path)?.[1];
}
