/**
 * Failure states on demand (the control API's POST /__emulator/failures): the service can fail an
 * index build, a snapshot, an export or restore job or a live migration, or leave a compliance policy
 * stuck in its pending state; nothing a client sends can make the emulator do that, so tests drive
 * it here. A forced record carries `forcedFailure: true`, which its status derivation reads first;
 * renderers never show the flag.
 */
import type { EmulatorState, FailureForcer, FailureTarget, JsonObject } from "../core/contract";
import { table } from "../core/entities";
import { apiError } from "../core/errors";

interface Target {
  /** The entity table and the field naming the record's project. */
  table: string;
  groupField: string;
  /** The failure state the record shows from now on (compliance: its pending state, kept). */
  failureState: (record: JsonObject) => string;
}

const TARGETS: Record<FailureTarget, Target> = {
  searchIndex: { table: "searchIndexes", groupField: "groupId", failureState: () => "FAILED" },
  snapshot: { table: "snapshots", groupField: "groupId", failureState: () => "failed" },
  exportJob: { table: "exportJobs", groupField: "groupId", failureState: () => "Failed" },
  restoreJob: { table: "restoreJobs", groupField: "groupId", failureState: () => "failed" },
  compliancePolicy: {
    table: "compliancePolicies",
    groupField: "projectId",
    failureState: (record) => String(record.pendingState),
  },
  liveMigration: { table: "liveMigrations", groupField: "groupId", failureState: () => "FAILED" },
};

/** Whether the control API forced this record into its failure state. */
export function isForcedFailure(record: JsonObject): boolean {
  return record.forcedFailure === true;
}

export const forceFailure: FailureForcer = (state: EmulatorState, input) => {
  const target = TARGETS[input.kind];
  // A project has one compliance policy, keyed by the project id.
  const id = input.kind === "compliancePolicy" ? input.groupId : input.id;
  const record = id === undefined ? undefined : table(state, target.table)[id];
  if (!record || record[target.groupField] !== input.groupId) {
    const what = `${input.kind} ${id ?? "(no id given)"} in group ${input.groupId}`;
    throw apiError("RESOURCE_NOT_FOUND", [what]);
  }
  record.forcedFailure = true;
  return { kind: input.kind, groupId: input.groupId, id: id ?? null, state: target.failureState(record) };
};
