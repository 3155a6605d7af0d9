/** The per-noun entity tables of `state.entities` (the domain's stores; persisted with the state). */
import type { EmulatorState, JsonObject } from "./contract";

/**
 * One entity table of state.entities, created on first use. The tables hold only records written by
 * the domain (or a seed in the same shape), so reading them as T is sound.
 */
export function table<T extends JsonObject>(state: EmulatorState, name: string): Record<string, T> {
  let entities = state.entities[name];
  if (!entities) {
    entities = {};
    state.entities[name] = entities;
  }
  return entities as Record<string, T>;
}
