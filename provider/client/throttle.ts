/**
 * Per-project request throttle, so calls queue in the client instead of earning 429s.
 *
 * The service counts a project's requests in fixed windows: "100 requests per minute per project;
 * counter per project, reset each minute", and once the counter is used up "429 until the next
 * minute" (docs/spec/api-spec.md, "Limits"). The throttle keeps the same books: it places the
 * service's window boundaries (see "Phase") and sends a request only while every window the service
 * may count it in has room. That is the fixed-window optimum: up to `limit` requests at the start of
 * each window, none wasted, rather than a sliding window's `limit` per window after the first send,
 * which can cost up to a window per window.
 *
 * What counts in a window: every request this bucket knows of (its own, and other processes' from
 * the shared {@link BudgetStore}) that the service may have counted in it, i.e. whose interval from
 * send to answer (to now while in flight) meets the window; plus the requests the service said it
 * counted that the bucket does not know of (another client's), a lower bound learned from
 * `RateLimit-Remaining` (docs/spec/operations.md: 200 answers may carry `RateLimit-Limit` and
 * `RateLimit-Remaining`). A request in flight across a boundary counts in both windows, until an
 * answer surely counted in one of them caps it: its count holds every request answered before it
 * was sent.
 *
 * Phase: the service resets "each minute", so windows are taken to start at multiples of the window
 * on the clock (the epoch's minutes), give or take `marginMs` of clock skew between client and
 * service. The service's answers place the boundary by its own word: a count no higher than that of
 * an answer received before the request was sent (the counter was reset in between), and a 429's
 * `Retry-After` (whole seconds until the window resets). The bucket narrows its phase to what they
 * say, or moves to it if the two disagree, and shares it through the store. A request may fall in
 * either window near a boundary, so it needs room in both; hence, after a full window, the next
 * window's requests start once it surely began (`marginMs` after the clock's minute, at first).
 *
 * Probe: in a window the bucket has had no answer from, its first request goes alone, and the rest
 * wait for that answer (one round trip): it tells how many requests the window already counts, so a
 * process that knows nothing of the project's recent traffic (no shared store, another client) earns
 * at most that one 429 per window instead of one per request in flight.
 *
 * Waiters are served first in, first out; waiting is a single timer or an answer, never a poll.
 * The registry is module-level: every client in the process shares one bucket per origin+project.
 */
import { randomBytes } from "node:crypto";
import type { BudgetStore, ServicePhase } from "./budgetStore";

export interface ThrottleClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: ThrottleClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A pending wake-up must not keep the process alive.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** What an answer said about the project's budget (the RateLimit-* headers, a 429's Retry-After). */
export interface BudgetAnswer {
  limit?: number | undefined;
  remaining?: number | undefined;
  /** The answer was a 429. */
  refused?: boolean | undefined;
  /** A 429's Retry-After. */
  retryAfterMs?: number | undefined;
}

/** Held while a request is in flight; `release()` when its answer (or failure) arrived. */
export interface ThrottlePermit {
  /** The answer's budget headers, when there was an answer. */
  release(answer?: BudgetAnswer): void;
}

interface Waiter {
  grant: (permit: ThrottlePermit) => void;
  fail: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

interface KnownRequest {
  sentAt: number;
  /** Undefined while in flight. */
  answeredAt: number | undefined;
  /** Sent by this bucket (another process's requests come from the store). */
  own: boolean;
}

/** An answer's count of the window that counted it (RateLimit-Remaining), with its request's times. */
interface Observation {
  sentAt: number;
  answeredAt: number;
  counted: number;
}

/** Answers kept to place a counter reset between two of them. */
const RECENT_OBSERVATIONS = 32;

/** Retry-After is given in whole seconds: the service's boundary is known to within this, either way. */
const RETRY_AFTER_GRANULARITY_MS = 1000;

export interface ThrottleOptions {
  /**
   * How far the service's window boundaries may be from the clock's multiples of the window (clock
   * skew). Default: 1 s, at most a twentieth of the window.
   */
  marginMs?: number;
}

export class ProjectThrottle {
  #limit: number;
  readonly #windowMs: number;
  readonly #clock: ThrottleClock;
  /** A window k starts at k * windowMs + p on this clock, for some p in [lo, hi]. */
  #phase: ServicePhase;
  readonly #requests = new Map<string, KnownRequest>();
  /** Per window: requests the service counted that this bucket does not know of (a lower bound). */
  readonly #unknown = new Map<number, number>();
  /** Windows an answer of this bucket was surely counted in (no probe needed). */
  readonly #observed = new Set<number>();
  /** Windows a 429 of the counter said are full. */
  readonly #full = new Set<number>();
  /** Per window: the latest answer surely counted in it, with its count (caps the window's usage). */
  readonly #counts = new Map<number, Observation & { request: KnownRequest }>();
  /** The latest answers' counts, to place a counter reset ({@link #placeReset}). */
  readonly #recent: Observation[] = [];
  readonly #queue: Waiter[] = [];
  /** A 429 that was not the project's counter's: nothing goes before its Retry-After. */
  #pausedUntil = Number.NEGATIVE_INFINITY;
  #timer: unknown;
  #timerAt = Number.POSITIVE_INFINITY;
  #shared: { store: BudgetStore; key: string } | undefined;
  /** The last window in which the shared store was read. */
  #syncedWindow = Number.NEGATIVE_INFINITY;

