/**
 * The one way an asynchronous state is derived: from the moment the transition started, the
 * emulator clock and the configured delay. Nothing is scheduled; every read computes the state.
 *
 * `phases` lists the states in order; the last is reached when `delayMs` has passed (at once when
 * the delay is 0). The earlier phases share the delay equally, so with three phases the first shows
 * for the first half and the second for the second half, and clients can observe each transition.
 */
export function lifecyclePhase<S extends string>(
  phases: readonly [S, ...S[]],
  startedAtMs: number,
  nowMs: number,
  delayMs: number,
): S {
  const last = phases[phases.length - 1] as S;
  const elapsed = nowMs - startedAtMs;
  if (delayMs <= 0 || elapsed >= delayMs) return last;
  const intermediate = phases.length - 1;
  const index = Math.min(intermediate - 1, Math.max(0, Math.floor((elapsed * intermediate) / delayMs)));
  return phases[index] as S;
}

/** Whether a transition that started at `startedAtMs` has finished. */
export function lifecycleDone(startedAtMs: number, nowMs: number, delayMs: number): boolean {
  return delayMs <= 0 || nowMs - startedAtMs >= delayMs;
}

/** When a transition finishes (epoch ms). */
export function lifecycleEnd(startedAtMs: number, delayMs: number): number {
  return startedAtMs + Math.max(0, delayMs);
}
