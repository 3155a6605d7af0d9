/** LiveMigration: the request body, the live view and the outputs. */
import type {
  LiveMigration as ApiMigration,
  LiveMigrationInput,
  MigrationValidation,
} from "../../client/liveMigrations";
import type { JsonObject } from "../../client/schemas";
import { formatId } from "../../framework/ids";
import type { LiveMigrationInputs } from "./schema";

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

/**
 * A migration as the resource holds it: the live view, and the validation run before create (which
 * only state holds: the API does not link a validation to its migration; none for an adopted one).
 */
export type LiveMigrationState = LiveMigrationView & { validationId?: string | undefined };

export interface LiveMigrationOutputs
  extends LiveMigrationInputs,
    Omit<LiveMigrationView, "liveMigrationId"> {
  liveMigrationId: string;
  validationId: string | undefined;
}

export function toOutputs(inputs: LiveMigrationInputs, live: LiveMigrationState): LiveMigrationOutputs {
  const { validationId, ...view } = live;
  return { ...inputs, ...view, validationId };
}

/** The id: `<groupId>/<liveMigrationId>`. */
export function liveMigrationId(groupId: string, migrationId: string): string {
  return formatId([groupId, migrationId]);
}

export function describeLiveMigration(inputs: Pick<LiveMigrationInputs, "destination">, id?: string): string {
  const into = `live migration into cluster ${inputs.destination.clusterName}`;
  return id === undefined ? into : `${into} (${id})`;
}
