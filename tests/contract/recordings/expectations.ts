/**
 * The real service's recorded answers, as facts (issue 38): the second oracle beside the vendored
 * contract (docs/contract-check.md, "The second oracle"). The vendor's command-line client keeps
 * recordings of the service under `test/e2e/**\/testdata/.snapshots/*.snaphost` in
 * github.com/mongodb/mongodb-atlas-cli (read at commit 8ddea41a82ec904146d5f1b8d6578acedcc4a3a6,
 * 2026-08-21); each exchange below carries the facts of one recording (status, the headers that
 * matter, the body's field names and value shapes), not the file, with its path and the date it
 * was recorded. The request is the one the recorded command sent, read from the vendor's test and
 * command source (`sentBy`). Names are the service's (`atlas`): the test serves them with the
 * emulator's `serviceName: "atlas"` and reads field names through api/openapi/rename-map.json (the
 * service's `atlasAWSAccountArn` is our `platformAWSAccountArn`), as the vendored contract does.
 */

/** A value's shape in a recorded body: its JSON type, or a fixed value the service answered. */
export type Shape =
  | "string"
  | "number"
  | "boolean"
  | "array"
  | "object"
  | "null"
  /** A 24-hex object id. */
  | "id"
  /** An ISO-8601 instant. */
  | "date"
  | { readonly value: string | number | boolean };

/** One recorded exchange. Path templates take `{groupId}`, `{clusterName}` and the ids earlier
 * exchanges of the same scenario captured (`capture`). */
export interface RecordedExpectation {
  /** Unique name; allowed differences and the test's output use it. */
  readonly name: string;
  /** The recording's path in the vendor repository. */
  readonly recording: string;
  /** The recording's Date header (UTC). */
  readonly recorded: string;
  /** The vendor source the request was read from. */
  readonly sentBy: string;
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  readonly path: string;
  /** The resource version the recorded answer names in its Content-Type (sent as Accept). */
  readonly version: string;
  readonly body?: Record<string, unknown>;
  readonly status: number;
  /** Headers the answer carries (lower case); `location` is a path template the header ends with. */
  readonly headers: { readonly location?: string; readonly rateLimit: boolean };
  /** The body's fields (top level) and their shapes; undefined for an answer without a body. */
  readonly fields?: Readonly<Record<string, Shape>>;
  /** The answer is a JSON array: each element's shape, or its fields and their shapes. */
  readonly elements?: Shape | Readonly<Record<string, Shape>>;
  /** The recorded command waited between its previous exchange and this one (`--watch`, a test's
   * retries): the share of the emulator's asynchronous delay the test lets pass first. 1 lets every
   * transition finish; 0.5 reaches the middle of a three-state lifecycle (queued -> inProgress ->
   * completed shows inProgress). */
  readonly waited?: number;
  /** Names a field of the answer to reuse in later paths as `{<as>}`. */
  readonly capture?: { readonly field: string; readonly as: string };
}

/** A cluster a scenario needs: its project (`{groupId}` or `{targetGroupId}`) and recorded name. */
export interface RecordedCluster {
  readonly groupId: string;
  readonly name: string;
}

/** The project, organization and objects the scenarios run against. */
export interface ScenarioContext {
  readonly groupId: string;
  /** A second project of the organization (the target of an automated restore). */
  readonly targetGroupId: string;
  /** An authorized AWS IAM role of `groupId` (export buckets name it). */
  readonly awsRoleId: string;
  /** A cluster of `groupId` the scenarios without their own cluster use. */
  readonly clusterName: string;
}

/** Exchanges that run in order against one emulator (a recorded test's sequence). */
export interface RecordedScenario {
  readonly name: string;
  /** The vendor's e2e test the recordings belong to. */
  readonly vendorTest: string;
  /** The clusters the vendor's test created before the recorded exchanges (its setup is out of this
   * project's scope: the clusters API): the test creates them, with the recorded names, through the
   * emulator's control API (`POST /__emulator/clusters`). */
  readonly clusters?: readonly RecordedCluster[];
  readonly exchanges: readonly RecordedExpectation[];
}

export const E2E = "test/e2e/atlas";

/** A recorded read: a GET the service answered 200, with its rate-limit headers (most steps of a
 * watched sequence). */
