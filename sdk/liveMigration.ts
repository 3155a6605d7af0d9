/**
 * LiveMigration: a push live migration of a self-managed cluster into a cluster of the project,
 * cut over only when asked. See docs/resources/liveMigration.md.
 */
import * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

export interface LiveMigrationDestination {
  clusterName: string;
  /** PUBLIC, PRIVATE_LINK or VPC_PEERING. */
  hostnameSchemaType: string;
  privateLinkId?: string;
}

export interface LiveMigrationSource {
  clusterName: string;
  /** The self-managed project the source cluster is in. */
  groupId: string;
  managedAuthentication: boolean;
  ssl: boolean;
  username?: string;
  /** Kept secret: the class marks the whole `source` input secret, so state holds it encrypted. */
  password?: string;
  caCertificatePath?: string;
}

export interface LiveMigrationSharding {
  createSupportingIndexes: boolean;
  shardingEntries?: Array<{
    collection: string;
    database: string;
    shardCollection: { key: Array<Record<string, unknown>> };
  }>;
}

/** How long the waits take (`"6h"`, or seconds). */
export interface LiveMigrationTimeouts {
  /** Validation, then until ready for cutover (and COMPLETE with `cutover: true`). Default "6h". */
  create?: DurationInput;
  /** After `cutover` turns true: until COMPLETE. Default "6h". */
  update?: DurationInput;
  /** Nothing waits: delete only forgets the migration. Default "1m". */
  delete?: DurationInput;
}

export interface LiveMigrationArgs {
  /** The destination project. Changing it replaces the migration. */
  groupId: pulumi.Input<string>;
  destination: pulumi.Input<LiveMigrationDestination>;
  source: pulumi.Input<LiveMigrationSource>;
  /** Exactly one migration host. */
  migrationHosts: pulumi.Input<pulumi.Input<string>[]>;
  /** Default false. */
  dropDestinationData?: pulumi.Input<boolean>;
  sharding?: pulumi.Input<LiveMigrationSharding>;
  /** true: cut over once ready, then wait until COMPLETE. Default false; cannot go back to false. */
  cutover?: pulumi.Input<boolean>;
  /** Adopt an existing migration: `<groupId>/<liveMigrationId>`. */
  importId?: pulumi.Input<string>;
  timeouts?: pulumi.Input<LiveMigrationTimeouts>;
}

export class LiveMigration extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly cutover: pulumi.Output<boolean>;
  declare readonly liveMigrationId: pulumi.Output<string>;
  /** The validation run before create. */
  declare readonly validationId: pulumi.Output<string | undefined>;
  /** NEW, WORKING, COMPLETE (after cutover), FAILED or EXPIRED. */
  declare readonly status: pulumi.Output<string>;
  declare readonly readyForCutover: pulumi.Output<boolean>;
  declare readonly lagTimeSeconds: pulumi.Output<number | undefined>;

  constructor(name: string, args: LiveMigrationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "LiveMigration",
      name,
      // The source's password: an input stays in state as given unless it is secret (an output-only
      // secret would leave the input copy readable), so the source is always made secret.
      { ...args, source: pulumi.secret(args.source) },
      {
        outputs: [
          "groupId",
          "cutover",
          "liveMigrationId",
          "validationId",
          "status",
          "readyForCutover",
          "lagTimeSeconds",
        ],
      },
      opts,
    );
  }
}
