import { isPartialFailure } from "../../../../provider/framework/errors";
import { resource as restoreJobResource } from "../../../../provider/resources/restoreJob/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// A restore takes 4 s of emulator time.
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const provider = () => restoreJobResource.providerWith({ client: () => fx.client, clock: fx.clock });
const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);
const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);
const elapsedRemoved = (lines: string[]) => lines.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""));

const SOURCE = { groupId: GROUP, clusterName: "demo-cluster" };
const TARGET = { targetGroupId: GROUP, targetClusterName: "old-cluster" };
// The fixture's manual clock starts on 2025-03-12; this is in November 2023.
const POINT_IN_TIME = 1_700_000_000;

async function completedSnapshot(): Promise<string> {
  const snapshot = await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", { retentionInDays: 1 });
  fx.emu.advance(5000);
  return snapshot.id;
}

/** A create whose wait times out (1 s of a 4 s restore): what Pulumi keeps in state. */
async function unfinished(
  given: Record<string, unknown>,
): Promise<{ id: string; properties: Record<string, unknown> }> {
  const error = await provider()
    .create(await checked({ ...given, timeouts: { create: 1 } }))
    .catch((e: unknown) => e);
  expect(isPartialFailure(error)).toBe(true);
  return error as { id: string; properties: Record<string, unknown> };
}

