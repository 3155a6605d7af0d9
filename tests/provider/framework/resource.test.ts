/**
 * defineResource's settling variants, on a small declared resource against no API: a wait of the
 * resource's own (`waitUntilSettled`) where the lifecycle has no states, and an update that waits for
 * nothing (`updateWaits: false`). The resources using them (CloudProviderAccessRole,
 * OutageSimulation) test the same paths against the emulator.
 */
import { z } from "zod";
import type { PlatformClient } from "../../../provider/client";
import { isPartialFailure } from "../../../provider/framework/errors";
import { formatId } from "../../../provider/framework/ids";
import {
  type AsynchronousLifecycle,
  asynchronous,
  type PhaseWaitOptions,
} from "../../../provider/framework/lifecycle";
import {
  defineResource,
  type PropertyTable,
  type ResourceDeclaration,
  type ResourceDefinition,
} from "../../../provider/framework/resource";
import { timeoutsSchema } from "../../../provider/framework/timeouts";
import { fakeClock } from "../resources/waiterScript";

const GROUP = "5f1a000000000000000000a1";
const ID = `${GROUP}/g1`;

const inputsSchema = z.strictObject({
  groupId: z.string(),
  size: z.number(),
  timeouts: timeoutsSchema.optional(),
});
type Inputs = z.output<typeof inputsSchema>;
interface Where {
  groupId: string;
  gadgetId: string;
}
interface Live {
  gadgetId: string;
  size: number;
  state: string;
}

const properties: PropertyTable = {
  groupId: { effect: "replace", doc: "Project." },
  size: { effect: "update", doc: "Size." },
  timeouts: { effect: "update", doc: "Timeouts." },
  gadgetId: { effect: "output", type: z.string(), doc: "Id." },
  state: { effect: "output", type: z.string(), doc: "State." },
};

/** A gadget resource with the given lifecycle and behaviour overrides. */
function gadget(
  lifecycle: AsynchronousLifecycle<Where, Live>,
  overrides: Partial<ResourceDeclaration<Inputs, Where, Live, keyof Where & string>>,
): ResourceDefinition {
  return defineResource<Inputs, Where, Live, keyof Where & string>({
    type: "Gadget",
    summary: "gadget",
    description: "A gadget.",
    inputs: inputsSchema,
    properties,
    idParts: ["groupId", "gadgetId"],
    lifecycle,
    describe: (_inputs, where) => (where === undefined ? "gadget" : `gadget ${where.gadgetId}`),
    locate: (parts) => ({ groupId: parts.groupId, gadgetId: parts.gadgetId }),
    idOf: (inputs, live) => formatId([inputs.groupId, live.gadgetId]),
    read: async () => undefined,
    create: async (_context, inputs) => ({ gadgetId: "g1", size: inputs.size, state: "CREATED" }),
    update: async (_context, where, inputs) => ({
      gadgetId: where.gadgetId,
      size: inputs.size,
      state: "UPDATED",
    }),
    remove: async () => undefined,
    toOutputs: (inputs, live) => ({ ...inputs, gadgetId: live.gadgetId, state: live.state }),
    inputsFromLive: (previous) => previous,
    ...overrides,
  });
}

const deps = () => ({ client: () => ({}) as PlatformClient, clock: fakeClock() });

describe("waitUntilSettled: a resource's own wait where the lifecycle has no states", () => {
  /** No states: without waitUntilSettled, create and update would not wait at all. */
  const stateless = asynchronous<Where, Live>({
    stateOf: (live) => live.state,
    read: async () => {
      throw new Error("the lifecycle's read is not the wait");
    },
    gone: { target: "gone (404)", state: "gone" },
    defaultTimeouts: { create: "7m", update: "8m", delete: "9m" },
  });

  test("ends create and update, with the phase's budget; its live view makes the outputs", async () => {
    const waits: Array<{ where: Where; known: Live; options: Omit<PhaseWaitOptions, "clock"> }> = [];
    const provider = gadget(stateless, {
      waitUntilSettled: async (_context, where, _inputs, known, options) => {
        const { describe, timeoutMs, phase } = options;
        waits.push({ where, known, options: { describe, timeoutMs, phase } });
        return { ...known, state: "SETTLED" };
      },
    }).providerWith(deps());

    expect(await provider.create({ groupId: GROUP, size: 1 })).toEqual({
      id: ID,
      outs: { groupId: GROUP, size: 1, gadgetId: "g1", state: "SETTLED" },
    });
    const update = provider.update;
    if (update === undefined) throw new Error("the gadget updates in place");
    expect(
      await update(ID, { groupId: GROUP, size: 1 }, { groupId: GROUP, size: 2, timeouts: { update: "1m" } }),
    ).toEqual({
      id: ID,
      outs: { groupId: GROUP, size: 2, timeouts: { update: "1m" }, gadgetId: "g1", state: "SETTLED" },
    });
    expect(waits).toEqual([
      {
        where: { groupId: GROUP, gadgetId: "g1" },
        known: { gadgetId: "g1", size: 1, state: "CREATED" },
        options: { describe: "gadget g1", timeoutMs: 7 * 60_000, phase: "create" },
      },
      {
        where: { groupId: GROUP, gadgetId: "g1" },
        known: { gadgetId: "g1", size: 2, state: "UPDATED" },
        options: { describe: "gadget g1", timeoutMs: 60_000, phase: "update" },
      },
    ]);
  });

  test("a failed wait keeps the object in state with what is known", async () => {
    const provider = gadget(stateless, {
      waitUntilSettled: async () => {
        throw new Error("refused");
      },
    }).providerWith(deps());
    const error = await provider.create({ groupId: GROUP, size: 1 }).catch((caught: unknown) => caught);
    expect(isPartialFailure(error)).toBe(true);
    expect(error).toMatchObject({
      id: ID,
      properties: { groupId: GROUP, size: 1, gadgetId: "g1", state: "CREATED" },
      message: "refused",
    });
  });
});

describe("updateWaits: false", () => {
  test("an update ends with the update's live view and reads nothing; a create still waits", async () => {
    let reads = 0;
    const withStates = asynchronous<Where, Live, "outageSimulationStart">({
      states: {
        vocabulary: "outageSimulationStart",
        done: ["SIMULATING"],
        failed: {},
        transitional: ["START_REQUESTED", "STARTING"],
      },
      stateOf: (live) => live.state,
      read: async (_client, where) => {
        reads += 1;
        return { gadgetId: where.gadgetId, size: 1, state: "SIMULATING" };
      },
      gone: { target: "gone (404)", state: "gone" },
      defaultTimeouts: { create: "1m", update: "1m", delete: "1m" },
    });
    const provider = gadget(withStates, { updateWaits: false }).providerWith(deps());

    expect((await provider.create({ groupId: GROUP, size: 1 })).outs).toMatchObject({ state: "SIMULATING" });
    expect(reads).toBe(1);
    expect(await provider.update?.(ID, { groupId: GROUP, size: 1 }, { groupId: GROUP, size: 2 })).toEqual({
      id: ID,
      outs: { groupId: GROUP, size: 2, gadgetId: "g1", state: "UPDATED" },
    });
    expect(reads).toBe(1);
  });
});
