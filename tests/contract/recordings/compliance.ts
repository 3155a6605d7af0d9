/**
 * The recorded exchanges of the backup compliance policy (issue 38): each vendor test enables or
 * sets up a policy in a new project and then reads or changes it, so each scenario is one such
 * sequence: a PUT answers ENABLING (a new policy) or UPDATING (a change), and the read after
 * `--watch` shows ACTIVE. The vendor's client changes a policy by reading it and sending it back
 * with one field changed (internal/store/backup_compliance.go); its SDK leaves the read-only fields
 * (state, updatedDate, updatedUser, deletable, the items' ids) out of the body. See expectations.ts
 * for the form.
 */
import {
  E2E,
  type RecordedExpectation,
  type RecordedScenario,
  recordedRead,
  type ScenarioContext,
  type Shape,
} from "./expectations";

const FOLDER = `${E2E}/backup/compliancepolicy`;
const FIELDS: Readonly<Record<string, Shape>> = {
  authorizedEmail: "string",
  authorizedUserFirstName: "string",
  authorizedUserLastName: "string",
  copyProtectionEnabled: { value: false },
  deletable: "boolean",
  encryptionAtRestEnabled: { value: false },
  onDemandPolicyItem: "null",
  pitEnabled: { value: false },
  projectId: "id",
  restoreWindowDays: { value: 0 },
  scheduledPolicyItems: "array",
  updatedDate: "date",
  updatedUser: "string",
};
const ENABLING: Readonly<Record<string, Shape>> = { ...FIELDS, state: { value: "ENABLING" } };
const ACTIVE: Readonly<Record<string, Shape>> = { ...FIELDS, state: { value: "ACTIVE" } };
const UPDATING: Readonly<Record<string, Shape>> = { ...FIELDS, state: { value: "UPDATING" } };
const PATH = "/groups/{groupId}/backupCompliancePolicy";
const VERSION = "2023-10-01";
/** The authorized user the vendor's tests name (test/internal/helper.go). */
const AUTHORIZED = {
  authorizedEmail: "firstname.lastname@example.com",
  authorizedUserFirstName: "firstname",
  authorizedUserLastName: "lastname",
};

/** `atlas backups compliancePolicy enable` (EnableCompliancePolicy): NewDataProtectionSettings20231001
 * with the SDK's defaults, projectId set; also the body of a read policy sent back (the same fields). */
function fullPolicy(groupId: string, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...AUTHORIZED,
    copyProtectionEnabled: false,
    encryptionAtRestEnabled: false,
    onDemandPolicyItem: null,
    pitEnabled: false,
    projectId: groupId,
    restoreWindowDays: 0,
    scheduledPolicyItems: [],
    ...changes,
  };
}

/** `atlas backups compliancePolicy setup --file`: the test's DataProtectionSettings20231001 with
 * only the set fields (the SDK omits the others). */
function setupPolicy(groupId: string, frequencyType: "hourly" | "daily"): Record<string, unknown> {
  return {
    ...AUTHORIZED,
    projectId: groupId,
    scheduledPolicyItems: [{ frequencyInterval: 1, frequencyType, retentionUnit: "days", retentionValue: 1 }],
  };
}

/** One recorded test's folder and project id (as in its file names). */
function recordings(folder: string, test: string, projectId: string) {
  return (subtest: string, method: "GET" | "PUT", n = 1) =>
    `${FOLDER}/${folder}/testdata/.snapshots/${test}/${subtest === "" ? "" : `${subtest}/`}${method}_api_atlas_v2_groups_${projectId}_backupCompliancePolicy_${n}.snaphost`;
}

function put(
  name: string,
  recording: string,
  recorded: string,
  sentBy: string,
  body: Record<string, unknown>,
  fields: Readonly<Record<string, Shape>>,
): RecordedExpectation {
  return {
    name,
    recording,
    recorded,
    sentBy,
    method: "PUT",
    path: PATH,
    version: VERSION,
    body,
    status: 200,
    headers: { rateLimit: true },
    fields,
  };
}

