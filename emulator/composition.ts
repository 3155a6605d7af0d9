/**
 * The emulator composed, statically: the API's operations (emulator/operations) and what the control
 * API serves of the nouns (the domain's actions, failable records and project flags). The core
 * (emulator/core) knows no noun and imports neither; startEmulator (emulator/index.ts) hands it these.
 * Layers: core <- domain <- operations <- composition.
 */
import type { ControlExtensions, Failable } from "./core/contract";
import { raiseAlertAction } from "./domain/alerts";
import { compliancePolicyFailure, DISABLE_REQUESTED_FLAG } from "./domain/compliancePolicy";
import { exportJobFailure } from "./domain/exportJobs";
import { liveMigrationFailure } from "./domain/liveMigrations";
import { restoreJobFailure } from "./domain/restoreJobs";
import { searchIndexFailure } from "./domain/searchIndexes";
import { snapshotFailure } from "./domain/snapshots";

export { operations } from "./operations";

/** The kinds POST /__emulator/failures names, and the records each drives into failure. */
const FAILABLES = {
  searchIndex: searchIndexFailure,
  snapshot: snapshotFailure,
  exportJob: exportJobFailure,
  restoreJob: restoreJobFailure,
  compliancePolicy: compliancePolicyFailure,
  liveMigration: liveMigrationFailure,
} as const satisfies Record<string, Failable>;

export type FailureTarget = keyof typeof FAILABLES;

export const CONTROL: ControlExtensions = {
  actions: [raiseAlertAction],
  failables: FAILABLES,
  projectFlags: [DISABLE_REQUESTED_FLAG],
};
