import { policiesForRequest } from "../../../../provider/client/backupSchedules";
import { resource as cloudBackupScheduleResource } from "../../../../provider/resources/cloudBackupSchedule/resource";
import { AWS_ROLE, type EmulatorFixture, GROUP, startFixture } from "../emulatorFixture";

/** The policies output as the provider stores them (PropertyBag values are untyped). */
type StoredPolicies = { id?: string; policyItems: object[] }[];

let fx: EmulatorFixture;
const provider = () => cloudBackupScheduleResource.providerWith({ client: () => fx.client });
const CLUSTER = "demo-cluster";
const ID = `${GROUP}/${CLUSTER}`;

beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => fx.close());
beforeEach(() => fx.emu.reset());

async function checked(news: Record<string, unknown>) {
  const result = await provider().check({}, news);
  expect(result.failures).toEqual([]);
  return result.inputs as Record<string, unknown>;
}

const hourly = { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 3 };
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const weekly = { frequencyInterval: 6, frequencyType: "weekly", retentionUnit: "weeks", retentionValue: 4 };

function withoutIds(policies: unknown): unknown {
  return (policies as { policyItems: Record<string, unknown>[] }[]).map((policy) => ({
    policyItems: policy.policyItems.map(({ id: _id, ...item }) => item),
  }));
}

