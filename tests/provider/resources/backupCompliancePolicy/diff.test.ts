import { UNKNOWN } from "../../../../provider/framework/validation";
import { POLICY_FIELDS } from "../../../../provider/resources/backupCompliancePolicy/model";
import { resource as backupCompliancePolicyResource } from "../../../../provider/resources/backupCompliancePolicy/resource";

const provider = backupCompliancePolicyResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const hourly = { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 7 };
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 };
const onDemand = {
  frequencyInterval: 0,
  frequencyType: "ondemand",
  retentionUnit: "days",
  retentionValue: 3,
};
const INPUTS = {
  groupId: GROUP,
  authorizedEmail: "ada@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
  copyProtectionEnabled: false,
  encryptionAtRestEnabled: false,
  pitEnabled: true,
  restoreWindowDays: 2,
  onDemandPolicyItem: onDemand,
  scheduledPolicyItems: [hourly, daily],
  overwriteBackupPolicies: true,
  keepEnabledOnDelete: false,
};
const STATE = {
  ...INPUTS,
  onDemandPolicyItem: { id: "5f1a0000000000000000f003", ...onDemand },
  scheduledPolicyItems: [
    { id: "5f1a0000000000000000f001", ...hourly },
    { id: "5f1a0000000000000000f002", ...daily },
  ],
  projectId: GROUP,
  state: "ACTIVE",
  deletable: false,
  updatedDate: "2025-03-12T00:00:00Z",
  updatedUser: "demo-public-key",
};
const diff = (news: Record<string, unknown>) => provider.diff(GROUP, { ...STATE }, news);

describe("BackupCompliancePolicy diff", () => {
  test("no change: item ids (outputs) are not compared", async () => {
    expect(await diff(INPUTS)).toEqual({ changes: false, replaces: [] });
  });

  test("scheduled items in another order are no change (matched by frequencyType + frequencyInterval)", async () => {
    expect(await diff({ ...INPUTS, scheduledPolicyItems: [daily, hourly] })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("a project change replaces", async () => {
    expect(await diff({ ...INPUTS, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  const changed: Record<string, unknown> = {
    authorizedEmail: "augusta@example.com",
    authorizedUserFirstName: "Augusta",
    authorizedUserLastName: "King",
    copyProtectionEnabled: true,
    encryptionAtRestEnabled: true,
    pitEnabled: false,
    restoreWindowDays: 3,
    onDemandPolicyItem: { ...onDemand, retentionValue: 4 },
    scheduledPolicyItems: [hourly, { ...daily, retentionValue: 8 }],
  };
  test.each(POLICY_FIELDS)("%s updates in place", async (field) => {
    expect(await diff({ ...INPUTS, [field]: changed[field] })).toEqual({ changes: true, replaces: [] });
  });

  test("a removed scheduled item or a removed restore window is a change", async () => {
    expect(await diff({ ...INPUTS, scheduledPolicyItems: [hourly] })).toEqual({
      changes: true,
      replaces: [],
    });
    const { restoreWindowDays: _r, ...withoutWindow } = INPUTS;
    expect(await diff(withoutWindow)).toEqual({ changes: true, replaces: [] });
  });

  test("keepEnabledOnDelete and timeouts update (delete reads them from state); overwriteBackupPolicies and importId never change", async () => {
    expect(await diff({ ...INPUTS, keepEnabledOnDelete: true })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ ...INPUTS, timeouts: { create: "1h" } })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ ...INPUTS, overwriteBackupPolicies: false, importId: GROUP })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...INPUTS, authorizedEmail: UNKNOWN })).toEqual({ changes: true, replaces: [] });
  });
});
