import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { backupCompliancePolicyInputsSchema } from "../../../../provider/resources/backupCompliancePolicy/schema";

const GROUP = "5f1a000000000000000000a1";
const PERSON = {
  authorizedEmail: "ada@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
};

function check(news: Record<string, unknown>) {
  return checkWith(backupCompliancePolicyInputsSchema, news);
}

const hourly = { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 7 };
const daily = { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "weeks", retentionValue: 2 };

describe("BackupCompliancePolicy check", () => {
  test("applies the defaults of every optional field (a PUT without them sets them)", () => {
    expect(check({ groupId: GROUP, ...PERSON })).toEqual({
      inputs: {
        groupId: GROUP,
        ...PERSON,
        copyProtectionEnabled: false,
        encryptionAtRestEnabled: false,
        pitEnabled: false,
        scheduledPolicyItems: [],
        overwriteBackupPolicies: true,
        keepEnabledOnDelete: false,
      },
      failures: [],
    });
  });

  test("defaults the on-demand item's frequencyType and frequencyInterval", () => {
    const result = check({
      groupId: GROUP,
      ...PERSON,
      onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
    });
    expect(result.failures).toEqual([]);
    expect(result.inputs.onDemandPolicyItem).toEqual({
      frequencyInterval: 0,
      frequencyType: "ondemand",
      retentionUnit: "days",
      retentionValue: 3,
    });
  });

  test("requires the authorized user's email, first and last name", () => {
    expect(check({ groupId: GROUP }).failures).toEqual([
      { property: "authorizedEmail", reason: "authorizedEmail is required" },
      { property: "authorizedUserFirstName", reason: "authorizedUserFirstName is required" },
      { property: "authorizedUserLastName", reason: "authorizedUserLastName is required" },
    ]);
  });

  test("rejects an email that is not an email address and blank names", () => {
    expect(
      check({ groupId: GROUP, ...PERSON, authorizedEmail: "ada", authorizedUserFirstName: " " }).failures,
    ).toEqual([
      { property: "authorizedEmail", reason: "authorizedEmail must be a valid email" },
      { property: "authorizedUserFirstName", reason: "authorizedUserFirstName must not be empty" },
    ]);
  });

  test.each([-1, 1.5])(
    "rejects restoreWindowDays %s (a whole number of days, 0 or more)",
    (restoreWindowDays) => {
      const reason =
        restoreWindowDays === 1.5
          ? "restoreWindowDays must be an integer; got number 1.5"
          : "restoreWindowDays must be at least 0";
      expect(check({ groupId: GROUP, ...PERSON, restoreWindowDays }).failures).toEqual([
        { property: "restoreWindowDays", reason },
      ]);
    },
  );

  test("accepts restoreWindowDays 0, as the service does", () => {
    // The vendor's client sends 0 and the service answers 200 (mongodb-atlas-cli
    // TestBackupCompliancePolicyEnable, recorded 2026-08-10).
    expect(
      check({ groupId: GROUP, ...PERSON, restoreWindowDays: 0, scheduledPolicyItems: [] }).failures,
    ).toEqual([]);
  });

  test("rejects restoreWindowDays beyond the hourly retention, accepts it up to that", () => {
    expect(
      check({ groupId: GROUP, ...PERSON, restoreWindowDays: 7, scheduledPolicyItems: [hourly] }).failures,
    ).toEqual([]);
    expect(
      check({ groupId: GROUP, ...PERSON, restoreWindowDays: 8, scheduledPolicyItems: [hourly, daily] })
        .failures,
    ).toEqual([
      {
        property: "restoreWindowDays",
        reason: "restoreWindowDays (8) may not exceed the hourly retention (7 days)",
      },
    ]);
  });

  test("requires restoreWindowDays when pitEnabled is true", () => {
    expect(check({ groupId: GROUP, ...PERSON, pitEnabled: true }).failures).toEqual([
      {
        property: "restoreWindowDays",
        reason: "restoreWindowDays is required when pitEnabled is true (the continuous backup window)",
      },
    ]);
    expect(check({ groupId: GROUP, ...PERSON, pitEnabled: true, restoreWindowDays: 2 }).failures).toEqual([]);
  });

  test("rejects a frequencyInterval its frequencyType does not allow, and an on-demand interval other than 0", () => {
    expect(
      check({
        groupId: GROUP,
        ...PERSON,
        onDemandPolicyItem: { frequencyInterval: 1, retentionUnit: "days", retentionValue: 1 },
        scheduledPolicyItems: [{ ...hourly, frequencyInterval: 5 }],
      }).failures,
    ).toEqual([
      {
        property: "onDemandPolicyItem.frequencyInterval",
        reason: "onDemandPolicyItem.frequencyInterval must be 0",
      },
      {
        property: "scheduledPolicyItems[0].frequencyInterval",
        reason:
          "scheduledPolicyItems[0].frequencyInterval must be one of 1, 2, 4, 6, 8, 12 for frequencyType hourly; got 5",
      },
    ]);
  });

  test("does not judge restoreWindowDays against an hourly retention that is unknown (preview)", () => {
    const result = check({
      groupId: GROUP,
      ...PERSON,
      restoreWindowDays: 30,
      scheduledPolicyItems: [{ ...hourly, retentionValue: UNKNOWN }],
    });
    expect(result.failures).toEqual([]);
  });

  test("rejects bad policy item fields, naming each", () => {
    expect(
      check({
        groupId: GROUP,
        ...PERSON,
        onDemandPolicyItem: { frequencyType: "daily", retentionUnit: "hours", retentionValue: 1 },
        scheduledPolicyItems: [
          {
            frequencyInterval: 0,
            frequencyType: "ondemand",
            retentionUnit: "days",
            retentionValue: 0,
            id: "x",
          },
        ],
      }).failures,
    ).toEqual([
      {
        property: "onDemandPolicyItem.frequencyType",
        reason: 'onDemandPolicyItem.frequencyType must be "ondemand"',
      },
      {
        property: "onDemandPolicyItem.retentionUnit",
        reason: 'onDemandPolicyItem.retentionUnit must be one of "days", "weeks", "months", "years"',
      },
      {
        property: "scheduledPolicyItems[0].frequencyInterval",
        reason: "scheduledPolicyItems[0].frequencyInterval must be greater than 0",
      },
      {
        property: "scheduledPolicyItems[0].frequencyType",
        reason:
          'scheduledPolicyItems[0].frequencyType must be one of "hourly", "daily", "weekly", "monthly", "yearly"',
      },
      {
        property: "scheduledPolicyItems[0].retentionValue",
        reason: "scheduledPolicyItems[0].retentionValue must be greater than 0",
      },
      {
        property: "scheduledPolicyItems[0].id",
        reason: "scheduledPolicyItems[0].id is not a known input (check its spelling)",
      },
    ]);
  });

  test("rejects two scheduled items with the same frequencyType and frequencyInterval", () => {
    expect(
      check({
        groupId: GROUP,
        ...PERSON,
        scheduledPolicyItems: [daily, hourly, { ...daily, retentionValue: 9 }],
      }).failures,
    ).toEqual([
      {
        property: "scheduledPolicyItems[2]",
        reason:
          "scheduledPolicyItems[2] repeats frequencyType daily with frequencyInterval 1 (already at index 0); each pair may appear once",
      },
    ]);
  });

  test("rejects the read-only fields as inputs", () => {
    expect(check({ groupId: GROUP, ...PERSON, state: "ACTIVE", projectId: GROUP }).failures).toEqual([
      { property: "state", reason: "state is not a known input (check its spelling)" },
      { property: "projectId", reason: "projectId is not a known input (check its spelling)" },
    ]);
  });

  test("accepts importId naming the same project and rejects another", () => {
    expect(check({ groupId: GROUP, ...PERSON, importId: GROUP }).failures).toEqual([]);
    expect(check({ groupId: GROUP, ...PERSON, importId: "x" }).failures).toEqual([
      {
        property: "importId",
        reason:
          'importId must look like <groupId>: groupId must be 24 hexadecimal digits (a-f, 0-9); got "x"',
      },
    ]);
  });

  test("validates timeouts and the two behaviour flags", () => {
    expect(
      check({
        groupId: GROUP,
        ...PERSON,
        timeouts: { creat: "1m" },
        keepEnabledOnDelete: "yes",
        overwriteBackupPolicies: 0,
      }).failures,
    ).toEqual([
      {
        property: "overwriteBackupPolicies",
        reason: "overwriteBackupPolicies must be a boolean (true or false); got number 0",
      },
      {
        property: "keepEnabledOnDelete",
        reason: 'keepEnabledOnDelete must be a boolean (true or false); got the string "yes"',
      },
      { property: "timeouts.creat", reason: "timeouts.creat is not a known input (check its spelling)" },
    ]);
  });

  test("treats unknown values (preview) as unknown, not as errors", () => {
    expect(check({ groupId: GROUP, ...PERSON, authorizedEmail: UNKNOWN, pitEnabled: UNKNOWN })).toEqual({
      inputs: {
        groupId: GROUP,
        ...PERSON,
        authorizedEmail: UNKNOWN,
        copyProtectionEnabled: false,
        encryptionAtRestEnabled: false,
        pitEnabled: UNKNOWN,
        scheduledPolicyItems: [],
        overwriteBackupPolicies: true,
        keepEnabledOnDelete: false,
      },
      failures: [],
    });
  });
});
