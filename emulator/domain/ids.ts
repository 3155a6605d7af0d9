import type { EmulatorState } from "../core/contract";

/** Prefix of minted ids; seeded ids start with 5f1a, so minted ones never collide with them. */
const MINTED_ID_PREFIX = "6e";

/** Mints the next 24-hex id from the state's monotonic counter (deterministic across runs). */
export function mintId(state: EmulatorState): string {
  state.idCounter += 1;
  return MINTED_ID_PREFIX + state.idCounter.toString(16).padStart(24 - MINTED_ID_PREFIX.length, "0");
}

/** A deterministic UUID-shaped value derived from a minted id (external ids, key UUIDs). */
export function uuidFromId(id: string): string {
  const hex = (id + id).slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const HEX24 = /^[a-f0-9]{24}$/;
