import { isPartialFailure } from "../../../../provider/framework/errors";
import type { WaitClock } from "../../../../provider/framework/waiter";
import { resource as snapshotExportJobResource } from "../../../../provider/resources/snapshotExportJob/resource";
import { AWS_ROLE, checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// An export takes 4 s of emulator time (Queued, InProgress, then Successful).
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const provider = (clock: WaitClock = fx.clock) =>
  snapshotExportJobResource.providerWith({ client: () => fx.client, clock });
const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);
const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);
const elapsedRemoved = (lines: string[]) => lines.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""));

/** A snapshot of demo-cluster and an export bucket of the project, finished. */
async function snapshotAndBucket(): Promise<{ snapshotId: string; exportBucketId: string }> {
  const snapshot = await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", { retentionInDays: 1 });
  const bucket = await fx.client.exportBuckets.create(GROUP, {
    bucketName: "exports",
    cloudProvider: "AWS",
    iamRoleId: AWS_ROLE,
  });
  fx.emu.advance(5000);
  return { snapshotId: snapshot.id, exportBucketId: bucket._id };
}

describe("SnapshotExportJob provider against the emulator", () => {
  test("create waits until Successful, with exported / total collections; read returns the same", async () => {
    const ids = await snapshotAndBucket();
    const given = {
      groupId: GROUP,
      clusterName: "demo-cluster",
      ...ids,
      customData: [{ key: "team", value: "bi" }],
    };
    const inputs = await checked(given);
    const { id, outs } = await create(inputs);
    const jobId = String(outs.exportJobId);
    expect(id).toBe(`${GROUP}/demo-cluster/${jobId}`);
    expect(outs).toEqual({
      ...given,
      exportJobId: expect.stringMatching(/^[a-f0-9]{24}$/),
      state: "Successful",
      prefix: expect.stringMatching(/^\/exported_snapshots\//),
      exportStatus: { exportedCollections: 3, totalCollections: 3 },
      stateReason: undefined,
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    const job = `snapshot export job ${jobId} of snapshot ${ids.snapshotId} (cluster demo-cluster)`;
    expect(elapsedRemoved(fx.progress)).toEqual([
      `platform: ${job}: Queued (0/3 collections exported)`,
      `platform: ${job}: InProgress (1/3 collections exported)`,
    ]);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("without customData, read keeps it absent (no diff)", async () => {
    const inputs = await checked({
      groupId: GROUP,
      clusterName: "demo-cluster",
      ...(await snapshotAndBucket()),
    });
    const { id, outs } = await create(inputs);
    expect((await provider().read(id, outs)).inputs).toEqual(inputs);
  });

  test("a failed export is an error naming the job; the job stays in state", async () => {
    const ids = await snapshotAndBucket();
    let jobId = "";
    const original = fx.client.exportJobs.create;
    const client = {
      ...fx.client,
      exportJobs: {
        ...fx.client.exportJobs,
        create: async (...args: Parameters<typeof original>) => {
          const job = await original(...args);
          jobId = job.id;
          fx.emu.core.forceFailure?.(fx.emu.state, { kind: "exportJob", groupId: GROUP, id: job.id });
          return job;
        },
      },
    };
    const failing = snapshotExportJobResource.providerWith({ client: () => client, clock: fx.clock });
    const error = await failing
      .create(await checked({ groupId: GROUP, clusterName: "demo-cluster", ...ids }))
      .catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^snapshot export job ${jobId} of snapshot ${ids.snapshotId} \\(cluster demo-cluster\\) failed in state Failed: `,
      ),
    );
  });

  test("an update (timeouts only) makes no API call but resumes the wait", async () => {
    const inputs = await checked({
      groupId: GROUP,
      clusterName: "demo-cluster",
      ...(await snapshotAndBucket()),
    });
    const { id, outs } = await create(inputs);
    const news = await checked({ ...inputs, timeouts: { create: "1h" } });
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toEqual({ ...outs, timeouts: { create: "1h" } });
    expect((await fx.client.exportJobs.list(GROUP, "demo-cluster")).results).toHaveLength(1);
  });

  test("adopt by importId; a job whose snapshot differs is refused", async () => {
    const ids = await snapshotAndBucket();
    const existing = await fx.client.exportJobs.create(GROUP, "demo-cluster", ids);
    const importId = `${GROUP}/demo-cluster/${existing.id}`;
    const { id, outs } = await create(
      await checked({ groupId: GROUP, clusterName: "demo-cluster", ...ids, importId }),
    );
    expect(id).toBe(importId);
    expect(outs).toMatchObject({ exportJobId: existing.id, state: "Successful", importId });

    await expect(
      provider().create(
        await checked({
          groupId: GROUP,
          clusterName: "demo-cluster",
          ...ids,
          customData: [{ key: "k", value: "v" }],
          importId,
        }),
      ),
    ).rejects.toThrow(
      `cannot adopt snapshot export job ${importId}: its customData is [], the input [{"key":"k","value":"v"}]. ` +
        "Export jobs cannot be changed",
    );
  });

  test("delete calls nothing and says the job is only forgotten", async () => {
    const ids = await snapshotAndBucket();
    const { id, outs } = await create(await checked({ groupId: GROUP, clusterName: "demo-cluster", ...ids }));
    fx.progress.length = 0;
    await provider().delete(id, outs);
    expect(fx.progress).toEqual([
      `platform: snapshot export job ${outs.exportJobId} of snapshot ${ids.snapshotId} (cluster demo-cluster): ` +
        "removed from the stack only; the service has no operation to delete export jobs, so the job and its " +
        `exported files in export bucket ${ids.exportBucketId} stay`,
    ]);
    expect((await fx.client.exportJobs.list(GROUP, "demo-cluster")).results).toHaveLength(1);
  });

  test("a job the service no longer has reads as gone", async () => {
    const ids = await snapshotAndBucket();
    const { outs } = await create(await checked({ groupId: GROUP, clusterName: "demo-cluster", ...ids }));
    expect(await provider().read(`${GROUP}/demo-cluster/5f1a0000000000000000e2fe`, outs)).toEqual({});
  });
});
