/** Ids and dates in the forms the service uses. */
import type { EmulatorState } from "./contract";

/** Prefix of minted ids; seeds use other prefixes (the default seed uses 5f1a...) so they never collide. */
const MINTED_ID_PREFIX = "5f1b";

/** Mints the next 24-hex id from the state's counter, so a replay of the same requests against the
 * same seed yields the same ids (deterministic tests and docs). */
export function mintId(state: EmulatorState): string {
  state.idCounter += 1;
  return MINTED_ID_PREFIX + state.idCounter.toString(16).padStart(24 - MINTED_ID_PREFIX.length, "0");
}

export const HEX24 = /^[a-f0-9]{24}$/;
export const CLUSTER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9-]*$/;

/** ISO 8601 UTC to the second ("2025-03-12T00:00:00Z"), the form the service returns. */
export function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, "Z");
}
