import { UNKNOWN } from "../../../../provider/framework/validation";
import { resource as cloudBackupScheduleResource } from "../../../../provider/resources/cloudBackupSchedule/resource";
import { SCHEDULE_WRITABLE_FIELDS } from "../../../../provider/resources/cloudBackupSchedule/schema";

const provider = cloudBackupScheduleResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const ZONE = "5f1a0000000000000000e001";
const hourly = { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 2 };
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const copyA = {
  cloudProvider: "AWS",
  regionName: "US_WEST_2",
  frequencies: ["DAILY"],
  shouldCopyOplogs: false,
  zoneId: ZONE,
};
const copyB = {
  cloudProvider: "GCP",
  regionName: "EUROPE_WEST_1",
  copyPolicyItems: [
    { frequencyType: "daily", retentionUnit: "days", retentionValue: 7 },
    { frequencyType: "ondemand" },
  ],
  lastNumberOfSnapshots: 10,
  shouldCopyOplogs: true,
  zoneId: ZONE,
};
const IDENTITY = { groupId: GROUP, clusterName: "demo-cluster", resetOnDelete: true };
const LIVE = {
  autoCopySettingsEnabled: true,
  autoExportEnabled: true,
  copyPolicyItemsEnabled: true,
  copySettings: [copyA, copyB],
  export: { exportBucketId: "5f1a0000000000000000d001", frequencyType: "monthly" },
  extraRetentionSettings: [{ frequencyType: "MONTHLY", retentionDays: 400 }],
  policies: [
    {
      id: "5f1a0000000000000000f000",
      policyItems: [
        { id: "5f1a0000000000000000f001", ...hourly },
        { id: "5f1a0000000000000000f002", ...daily },
      ],
    },
  ],
  referenceHourOfDay: 12,
  referenceMinuteOfHour: 30,
  restoreWindowDays: 7,
  useOrgAndGroupNamesInExportPrefix: false,
};
const STATE = {
  ...IDENTITY,
  ...LIVE,
  clusterId: "5f1a000000000000000000b1",
  nextSnapshot: "2025-03-12T12:30:00Z",
};
const ALL_INPUTS = {
  ...IDENTITY,
  ...LIVE,
  policies: [{ policyItems: [hourly, daily] }],
};
const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);

describe("CloudBackupSchedule diff", () => {
  test("no change with every field set, and with none set (unmanaged)", async () => {
    expect(await diff(ALL_INPUTS)).toEqual({ changes: false, replaces: [] });
    expect(await diff(IDENTITY)).toEqual({ changes: false, replaces: [] });
  });

  test("a change of cluster or project replaces (never an update of the old cluster)", async () => {
    expect(await diff({ ...IDENTITY, clusterName: "sharded-cluster" })).toEqual({
      changes: true,
      replaces: ["clusterName"],
    });
    expect(await diff({ ...IDENTITY, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  const changed: Record<string, unknown> = {
    autoCopySettingsEnabled: false,
    autoExportEnabled: false,
    copyPolicyItemsEnabled: false,
    copySettings: [copyA],
    export: { exportBucketId: "5f1a0000000000000000d001", frequencyType: "yearly" },
    extraRetentionSettings: [{ frequencyType: "MONTHLY", retentionDays: 500 }],
    policies: [{ policyItems: [hourly, { ...daily, retentionValue: 14 }] }],
    referenceHourOfDay: 3,
    referenceMinuteOfHour: 0,
    restoreWindowDays: 2,
    useOrgAndGroupNamesInExportPrefix: true,
  };
  test.each(SCHEDULE_WRITABLE_FIELDS)("%s updates in place", async (field) => {
    expect(await diff({ ...IDENTITY, [field]: changed[field] })).toEqual({ changes: true, replaces: [] });
  });

  test("a copy policy item's retention is a change of copySettings", async () => {
    const longer = {
      ...copyB,
      copyPolicyItems: [
        { frequencyType: "daily", retentionUnit: "days", retentionValue: 14 },
        { frequencyType: "ondemand" },
      ],
    };
    expect(await diff({ ...IDENTITY, copySettings: [copyA, longer] })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("policy items and copy settings in another order are no change", async () => {
    expect(
      await diff({ ...IDENTITY, policies: [{ policyItems: [daily, hourly] }], copySettings: [copyB, copyA] }),
    ).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("an added or removed policy item is a change", async () => {
    expect(await diff({ ...IDENTITY, policies: [{ policyItems: [daily] }] })).toEqual({
      changes: true,
      replaces: [],
    });
    const weekly = {
      frequencyInterval: 6,
      frequencyType: "weekly",
      retentionUnit: "weeks",
      retentionValue: 4,
    };
    expect(await diff({ ...IDENTITY, policies: [{ policyItems: [hourly, daily, weekly] }] })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("the update-only instructions and importId are never a change; resetOnDelete is", async () => {
    expect(
      await diff({
        ...IDENTITY,
        updateSnapshots: true,
        deleteCopiedBackups: [{ cloudProvider: "AWS", regionName: "US_EAST_1", zoneId: ZONE }],
        deleteCopySnapshots: true,
        updateCopySnapshots: true,
        importId: `${GROUP}/demo-cluster`,
      }),
    ).toEqual({ changes: false, replaces: [] });
    expect(await diff({ ...IDENTITY, resetOnDelete: false })).toEqual({ changes: true, replaces: [] });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...IDENTITY, export: UNKNOWN })).toEqual({ changes: true, replaces: [] });
  });
});
