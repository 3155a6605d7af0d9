/**
 * What waits for a live migration (docs/spec/operations.md, Asynchronous states):
 * - the validation run first: PENDING, then SUCCESS or FAILED (its `errorMessage` says why);
 * - the migration: NEW, then WORKING; create is done once it is ready for cutover (`readyForCutover`);
 * - after a cutover: COMPLETE. FAILED and EXPIRED end either wait with an error.
 * The API has no operation that deletes or cancels a migration: delete waits for nothing.
 */
import type { PlatformClient } from "../../client";
import {
  type AsynchronousLifecycle,
  asynchronous,
  donePoll,
  type PhaseWaitOptions,
  readIfExists,
  waitUntilDone,
} from "../../framework/lifecycle";
import { fromApi, type LiveMigrationView, type LiveValidation, validationFromApi } from "./model";

/** Where a migration is. */
export interface LiveMigrationLocation {
  groupId: string;
  liveMigrationId: string;
}

/** Where a validation is. */
export interface ValidationLocation {
  groupId: string;
  validationId: string;
}

const FAILED_MIGRATION = {
  FAILED: "the migration failed; the source and destination are as the service left them",
  EXPIRED: "the migration expired before it was cut over; create a new one",
} as const;

const readMigration = (client: PlatformClient, where: LiveMigrationLocation) =>
  readIfExists(async () => fromApi(await client.liveMigrations.get(where.groupId, where.liveMigrationId)));

const NO_DELETE_WAIT = { target: "not found (404)", state: "not found" };
/** Migrations run for hours or days; a wait for readiness or completion may be long. */
const MIGRATION_TIMEOUTS = { create: "6h", update: "6h", delete: "1m" };

/** Create: ready for cutover (or already complete, e.g. an adopted migration). */
export const lifecycle = asynchronous<LiveMigrationLocation, LiveMigrationView, "liveMigration">({
  states: {
    vocabulary: "liveMigration",
    done: ["WORKING", "COMPLETE"],
    failed: FAILED_MIGRATION,
    transitional: ["NEW"],
  },
  stateOf: (live) => live.status,
  // WORKING is done only once the service says the migration is ready for cutover.
  doneAlso: (live) => live.status === "COMPLETE" || live.readyForCutover,
  read: readMigration,
  gone: NO_DELETE_WAIT,
  defaultTimeouts: MIGRATION_TIMEOUTS,
});

/** After a cutover: COMPLETE. */
export const cutoverLifecycle = asynchronous<LiveMigrationLocation, LiveMigrationView, "liveMigration">({
  states: {
    vocabulary: "liveMigration",
    done: ["COMPLETE"],
    failed: FAILED_MIGRATION,
    transitional: ["NEW", "WORKING"],
  },
  stateOf: (live) => live.status,
  read: readMigration,
  gone: NO_DELETE_WAIT,
  defaultTimeouts: MIGRATION_TIMEOUTS,
});

/** The validation run before create: SUCCESS, else FAILED with the service's reason. */
export const validationLifecycle: AsynchronousLifecycle<ValidationLocation, LiveValidation> = asynchronous<
  ValidationLocation,
  LiveValidation,
  "migrationValidation"
>({
  states: {
    vocabulary: "migrationValidation",
    done: ["SUCCESS"],
    failed: { FAILED: "the service gave no reason" },
    transitional: ["PENDING"],
  },
  stateOf: (live) => live.status,
  read: (client, where) =>
    readIfExists(async () =>
      validationFromApi(await client.liveMigrations.getValidation(where.groupId, where.validationId)),
    ),
  gone: NO_DELETE_WAIT,
  defaultTimeouts: MIGRATION_TIMEOUTS,
});

/**
 * Waits until the validation succeeds. A FAILED validation ends the wait with its `errorMessage`.
 * @throws WaitFailedError whose message carries the validation's errorMessage
 */
export async function waitForValidation(
  client: PlatformClient,
  where: ValidationLocation,
  options: PhaseWaitOptions,
): Promise<LiveValidation> {
  let lastStatus = "unknown";
  return waitUntilDone(options, "SUCCESS", async () => {
    const live = await validationLifecycle.read(client, where);
    if (live !== undefined) lastStatus = live.status;
    const result = donePoll(validationLifecycle, live, lastStatus);
    // The service's own reason replaces the generic text.
    if (result.failed !== undefined && live?.errorMessage !== undefined)
      return { result: { ...result, failed: live.errorMessage }, live };
    return { result, live };
  });
}