describe("CloudBackupSchedule provider against the emulator", () => {
  test("create adopts the schedule; with no field set it sends nothing", async () => {
    const update = jest.spyOn(fx.client.backupSchedules, "update");
    const created = await provider().create(await checked({ groupId: GROUP, clusterName: CLUSTER }));
    expect(update).not.toHaveBeenCalled();
    update.mockRestore();
    expect(created.id).toBe(ID);
    expect(created.outs).toMatchObject({
      groupId: GROUP,
      clusterName: CLUSTER,
      resetOnDelete: true,
      autoExportEnabled: false,
      referenceHourOfDay: 12,
      referenceMinuteOfHour: 0,
      restoreWindowDays: 7,
      clusterId: "5f1a000000000000000000b1",
    });
    expect(typeof created.outs?.nextSnapshot).toBe("string");
  });

  test("create PATCHes only the fields that differ (and the required policies, without read-only item ids), keeping the ids of matched policy items", async () => {
    const live = await fx.client.backupSchedules.get(GROUP, CLUSTER);
    const policy = live.policies?.[0];
    const idOf = (type: string) => policy?.policyItems?.find((item) => item.frequencyType === type)?.id;
    const update = jest.spyOn(fx.client.backupSchedules, "update");
    const inputs = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      referenceHourOfDay: 3,
      referenceMinuteOfHour: 0,
      policies: [{ policyItems: [daily, hourly] }],
    });
    const created = await provider().create(inputs);
    expect(update.mock.calls).toEqual([
      [
        GROUP,
        CLUSTER,
        {
          referenceHourOfDay: 3,
          policies: [
            {
              id: policy?.id,
              policyItems: [daily, hourly],
            },
          ],
        },
      ],
    ]);
    update.mockRestore();
    expect(withoutIds(created.outs?.policies)).toEqual([{ policyItems: [daily, hourly] }]);
    // The service kept the items' ids by frequencyType + frequencyInterval.
    const outPolicies = created.outs?.policies as StoredPolicies | undefined;
    const outItems = outPolicies?.[0]?.policyItems as { id: string }[] | undefined;
    expect(outItems?.map((item) => item.id)).toEqual([idOf("daily"), idOf("hourly")]);
    expect(created.outs?.referenceHourOfDay).toBe(3);
  });

  test("read right after create changes nothing, and the diff against the program is empty", async () => {
    const inputs = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      policies: [{ policyItems: [weekly, daily] }],
    });
    const created = await provider().create(inputs);
    const read = await provider().read(ID, created.outs ?? {});
    expect(read.props).toEqual(created.outs);
    expect(await provider().diff(ID, read.props ?? {}, inputs)).toEqual({ changes: false, replaces: [] });
    // Read reports the managed fields as inputs, never the ones the program leaves out.
    expect(read.inputs).toEqual({ ...inputs, policies: [{ policyItems: [weekly, daily] }] });
    expect(read.props?.managedFields).toEqual(["policies"]);
  });

  test("copy settings with copy policy items and the copy flags round-trip: read right after create is clean", async () => {
    const inputs = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      autoCopySettingsEnabled: true,
      copyPolicyItemsEnabled: true,
      copySettings: [
        {
          cloudProvider: "AWS",
          regionName: "US_WEST_2",
          zoneId: "5f1a0000000000000000e601",
          copyPolicyItems: [
            { frequencyType: "daily", retentionUnit: "days", retentionValue: 3 },
            { frequencyType: "ondemand" },
          ],
          lastNumberOfSnapshots: 5,
        },
      ],
      deleteCopySnapshots: true,
    });
    const created = await provider().create(inputs);
    expect(created.outs).toMatchObject({
      autoCopySettingsEnabled: true,
      copyPolicyItemsEnabled: true,
      copySettings: inputs.copySettings,
      deleteCopySnapshots: true,
    });
    const read = await provider().read(ID, created.outs ?? {});
    expect(read.props).toEqual(created.outs);
    expect(await provider().diff(ID, read.props ?? {}, inputs)).toEqual({ changes: false, replaces: [] });
    const live = await fx.client.backupSchedules.get(GROUP, CLUSTER);
    expect(live.copySettings?.[0]?.copyPolicyItems).toHaveLength(2);
  });

  test("items the service returns in another order are no change", async () => {
    const inputs = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      policies: [{ policyItems: [hourly, daily, weekly] }],
    });
    const created = await provider().create(inputs);
    const policyId = String((created.outs?.policies as { id: string }[] | undefined)?.[0]?.id);
    await fx.client.backupSchedules.update(GROUP, CLUSTER, {
      policies: [{ id: policyId, policyItems: [weekly, hourly, daily] }],
    });
    const read = await provider().read(ID, created.outs ?? {});
    expect(withoutIds(read.props?.policies)).toEqual([{ policyItems: [hourly, daily, weekly] }]);
    expect(await provider().diff(ID, read.props ?? {}, inputs)).toEqual({ changes: false, replaces: [] });
  });

  test("an out-of-band change of a managed field shows and is converged; of an unmanaged field it is not a change", async () => {
    const inputs = await checked({ groupId: GROUP, clusterName: CLUSTER, referenceHourOfDay: 3 });
    const created = await provider().create(inputs);
    await fx.client.backupSchedules.update(GROUP, CLUSTER, {
      referenceHourOfDay: 5,
      restoreWindowDays: 2,
      policies: policiesForRequest((await fx.client.backupSchedules.get(GROUP, CLUSTER)).policies),
    });
    const read = await provider().read(ID, created.outs ?? {});
    expect(read.props).toEqual({
      ...created.outs,
      referenceHourOfDay: 5,
      restoreWindowDays: 2,
      nextSnapshot: read.props?.nextSnapshot,
    });
    expect(await provider().diff(ID, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
    const update = jest.spyOn(fx.client.backupSchedules, "update");
    const updated = await provider().update?.(ID, read.props ?? {}, inputs);
    // policies ride along unchanged (the contract requires them), without their read-only item ids.
    expect(update.mock.calls).toEqual([
      [
        GROUP,
        CLUSTER,
        { referenceHourOfDay: 3, policies: policiesForRequest(read.props?.policies as StoredPolicies) },
      ],
    ]);
    expect(JSON.stringify(update.mock.calls)).not.toContain('"policyItems":[{"id"');
    update.mockRestore();
    expect(updated?.outs).toMatchObject({ referenceHourOfDay: 3, restoreWindowDays: 2 });
  });

  test("the update-only instructions are never drift and ride along with a real change", async () => {
    const inputs = await checked({ groupId: GROUP, clusterName: CLUSTER, referenceHourOfDay: 3 });
    const created = await provider().create(inputs);
    const onlyInstruction = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      referenceHourOfDay: 3,
      updateSnapshots: true,
    });
    expect(await provider().diff(ID, created.outs ?? {}, onlyInstruction)).toEqual({
      changes: false,
      replaces: [],
    });
    const withChange = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      referenceHourOfDay: 4,
      updateSnapshots: true,
      deleteCopiedBackups: [
        { cloudProvider: "AWS", regionName: "US_EAST_1", zoneId: "5f1a0000000000000000e001" },
      ],
    });
    const update = jest.spyOn(fx.client.backupSchedules, "update");
    const updated = await provider().update?.(ID, created.outs ?? {}, withChange);
    expect(update.mock.calls).toEqual([
      [
        GROUP,
        CLUSTER,
        {
          referenceHourOfDay: 4,
          policies: policiesForRequest(created.outs?.policies as StoredPolicies),
          updateSnapshots: true,
          deleteCopiedBackups: [
            { cloudProvider: "AWS", regionName: "US_EAST_1", zoneId: "5f1a0000000000000000e001" },
          ],
        },
      ],
    ]);
    update.mockRestore();
    const read = await provider().read(ID, updated?.outs ?? {});
    expect(read.props).toEqual(updated?.outs);
    expect(await provider().diff(ID, read.props ?? {}, withChange)).toEqual({ changes: false, replaces: [] });
  });

  test("auto export to an export bucket", async () => {
    const bucket = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    const inputs = await checked({
      groupId: GROUP,
      clusterName: CLUSTER,
      autoExportEnabled: true,
      export: { exportBucketId: bucket._id, frequencyType: "monthly" },
      useOrgAndGroupNamesInExportPrefix: true,
    });
    const created = await provider().create(inputs);
    expect(created.outs).toMatchObject({
      autoExportEnabled: true,
      export: { exportBucketId: bucket._id, frequencyType: "monthly" },
      useOrgAndGroupNamesInExportPrefix: true,
    });
    // Destroying the schedule first (it depends on the bucket) frees the bucket.
    await provider().delete(ID, created.outs ?? {});
    await fx.client.exportBuckets.delete(GROUP, bucket._id);
  });

  test("extra retention settings (upper case, as the service takes them) converge and read back without drift", async () => {
    const extraRetentionSettings = [
      { frequencyType: "MONTHLY", retentionDays: 400 },
      { frequencyType: "ON_DEMAND", retentionDays: 30 },
    ];
    const inputs = await checked({ groupId: GROUP, clusterName: CLUSTER, extraRetentionSettings });
    const created = await provider().create(inputs);
    expect(created.outs?.extraRetentionSettings).toEqual(extraRetentionSettings);
    expect((await fx.client.backupSchedules.get(GROUP, CLUSTER)).extraRetentionSettings).toEqual(
      extraRetentionSettings,
    );
    const read = await provider().read(ID, created.outs ?? {});
    expect(await provider().diff(ID, read.props ?? {}, inputs)).toEqual({ changes: false, replaces: [] });
  });

  test("a daily or weekly export to a real bucket fails check, and nothing is sent", async () => {
    // The emulator refuses both with 400 INVALID_ENUM_VALUE, the contract's AutoExportPolicyView
    // (tests/emulator/operations/vocabulary.test.ts); check() names the rule before any request.
    const bucket = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    for (const frequencyType of ["daily", "weekly"]) {
      fx.emu.core.requestLog.clear();
      const result = await provider().check(
        {},
        { groupId: GROUP, clusterName: CLUSTER, export: { exportBucketId: bucket._id, frequencyType } },
      );
      expect(result.failures).toEqual([
        {
          property: "export.frequencyType",
          reason: 'export.frequencyType must be one of "monthly", "yearly"',
        },
      ]);
      expect(fx.emu.core.requestLog.list()).toEqual([]);
    }
    await fx.client.exportBuckets.delete(GROUP, bucket._id);
  });

  test("a change of cluster or project replaces the resource", async () => {
    const created = await provider().create(await checked({ groupId: GROUP, clusterName: CLUSTER }));
    expect(
      await provider().diff(
        ID,
        created.outs ?? {},
        await checked({ groupId: GROUP, clusterName: "sharded-cluster" }),
      ),
    ).toEqual({
      changes: true,
      replaces: ["clusterName"],
    });
  });

  test("delete restores the service's default schedule", async () => {
    const created = await provider().create(
      await checked({
        groupId: GROUP,
        clusterName: CLUSTER,
        referenceHourOfDay: 3,
        policies: [{ policyItems: [daily] }],
      }),
    );
    await provider().delete(ID, created.outs ?? {});
    const live = await fx.client.backupSchedules.get(GROUP, CLUSTER);
    expect(live.referenceHourOfDay).toBe(12);
    expect(live.policies?.[0]?.policyItems?.map((item) => item.frequencyType)).toEqual([
      "hourly",
      "daily",
      "weekly",
      "monthly",
    ]);
  });

  test("with resetOnDelete false, delete leaves the schedule as it is", async () => {
    const created = await provider().create(
      await checked({ groupId: GROUP, clusterName: CLUSTER, referenceHourOfDay: 3, resetOnDelete: false }),
    );
    await provider().delete(ID, created.outs ?? {});
    expect((await fx.client.backupSchedules.get(GROUP, CLUSTER)).referenceHourOfDay).toBe(3);
    expect(fx.progress).toContain(
      `platform: backup schedule of cluster ${CLUSTER} in project ${GROUP}: left as it is (resetOnDelete is false); removed from the stack only`,
    );
  });

  test("delete under a backup compliance policy keeps the policies and frees the export bucket", async () => {
    const bucket = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    const created = await provider().create(
      await checked({
        groupId: GROUP,
        clusterName: CLUSTER,
        referenceHourOfDay: 3,
        autoExportEnabled: true,
        export: { exportBucketId: bucket._id, frequencyType: "monthly" },
      }),
    );
    await fx.client.compliancePolicy.update(GROUP, {
      authorizedEmail: "ada@example.com",
      authorizedUserFirstName: "Ada",
      authorizedUserLastName: "Lovelace",
    });

    await provider().delete(ID, created.outs ?? {});

    const live = await fx.client.backupSchedules.get(GROUP, CLUSTER);
    expect(live.referenceHourOfDay).toBe(3);
    expect(live.autoExportEnabled).toBe(false);
    expect(fx.progress).toContain(
      `platform: backup schedule of cluster ${CLUSTER} in project ${GROUP}: not reset to the service's defaults because project ${GROUP} has a backup compliance policy (the service refuses); its policies are left as they are and auto export was turned off so its export bucket can be deleted`,
    );
    // What the stack destroys next: the bucket the schedule exported to.
    await fx.client.exportBuckets.delete(GROUP, bucket._id);
  });

  test("explains a cluster without cloud backup", async () => {
    await expect(
      provider().create(await checked({ groupId: GROUP, clusterName: "free-cluster" })),
    ).rejects.toThrow(
      /^backup schedule of cluster free-cluster in project 5f1a000000000000000000a1: the cluster has no cloud backup, so it has no backup schedule \(.*\)\. Enable cloud backup on the cluster, or remove this resource\.$/,
    );
  });

  test("read of a cluster that no longer exists reports the resource gone", async () => {
    expect(await provider().read(`${GROUP}/no-such-cluster`, {})).toEqual({});
  });
});