describe("RestoreJob provider against the emulator", () => {
  test("an automated restore waits until finished; read returns the same outputs and inputs", async () => {
    const given = { ...SOURCE, deliveryType: "automated", snapshotId: await completedSnapshot(), ...TARGET };
    const inputs = await checked(given);
    expect(inputs).toEqual({ ...given, serverless: false });
    const { id, outs } = await create(inputs);
    const jobId = String(outs.restoreJobId);
    expect(id).toBe(`${GROUP}/demo-cluster/${jobId}`);
    expect(outs).toEqual({
      ...inputs,
      restoreJobId: expect.stringMatching(/^[a-f0-9]{24}$/),
      state: "finished",
      finishedAt: expect.any(String),
      timestamp: expect.any(String),
      deliveryUrl: [],
      expiresAt: undefined,
    });
    expect(elapsedRemoved(fx.progress)).toEqual([
      `platform: automated restore job ${jobId} of cluster demo-cluster: inProgress`,
    ]);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("point in time by seconds and by oplog: what the service fills in never becomes an input", async () => {
    for (const when of [{ pointInTimeUTCSeconds: POINT_IN_TIME }, { oplogTs: POINT_IN_TIME, oplogInc: 3 }]) {
      const inputs = await checked({ ...SOURCE, deliveryType: "pointInTime", ...TARGET, ...when });
      const { id, outs } = await create(inputs);
      expect(outs).toMatchObject({ state: "finished", timestamp: "2023-11-14T22:13:20Z" });
      expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
      expect(await provider().diff(id, outs, inputs)).toEqual({ changes: false, replaces: [] });
    }
  });

  test("a download restore finishes with its links; delete then has nothing to cancel and says so", async () => {
    const inputs = await checked({
      ...SOURCE,
      deliveryType: "download",
      snapshotId: await completedSnapshot(),
    });
    const { id, outs } = await create(inputs);
    expect(outs).toMatchObject({
      state: "finished",
      deliveryUrl: [expect.stringMatching(/^https:\/\/restore\.platform\.local\//)],
      expiresAt: expect.any(String),
    });
    fx.progress.length = 0;
    await provider().delete(id, outs);
    expect(fx.progress).toEqual([
      `platform: download restore job ${outs.restoreJobId} of cluster demo-cluster: removed from the stack only; ` +
        "it is already finished, nothing to cancel",
    ]);
    const live = await fx.client.restoreJobs.get(GROUP, "demo-cluster", String(outs.restoreJobId));
    expect(live.cancelled).toBe(false);
  });

  test("delete cancels a download still in progress", async () => {
    const kept = await unfinished({
      ...SOURCE,
      deliveryType: "download",
      snapshotId: await completedSnapshot(),
    });
    fx.progress.length = 0;
    await provider().delete(kept.id, kept.properties);
    const jobId = String(kept.properties.restoreJobId);
    expect(fx.progress).toEqual([
      `platform: download restore job ${jobId} of cluster demo-cluster: cancelled (the download was not finished)`,
    ]);
    expect((await fx.client.restoreJobs.get(GROUP, "demo-cluster", jobId)).cancelled).toBe(true);
  });

  test("delete does not pretend to cancel an automated restore in progress", async () => {
    const kept = await unfinished({
      ...SOURCE,
      deliveryType: "automated",
      snapshotId: await completedSnapshot(),
      ...TARGET,
    });
    fx.progress.length = 0;
    await provider().delete(kept.id, kept.properties);
    const jobId = String(kept.properties.restoreJobId);
    expect(fx.progress).toEqual([
      `platform: automated restore job ${jobId} of cluster demo-cluster: removed from the stack only; the service ` +
        "cannot cancel automated restores, so it was not cancelled and goes on restoring into cluster old-cluster",
    ]);
    expect((await fx.client.restoreJobs.get(GROUP, "demo-cluster", jobId)).cancelled).toBe(false);
  });

  test("a timed-out create keeps the job; the next update resumes the wait without a new restore", async () => {
    const given = { ...SOURCE, deliveryType: "automated", snapshotId: await completedSnapshot(), ...TARGET };
    const kept = await unfinished(given);
    expect((kept as unknown as Error).message).toMatch(
      /^timed out after 1s waiting for automated restore job [a-f0-9]{24} of cluster demo-cluster: still in state inProgress \(waiting for finished or expired\)/,
    );
    const resumed = await provider().update?.(kept.id, kept.properties, await checked(given));
    expect(resumed?.outs).toMatchObject({ state: "finished", restoreJobId: kept.properties.restoreJobId });
    expect((await fx.client.restoreJobs.list(GROUP, "demo-cluster")).results).toHaveLength(1);
  });

  test("a failed restore is an error naming the job", async () => {
    const original = fx.client.restoreJobs.create;
    const client = {
      ...fx.client,
      restoreJobs: {
        ...fx.client.restoreJobs,
        create: async (...args: Parameters<typeof original>) => {
          const job = await original(...args);
          fx.emu.core.forceFailure?.(fx.emu.state, { kind: "restoreJob", groupId: GROUP, id: job.id });
          return job;
        },
      },
    };
    const failing = restoreJobResource.providerWith({ client: () => client, clock: fx.clock });
    const inputs = await checked({
      ...SOURCE,
      deliveryType: "automated",
      snapshotId: await completedSnapshot(),
      ...TARGET,
    });
    const error = await failing.create(inputs).catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /^automated restore job [a-f0-9]{24} of cluster demo-cluster failed in state failed: the service could not restore the backup/,
    );
  });

  test("a serverless instance's restore waits until finished; delete says it cannot be cancelled", async () => {
    const [snapshot] = (await fx.client.serverlessBackups.listSnapshots(GROUP, "serverless-instance"))
      .results;
    const inputs = await checked({
      groupId: GROUP,
      clusterName: "serverless-instance",
      serverless: true,
      deliveryType: "automated",
      snapshotId: snapshot?.id,
      targetGroupId: GROUP,
      targetClusterName: "demo-cluster",
    });
    const { id, outs } = await create(inputs);
    expect(outs).toMatchObject({ state: "finished", serverless: true });
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
    fx.progress.length = 0;
    await provider().delete(id, outs);
    expect(fx.progress).toEqual([
      `platform: automated restore job ${outs.restoreJobId} of serverless instance serverless-instance: removed from ` +
        "the stack only; serverless restore jobs cannot be cancelled (the service has no operation for it)",
    ]);
  });

  test("adopt by importId waits for the job; one with other fields is refused", async () => {
    const snapshotId = await completedSnapshot();
    const existing = await fx.client.restoreJobs.create(GROUP, "demo-cluster", {
      deliveryType: "automated",
      snapshotId,
      ...TARGET,
    });
    const importId = `${GROUP}/demo-cluster/${existing.id}`;
    const given = { ...SOURCE, deliveryType: "automated", snapshotId, ...TARGET, importId };
    const { id, outs } = await create(await checked(given));
    expect(id).toBe(importId);
    expect(outs).toMatchObject({ restoreJobId: existing.id, state: "finished" });
    await expect(
      provider().create(await checked({ ...given, targetClusterName: "sharded-cluster" })),
    ).rejects.toThrow(
      `cannot adopt restore job ${importId}: its targetClusterName is "old-cluster", the input "sharded-cluster"`,
    );
  });

  test("a job the service no longer has reads as gone", async () => {
    const inputs = await checked({
      ...SOURCE,
      deliveryType: "download",
      snapshotId: await completedSnapshot(),
    });
    const { outs } = await create(inputs);
    expect(await provider().read(`${GROUP}/demo-cluster/5f1a0000000000000000e2fd`, outs)).toEqual({});
  });
});