  constructor(
    limit: number,
    windowMs: number,
    clock: ThrottleClock = realClock,
    options: ThrottleOptions = {},
  ) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#clock = clock;
    const margin = options.marginMs ?? Math.min(1000, windowMs / 20);
    this.#phase = { lo: -margin, hi: margin };
  }

  /** Share this bucket's requests and learned phase with other processes through `store`. */
  shareThrough(store: BudgetStore, key: string): void {
    this.#shared = { store, key };
    this.#sync(this.#clock.now());
  }

  get limit(): number {
    return this.#limit;
  }

  /** Where the bucket places the service's window boundaries (see the header). */
  get phase(): ServicePhase {
    return { ...this.#phase };
  }

  /** Lower the limit (several clients configured differently: the strictest wins). */
  lowerLimit(limit: number): void {
    if (limit < this.#limit) this.#limit = limit;
  }

  /** Calls waiting for a permit. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Requests the windows a request sent now may be counted in all still have room for. */
  get available(): number {
    const now = this.#clock.now();
    this.#prune(now);
    let room = this.#limit;
    for (let k = this.#firstWindow(now); k <= this.#lastWindow(now); k++) {
      room = Math.min(room, this.#limit - this.#usage(k, now));
    }
    return Math.max(0, room);
  }

  /** Wait (FIFO) for a permit. Rejects with the signal's reason if it aborts while waiting. */
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

  /** The earliest window a request at `at` may be counted in. */
  #firstWindow(at: number): number {
    return Math.floor((at - this.#phase.hi) / this.#windowMs);
  }

  /** The latest window a request at `at` may be counted in. */
  #lastWindow(at: number): number {
    return Math.floor((at - this.#phase.lo) / this.#windowMs);
  }

  /** When a request may last have been counted: its answer, now while in flight. Another
   * process's request still unanswered in the store counts at most a window (it may have died). */
  #endOf(request: KnownRequest, now: number): number {
    if (request.answeredAt !== undefined) return request.answeredAt;
    return request.own ? now : Math.min(now, request.sentAt + this.#windowMs);
  }

  /**
   * Requests the service may have counted (or will count) in window k, as far as the bucket knows:
   * the requests that may fall in it plus the unknown ones. An answer surely counted in the window
   * caps that: its count holds every request answered before it was sent, so only the requests
   * answered since (or in flight) can add to it. A request near a boundary, which the bucket had to
   * count in both windows, stops costing the window that did not count it once an answer says so.
   */
  #usage(k: number, now: number, sentUpTo = Number.POSITIVE_INFINITY): number {
    const counted = sentUpTo === Number.POSITIVE_INFINITY ? this.#counts.get(k) : undefined;
    let count = 0;
    let sinceCounted = 0;
    for (const request of this.#requests.values()) {
      if (request.sentAt > sentUpTo) continue;
      if (this.#firstWindow(request.sentAt) > k || k > this.#lastWindow(this.#endOf(request, now))) continue;
      count++;
      if (
        counted !== undefined &&
        request !== counted.request &&
        this.#endOf(request, now) >= counted.sentAt
      ) {
        sinceCounted++;
      }
    }
    if (sentUpTo !== Number.POSITIVE_INFINITY) return count;
    if (this.#full.has(k)) return Number.POSITIVE_INFINITY;
    const plain = count + (this.#unknown.get(k) ?? 0);
    return counted === undefined ? plain : Math.min(plain, counted.counted + sinceCounted);
  }

  /** Forget what can no longer be counted in a window a request sent now could fall in. */
  #prune(now: number): void {
    const current = this.#firstWindow(now);
    for (const [id, request] of this.#requests) {
      if (request.answeredAt !== undefined || !request.own) {
        if (this.#lastWindow(this.#endOf(request, now)) < current) this.#requests.delete(id);
      }
    }
    for (const k of this.#unknown.keys()) if (k < current) this.#unknown.delete(k);
    for (const k of this.#observed) if (k < current) this.#observed.delete(k);
    for (const k of this.#counts.keys()) if (k < current) this.#counts.delete(k);
    for (const k of this.#full) if (k < current) this.#full.delete(k);
  }

  /** Read the other processes' requests and the learned phase (at most once a window). */
  #sync(now: number): void {
    const shared = this.#shared;
    if (shared === undefined) return;
    const window = this.#lastWindow(now);
    if (window === this.#syncedWindow) return;
    this.#syncedWindow = window;
    const loaded = shared.store.load(
      shared.key,
      now - 2 * this.#windowMs - (this.#phase.hi - this.#phase.lo),
    );
    for (const request of loaded.requests) {
      const known = this.#requests.get(request.id);
      if (known?.own) continue;
      this.#requests.set(request.id, { sentAt: request.sentAt, answeredAt: request.answeredAt, own: false });
    }
    if (loaded.phase !== undefined) this.#adoptPhase(loaded.phase);
  }

  /** Narrow the phase to `learned`, or move to it when the two disagree (the service's word wins). */
  #adoptPhase(learned: ServicePhase): void {
    const centre = (this.#phase.lo + this.#phase.hi) / 2;
    const shift = Math.round(((learned.lo + learned.hi) / 2 - centre) / this.#windowMs) * this.#windowMs;
    const lo = learned.lo - shift;
    const hi = learned.hi - shift;
    this.#phase =
      hi >= this.#phase.lo && lo <= this.#phase.hi
        ? { lo: Math.max(lo, this.#phase.lo), hi: Math.min(hi, this.#phase.hi) }
        : { lo, hi };
  }

  #permit(): ThrottlePermit {
    const id = randomBytes(6).toString("hex");
    const request: KnownRequest = { sentAt: this.#clock.now(), answeredAt: undefined, own: true };
    this.#requests.set(id, request);
    this.#shared?.store.recordSent(this.#shared.key, id, request.sentAt);
    return {
      release: (answer) => {
        if (request.answeredAt !== undefined) return;
        const now = this.#clock.now();
        request.answeredAt = now;
        if (answer?.refused) this.#shared?.store.recordRefused(this.#shared.key, id);
        else this.#shared?.store.recordAnswered(this.#shared.key, id, request.sentAt, now);
        if (answer !== undefined) this.#learn(request, answer, now);
        this.#pump();
      },
    };
  }

  /** What an answer says about the project's budget. The bucket only ever gets stricter from it. */
  #learn(request: KnownRequest, answer: BudgetAnswer, now: number): void {
    if (answer.limit !== undefined && answer.limit > 0) this.lowerLimit(answer.limit);
    if (answer.refused) {
      this.#refused(request, answer, now);
      // It counted (if at all) in the windows now marked full, not in a later one.
      for (const [id, known] of this.#requests) if (known === request) this.#requests.delete(id);
      return;
    }
    const counted =
      answer.remaining === undefined ? undefined : (answer.limit ?? this.#limit) - answer.remaining;
    if (counted !== undefined) this.#placeReset(request.sentAt, now, counted);
    const window = this.#firstWindow(request.sentAt);
    if (window !== this.#lastWindow(now)) return; // counted on one side of a boundary or the other
    this.#observed.add(window);
    if (counted === undefined) return;
    const latest = this.#counts.get(window);
    if (latest === undefined || latest.sentAt <= request.sentAt) {
      this.#counts.set(window, { sentAt: request.sentAt, answeredAt: now, counted, request });
    }
    // Requests sent after this answer arrived cannot be in its count; the others may be.
    const unknown = counted - this.#usage(window, now, now);
    if (unknown > (this.#unknown.get(window) ?? 0)) this.#unknown.set(window, unknown);
  }

  /**
   * Within a window the service's count only grows, and each request it counts adds one. So when an
   * answer counts fewer than an answer that arrived before this request was sent, the counter was
   * reset in between: the boundary lies between that request's send and this answer. Two requests a few
   * milliseconds apart across a boundary place it that closely (on this clock: no skew).
   */
  #placeReset(sentAt: number, answeredAt: number, counted: number): void {
    let before: Observation | undefined;
    for (const observation of this.#recent) {
      if (
        observation.answeredAt < sentAt &&
        (before === undefined || observation.answeredAt > before.answeredAt)
      ) {
        before = observation;
      }
    }
    this.#recent.push({ sentAt, answeredAt, counted });
    if (this.#recent.length > RECENT_OBSERVATIONS) this.#recent.shift();
    // An equal count is no proof of a reset: the service shows its counter on every answer, also of
    // requests it does not count (docs/api-choices.md, "Rate limits"), which repeat the last count.
    if (before === undefined || counted >= before.counted) return;
    if (answeredAt - before.sentAt >= this.#phase.hi - this.#phase.lo) return; // no narrower
    const learned = { lo: before.sentAt, hi: answeredAt };
    this.#adoptPhase(learned);
    if (this.#shared) this.#shared.store.recordPhase(this.#shared.key, learned);
  }

  /**
   * A 429. With `RateLimit-Remaining: 0` it is the project's counter (the contract declares the
   * RateLimit-* headers on the rate-limited operations): its window is full, and Retry-After says
   * where the window ends. Without, it may be another limit or a proxy's: nothing is sent before its
   * Retry-After, and the windows stay where they were.
   */
  #refused(request: KnownRequest, answer: BudgetAnswer, now: number): void {
    const retryAfterMs = answer.retryAfterMs;
    if (answer.remaining !== 0) {
      this.#pausedUntil = Math.max(this.#pausedUntil, now + (retryAfterMs ?? 0));
      return;
    }
    const full = new Set<number>();
    // The window ends within a second of Retry-After after the service counted the request.
    const endsFrom = request.sentAt + (retryAfterMs ?? 0) - RETRY_AFTER_GRANULARITY_MS;
    const endsBy = now + (retryAfterMs ?? 0) + RETRY_AFTER_GRANULARITY_MS;
    if (retryAfterMs !== undefined && endsBy - endsFrom < this.#windowMs / 2) {
      const learned = { lo: endsFrom, hi: endsBy };
      this.#adoptPhase(learned);
      if (this.#shared) this.#shared.store.recordPhase(this.#shared.key, learned);
      // The window that ends there: the boundary is window `next`'s start.
      const next = Math.round(
        ((endsFrom + endsBy) / 2 - (this.#phase.lo + this.#phase.hi) / 2) / this.#windowMs,
      );
      full.add(next - 1);
    } else {
      // No Retry-After, or too coarse to place the boundary (a short window): every window the
      // request may have been counted in.
      for (let k = this.#firstWindow(request.sentAt); k <= this.#lastWindow(now); k++) full.add(k);
    }
    for (const k of full) {
      this.#full.add(k);
      this.#observed.add(k);
    }
  }

  #pump(): void {
    const now = this.#clock.now();
    this.#prune(now);
    this.#sync(now);
    const first = this.#firstWindow(now);
    const last = this.#lastWindow(now);
    const usage = new Map<number, number>();
    for (let k = first; k <= last; k++) usage.set(k, this.#usage(k, now));
    while (this.#queue.length > 0) {
      if (now < this.#pausedUntil) {
        this.#wakeAt(this.#pausedUntil, now);
        return;
      }
      let blockedUntil: number | undefined;
      for (const [k, used] of usage) {
        if (used >= this.#limit) blockedUntil = (k + 1) * this.#windowMs + this.#phase.hi;
      }
      if (blockedUntil !== undefined) {
        this.#wakeAt(blockedUntil, now);
        return;
      }
      // The probe: until an answer from the latest window arrived, one request at a time.
      if (!this.#observed.has(last) && this.#ownInFlight()) return;
      const waiter = this.#queue.shift()!;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener("abort", waiter.onAbort);
      for (const [k, used] of usage) usage.set(k, used + 1);
      waiter.grant(this.#permit());
    }
  }

  #ownInFlight(): boolean {
    for (const request of this.#requests.values()) {
      if (request.own && request.answeredAt === undefined) return true;
    }
    return false;
  }

  /** One timer, for the earliest time a waiter may go (answers pump too). */
  #wakeAt(at: number, now: number): void {
    if (this.#timer !== undefined && this.#timerAt <= at && this.#timerAt > now) return;
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = this.#clock.setTimeout(
      () => {
        this.#timer = undefined;
        this.#timerAt = Number.POSITIVE_INFINITY;
        this.#pump();
      },
      Math.max(0, at - now),
    );
  }
}

const registry = new Map<string, ProjectThrottle>();

/**
 * The process-wide throttle of one project at one origin. With a `store`, a new bucket starts with
 * the requests other processes made and the phase they learned, and shares its own (budgetStore.ts).
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
  if (store !== undefined) created.shareThrough(store, key);
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
