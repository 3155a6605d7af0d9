/**
 * LiveMigration provider: validates the migration (65, waiting on 66, the validation's errors in the
 * failure), creates it (64) and waits until it is ready for cutover (67). It cuts over (68) only when
 * the `cutover` input is true, at create or later by an update, then waits until COMPLETE. The API
 * cannot delete or cancel a migration: delete forgets it and says so.
 *
 * Id and importId: `<groupId>/<liveMigrationId>`.
 */
import type { PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import {
  type AsynchronousLifecycle,
  isDone,
  phaseWaitOptions,
  settleOrKeepInState,
  type TimeoutPhase,
} from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { containsUnknown, parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { cutoverLifecycle, type LiveMigrationLocation, lifecycle, waitForValidation } from "./lifecycle";
import {
  describeLiveMigration,
  fromApi,
  LIVE_MIGRATION_CLASSIFICATION,
  type LiveMigrationView,
  liveMigrationId,
  previousInputs,
  toBody,
  toOutputs,
} from "./model";
import { LIVE_MIGRATION_ID_PARTS, type LiveMigrationInputs, liveMigrationInputsSchema } from "./schema";

export interface LiveMigrationProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

export function createLiveMigrationProvider(deps: LiveMigrationProviderDeps): PlatformProvider {
  const base = checkAndDiff(liveMigrationInputsSchema, LIVE_MIGRATION_CLASSIFICATION);

  const waitOptions = (inputs: LiveMigrationInputs, describe: string, phase: TimeoutPhase) =>
    phaseWaitOptions(describe, inputs.timeouts, lifecycle.defaultTimeouts, phase, deps.clock);

  const waitWith = (
    declared: AsynchronousLifecycle<LiveMigrationLocation, LiveMigrationView>,
    client: PlatformClient,
    inputs: LiveMigrationInputs,
    live: LiveMigrationView,
    phase: "create" | "update",
  ) =>
    isDone(declared, live)
      ? Promise.resolve(live)
      : declared.waitUntilDone(
          client,
          { groupId: inputs.groupId, liveMigrationId: live.liveMigrationId },
          waitOptions(inputs, describeLiveMigration(inputs, live.liveMigrationId), phase),
        );

  /**
   * Waits until the migration is ready for cutover and, when `cutover` is true, cuts over and waits
   * until COMPLETE. A failed wait keeps the migration in state (it exists) for the next up to resume.
   */
  const settle = (
    client: PlatformClient,
    inputs: LiveMigrationInputs,
    known: LiveMigrationView,
    validationId: string | undefined,
    phase: "create" | "update",
  ) =>
    settleOrKeepInState({
      id: liveMigrationId(inputs.groupId, known.liveMigrationId),
      known,
      outputs: (live: LiveMigrationView) => toOutputs(inputs, live, validationId),
      wait: async () => {
        const ready = await waitWith(lifecycle, client, inputs, known, phase);
        if (!inputs.cutover || ready.status === "COMPLETE") return ready;
        await client.liveMigrations.cutover(inputs.groupId, ready.liveMigrationId);
        return waitWith(
          cutoverLifecycle,
          client,
          inputs,
          { ...ready, status: "WORKING", readyForCutover: false },
          phase,
        );
      },
    });

  return {
    /** The schema's rules, then: a cutover cannot be undone. */
    async check(olds, news) {
      const result = await base.check(olds, news);
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
    diff: base.diff,

    async create(bag) {
      const inputs = parseInputs(liveMigrationInputsSchema, bag);
      const client = deps.client();
      const describe = describeLiveMigration(inputs);
      return createOrAdopt({
        importId: inputs.importId,
        partNames: LIVE_MIGRATION_ID_PARTS,
        describe,
        locatedBy: { groupId: inputs.groupId },
        create: async () => {
          const body = toBody(inputs);
          const validation = await client.liveMigrations.validate(inputs.groupId, body);
          await waitForValidation(
            client,
            { groupId: inputs.groupId, validationId: validation._id },
            waitOptions(inputs, `validation of the ${describe}`, "create"),
          );
          const created = fromApi(await client.liveMigrations.create(inputs.groupId, body));
          return settle(client, inputs, created, validation._id, "create");
        },
        adopt: async (parts) => {
          const live = await lifecycle.read(client, parts);
          return live === undefined ? undefined : settle(client, inputs, live, undefined, "create");
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, LIVE_MIGRATION_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const previous = previousInputs(props);
      // The API returns none of the inputs; a migration cut over outside Pulumi shows as `cutover`.
      const inputs = {
        ...previous,
        groupId: where.groupId,
        cutover: previous.cutover || live.status === "COMPLETE",
      };
      const validationId = typeof props.validationId === "string" ? props.validationId : undefined;
      return { id, props: { ...toOutputs(inputs, live, validationId) }, inputs: { ...inputs } };
    },

    /** `cutover` turned true cuts over; `timeouts` only change how long later waits take. */
    async update(id, olds, news) {
      const where = parseId(id, LIVE_MIGRATION_ID_PARTS);
      const inputs = { ...parseInputs(liveMigrationInputsSchema, news), groupId: where.groupId };
      const client = deps.client();
      const live = await lifecycle.read(client, where);
      if (live === undefined) {
        throw new Error(
          `${describeLiveMigration(inputs, where.liveMigrationId)} no longer exists; run pulumi refresh`,
        );
      }
      const validationId = typeof olds.validationId === "string" ? olds.validationId : undefined;
      const { outs } = await settle(client, inputs, live, validationId, "update");
      return { outs };
    },

    async delete(id, props) {
      const where = parseId(id, LIVE_MIGRATION_ID_PARTS);
      const inputs = previousInputs(props);
      reportProgress(
        `${describeLiveMigration(inputs, where.liveMigrationId)} (last status ${String(props.status)}) is only ` +
          "forgotten: the API has no operation that deletes or cancels a live migration",
      );
    },
  };
}

export const provider: PlatformProvider = createLiveMigrationProvider({ client: platformClient });
