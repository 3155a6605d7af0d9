/**
 * Failure states on demand (the control API's POST /__emulator/failures): the service can fail an
 * index build, a snapshot, a job or a migration, or leave a policy stuck in its pending state; nothing
 * a client sends can make the emulator do that, so tests drive it here. A forced record carries
 * `forcedFailure: true`, which its noun's status derivation reads first; views never show the flag.
 * Which tables can fail, and how, the domain declares (`Failable`); this is the mechanism.
 */
import type { EmulatorState, Failable, JsonObject } from "./contract";
import { table } from "./entities";
import { apiError } from "./errors";

/** Whether the control API forced this record into its failure state. */
export function isForcedFailure(record: JsonObject): boolean {
  return record.forcedFailure === true;
}

/** What the control API (and tests) ask to fail: a record of `kind` in project `groupId`. */
export interface FailureRequest {
  kind: string;
  groupId: string;
  /** The record's id; not given for a kind keyed by project. */
  id?: string;
}

/** Forces the record into its failure state; 404 RESOURCE_NOT_FOUND when the project has no such
 * record. Returns `{kind, groupId, id, state}`. */
export function forceFailure(
  failables: Readonly<Record<string, Failable>>,
  state: EmulatorState,
  input: FailureRequest,
): JsonObject {
  const target = failables[input.kind];
  if (!target) throw new Error(`No records of kind ${input.kind} can be forced to fail.`);
  const id = target.keyedByProject ? input.groupId : input.id;
  const record = id === undefined ? undefined : table(state, target.table)[id];
  if (!record || record[target.groupField] !== input.groupId) {
    const what = `${input.kind} ${id ?? "(no id given)"} in group ${input.groupId}`;
    throw apiError("RESOURCE_NOT_FOUND", [what]);
  }
  record.forcedFailure = true;
  return { kind: input.kind, groupId: input.groupId, id: id ?? null, state: target.failureState(record) };
}