export function recordedRead(
  read: Omit<RecordedExpectation, "method" | "status" | "headers">,
): RecordedExpectation {
  return { ...read, method: "GET", status: 200, headers: { rateLimit: true } };
}

const ALERT_CONFIG_FIELDS: Readonly<Record<string, Shape>> = {
  created: "date",
  enabled: "boolean",
  eventTypeName: { value: "NO_PRIMARY" },
  groupId: "id",
  id: "id",
  links: "array",
  matchers: "array",
  notifications: "array",
  updated: "date",
};

const ALERT_SNAPSHOTS = `${E2E}/generic/alertsettings/testdata/.snapshots/TestAlertConfig`;
const ALERT_SOURCE = "internal/cli/alerts/settings/settings.go (NewAlertConfiguration)";
/** The body `atlas alerts settings create/update` sends for the test's flags
 * (test/e2e/atlas/generic/alertsettings/alert_settings_test.go): groupId always set. */
function alertConfigBody(groupId: string, enabled: boolean, smsEnabled: boolean): Record<string, unknown> {
  return {
    groupId,
    eventTypeName: "NO_PRIMARY",
    enabled,
    notifications: [{ typeName: "GROUP", delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled }],
  };
}

const AUDIT_SNAPSHOTS = `${E2E}/generic/auditing/testdata/.snapshots/TestAuditing`;
const DNS_SNAPSHOTS = `${E2E}/generic/customdns/testdata/.snapshots/TestCustomDNS`;
const SCHEDULE_SNAPSHOTS = `${E2E}/backup/schedule/backupschedule/testdata/.snapshots/TestSchedule`;
const SCHEDULE_FIELDS: Readonly<Record<string, Shape>> = {
  autoExportEnabled: "boolean",
  clusterId: "id",
  clusterName: "string",
  copySettings: "array",
  links: "array",
  policies: "array",
  referenceHourOfDay: "number",
  referenceMinuteOfHour: "number",
  restoreWindowDays: "number",
  useOrgAndGroupNamesInExportPrefix: "boolean",
};
const ACCESS_SNAPSHOTS = `${E2E}/generic/accessroles/testdata/.snapshots/TestAccessRoles`;
const AWS_ROLE_FIELDS: Readonly<Record<string, Shape>> = {
  atlasAWSAccountArn: "string",
  atlasAssumedRoleExternalId: "string",
  authorizedDate: "null",
  createdDate: "date",
  featureUsages: "array",
  iamAssumedRoleArn: "null",
  providerName: { value: "AWS" },
  roleId: "id",
};
const BUCKET_SNAPSHOTS = `${E2E}/backup/exports/buckets/backupexportbuckets/testdata/.snapshots/TestExportBuckets`;
const BUCKET_FIELDS: Readonly<Record<string, Shape>> = {
  _id: "id",
  bucketName: { value: "test-bucket" },
  cloudProvider: { value: "AWS" },
  iamRoleId: "id",
  requirePrivateNetworking: { value: false },
};
const LINK_SNAPSHOTS = `${E2E}/livemigrations/livemigrations/testdata/.snapshots/TestLinkToken`;

/** The recorded scenarios of the project-level settings and objects (alert configurations, auditing,
 * custom DNS, backup schedule, compliance policy, cloud provider access, export buckets, link
 * tokens; paths take the organization as `{orgId}`). */
