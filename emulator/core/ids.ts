/** Ids in the forms the service uses: minted, checked, and derived for fields the service fills. */
import { z } from "zod";
import { CLUSTER_NAME as CLUSTER_NAME_ID, HEX24 as HEX24_ID } from "../../api/ids";
import type { EmulatorState } from "./contract";

/** Prefix of minted ids; seeds use other prefixes (the default seed uses 5f1a...) so they never collide. */
const MINTED_ID_PREFIX = "5f1b";

/** Mints the next 24-hex id from the state's counter, so a replay of the same requests against the
 * same seed yields the same ids (deterministic tests and docs). */
export function mintId(state: EmulatorState): string {
  state.idCounter += 1;
  return MINTED_ID_PREFIX + state.idCounter.toString(16).padStart(24 - MINTED_ID_PREFIX.length, "0");
}

/** The contract's id patterns (api/ids.ts), as bare regular expressions for the emulator's checks. */
export const HEX24 = HEX24_ID.pattern;
export const CLUSTER_NAME = CLUSTER_NAME_ID.pattern;

/** A 24-hex id in a seed or a control API body (zod, for the inputs validated outside the API). */
export const hex24Input = z.string().regex(HEX24, "must be 24 hexadecimal digits");

/** A deterministic UUID-shaped value derived from an id (external ids, key UUIDs). */
export function uuidFromId(id: string): string {
  const hex = (id + id).slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
