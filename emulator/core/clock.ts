/** Emulator time. Operations never read Date.now(): they get `now` from this clock, so tests can run
 * a manual clock and move it with advance() to drive asynchronous lifecycles, nonce and token expiry
 * and rate-limit windows without sleeping. */
export type ClockKind = "real" | "manual";

export interface Clock {
  readonly kind: ClockKind;
  now(): number;
  /** Moves time forward; on the real clock this adds a fixed offset (useful to skip waits). */
  advance(ms: number): void;
}

/** Where a manual clock starts unless told otherwise: the spec's resource version date. */
export const DEFAULT_MANUAL_START = Date.parse("2025-03-12T00:00:00.000Z");

export function createClock(kind: ClockKind, startTime?: number): Clock {
  if (kind === "manual") {
    let current = startTime ?? DEFAULT_MANUAL_START;
    return {
      kind,
      now: () => current,
      advance(ms) {
        current += checkAdvance(ms);
      },
    };
  }
  let offset = startTime === undefined ? 0 : startTime - Date.now();
  return {
    kind,
    now: () => Date.now() + offset,
    advance(ms) {
      offset += checkAdvance(ms);
    },
  };
}

function checkAdvance(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite ms >= 0, got ${ms}`);
  return ms;
}