export function projectScenarios(context: ScenarioContext): readonly RecordedScenario[] {
  const { groupId, clusterName, awsRoleId } = context;
  return [
    {
      name: "alert configuration",
      vendorTest: `${E2E}/generic/alertsettings/alert_settings_test.go`,
      exchanges: [
        {
          name: "alert configuration create",
          recording: `${ALERT_SNAPSHOTS}/Create/POST_api_atlas_v2_groups_b0123456789abcdef012345b_alertConfigs_1.snaphost`,
          recorded: "2026-08-10T03:04:14Z",
          sentBy: ALERT_SOURCE,
          method: "POST",
          path: "/groups/{groupId}/alertConfigs",
          version: "2023-01-01",
          body: alertConfigBody(groupId, true, false),
          status: 201,
          headers: { location: "/groups/{groupId}/alertConfigs/{alertConfigId}", rateLimit: true },
          fields: ALERT_CONFIG_FIELDS,
          capture: { field: "id", as: "alertConfigId" },
        },
        {
          name: "alert configuration describe",
          recording: `${ALERT_SNAPSHOTS}/Describe/GET_api_atlas_v2_groups_b0123456789abcdef012345b_alertConfigs_6a793faec0eb9e7a177175e1_1.snaphost`,
          recorded: "2026-08-10T03:04:18Z",
          sentBy: "internal/cli/alerts/settings/describe.go",
          method: "GET",
          path: "/groups/{groupId}/alertConfigs/{alertConfigId}",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: ALERT_CONFIG_FIELDS,
        },
        ...(["List", "List_Compact"] as const).map(
          (subtest, n): RecordedExpectation => ({
            name: `alert configuration list${n === 0 ? "" : " compact"}`,
            recording: `${ALERT_SNAPSHOTS}/${subtest}/GET_api_atlas_v2_groups_b0123456789abcdef012345b_alertConfigs_1.snaphost`,
            recorded: n === 0 ? "2026-08-10T03:04:22Z" : "2026-08-10T03:04:26Z",
            sentBy: `internal/cli/alerts/settings/list.go${n === 0 ? "" : " (--compact: the same request)"}`,
            method: "GET",
            path: "/groups/{groupId}/alertConfigs",
            version: "2023-01-01",
            status: 200,
            headers: { rateLimit: true },
            fields: { links: "array", results: "array", totalCount: "number" },
          }),
        ),
        {
          name: "alert configuration update",
          recording: `${ALERT_SNAPSHOTS}/Update/PUT_api_atlas_v2_groups_b0123456789abcdef012345b_alertConfigs_6a793faec0eb9e7a177175e1_1.snaphost`,
          recorded: "2026-08-10T03:04:29Z",
          sentBy: ALERT_SOURCE,
          method: "PUT",
          path: "/groups/{groupId}/alertConfigs/{alertConfigId}",
          version: "2023-01-01",
          body: alertConfigBody(groupId, false, true),
          status: 200,
          headers: { rateLimit: true },
          fields: { ...ALERT_CONFIG_FIELDS, enabled: { value: false } },
        },
        {
          name: "alert configuration update via file",
          recording: `${ALERT_SNAPSHOTS}/Update_Setting_using_file_input/PUT_api_atlas_v2_groups_b0123456789abcdef012345b_alertConfigs_6a793faec0eb9e7a177175e1_1.snaphost`,
          recorded: "2026-08-10T03:04:33Z",
          sentBy:
            "internal/cli/alerts/settings/update.go (--file as the test writes it, with the configuration's id; groupId set)",
          method: "PUT",
          path: "/groups/{groupId}/alertConfigs/{alertConfigId}",
          version: "2023-01-01",
          body: {
            eventTypeName: "NO_PRIMARY",
            id: "{alertConfigId}",
            enabled: false,
            notifications: [
              { typeName: "GROUP", intervalMin: 5, delayMin: 0, emailEnabled: true, smsEnabled: true },
            ],
            groupId,
          },
          status: 200,
          headers: { rateLimit: true },
          fields: { ...ALERT_CONFIG_FIELDS, enabled: { value: false } },
        },
        {
          name: "alert configuration delete",
          recording: `${ALERT_SNAPSHOTS}/Delete/DELETE_api_atlas_v2_groups_b0123456789abcdef012345b_alertConfigs_6a793faec0eb9e7a177175e1_1.snaphost`,
          recorded: "2026-08-10T03:04:37Z",
          sentBy: "internal/cli/alerts/settings/delete.go",
          method: "DELETE",
          path: "/groups/{groupId}/alertConfigs/{alertConfigId}",
          version: "2023-01-01",
          status: 204,
          headers: { rateLimit: true },
        },
        {
          name: "alert configuration matcher field names",
          recording: `${ALERT_SNAPSHOTS}/List_Matcher_Fields/GET_api_atlas_v2_alertConfigs_matchers_fieldNames_1.snaphost`,
          recorded: "2026-08-10T03:04:38Z",
          sentBy: "internal/cli/alerts/settings/fields_type.go (atlas alerts settings fields type)",
          method: "GET",
          path: "/alertConfigs/matchers/fieldNames",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          elements: "string",
        },
      ],
    },
    {
      name: "auditing",
      vendorTest: `${E2E}/generic/auditing/auditing_test.go`,
      exchanges: [
        {
          name: "auditing describe",
          recording: `${AUDIT_SNAPSHOTS}/Describe/GET_api_atlas_v2_groups_6a793fcbc0eb9e7a17717dbb_auditLog_1.snaphost`,
          recorded: "2026-08-10T03:04:49Z",
          sentBy: "internal/cli/auditing/describe.go",
          method: "GET",
          path: "/groups/{groupId}/auditLog",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: {
            auditAuthorizationSuccess: { value: false },
            configurationType: { value: "NONE" },
            enabled: { value: false },
          },
        },
        {
          name: "auditing update",
          recording: `${AUDIT_SNAPSHOTS}/Update/PATCH_api_atlas_v2_groups_6a793fcbc0eb9e7a17717dbb_auditLog_1.snaphost`,
          recorded: "2026-08-10T03:04:53Z",
          sentBy: "internal/cli/auditing/update.go",
          method: "PATCH",
          path: "/groups/{groupId}/auditLog",
          version: "2023-01-01",
          body: { enabled: true, auditAuthorizationSuccess: true, auditFilter: '{"atype": "authenticate"}' },
          status: 202,
          headers: { rateLimit: true },
          fields: {
            auditAuthorizationSuccess: { value: true },
            auditFilter: { value: '{"atype": "authenticate"}' },
            configurationType: { value: "FILTER_JSON" },
            enabled: { value: true },
          },
        },
        {
          name: "auditing update via file",
          recording: `${AUDIT_SNAPSHOTS}/Update_via_file/PATCH_api_atlas_v2_groups_6a793fcbc0eb9e7a17717dbb_auditLog_1.snaphost`,
          recorded: "2026-08-10T03:04:56Z",
          sentBy: "internal/cli/auditing/update.go (--auditFilter read from a file)",
          method: "PATCH",
          path: "/groups/{groupId}/auditLog",
          version: "2023-01-01",
          body: {
            enabled: true,
            auditAuthorizationSuccess: true,
            auditFilter:
              '{\n  "atype": "authCheck",\n  "param.command": {\n    "$in": [\n      "insert",\n      "update",\n      "delete"\n    ]\n  }\n}',
          },
          status: 202,
          headers: { rateLimit: true },
          fields: {
            auditAuthorizationSuccess: { value: true },
            auditFilter: "string",
            configurationType: { value: "FILTER_JSON" },
            enabled: { value: true },
          },
        },
      ],
    },
    {
      name: "custom DNS",
      vendorTest: `${E2E}/generic/customdns/custom_dns_test.go`,
      exchanges: [
        {
          name: "custom DNS enable",
          recording: `${DNS_SNAPSHOTS}/Enable/PATCH_api_atlas_v2_groups_6a793ff5c0eb9e7a177189a7_awsCustomDNS_1.snaphost`,
          recorded: "2026-08-10T03:05:31Z",
          sentBy: "internal/cli/customdns/aws/enable.go",
          method: "PATCH",
          path: "/groups/{groupId}/awsCustomDNS",
          version: "2023-01-01",
          body: { enabled: true },
          status: 202,
          headers: { rateLimit: true },
          fields: { enabled: { value: true } },
        },
        {
          name: "custom DNS describe",
          recording: `${DNS_SNAPSHOTS}/Describe/GET_api_atlas_v2_groups_6a793ff5c0eb9e7a177189a7_awsCustomDNS_1.snaphost`,
          recorded: "2026-08-10T03:05:34Z",
          sentBy: "internal/cli/customdns/aws/describe.go",
          method: "GET",
          path: "/groups/{groupId}/awsCustomDNS",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { enabled: { value: true } },
        },
        {
          name: "custom DNS disable",
          recording: `${DNS_SNAPSHOTS}/Disable/PATCH_api_atlas_v2_groups_6a793ff5c0eb9e7a177189a7_awsCustomDNS_1.snaphost`,
          recorded: "2026-08-10T03:05:38Z",
          sentBy: "internal/cli/customdns/aws/disable.go",
          method: "PATCH",
          path: "/groups/{groupId}/awsCustomDNS",
          version: "2023-01-01",
          body: { enabled: false },
          status: 202,
          headers: { rateLimit: true },
          fields: { enabled: { value: false } },
        },
      ],
    },
    {
      name: "backup schedule",
      vendorTest: `${E2E}/backup/schedule/backupschedule/backup_schedule_test.go`,
      exchanges: [
        {
          name: "backup schedule describe",
          recording: `${SCHEDULE_SNAPSHOTS}/Describe/GET_api_atlas_v2_groups_6a793f4dc0eb9e7a17713383_clusters_backupSchedule-600_backup_schedule_1.snaphost`,
          recorded: "2026-08-10T03:16:54Z",
          sentBy: "internal/cli/backup/schedule/describe.go",
          method: "GET",
          path: "/groups/{groupId}/clusters/{clusterName}/backup/schedule",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { ...SCHEDULE_FIELDS, nextSnapshot: "date" },
        },
        {
          name: "backup schedule update",
          recording: `${SCHEDULE_SNAPSHOTS}/Update/PATCH_api_atlas_v2_groups_6a793f4dc0eb9e7a17713383_clusters_backupSchedule-600_backup_schedule_1.snaphost`,
          recorded: "2026-08-10T03:16:58Z",
          sentBy: "internal/cli/backup/schedule/update.go (NewBackupConfig: clusterName always set)",
          method: "PATCH",
          path: "/groups/{groupId}/clusters/{clusterName}/backup/schedule",
          version: "2023-01-01",
          body: { clusterName, useOrgAndGroupNamesInExportPrefix: true },
          status: 200,
          headers: { rateLimit: true },
          fields: {
            ...SCHEDULE_FIELDS,
            nextSnapshot: "date",
            useOrgAndGroupNamesInExportPrefix: { value: true },
          },
        },
        {
          name: "backup schedule delete",
          recording: `${SCHEDULE_SNAPSHOTS}/Delete/DELETE_api_atlas_v2_groups_6a793f4dc0eb9e7a17713383_clusters_backupSchedule-600_backup_schedule_1.snaphost`,
          recorded: "2026-08-10T03:17:02Z",
          sentBy: "internal/cli/backup/schedule/delete.go",
          method: "DELETE",
          path: "/groups/{groupId}/clusters/{clusterName}/backup/schedule",
          version: "2024-08-05",
          status: 200,
          headers: { rateLimit: true },
          fields: SCHEDULE_FIELDS,
        },
      ],
    },
    {
      name: "cloud provider access",
      vendorTest: `${E2E}/generic/accessroles/access_roles_test.go`,
      exchanges: [
        {
          name: "cloud provider access create",
          recording: `${ACCESS_SNAPSHOTS}/Create/POST_api_atlas_v2_groups_6a793f832c88faeba59bc3c2_cloudProviderAccess_1.snaphost`,
          recorded: "2026-08-10T03:03:36Z",
          sentBy: "internal/cli/cloudproviders/accessroles/aws/create.go",
          method: "POST",
          path: "/groups/{groupId}/cloudProviderAccess",
          version: "2023-01-01",
          body: { providerName: "AWS" },
          status: 200,
          headers: { rateLimit: true },
          fields: AWS_ROLE_FIELDS,
        },
        {
          name: "cloud provider access list",
          recording: `${ACCESS_SNAPSHOTS}/List/GET_api_atlas_v2_groups_6a793f832c88faeba59bc3c2_cloudProviderAccess_1.snaphost`,
          recorded: "2026-08-10T03:03:40Z",
          sentBy: "internal/cli/cloudproviders/accessroles/list.go",
          method: "GET",
          path: "/groups/{groupId}/cloudProviderAccess",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { awsIamRoles: "array", azureServicePrincipals: "array", gcpServiceAccounts: "array" },
        },
      ],
    },
    {
      name: "export buckets",
      vendorTest: `${E2E}/backup/exports/buckets/backupexportbuckets/backup_export_buckets_test.go`,
      exchanges: [
        {
          name: "export bucket create",
          recording: `${BUCKET_SNAPSHOTS}/Create/POST_api_atlas_v2_groups_b0123456789abcdef012345b_backup_exportBuckets_1.snaphost`,
          recorded: "2026-08-10T03:03:17Z",
          sentBy: "internal/cli/backup/exports/buckets/create.go (--iamRoleId of an authorized AWS role)",
          method: "POST",
          path: "/groups/{groupId}/backup/exportBuckets",
          version: "2023-01-01",
          body: { bucketName: "test-bucket", cloudProvider: "AWS", iamRoleId: awsRoleId },
          status: 200,
          headers: { rateLimit: true },
          fields: BUCKET_FIELDS,
          capture: { field: "_id", as: "exportBucketId" },
        },
        {
          name: "export bucket list",
          recording: `${BUCKET_SNAPSHOTS}/List/GET_api_atlas_v2_groups_b0123456789abcdef012345b_backup_exportBuckets_1.snaphost`,
          recorded: "2026-08-10T03:03:20Z",
          sentBy: "internal/cli/backup/exports/buckets/list.go",
          method: "GET",
          path: "/groups/{groupId}/backup/exportBuckets",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { links: "array", results: "array", totalCount: "number" },
        },
        {
          name: "export bucket describe",
          recording: `${BUCKET_SNAPSHOTS}/Describe/GET_api_atlas_v2_groups_b0123456789abcdef012345b_backup_exportBuckets_6a793f752c88faeba59bba56_1.snaphost`,
          recorded: "2026-08-10T03:03:24Z",
          sentBy: "internal/cli/backup/exports/buckets/describe.go",
          method: "GET",
          path: "/groups/{groupId}/backup/exportBuckets/{exportBucketId}",
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { ...BUCKET_FIELDS, region: "string" },
        },
        {
          name: "export bucket delete",
          recording: `${BUCKET_SNAPSHOTS}/Delete/DELETE_api_atlas_v2_groups_b0123456789abcdef012345b_backup_exportBuckets_6a793f752c88faeba59bba56_1.snaphost`,
          recorded: "2026-08-10T03:03:27Z",
          sentBy: "internal/cli/backup/exports/buckets/delete.go",
          method: "DELETE",
          path: "/groups/{groupId}/backup/exportBuckets/{exportBucketId}",
          version: "2023-01-01",
          status: 204,
          headers: { rateLimit: true },
        },
      ],
    },
    {
      name: "live migration link token",
      vendorTest: `${E2E}/livemigrations/livemigrations/live_migrations_test.go`,
      exchanges: [
        {
          name: "link token delete before create",
          recording: `${LINK_SNAPSHOTS}/DELETE_api_atlas_v2_orgs_a0123456789abcdef012345a_liveMigrations_linkTokens_1.snaphost`,
          recorded: "2026-08-10T03:03:05Z",
          sentBy: "internal/cli/livemigrations/link/delete.go (the test's cleanup, before any token exists)",
          method: "DELETE",
          path: "/orgs/{orgId}/liveMigrations/linkTokens",
          version: "2023-01-01",
          status: 404,
          headers: { rateLimit: true },
          fields: { error: { value: 404 }, errorCode: "string", detail: "string" },
        },
        {
          name: "link token create",
          recording: `${LINK_SNAPSHOTS}/Create/POST_api_atlas_v2_orgs_a0123456789abcdef012345a_liveMigrations_linkTokens_1.snaphost`,
          recorded: "2026-08-10T03:03:08Z",
          sentBy: "internal/cli/livemigrations/link/create.go (--accessListIp 1.2.3.4,5.6.7.8)",
          method: "POST",
          path: "/orgs/{orgId}/liveMigrations/linkTokens",
          version: "2023-01-01",
          body: { accessListIps: ["1.2.3.4", "5.6.7.8"] },
          status: 201,
          headers: { rateLimit: true },
          fields: { linkToken: "string" },
        },
        {
          name: "link token delete",
          recording: `${LINK_SNAPSHOTS}/Delete/DELETE_api_atlas_v2_orgs_a0123456789abcdef012345a_liveMigrations_linkTokens_1.snaphost`,
          recorded: "2026-08-10T03:03:12Z",
          sentBy: "internal/cli/livemigrations/link/delete.go",
          method: "DELETE",
          path: "/orgs/{orgId}/liveMigrations/linkTokens",
          version: "2023-01-01",
          status: 204,
          headers: { rateLimit: true },
        },
      ],
    },
  ];
}
