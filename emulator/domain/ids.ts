/** Ids: minting is the core's (one counter, one prefix); derived ids for fields the service fills. */
export { HEX24, mintId } from "../core/ids";

/** A deterministic UUID-shaped value derived from an id (external ids, key UUIDs). */
export function uuidFromId(id: string): string {
  const hex = (id + id).slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
