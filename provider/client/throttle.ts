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
 *
 * Across processes (a `pulumi refresh` right after an `up`, two stacks of one project) the bucket
 * also learns from the service's answers ({@link ProjectThrottle.observe}): the contract declares
 * `RateLimit-Limit` and `RateLimit-Remaining` on the answers of rate-limited operations, and a 429's
 * `Retry-After`. Requests the service counted that this bucket did not send (another process's)
 * are taken out of the bucket until a full window later, when any fixed window that counted them
 * has ended; a 429 empties the bucket until its Retry-After has passed. A bucket given a
 * {@link BudgetStore} also starts with the tokens earlier processes still hold (budgetStore.ts).
 */
import type { BudgetStore } from "./budgetStore";

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

  /** Told each time a token of this bucket will come back (the shared budget, budgetStore.ts). */
  onReturn: ((returnAt: number) => void) | undefined;

  constructor(limit: number, windowMs: number, clock: ThrottleClock = realClock) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#clock = clock;
  }

  /** Tokens other processes hold, each until its return time (loaded from the shared budget). */
  holdUntil(returnTimes: readonly number[]): void {
    this.#prune();
    for (const at of returnTimes) this.#hold(1, at);
    this.#pump();
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

  /**
   * What an answer of the service said about the project's budget: `limit` and `remaining` in the
   * current window (RateLimit-* headers), or `retryAfterMs` (a 429). Call it after the request's
   * permit was released. The bucket only ever gets stricter from it.
   */
  observe(answer: {
    limit?: number | undefined;
    remaining?: number | undefined;
    retryAfterMs?: number | undefined;
  }): void {
    this.#prune();
    const now = this.#clock.now();
    if (answer.limit !== undefined && answer.limit > 0) this.lowerLimit(answer.limit);
    const occupied = this.#inFlight + this.#returns.length;
    if (answer.retryAfterMs !== undefined) {
      // Nothing more may be sent before Retry-After: every free token comes back only then.
      this.#hold(this.#limit - occupied, now + answer.retryAfterMs);
    } else if (answer.remaining !== undefined) {
      // Counted by the service but not by this bucket: another process's requests.
      const usedByService = this.#limit - answer.remaining;
      this.#hold(usedByService - occupied, now + this.#windowMs);
    }
    this.#pump();
  }

  /** Takes `count` tokens out until `until` (kept in ascending order of return). */
  #hold(count: number, until: number): void {
    for (let taken = 0; taken < count; taken++) {
      let index = this.#returns.length;
      while (index > 0 && (this.#returns[index - 1] ?? 0) > until) index--;
      this.#returns.splice(index, 0, until);
    }
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
        const returnAt = this.#clock.now() + this.#windowMs;
        this.#hold(1, returnAt);
        this.onReturn?.(returnAt);
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

/**
 * The process-wide throttle of one project at one origin. With a `store`, a new bucket starts with
 * the tokens other processes still hold and shares its own (budgetStore.ts).
 */
export function projectThrottle(
  origin: string,
  projectId: string,
  limit: number,
  windowMs: number,
  clock?: ThrottleClock,
  store?: BudgetStore,
): ProjectThrottle {
  const key = `${origin}|${projectId}`;
  const existing = registry.get(key);
  if (existing) {
    existing.lowerLimit(limit);
    return existing;
  }
  const created = new ProjectThrottle(limit, windowMs, clock);
  if (store !== undefined) {
    created.holdUntil(store.load(key, (clock ?? realClock).now()));
    created.onReturn = (returnAt) => store.record(key, returnAt);
  }
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
