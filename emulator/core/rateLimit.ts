/** Fixed-window counters: `limit` requests per `windowMs`, windows aligned to multiples of windowMs
 * on the emulator clock (a minute window resets on the minute, as the service describes). */
export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 100, windowMs: 60_000 };

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  retryAfterSeconds: number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly now: () => number,
    private readonly config: () => RateLimitConfig,
  ) {}

  take(key: string): RateDecision {
    const { limit, windowMs } = this.config();
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    if (window.count >= limit) return { allowed: false, limit, remaining: 0, retryAfterSeconds };
    window.count += 1;
    return { allowed: true, limit, remaining: limit - window.count, retryAfterSeconds };
  }

  /** The window's state for `key` without counting a request. */
  peek(key: string): RateDecision {
    const { limit, windowMs } = this.config();
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    const window = this.windows.get(key);
    const count = window && window.start === start ? window.count : 0;
    const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    return { allowed: count < limit, limit, remaining: Math.max(0, limit - count), retryAfterSeconds };
  }

  clear(): void {
    this.windows.clear();
  }
}
