/**
 * CloudBackupSchedule through the real Pulumi CLI against the in-process emulator: create (adopting
 * the cluster's schedule), a clean preview and refresh, an update in place, out-of-band changes seen by
 * refresh (a managed field is converged back, an unmanaged one is left alone), auto export to an
 * ExportBucket, adoption by importId, a replacing change (another cluster), and a destroy that leaves
 * every schedule at the service's defaults and no bucket behind (the schedule is reset before its
 * bucket is deleted).
 */

import { policiesForRequest } from "../../provider/client/backupSchedules";
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  fromOutput,
  resourceOutputs,
  setResource,
  setResources,
  startPlatformE2E,
  storedResourcesOfType,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const ROLE = "5f1a000000000000000000c1";
const TYPE = "pulumi-nodejs:dynamic/platform:CloudBackupSchedule";
const hourly = { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 3 };
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const DEFAULT_ITEMS = [
  { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 2 },
  { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
  { frequencyType: "weekly", frequencyInterval: 6, retentionUnit: "weeks", retentionValue: 4 },
  { frequencyType: "monthly", frequencyInterval: 40, retentionUnit: "months", retentionValue: 12 },
];
const DEFAULT = { referenceHourOfDay: 12, autoExportEnabled: false, items: DEFAULT_ITEMS };
/**
 * Automatic export to the stack's bucket `exports`: taking its exportBucketId from the bucket's
 * outputs makes the schedule depend on it, so destroy resets the schedule first.
 */
const AUTO_EXPORT = {
  autoExportEnabled: true,
  export: { exportBucketId: fromOutput("exports", "exportBucketId"), frequencyType: "monthly" },
};
const schedule = (args: Record<string, unknown>): DeclaredResource => ({
  type: "CloudBackupSchedule",
  args: { groupId: GROUP, ...args },
});

describe("CloudBackupSchedule through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      schedule: schedule({
        clusterName: "demo-cluster",
        referenceHourOfDay: 3,
        policies: [{ policyItems: [hourly, daily] }],
      }),
    },
  });

  const live = (clusterName: string) => e2e.client.backupSchedules.get(GROUP, clusterName);
  const items = async (clusterName: string) =>
    ((await live(clusterName)).policies?.[0]?.policyItems ?? []).map(({ id: _id, ...item }) => item);
  const isDefault = async (clusterName: string) => {
    const schedule = await live(clusterName);
    return {
      referenceHourOfDay: schedule.referenceHourOfDay,
      autoExportEnabled: schedule.autoExportEnabled,
      items: await items(clusterName),
    };
  };

  test("pulumi up adopts the cluster's schedule and converges the fields the program sets", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created");
    expect((await resourceOutputs(stack)).schedule?.id).toBe(`${GROUP}/demo-cluster`);
    expect((await live("demo-cluster")).referenceHourOfDay).toBe(3);
    expect(await items("demo-cluster")).toEqual([hourly, daily]);
    await expectSmallCredentialFreeProviders(stack, TYPE);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("the reference minute and a policy item's retention update in place", async () => {
    const { stack } = e2e;
    await setResource(
      stack,
      "schedule",
      schedule({
        clusterName: "demo-cluster",
        referenceHourOfDay: 3,
        referenceMinuteOfHour: 30,
        policies: [{ policyItems: [hourly, { ...daily, retentionValue: 14 }] }],
        updateSnapshots: true,
      }),
    );
    await expectUp(stack, "~ 1 updated");
    expect((await live("demo-cluster")).referenceMinuteOfHour).toBe(30);
    expect(await items("demo-cluster")).toEqual([hourly, { ...daily, retentionValue: 14 }]);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh shows an out-of-band change of a managed field; up converges it back", async () => {
    const { stack, client } = e2e;
    await client.backupSchedules.update(GROUP, "demo-cluster", {
      referenceHourOfDay: 5,
      policies: policiesForRequest((await client.backupSchedules.get(GROUP, "demo-cluster")).policies),
    });
    // nextSnapshot is computed from the reference hour: it moves with it.
    await expectRefreshReportsOnly(stack, ["nextSnapshot", "referenceHourOfDay"]);
    await expectUp(stack, "~ 1 updated");
    expect((await live("demo-cluster")).referenceHourOfDay).toBe(3);
    await stack.preview({ expectNoChanges: true });
  });

  test("an out-of-band change of a field the program leaves out is stored by refresh and left alone", async () => {
    const { stack, client } = e2e;
    await client.backupSchedules.update(GROUP, "demo-cluster", {
      restoreWindowDays: 3,
      policies: policiesForRequest((await client.backupSchedules.get(GROUP, "demo-cluster")).policies),
    });
    // The engine reports what differs from the program's inputs: nothing, the field is not managed.
    await stack.refresh({ expectNoChanges: true });
    const [schedule] = await storedResourcesOfType(stack, TYPE);
    expect(schedule?.outputs.restoreWindowDays).toBe(3);
    expect(schedule?.inputs.restoreWindowDays).toBeUndefined();
    await stack.preview({ expectNoChanges: true });
    expect((await live("demo-cluster")).restoreWindowDays).toBe(3);
  });

  test("auto export to an ExportBucket created in the same stack", async () => {
    const { stack } = e2e;
    await setResources(stack, {
      exports: {
        type: "ExportBucket",
        args: { groupId: GROUP, bucketName: "schedule-exports", iamRoleId: ROLE },
      },
      schedule: schedule({
        clusterName: "demo-cluster",
        referenceHourOfDay: 3,
        referenceMinuteOfHour: 30,
        policies: [{ policyItems: [hourly, { ...daily, retentionValue: 14 }] }],
        updateSnapshots: true,
        ...AUTO_EXPORT,
      }),
    });
    // During preview the bucket id is not known yet: check and diff take it as unknown, not as an error.
    const preview = await stack.preview();
    expect(preview.stdout).toContain("+ 1 to create");
    expect(preview.stdout).toContain("~ 1 to update");
    await expectUp(stack, "+ 1 created", "~ 1 updated");
    const outputs = await resourceOutputs(stack);
    const bucketId = outputs.exports?.exportBucketId;
    expect(outputs.schedule?.export).toEqual({ exportBucketId: bucketId, frequencyType: "monthly" });
    const liveSchedule = await live("demo-cluster");
    expect(liveSchedule.autoExportEnabled).toBe(true);
    expect(liveSchedule.export).toMatchObject({ exportBucketId: bucketId });
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts another cluster's schedule and converges it", async () => {
    const { stack } = e2e;
    await setResource(
      stack,
      "adopted",
      schedule({ clusterName: "old-cluster", importId: `${GROUP}/old-cluster`, referenceHourOfDay: 20 }),
    );
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.referenceHourOfDay).toBe(20);
    expect((await live("old-cluster")).referenceHourOfDay).toBe(20);
    await expectCleanPreviewAndRefresh(stack);
  });

  test("another cluster replaces the resource: the new cluster is configured, the old one reset", async () => {
    const { stack } = e2e;
    await setResource(
      stack,
      "schedule",
      schedule({
        clusterName: "sharded-cluster",
        referenceHourOfDay: 3,
        policies: [{ policyItems: [hourly, daily] }],
        ...AUTO_EXPORT,
      }),
    );
    await expectUp(stack, "+-1 replaced");
    expect((await resourceOutputs(stack)).schedule?.id).toBe(`${GROUP}/sharded-cluster`);
    expect((await live("sharded-cluster")).referenceHourOfDay).toBe(3);
    expect((await live("sharded-cluster")).autoExportEnabled).toBe(true);
    expect(await isDefault("demo-cluster")).toEqual(DEFAULT);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy resets every schedule before deleting the bucket it exports to", async () => {
    await expectDestroyDeletes(e2e.stack, 4);
    expect(await isDefault("sharded-cluster")).toEqual(DEFAULT);
    expect(await isDefault("old-cluster")).toEqual(DEFAULT);
    expect((await e2e.client.exportBuckets.list(GROUP)).results).toEqual([]);
  });
});
