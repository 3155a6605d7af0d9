/**
 * The least time any sender that respects a fixed-window rate limit needs to send `needed` requests
 * (docs/spec/api-spec.md, "Limits": a counter per project, reset each minute; 429 until the next
 * minute). The sender starts at `startMs` in the window that starts at
 * `W = floor(startMs / windowMs) * windowMs` (the emulator's windows start at multiples of the window
 * on its clock, docs/api-choices.md "Rate limiting"), where `usedAtStart` requests are already
 * counted. The first `limit - usedAtStart` fit in the current window, each later window holds
 * `limit`, and no request can be sent before its window opens:
 *
 *     needed <= limit - usedAtStart:  bound = 0
 *     otherwise:                      bound = W + ceil((needed - (limit - usedAtStart)) / limit) * windowMs - startMs
 *
 * It leaves out the sender's own work after its last window opens. Returns seconds.
 */
export function fixedWindowBoundSeconds(input: {
  startMs: number;
  usedAtStart: number;
  needed: number;
  limit: number;
  windowMs: number;
}): number {
  const { startMs, usedAtStart, needed, limit, windowMs } = input;
  const windowStart = Math.floor(startMs / windowMs) * windowMs;
  const free = Math.max(0, limit - usedAtStart);
  if (needed <= free) return 0;
  const laterWindows = Math.ceil((needed - free) / limit);
  return (windowStart + laterWindows * windowMs - startMs) / 1000;
}