function get(
  name: string,
  recording: string,
  recorded: string,
  sentBy: string,
  waited: number,
  fields: Readonly<Record<string, Shape>>,
): RecordedExpectation {
  return recordedRead({ name, recording, recorded, sentBy, waited, path: PATH, version: VERSION, fields });
}

const ENABLE_SOURCE = "internal/store/backup_compliance.go (EnableCompliancePolicy)";
const WATCH_SOURCE = "internal/cli/backup/compliancepolicy (--watch: polls until ACTIVE)";

export function complianceScenarios(context: ScenarioContext): readonly RecordedScenario[] {
  const { groupId } = context;
  const enable = recordings(
    "backupcompliancepolicyenable",
    "TestBackupCompliancePolicyEnable",
    "6a793f7e2c88faeba59bbb9b",
  );
  const describe = recordings(
    "backupcompliancepolicydescribe",
    "TestBackupCompliancePolicyDescribe",
    "6a793f6cc0eb9e7a17715916",
  );
  const copy = recordings(
    "backupcompliancepolicycopyprotection",
    "TestBackupCompliancePolicyCopyProtection",
    "6a793f4d2c88faeba59b9962",
  );
  const pit = recordings(
    "backupcompliancepolicypitrestore",
    "TestBackupCompliancePolicyPointInTimeRestore",
    "6a793f89c0eb9e7a17716588",
  );
  const policies = recordings(
    "backupcompliancepolicypoliciesdescribe",
    "TestBackupCompliancePolicyPoliciesDescribe",
    "6a793f9ec0eb9e7a17716de0",
  );
  const setup = recordings(
    "backupcompliancepolicysetup",
    "TestBackupCompliancePolicySetup",
    "6a793fb1c0eb9e7a177175fe",
  );
  const copyProtected: Readonly<Record<string, Shape>> = { copyProtectionEnabled: { value: true } };
  const hourly = setupPolicy(groupId, "hourly");
  return [
    {
      name: "compliance policy enable",
      vendorTest: `${FOLDER}/backupcompliancepolicyenable/backup_compliancepolicy_enable_test.go`,
      exchanges: [
        put(
          "compliance policy enable",
          enable("", "PUT"),
          "2026-08-10T03:03:32Z",
          `${ENABLE_SOURCE}: NewDataProtectionSettings20231001 with the SDK's defaults, projectId set`,
          fullPolicy(groupId),
          ENABLING,
        ),
      ],
    },
    {
      name: "compliance policy describe",
      vendorTest: `${FOLDER}/backupcompliancepolicydescribe/backup_compliancepolicy_describe_test.go`,
      exchanges: [
        put(
          "compliance policy describe: enable",
          describe("", "PUT"),
          "2026-08-10T03:03:14Z",
          ENABLE_SOURCE,
          fullPolicy(groupId),
          ENABLING,
        ),
        get(
          "compliance policy describe",
          describe("", "GET"),
          "2026-08-10T03:03:18Z",
          "internal/cli/backup/compliancepolicy/describe.go (after enable --watch saw ACTIVE)",
          1,
          ACTIVE,
        ),
      ],
    },
    {
      name: "compliance policy copy protection",
      vendorTest: `${FOLDER}/backupcompliancepolicycopyprotection/backup_compliancepolicy_copyprotection_test.go`,
      exchanges: [
        put(
          "copy protection: enable policy",
          copy("", "PUT"),
          "2026-08-10T03:02:43Z",
          ENABLE_SOURCE,
          fullPolicy(groupId),
          ENABLING,
        ),
        get(
          "copy protection: policy watch",
          copy("", "GET"),
          "2026-08-10T03:02:46Z",
          WATCH_SOURCE,
          1,
          ACTIVE,
        ),
        get(
          "copy protection: enable read",
          copy("enable", "GET"),
          "2026-08-10T03:02:50Z",
          "internal/store/backup_compliance.go (EnableCopyProtection reads the policy)",
          0,
          ACTIVE,
        ),
        put(
          "copy protection: enable",
          copy("enable", "PUT"),
          "2026-08-10T03:02:53Z",
          "internal/store/backup_compliance.go (EnableCopyProtection: the read policy, copyProtectionEnabled true)",
          fullPolicy(groupId, { copyProtectionEnabled: true }),
          { ...UPDATING, ...copyProtected },
        ),
        get(
          "copy protection: enable watch",
          copy("enable", "GET", 2),
          "2026-08-10T03:02:57Z",
          WATCH_SOURCE,
          1,
          {
            ...ACTIVE,
            ...copyProtected,
          },
        ),
        get(
          "copy protection: disable read",
          copy("disable", "GET"),
          "2026-08-10T03:03:00Z",
          "internal/store/backup_compliance.go (DisableCopyProtection reads the policy)",
          0,
          { ...ACTIVE, ...copyProtected },
        ),
        put(
          "copy protection: disable",
          copy("disable", "PUT"),
          "2026-08-10T03:03:03Z",
          "internal/store/backup_compliance.go (DisableCopyProtection: the read policy, copyProtectionEnabled false)",
          fullPolicy(groupId),
          UPDATING,
        ),
      ],
    },
    {
      name: "compliance policy point in time restore",
      vendorTest: `${FOLDER}/backupcompliancepolicypitrestore/backup_compliancepolicy_pitrestore_test.go`,
      exchanges: [
        put(
          "point in time restore: setup",
          pit("", "PUT"),
          "2026-08-10T03:03:43Z",
          "test/internal/helper.go (SetupCompliancePolicy: setup --file with an hourly item)",
          hourly,
          ENABLING,
        ),
        get(
          "point in time restore: setup watch",
          pit("", "GET"),
          "2026-08-10T03:03:46Z",
          WATCH_SOURCE,
          1,
          ACTIVE,
        ),
        get(
          "point in time restore: enable read",
          pit("enable", "GET"),
          "2026-08-10T03:03:50Z",
          "internal/store/backup_compliance.go (EnablePointInTimeRestore reads the policy)",
          0,
          ACTIVE,
        ),
        put(
          "point in time restore: enable",
          pit("enable", "PUT"),
          "2026-08-10T03:03:53Z",
          "internal/store/backup_compliance.go (EnablePointInTimeRestore: the read policy, pitEnabled true, --restoreWindowDays 1)",
          fullPolicy(groupId, {
            pitEnabled: true,
            restoreWindowDays: 1,
            scheduledPolicyItems: hourly.scheduledPolicyItems,
          }),
          { ...UPDATING, pitEnabled: { value: true }, restoreWindowDays: { value: 1 } },
        ),
      ],
    },
    {
      name: "compliance policy policies describe",
      vendorTest: `${FOLDER}/backupcompliancepolicypoliciesdescribe/backup_compliancepolicy_policies_describe_test.go`,
      exchanges: [
        put(
          "policies describe: enable",
          policies("", "PUT"),
          "2026-08-10T03:04:05Z",
          ENABLE_SOURCE,
          fullPolicy(groupId),
          ENABLING,
        ),
        get(
          "policies describe",
          policies("", "GET"),
          "2026-08-10T03:04:08Z",
          "internal/cli/backup/compliancepolicy/policies/describe.go (after enable --watch saw ACTIVE)",
          1,
          ACTIVE,
        ),
      ],
    },
    {
      name: "compliance policy setup",
      vendorTest: `${FOLDER}/backupcompliancepolicysetup/backup_compliancepolicy_setup_test.go`,
      exchanges: [
        put(
          "compliance policy setup",
          setup("", "PUT"),
          "2026-08-10T03:04:22Z",
          "internal/cli/backup/compliancepolicy/setup.go (--file: a daily item, the authorized user, projectId)",
          setupPolicy(groupId, "daily"),
          ENABLING,
        ),
      ],
    },
  ];
}
