/**
 * LiveMigration: a push live migration of a self-managed cluster into a cluster of the project, cut
 * over only when asked. See docs/resources/liveMigration.md.
 *
 * Create validates the migration (65, waiting on 66, the validation's errors in the failure), creates
 * it (64) and waits until it is ready for cutover (67). It cuts over (68) only when the `cutover` input
 * is true, at create or later by an update, then waits until COMPLETE. The API cannot delete or cancel
 * a migration: delete forgets it and says so.
 *
 * Id and importId: `<groupId>/<liveMigrationId>`.
 */
import { z } from "zod";
import type { PlatformClient } from "../../client";
import { cannotTell } from "../../framework/findCreated";
import {
  type AsynchronousLifecycle,
  isDone,
  type PhaseWaitOptions,
  phaseWaitOptions,
} from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import { defineResource, type PropertyTable } from "../../framework/resource";
import { checkWith, containsUnknown } from "../../framework/validation";
import { cutoverLifecycle, type LiveMigrationLocation, lifecycle, waitForValidation } from "./lifecycle";
import {
  describeLiveMigration,
  fromApi,
  type LiveMigrationState,
  type LiveMigrationView,
  liveMigrationId,
  toBody,
  toOutputs,
} from "./model";
import { LIVE_MIGRATION_ID_PARTS, type LiveMigrationInputs, liveMigrationInputsSchema } from "./schema";

/**
 * No operation changes a migration: what it migrates replaces it. `cutover` updates in place (false
 * to true cuts over; true to false is refused at check, a cutover cannot be undone).
 */
export const LIVE_MIGRATION_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "The destination project (24 hexadecimal digits).",
    rules: "24 hexadecimal digits; the destination's project",
  },
  destination: {
    effect: "replace",
    doc: "The destination cluster; its project is `groupId`.",
    rules: "`hostnameSchemaType` PUBLIC, PRIVATE_LINK or VPC_PEERING",
  },
  source: {
    effect: "replace",
    secret: true,
    doc: "The self-managed source cluster. Stored as a secret (it holds the password), in the inputs and the outputs alike, even when the program gives it as plain text.",
    rules: "`groupId` 24 hexadecimal digits; stored as a secret (the password)",
  },
  migrationHosts: {
    effect: "replace",
    doc: "Exactly one migration host.",
    rules: "exactly 1 item",
  },
  dropDestinationData: {
    effect: "replace",
    doc: "Whether the migration drops the destination cluster's collections before it starts. Default false.",
    rules: "default false",
  },
  sharding: {
    effect: "replace",
    doc: "From a replica set to a sharded destination on database version 6.0 or later.",
    rules: "a sharded destination on 6.0 or later",
  },
  cutover: {
    effect: "update",
    doc: "true: cut over once ready, then wait until COMPLETE. Default false; cannot go back to false.",
    rules: "default false; cannot go back from true to false (refused at check)",
    change: "true cuts over, then waits until COMPLETE",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing migration: `<groupId>/<liveMigrationId>` (no validation; create waits as for a new one).",
    rules: "`<groupId>/<liveMigrationId>`",
    change: "after adoption",
  },
  // Only how long we wait changes: an update with no API call.
  timeouts: {
    effect: "update",
    doc: 'How long the waits take (`"6h"`, or seconds): create validates, then waits until ready for cutover (and COMPLETE with `cutover: true`); an update to `cutover: true` waits until COMPLETE; delete waits for nothing.',
    rules: "durations or seconds",
    change: "no API call",
  },
  liveMigrationId: { effect: "output", type: z.string(), doc: "The migration's id (24 hexadecimal digits)." },
  validationId: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "The validation run before create (none for an adopted migration).",
  },
  status: {
    effect: "output",
    type: z.string(),
    doc: "NEW, WORKING, COMPLETE (after cutover), FAILED or EXPIRED.",
  },
  readyForCutover: {
    effect: "output",
    type: z.boolean(),
    doc: "Whether the migration is ready for cutover.",
  },
  lagTimeSeconds: {
    effect: "output",
    type: z.number(),
    optional: true,
    doc: "How far the destination lags behind the source, in seconds, while the migration syncs.",
  },
};

/** Where a migration is, and what state holds of it that the API does not show. */
interface MigrationAddress extends LiveMigrationLocation {
  /** The validation run before create: the API does not link it to the migration. */
  validationId: string | undefined;
  /** The status state last held (a delete names it). */
  lastStatus: unknown;
}

/** Waits until `declared` is done, unless the migration is in a done state already (no poll then). */
function waitUnlessDone(
  declared: AsynchronousLifecycle<LiveMigrationLocation, LiveMigrationView>,
  client: PlatformClient,
  where: LiveMigrationLocation,
  live: LiveMigrationView,
  options: PhaseWaitOptions,
): Promise<LiveMigrationView> {
  return isDone(declared, live) ? Promise.resolve(live) : declared.waitUntilDone(client, where, options);
}

export const resource = defineResource<
  LiveMigrationInputs,
  MigrationAddress,
  LiveMigrationState,
  (typeof LIVE_MIGRATION_ID_PARTS)[number]
