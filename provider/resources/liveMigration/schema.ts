/**
 * Inputs of the LiveMigration resource: a push live migration of a self-managed cluster into a
 * cluster of the project (operations 64-68; docs/spec/api-spec.md, Live migration).
 */
import { z } from "zod";
import { HOSTNAME_SCHEMA_TYPES } from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { timeoutsSchema } from "../../framework/timeouts";
import { idPartSchema } from "../../framework/validation";

export const LIVE_MIGRATION_ID_PARTS = ["groupId", "liveMigrationId"] as const;

/** The destination cluster; its project is the resource's `groupId` (the API requires the two to agree). */
export const destinationSchema = z
  .strictObject({
    clusterName: z.string().min(1),
    hostnameSchemaType: z.enum(HOSTNAME_SCHEMA_TYPES).describe("PUBLIC, PRIVATE_LINK or VPC_PEERING."),
    privateLinkId: z.string().min(1).optional(),
  })
  .meta({ id: "LiveMigrationDestination", description: "The destination cluster of a live migration." });

/** The self-managed source. `password` is kept secret (the resource's `source` is a secret input). */
export const sourceSchema = z
  .strictObject({
    clusterName: z.string().min(1),
    groupId: idPartSchema("groupId").describe(
      "The self-managed project the source cluster is in (the organization link lists them).",
    ),
    managedAuthentication: z.boolean(),
    ssl: z.boolean(),
    username: z.string().min(1).optional(),
    password: z
      .string()
      .min(1)
      .optional()
      .describe("Kept secret: the whole `source` input is stored encrypted in state."),
    caCertificatePath: z.string().min(1).optional(),
  })
  .meta({ id: "LiveMigrationSource", description: "The self-managed source of a live migration." });

export const shardingSchema = z
  .strictObject({
    createSupportingIndexes: z.boolean(),
    shardingEntries: z
      .array(
        z.strictObject({
          collection: z.string().min(1),
          database: z.string().min(1),
          shardCollection: z.strictObject({ key: z.array(z.record(z.string(), z.unknown())).min(1) }),
        }),
      )
      .optional(),
  })
  .meta({
    id: "LiveMigrationSharding",
    description: "Sharding of a migration from a replica set to a sharded destination (6.0 or later).",
  });

export const liveMigrationInputsSchema = z.strictObject({
  groupId: idPartSchema("groupId"),
  destination: destinationSchema,
  source: sourceSchema,
  /** The migration host to use (docs/spec/api-spec.md, Limits: exactly 1 item). */
  migrationHosts: z.array(z.string().min(1)).length(1),
  dropDestinationData: z.boolean().default(false),
  /** From a replica set to a sharded destination on database version 6.0 or later. */
  sharding: shardingSchema.optional(),
  /** Cut over once the migration is ready (an explicit choice: cutover stops syncing from the source). */
  cutover: z.boolean().default(false),
  importId: importIdSchema(LIVE_MIGRATION_ID_PARTS).optional(),
  timeouts: timeoutsSchema.optional(),
});

export type LiveMigrationInputs = z.output<typeof liveMigrationInputsSchema>;
