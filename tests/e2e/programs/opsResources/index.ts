// The issue-10 operations resources end to end: the test sets each resource's arguments as JSON stack
// config between `pulumi up`s; a resource whose config key is absent is not declared.
import * as pulumi from "@pulumi/pulumi";
import {
  CloudProviderAccessRole,
  type CloudProviderAccessRoleArgs,
  LiveMigration,
  type LiveMigrationArgs,
  LiveMigrationLinkToken,
  type LiveMigrationLinkTokenArgs,
  OutageSimulation,
  type OutageSimulationArgs,
  PrivateIpMode,
  type PrivateIpModeArgs,
} from "pulumi-cluster-platform";

const config = new pulumi.Config();

/** Declares the resource when its config key is set. */
function optional<Args, R>(key: string, make: (args: Args) => R): R | undefined {
  const args = config.getObject<Args>(key);
  return args === undefined ? undefined : make(args);
}

const role = optional(
  "role",
  (args: CloudProviderAccessRoleArgs) => new CloudProviderAccessRole("role", args),
);
const roleAdopted = optional(
  "roleAdopted",
  (args: CloudProviderAccessRoleArgs) => new CloudProviderAccessRole("role-adopted", args),
);
const simulation = optional(
  "simulation",
  (args: OutageSimulationArgs) => new OutageSimulation("simulation", args),
);
const simulationAdopted = optional(
  "simulationAdopted",
  (args: OutageSimulationArgs) => new OutageSimulation("simulation-adopted", args),
);
const link = optional("link", (args: LiveMigrationLinkTokenArgs) => new LiveMigrationLinkToken("link", args));
const migration = optional("migration", (args: LiveMigrationArgs) => new LiveMigration("migration", args));
const migrationAdopted = optional(
  "migrationAdopted",
  (args: LiveMigrationArgs) => new LiveMigration("migration-adopted", args),
);
const ipMode = optional("ipMode", (args: PrivateIpModeArgs) => new PrivateIpMode("ip-mode", args));
const ipModeOther = optional(
  "ipModeOther",
  (args: PrivateIpModeArgs) => new PrivateIpMode("ip-mode-other", args),
);

export const roleId = role?.roleId;
export const roleExternalId = role?.platformAssumedRoleExternalId;
export const roleAuthorizedDate = role?.authorizedDate;
export const roleAdoptedId = roleAdopted?.id;
export const simulationState = simulation?.state;
export const simulationId = simulation?.simulationId;
export const simulationAdoptedState = simulationAdopted?.state;
export const linkToken = link?.linkToken;
export const migrationId = migration?.liveMigrationId;
export const migrationStatus = migration?.status;
export const migrationAdoptedStatus = migrationAdopted?.status;
export const ipModeEnabled = ipMode?.enabled;
export const ipModeOtherEnabled = ipModeOther?.enabled;