>({
  type: "LiveMigration",
  exported: {
    configKey: "liveMigrations",
    scope: "project",
    // The API has no operation that lists a project's migrations (only get by id, 64), so none can
    // be found; a migration is declared by hand with its id as importId.
    find: async () => [],
    resourceName: () => "live-migration",
  },
  summary: "push live migration, cut over only when `cutover: true`",
  example: {
    name: "into-demo",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      destination: { clusterName: "demo-cluster", hostnameSchemaType: "PUBLIC" },
      source: {
        clusterName: "self-managed-rs",
        groupId: "65f0c0ffee00000000000001",
        managedAuthentication: false,
        ssl: true,
        username: "migrator",
        password: "change-me",
      },
      migrationHosts: ["migration-host-0.self-managed.local"],
      cutover: false,
    },
  },
  description:
    "A push live migration of a self-managed cluster into a cluster of the project, cut over only when asked: create validates and creates it and waits until it is ready for cutover; `cutover: true` cuts over and waits until COMPLETE; delete only forgets it (the API cannot delete or cancel a migration).",
  inputs: liveMigrationInputsSchema,
  properties: LIVE_MIGRATION_PROPERTIES,
  idParts: LIVE_MIGRATION_ID_PARTS,
  lifecycle,
  // Nothing to wait for: the API has no operation that deletes a migration.
  deleteWaits: false,
  docNotes: { id: "delete only forgets" },
  describe: (inputs, where) => describeLiveMigration(inputs, where?.liveMigrationId),
  locate: (parts, stored) => ({
    groupId: parts.groupId,
    liveMigrationId: parts.liveMigrationId,
    validationId: typeof stored.validationId === "string" ? stored.validationId : undefined,
    lastStatus: stored.status,
  }),
  idOf: (inputs, live) => liveMigrationId(inputs.groupId, live.liveMigrationId),

  /** The schema's rules, then: a cutover cannot be undone. */
  async check(olds, news) {
    const result = checkWith(liveMigrationInputsSchema, news);
    const cutover = result.inputs?.cutover;
    if (olds.cutover === true && cutover === false && !containsUnknown(cutover)) {
      const failure = {
        property: "cutover",
        reason: "cutover cannot go back to false: the migration was cut over, which cannot be undone",
      };
      return { ...result, failures: [...(result.failures ?? []), failure] };
    }
    return result;
  },

  /** The migration, and the validation state holds for it. */
  async read({ client }, where) {
    const live = await lifecycle.read(client, where);
    return live === undefined ? undefined : { ...live, validationId: where.validationId };
  },

  /** Validates the migration (a failed validation creates nothing), then creates it. */
  async create({ client, clock }, inputs) {
    const body = toBody(inputs);
    const validation = await client.liveMigrations.validate(inputs.groupId, body);
    await waitForValidation(
      client,
      { groupId: inputs.groupId, validationId: validation._id },
      phaseWaitOptions(
        `validation of the ${describeLiveMigration(inputs)}`,
        inputs.timeouts,
        lifecycle.defaultTimeouts,
        "create",
        clock,
      ),
    );
    const created = fromApi(await client.liveMigrations.create(inputs.groupId, body));
    return { ...created, validationId: validation._id };
  },

  /** `cutover` turned true cuts over (in the settle wait); `timeouts` only change how long later waits take. */
  async update({ client }, where, inputs) {
    const live = await lifecycle.read(client, where);
    if (live === undefined) {
      throw new Error(
        `${describeLiveMigration(inputs, where.liveMigrationId)} no longer exists; run pulumi refresh`,
      );
    }
    return { ...live, validationId: where.validationId };
  },

  /**
   * Waits until the migration is ready for cutover and, when `cutover` is true, cuts over and waits
   * until COMPLETE. A failed wait keeps the migration in state (it exists) for the next up to resume.
   */
  async waitUntilSettled({ client }, where, inputs, known, options) {
    const { validationId } = known;
    const ready = await waitUnlessDone(lifecycle, client, where, known, options);
    if (!inputs.cutover || ready.status === "COMPLETE") return { ...ready, validationId };
    await client.liveMigrations.cutover(inputs.groupId, ready.liveMigrationId);
    const cutOver = { ...ready, status: "WORKING", readyForCutover: false };
    return { ...(await waitUnlessDone(cutoverLifecycle, client, where, cutOver, options)), validationId };
  },

  async remove(_context, where, previous) {
    reportProgress(
      `${describeLiveMigration(previous, where.liveMigrationId)} (last status ${String(where.lastStatus)}) is only ` +
        "forgotten: the API has no operation that deletes or cancels a live migration",
    );
  },

  findsCreated: { identifies: "cannot be told: the API lists no migrations; always undecided" },
  /**
   * The API has no operation that lists a project's live migrations (nor their validations), and a
   * second migration into the destination is not refused: what an interrupted create made cannot be
   * told, and a person decides (findCreated.ts).
   */
  findCreated: async (_context, inputs) =>
    cannotTell(
      describeLiveMigration(inputs),
      `see the migrations into cluster ${inputs.destination.clusterName} in the project's console`,
    ),

  toOutputs,
  // The API returns none of the inputs; a migration cut over outside Pulumi shows as `cutover`.
  inputsFromLive: (previous, live, parts) => ({
    ...previous,
    groupId: parts.groupId,
    cutover: previous.cutover || live.status === "COMPLETE",
  }),
});
