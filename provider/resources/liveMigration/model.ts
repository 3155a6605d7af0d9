/** LiveMigration: the classification, the request body, the live view and the outputs. */
import type {
  LiveMigration as ApiMigration,
  LiveMigrationInput,
  MigrationValidation,
} from "../../client/liveMigrations";
import type { JsonObject } from "../../client/schemas";
import { type Classification, storedInputs } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import type { LiveMigrationInputs } from "./schema";

/**
 * No operation changes a migration: what it migrates replaces it. `cutover` updates in place (false
 * to true cuts over; true to false is refused at check, a cutover cannot be undone).
 */
export const LIVE_MIGRATION_CLASSIFICATION: Classification = {
  groupId: "replace",
  destination: "replace",
  source: "replace",
  migrationHosts: "replace",
  dropDestinationData: "replace",
  sharding: "replace",
  cutover: "update",
  // Only how long we wait changes: an update with no API call.
  timeouts: "update",
  importId: "ignore-drift",
  liveMigrationId: "output",
  validationId: "output",
  status: "output",
  readyForCutover: "output",
  lagTimeSeconds: "output",
};

/** The body of validate (65) and create (64). */
export function toBody(inputs: LiveMigrationInputs): LiveMigrationInput {
  const body: LiveMigrationInput = {
    destination: { ...inputs.destination, groupId: inputs.groupId },
    source: { ...inputs.source },
    dropDestinationData: inputs.dropDestinationData,
    migrationHosts: [inputs.migrationHosts[0] ?? ""],
  };
  if (inputs.sharding !== undefined) body.sharding = inputs.sharding as JsonObject;
  return body;
}

/** The live view of a migration. */
export interface LiveMigrationView {
  liveMigrationId: string;
  status: string;
  readyForCutover: boolean;
  lagTimeSeconds: number | undefined;
}

export function fromApi(migration: ApiMigration): LiveMigrationView {
  return {
    liveMigrationId: migration._id,
    status: migration.status ?? "UNKNOWN",
    readyForCutover: migration.readyForCutover === true,
    lagTimeSeconds: migration.lagTimeSeconds ?? undefined,
  };
}

/** The live view of a validation. */
export interface LiveValidation {
  validationId: string;
  status: string;
  errorMessage: string | undefined;
}

export function validationFromApi(validation: MigrationValidation): LiveValidation {
  return {
    validationId: validation._id,
    status: validation.status ?? "UNKNOWN",
    errorMessage: validation.errorMessage ?? undefined,
  };
}

export interface LiveMigrationOutputs
  extends LiveMigrationInputs,
    Omit<LiveMigrationView, "liveMigrationId"> {
  liveMigrationId: string;
  validationId: string | undefined;
}

export function toOutputs(
  inputs: LiveMigrationInputs,
  live: LiveMigrationView,
  validationId: string | undefined,
): LiveMigrationOutputs {
  return { ...inputs, ...live, validationId };
}

/** The id: `<groupId>/<liveMigrationId>`. */
export function liveMigrationId(groupId: string, migrationId: string): string {
  return formatId([groupId, migrationId]);
}

export function describeLiveMigration(inputs: Pick<LiveMigrationInputs, "destination">, id?: string): string {
  const into = `live migration into cluster ${inputs.destination.clusterName}`;
  return id === undefined ? into : `${into} (${id})`;
}

/** The inputs part of stored outputs. */
export function previousInputs(props: Record<string, unknown>): LiveMigrationInputs {
  return storedInputs(props, LIVE_MIGRATION_CLASSIFICATION);
}
