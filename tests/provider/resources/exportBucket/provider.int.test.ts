import { policiesForRequest } from "../../../../provider/client/backupSchedules";
import { resource as exportBucketResource } from "../../../../provider/resources/exportBucket/resource";
import { AWS_ROLE, checkedInputs, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => exportBucketResource.providerWith({ client: () => fx.client, clock: fx.clock });

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

const BUCKET = { groupId: GROUP, bucketName: "demo-exports", iamRoleId: AWS_ROLE };

describe("ExportBucket provider against the emulator", () => {
  test("creates the bucket; its id is <groupId>/<exportBucketId>; read right after changes nothing", async () => {
    const inputs = await checked(BUCKET);
    const created = await provider().create(inputs);
    const bucketId = String(created.outs?.exportBucketId);
    expect(bucketId).toMatch(/^[a-f0-9]{24}$/);
    expect(created).toEqual({ id: `${GROUP}/${bucketId}`, outs: { ...inputs, exportBucketId: bucketId } });
    const read = await provider().read(created.id, created.outs ?? {});
    expect(read).toEqual({ id: created.id, props: created.outs, inputs });
    expect(await provider().diff(created.id, read.props ?? {}, inputs)).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("explains a role the platform cannot assume", async () => {
    const inputs = await checked({ ...BUCKET, iamRoleId: "5f1a0000000000000000c0ff" });
    await expect(provider().create(inputs)).rejects.toThrow(
      /^export bucket demo-exports in project 5f1a000000000000000000a1 cannot be created: the platform cannot assume iamRoleId 5f1a0000000000000000c0ff \(.*CANNOT_ASSUME_ROLE.*\)\. iamRoleId must be the roleId of an AWS cloud provider access role of the project that is authorized\.$/,
    );
  });

  test("a bucket name taken in the project: the error names the importId that adopts it", async () => {
    const existing = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "demo-exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    await expect(provider().create(await checked(BUCKET))).rejects.toThrow(
      `set importId: "${GROUP}/${existing._id}" to manage it with this resource`,
    );
  });

  test("adopts an existing bucket by importId, and refuses one whose fields differ", async () => {
    const existing = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "demo-exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    const importId = `${GROUP}/${existing._id}`;
    const adopted = await provider().create(await checked({ ...BUCKET, importId }));
    expect(adopted).toEqual({
      id: importId,
      outs: { ...BUCKET, cloudProvider: "AWS", importId, exportBucketId: existing._id },
    });
    await expect(
      provider().create(await checked({ ...BUCKET, bucketName: "other", importId })),
    ).rejects.toThrow(
      `cannot adopt export bucket ${importId} as export bucket other in project ${GROUP}: its bucketName is "demo-exports" (the input says "other"). Export buckets cannot be changed in place: make the inputs match the bucket, or remove importId to create a new one.`,
    );
    await expect(
      provider().create(await checked({ ...BUCKET, importId: `${GROUP}/5f1a0000000000000000dddd` })),
    ).rejects.toThrow(
      `importId "${GROUP}/5f1a0000000000000000dddd" names no existing export bucket; fix importId, or remove it to create a new one`,
    );
  });

  test("read reports a bucket deleted out of band as gone", async () => {
    const created = await provider().create(await checked(BUCKET));
    await fx.client.exportBuckets.delete(GROUP, String(created.outs?.exportBucketId));
    expect(await provider().read(created.id, created.outs ?? {})).toEqual({});
  });

  test("update stores new timeouts without calling the API", async () => {
    const inputs = await checked(BUCKET);
    const created = await provider().create(inputs);
    const news = await checked({ ...BUCKET, timeouts: { delete: "20m" } });
    expect(await provider().diff(created.id, created.outs ?? {}, news)).toEqual({
      changes: true,
      replaces: [],
    });
    // The id comes back with the outputs (the engine reads only the outputs of an update).
    expect(await provider().update?.(created.id, created.outs ?? {}, news)).toEqual({
      id: created.id,
      outs: { ...news, exportBucketId: created.outs?.exportBucketId },
    });
  });

  test("an update that a replacing change reached fails and says how to replace the bucket", async () => {
    const created = await provider().create(await checked(BUCKET));
    const news = await checked({ ...BUCKET, bucketName: "renamed-exports" });
    await expect(provider().update?.(created.id, created.outs ?? {}, news)).rejects.toThrow(
      `export bucket ${created.id} cannot be updated in place (bucketName changed); run pulumi refresh, then pulumi up to replace it`,
    );
  });

  test("delete removes the bucket and waits until it is gone", async () => {
    const created = await provider().create(await checked(BUCKET));
    await provider().delete(created.id, created.outs ?? {});
    const all = await fx.client.exportBuckets.list(GROUP);
    expect(all.results).toEqual([]);
    // Deleting again (already gone) succeeds.
    await provider().delete(created.id, created.outs ?? {});
  });

  test("delete refused while a schedule auto-exports to the bucket says what to do", async () => {
    const created = await provider().create(await checked(BUCKET));
    const bucketId = String(created.outs?.exportBucketId);
    await fx.client.backupSchedules.update(GROUP, "demo-cluster", {
      policies: policiesForRequest((await fx.client.backupSchedules.get(GROUP, "demo-cluster")).policies),
      autoExportEnabled: true,
      export: { exportBucketId: bucketId, frequencyType: "monthly" },
    });
    await expect(provider().delete(created.id, created.outs ?? {})).rejects.toThrow(
      new RegExp(
        `^export bucket demo-exports \\(${GROUP}/${bucketId}\\) cannot be deleted while a backup schedule auto-exports to it \\(.*EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE.*\\)\\. Disable auto export first`,
      ),
    );
    expect((await fx.client.exportBuckets.get(GROUP, bucketId))._id).toBe(bucketId);
  });
});
