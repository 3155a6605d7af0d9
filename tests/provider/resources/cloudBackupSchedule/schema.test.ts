import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { cloudBackupScheduleInputsSchema } from "../../../../provider/resources/cloudBackupSchedule/schema";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const BASE = { groupId: GROUP, clusterName: CLUSTER };
const ZONE = "5f1a0000000000000000e001";

function check(news: Record<string, unknown>) {
  return checkWith(cloudBackupScheduleInputsSchema, news);
}

const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const weekly = { frequencyInterval: 6, frequencyType: "weekly", retentionUnit: "weeks", retentionValue: 4 };

describe("CloudBackupSchedule check", () => {
  test("leaves every writable field unset when the program does not set it (unmanaged)", () => {
    expect(check(BASE)).toEqual({ inputs: { ...BASE, resetOnDelete: true }, failures: [] });
  });

  test("accepts every writable field and the update-only instructions", () => {
    const inputs = {
      ...BASE,
      autoCopySettingsEnabled: true,
      autoExportEnabled: true,
      copyPolicyItemsEnabled: true,
      copySettings: [
        {
          cloudProvider: "AWS",
          regionName: "US_WEST_2",
          frequencies: ["DAILY", "ON_DEMAND"],
          shouldCopyOplogs: true,
          zoneId: ZONE,
        },
        {
          cloudProvider: "GCP",
          regionName: "EUROPE_WEST_1",
          copyPolicyItems: [
            { frequencyType: "daily", retentionUnit: "days", retentionValue: 7 },
            { frequencyType: "ondemand" },
          ],
          lastNumberOfSnapshots: 500,
          shouldCopyOplogs: false,
          zoneId: ZONE,
        },
      ],
      export: { exportBucketId: "65f0c0ffee0000000000abcd", frequencyType: "monthly" },
      extraRetentionSettings: [{ frequencyType: "MONTHLY", retentionDays: 400 }],
      policies: [{ policyItems: [daily, weekly] }],
      referenceHourOfDay: 23,
      referenceMinuteOfHour: 59,
      restoreWindowDays: 3,
      useOrgAndGroupNamesInExportPrefix: true,
      deleteCopiedBackups: [{ cloudProvider: "AWS", regionName: "US_EAST_1", zoneId: ZONE }],
      updateSnapshots: true,
      deleteCopySnapshots: true,
      updateCopySnapshots: false,
      resetOnDelete: false,
      importId: `${GROUP}/${CLUSTER}`,
    };
    expect(check(inputs)).toEqual({ inputs, failures: [] });
  });

  test("applies the defaults inside a copy setting", () => {
    const result = check({
      ...BASE,
      copySettings: [
        { cloudProvider: "GCP", regionName: "EUROPE_WEST_1", frequencies: ["DAILY"], zoneId: ZONE },
      ],
    });
    expect(result.inputs.copySettings).toEqual([
      {
        cloudProvider: "GCP",
        regionName: "EUROPE_WEST_1",
        frequencies: ["DAILY"],
        shouldCopyOplogs: false,
        zoneId: ZONE,
      },
    ]);
  });

  test("requires the zone of a copy setting (frequencies are optional: deprecated in the contract)", () => {
    expect(
      check({ ...BASE, copySettings: [{ cloudProvider: "AWS", regionName: "US_EAST_1" }] }).failures,
    ).toEqual([{ property: "copySettings[0].zoneId", reason: "copySettings[0].zoneId is required" }]);
  });

  test("checks copy policy items: retention for a scheduled kind, none for on-demand, at most 6, the copy count 1-500", () => {
    const copy = (extra: Record<string, unknown>) => ({
      ...BASE,
      copySettings: [{ cloudProvider: "AWS", regionName: "US_EAST_1", zoneId: ZONE, ...extra }],
    });
    expect(
      check(
        copy({
          copyPolicyItems: [
            { frequencyType: "weekly", retentionUnit: "weeks" },
            { frequencyType: "ondemand", retentionUnit: "days", retentionValue: 3 },
            { frequencyType: "minutely", retentionUnit: "days", retentionValue: 1 },
          ],
          lastNumberOfSnapshots: 501,
        }),
      ).failures,
    ).toEqual([
      {
        property: "copySettings[0].copyPolicyItems[0].retentionValue",
        reason: "copySettings[0].copyPolicyItems[0].retentionValue is required for frequencyType weekly",
      },
      {
        property: "copySettings[0].copyPolicyItems[1].retentionUnit",
        reason:
          "copySettings[0].copyPolicyItems[1].retentionUnit must be left out for frequencyType ondemand (an on-demand copy keeps the snapshot's own retention)",
      },
      {
        property: "copySettings[0].copyPolicyItems[1].retentionValue",
        reason:
          "copySettings[0].copyPolicyItems[1].retentionValue must be left out for frequencyType ondemand (an on-demand copy keeps the snapshot's own retention)",
      },
      {
        property: "copySettings[0].copyPolicyItems[2].frequencyType",
        reason:
          'copySettings[0].copyPolicyItems[2].frequencyType must be one of "hourly", "daily", "weekly", "monthly", "yearly", "ondemand"',
      },
      {
        property: "copySettings[0].lastNumberOfSnapshots",
        reason: "copySettings[0].lastNumberOfSnapshots must be at most 500",
      },
    ]);
    const seven = Array.from({ length: 7 }, () => ({ frequencyType: "ondemand" }));
    expect(check(copy({ copyPolicyItems: seven })).failures).toEqual([
      {
        property: "copySettings[0].copyPolicyItems",
        reason: "copySettings[0].copyPolicyItems must contain at most 6 items",
      },
    ]);
  });

  test.each([
    ["hourly", 3, "1, 2, 4, 6, 8, 12"],
    ["daily", 2, "1"],
    ["weekly", 8, "1, 2, 3, 4, 5, 6, 7"],
    ["monthly", 29, "1 to 28, or 40 (the last day of the month)"],
    ["yearly", 13, "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12"],
  ])("rejects a %s item with frequencyInterval %s", (frequencyType, frequencyInterval, shown) => {
    const item = { frequencyType, frequencyInterval, retentionUnit: "days", retentionValue: 1 };
    expect(check({ ...BASE, policies: [{ policyItems: [item] }] }).failures).toEqual([
      {
        property: "policies[0].policyItems[0].frequencyInterval",
        reason: `policies[0].policyItems[0].frequencyInterval must be one of ${shown} for frequencyType ${frequencyType}; got ${frequencyInterval}`,
      },
    ]);
  });

  test("accepts the last day of the month (40) for a monthly item", () => {
    const item = {
      frequencyType: "monthly",
      frequencyInterval: 40,
      retentionUnit: "months",
      retentionValue: 12,
    };
    expect(check({ ...BASE, policies: [{ policyItems: [item] }] }).failures).toEqual([]);
  });

  test("rejects a policy without items", () => {
    expect(check({ ...BASE, policies: [{ policyItems: [] }] }).failures).toEqual([
      { property: "policies[0].policyItems", reason: "policies[0].policyItems must contain at least 1 item" },
    ]);
  });

  test.each([
    ["referenceHourOfDay", 24, "referenceHourOfDay must be at most 23"],
    ["referenceHourOfDay", -1, "referenceHourOfDay must be at least 0"],
    ["referenceMinuteOfHour", 60, "referenceMinuteOfHour must be at most 59"],
    ["referenceMinuteOfHour", 0.5, "referenceMinuteOfHour must be an integer; got number 0.5"],
    ["restoreWindowDays", 0, "restoreWindowDays must be greater than 0"],
  ])("rejects %s %s", (field, value, reason) => {
    expect(check({ ...BASE, [field]: value }).failures).toEqual([{ property: field, reason }]);
  });

  test("accepts the bounds of the reference time", () => {
    expect(check({ ...BASE, referenceHourOfDay: 0, referenceMinuteOfHour: 0 }).failures).toEqual([]);
  });

  test("rejects more than one policy", () => {
    expect(
      check({ ...BASE, policies: [{ policyItems: [daily] }, { policyItems: [weekly] }] }).failures,
    ).toEqual([{ property: "policies", reason: "policies must contain at most 1 item" }]);
  });

  test("rejects policy and item ids as inputs (they are outputs)", () => {
    expect(
      check({ ...BASE, policies: [{ id: "p1", policyItems: [{ ...daily, id: "i1" }] }] }).failures,
    ).toEqual([
      {
        property: "policies[0].policyItems[0].id",
        reason: "policies[0].policyItems[0].id is not a known input (check its spelling)",
      },
      { property: "policies[0].id", reason: "policies[0].id is not a known input (check its spelling)" },
    ]);
  });

  test("rejects resetOnDelete that is not a boolean", () => {
    expect(check({ ...BASE, resetOnDelete: "no" }).failures).toEqual([
      {
        property: "resetOnDelete",
        reason: 'resetOnDelete must be a boolean (true or false); got the string "no"',
      },
    ]);
  });

  test("rejects bad policy item fields, naming each", () => {
    expect(
      check({
        ...BASE,
        policies: [
          {
            policyItems: [
              { frequencyInterval: 0, frequencyType: "ondemand", retentionUnit: "hours", retentionValue: -2 },
            ],
          },
        ],
      }).failures,
    ).toEqual([
      {
        property: "policies[0].policyItems[0].frequencyInterval",
        reason: "policies[0].policyItems[0].frequencyInterval must be greater than 0",
      },
      {
        property: "policies[0].policyItems[0].frequencyType",
        reason:
          'policies[0].policyItems[0].frequencyType must be one of "hourly", "daily", "weekly", "monthly", "yearly"',
      },
      {
        property: "policies[0].policyItems[0].retentionUnit",
        reason: 'policies[0].policyItems[0].retentionUnit must be one of "days", "weeks", "months", "years"',
      },
      {
        property: "policies[0].policyItems[0].retentionValue",
        reason: "policies[0].policyItems[0].retentionValue must be greater than 0",
      },
    ]);
  });

  test("rejects two policy items with the same frequencyType and frequencyInterval", () => {
    expect(
      check({ ...BASE, policies: [{ policyItems: [daily, weekly, { ...daily, retentionValue: 14 }] }] })
        .failures,
    ).toEqual([
      {
        property: "policies[0].policyItems[2]",
        reason:
          "policies[0].policyItems[2] repeats frequencyType daily with frequencyInterval 1 (already at index 0); each pair may appear once",
      },
    ]);
  });

  test("rejects bad copy settings, export and extra retention fields", () => {
    expect(
      check({
        ...BASE,
        copySettings: [{ cloudProvider: "IBM", regionName: "", frequencies: ["daily"], zoneId: ZONE }],
        export: { exportBucketId: "bucket", frequencyType: "hourly" },
        extraRetentionSettings: [{ frequencyType: "monthly", retentionDays: 0 }],
        deleteCopiedBackups: [{ cloudProvider: "AWS", regionName: "US_EAST_1", zoneId: "zone-1" }],
      }).failures,
    ).toEqual([
      {
        property: "copySettings[0].cloudProvider",
        reason: 'copySettings[0].cloudProvider must be one of "AWS", "AZURE", "GCP"',
      },
      { property: "copySettings[0].regionName", reason: "copySettings[0].regionName must not be empty" },
      {
        property: "copySettings[0].frequencies[0]",
        reason:
          'copySettings[0].frequencies[0] must be one of "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "ON_DEMAND"',
      },
      {
        property: "export.exportBucketId",
        reason: "export.exportBucketId must be 24 hexadecimal digits (a-f, 0-9)",
      },
      {
        property: "export.frequencyType",
        reason: 'export.frequencyType must be one of "monthly", "yearly"',
      },
      {
        property: "extraRetentionSettings[0].frequencyType",
        reason:
          'extraRetentionSettings[0].frequencyType must be one of "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "ON_DEMAND"',
      },
      {
        property: "extraRetentionSettings[0].retentionDays",
        reason: "extraRetentionSettings[0].retentionDays must be greater than 0",
      },
      {
        property: "deleteCopiedBackups[0].zoneId",
        reason: "deleteCopiedBackups[0].zoneId must be 24 hexadecimal digits (a-f, 0-9)",
      },
    ]);
  });

  test("accepts a monthly or yearly export and refuses daily or weekly before any request (the service exports only monthly or yearly)", () => {
    const exportOf = (frequencyType: string) => ({
      ...BASE,
      export: { exportBucketId: "65f0c0ffee0000000000abcd", frequencyType },
    });
    expect(check(exportOf("monthly")).failures).toEqual([]);
    expect(check(exportOf("yearly")).failures).toEqual([]);
    for (const frequencyType of ["daily", "weekly"]) {
      expect(check(exportOf(frequencyType)).failures).toEqual([
        {
          property: "export.frequencyType",
          reason: 'export.frequencyType must be one of "monthly", "yearly"',
        },
      ]);
    }
  });

  test("rejects a bad clusterName and the read-only fields", () => {
    expect(
      check({ groupId: GROUP, clusterName: "-bad", nextSnapshot: "2025-01-01T00:00:00Z", clusterId: "x" })
        .failures,
    ).toEqual([
      {
        property: "clusterName",
        reason: "clusterName must start with a letter or digit and contain only letters, digits and dashes",
      },
      { property: "nextSnapshot", reason: "nextSnapshot is not a known input (check its spelling)" },
      { property: "clusterId", reason: "clusterId is not a known input (check its spelling)" },
    ]);
  });

  test("accepts importId naming the same cluster and rejects another or a malformed one", () => {
    expect(check({ ...BASE, importId: `${GROUP}/${CLUSTER}` }).failures).toEqual([]);
    expect(check({ ...BASE, importId: `${GROUP}/other-cluster` }).failures).toEqual([
      {
        property: "importId",
        reason: `importId names ${GROUP}/other-cluster but groupId/clusterName are ${GROUP}/${CLUSTER}; they must name the same cluster`,
      },
    ]);
    expect(check({ ...BASE, importId: `${GROUP}-${CLUSTER}` }).failures).toEqual([
      {
        property: "importId",
        reason: `importId must look like <groupId>/<clusterName>; got "${GROUP}-${CLUSTER}"`,
      },
    ]);
  });

  test("treats unknown values (preview) as unknown, not as errors", () => {
    const news = {
      ...BASE,
      export: { exportBucketId: UNKNOWN, frequencyType: "monthly" },
      referenceHourOfDay: UNKNOWN,
    };
    expect(check(news)).toEqual({ inputs: { ...news, resetOnDelete: true }, failures: [] });
  });
});
