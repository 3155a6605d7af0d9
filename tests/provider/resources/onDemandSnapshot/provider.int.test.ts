import type { FailureTarget } from "../../../../emulator/composition";
import { isPartialFailure } from "../../../../provider/framework/errors";
import type { WaitClock } from "../../../../provider/framework/waiter";
import { resource as onDemandSnapshotResource } from "../../../../provider/resources/onDemandSnapshot/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// A snapshot takes 4 s of emulator time (queued, inProgress, then completed).
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const provider = (clock: WaitClock = fx.clock) =>
  onDemandSnapshotResource.providerWith({ client: () => fx.client, clock });

const INPUTS = { groupId: GROUP, clusterName: "demo-cluster", description: "nightly", retentionInDays: 3 };
const DAY = 86_400_000;

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);
const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);
const elapsedRemoved = (lines: string[]) => lines.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""));

/** A clock that forces the object into its failure state on the first sleep of a wait. */
function failingClock(kind: FailureTarget, id: () => string): WaitClock {
  let forced = false;
  return {
    ...fx.clock,
    sleep: async (ms) => {
      if (!forced) {
        forced = true;
        fx.emu.core.forceFailure?.(fx.emu.state, { kind, groupId: GROUP, id: id() });
      }
      fx.emu.advance(ms);
    },
  };
}

describe("OnDemandSnapshot provider against the emulator", () => {
  test("create waits until completed; read right after returns the same outputs and inputs", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    const snapshotId = String(outs.snapshotId);
    expect(id).toBe(`${GROUP}/demo-cluster/${snapshotId}`);
    expect(outs).toEqual({
      ...INPUTS,
      snapshotId: expect.stringMatching(/^[a-f0-9]{24}$/),
      status: "completed",
      type: "replicaSet",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      dbVersion: "7.0.14",
    });
    expect(Date.parse(String(outs.expiresAt)) - Date.parse(String(outs.createdAt))).toBe(3 * DAY);
    expect(elapsedRemoved(fx.progress)).toEqual([
      `platform: on-demand snapshot ${snapshotId} of cluster demo-cluster: queued`,
      `platform: on-demand snapshot ${snapshotId} of cluster demo-cluster: inProgress`,
    ]);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("a sharded cluster's snapshot is read and deleted through the sharded operations", async () => {
    const inputs = await checked({ ...INPUTS, clusterName: "sharded-cluster" });
    const { id, outs } = await create(inputs);
    expect(outs).toMatchObject({ type: "shardedCluster", status: "completed" });
    const live = await fx.client.snapshots.getSharded(GROUP, "sharded-cluster", String(outs.snapshotId));
    expect(live.description).toBe("nightly");
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
    await provider().delete(id, outs);
    expect((await fx.client.snapshots.listSharded(GROUP, "sharded-cluster")).results).toEqual([]);
  });

  test("a retention change moves the expiration in place (no new snapshot)", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    const news = await checked({ ...INPUTS, retentionInDays: 10 });
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({
      snapshotId: outs.snapshotId,
      retentionInDays: 10,
      status: "completed",
    });
    const live = await fx.client.snapshots.get(GROUP, "demo-cluster", String(outs.snapshotId));
    expect(Date.parse(String(live.expiresAt)) - Date.parse(String(live.createdAt))).toBe(10 * DAY);
    expect((await fx.client.snapshots.list(GROUP, "demo-cluster")).results).toHaveLength(1);
  });

  test("an expiration changed out of band reads as exactly retentionInDays", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    await fx.client.snapshots.updateExpiration(GROUP, "demo-cluster", String(outs.snapshotId), {
      retentionUnit: "WEEKS",
      retentionValue: 2,
    });
    const read = await provider().read(id, outs);
    expect(read.inputs).toEqual({ ...inputs, retentionInDays: 14 });
  });

  test("a failed snapshot is an error naming it, and it stays in state", async () => {
    let snapshotId = "";
    const spy = fx.client.snapshots.takeOnDemand;
    const client = {
      ...fx.client,
      snapshots: {
        ...fx.client.snapshots,
        takeOnDemand: async (...args: Parameters<typeof spy>) => {
          const taken = await spy(...args);
          snapshotId = taken.id;
          return taken;
        },
      },
    };
    const failing = onDemandSnapshotResource.providerWith({
      client: () => client,
      clock: failingClock("snapshot", () => snapshotId),
    });
    const error = await failing.create(await checked(INPUTS)).catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    expect((error as Error).message).toBe(
      `on-demand snapshot ${snapshotId} of cluster demo-cluster failed in state failed: the service could not ` +
        "take the snapshot; it stays in the stack so pulumi destroy (or removing it from the program) deletes it, " +
        "and a replacement takes a new one",
    );
    expect((error as { id: string }).id).toBe(`${GROUP}/demo-cluster/${snapshotId}`);
  });

  test("a second snapshot while one is unfinished says to try again later", async () => {
    await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", { retentionInDays: 1 });
    await expect(provider().create(await checked(INPUTS))).rejects.toThrow(
      /^on-demand snapshot of cluster demo-cluster cannot be taken while another on-demand snapshot of the cluster is unfinished \(.*\); run pulumi up again once it has completed$/,
    );
  });

  test("adopt by importId changes the expiration and waits until completed", async () => {
    const existing = await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", {
      description: "nightly",
      retentionInDays: 1,
    });
    const importId = `${GROUP}/demo-cluster/${existing.id}`;
    const { id, outs } = await create(await checked({ ...INPUTS, importId }));
    expect(id).toBe(importId);
    expect(outs).toMatchObject({
      snapshotId: existing.id,
      retentionInDays: 3,
      status: "completed",
      importId,
    });
  });

  test("adopt refuses a snapshot whose description differs; a missing one says so", async () => {
    const existing = await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", {
      description: "other",
      retentionInDays: 1,
    });
    await expect(
      provider().create(await checked({ ...INPUTS, importId: `${GROUP}/demo-cluster/${existing.id}` })),
    ).rejects.toThrow(
      `cannot adopt on-demand snapshot ${existing.id} of cluster demo-cluster: its description is "other", ` +
        'the description input "nightly"; a description cannot be changed',
    );
    await expect(
      provider().create(
        await checked({ ...INPUTS, importId: `${GROUP}/demo-cluster/5f1a0000000000000000e2ff` }),
      ),
    ).rejects.toThrow(
      `importId "${GROUP}/demo-cluster/5f1a0000000000000000e2ff" names no existing on-demand snapshot of cluster demo-cluster`,
    );
  });

  test("delete removes it and waits until reading answers 404; refresh then reads it as gone", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    await provider().delete(id, outs);
    expect((await fx.client.snapshots.list(GROUP, "demo-cluster")).results).toEqual([]);
    expect(await provider().read(id, outs)).toEqual({});
    await provider().delete(id, outs);
  });
});
