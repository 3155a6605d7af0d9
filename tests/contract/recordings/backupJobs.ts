/**
 * The recorded exchanges of a cluster's backup jobs (issue 38): on-demand snapshots, restore jobs
 * and export jobs, each scenario a vendor e2e test over a cluster it created first (`clusters`). The
 * snapshot's lifecycle is recorded the same way in all three: queued when taken, then inProgress
 * (the service adds `mongodVersion`, then `cloudProvider` as it goes), then completed with
 * `createdAt`. See expectations.ts for the form.
 */
import {
  E2E,
  type RecordedExpectation,
  type RecordedScenario,
  recordedRead,
  type ScenarioContext,
  type Shape,
} from "./expectations";

const SNAPSHOT_FIELDS: Readonly<Record<string, Shape>> = {
  copyRegions: "array",
  description: { value: "test-snapshot" },
  expiresAt: "date",
  frequencyType: { value: "ondemand" },
  id: "id",
  links: "array",
  policyItems: "array",
  replicaSetName: "string",
  snapshotType: { value: "onDemand" },
  storageSizeBytes: "number",
  type: { value: "replicaSet" },
};
const QUEUED: Readonly<Record<string, Shape>> = { ...SNAPSHOT_FIELDS, status: { value: "queued" } };
const IN_PROGRESS: Readonly<Record<string, Shape>> = { ...SNAPSHOT_FIELDS, status: { value: "inProgress" } };
const IN_PROGRESS_VERSIONED: Readonly<Record<string, Shape>> = { ...IN_PROGRESS, mongodVersion: "string" };
const IN_PROGRESS_PLACED: Readonly<Record<string, Shape>> = {
  ...IN_PROGRESS_VERSIONED,
  cloudProvider: { value: "AWS" },
};
const COMPLETED: Readonly<Record<string, Shape>> = {
  ...IN_PROGRESS_PLACED,
  createdAt: "date",
  status: { value: "completed" },
};
const LIST_FIELDS: Readonly<Record<string, Shape>> = {
  links: "array",
  results: "array",
  totalCount: "number",
};

/** Where a scenario's recordings are and what its snapshot is called in their file names. */
interface SnapshotRecordings {
  /** The scenario's `.snapshots/<Test>` folder. */
  readonly folder: string;
  /** The recorded file names' project and cluster part: `groups_<id>_clusters_<name>`. */
  readonly groupCluster: string;
  readonly snapshotId: string;
  readonly cluster: string;
  /** Subtest folders of the take and the watch, as the vendor's test names them. */
  readonly take: string;
  readonly watch: string;
}

/** `atlas backups snapshots create <cluster> --desc test-snapshot`, then `snapshots watch`: the
 * recorded take and its four reads until completed (dates in order). */
function snapshotTakeAndWatch(
  recordings: SnapshotRecordings,
  prefix: string,
  dates: readonly [string, string, string, string, string],
): RecordedExpectation[] {
  const { folder, groupCluster, snapshotId, cluster } = recordings;
  const snapshotPath = `/groups/{groupId}/clusters/${cluster}/backup/snapshots`;
  const watchFile = (n: number) =>
    `${folder}/${recordings.watch}/GET_api_atlas_v2_${groupCluster}_backup_snapshots_${snapshotId}_${n}.snaphost`;
  const watched = (n: number, waited: number, fields: Readonly<Record<string, Shape>>): RecordedExpectation =>
    recordedRead({
      name: `${prefix} snapshot watch ${n}`,
      recording: watchFile(n),
      recorded: dates[n] as string,
      sentBy: "internal/cli/backup/snapshots/watch.go (polls until completed)",
      waited,
      path: `${snapshotPath}/{snapshotId}`,
      version: "2023-01-01",
      fields: { ...fields, replicaSetName: { value: cluster } },
    });
  return [
    {
      name: `${prefix} snapshot take`,
      recording: `${folder}/${recordings.take}/POST_api_atlas_v2_${groupCluster}_backup_snapshots_1.snaphost`,
      recorded: dates[0],
      sentBy: "internal/cli/backup/snapshots/create.go (--desc test-snapshot, --retention default 1)",
      method: "POST",
      path: snapshotPath,
      version: "2023-01-01",
      body: { retentionInDays: 1, description: "test-snapshot" },
      status: 200,
      headers: { rateLimit: true },
      fields: { ...QUEUED, replicaSetName: { value: cluster } },
      capture: { field: "id", as: "snapshotId" },
    },
    watched(1, 0.5, IN_PROGRESS),
    watched(2, 0, IN_PROGRESS_VERSIONED),
    watched(3, 0, IN_PROGRESS_PLACED),
    watched(4, 0.5, COMPLETED),
  ];
}

function snapshotDelete(
  recordings: SnapshotRecordings,
  prefix: string,
  subtest: string,
  recorded: string,
): RecordedExpectation {
  return {
    name: `${prefix} snapshot delete`,
    recording: `${recordings.folder}/${subtest}/DELETE_api_atlas_v2_${recordings.groupCluster}_backup_snapshots_${recordings.snapshotId}_1.snaphost`,
    recorded,
    sentBy: "internal/cli/backup/snapshots/delete.go (--force)",
    method: "DELETE",
    path: `/groups/{groupId}/clusters/${recordings.cluster}/backup/snapshots/{snapshotId}`,
    version: "2023-01-01",
    status: 204,
    headers: { rateLimit: true },
  };
}

const SNAPSHOTS: SnapshotRecordings = {
  folder: `${E2E}/backup/snapshot/backupsnapshot/testdata/.snapshots/TestSnapshots`,
  groupCluster: "groups_b0123456789abcdef012345b_clusters_cluster-209",
  snapshotId: "6a7944f22c88faeba59d3572",
  cluster: "cluster-209",
  take: "Create_snapshot",
  watch: "Watch_creation",
};
const RESTORES: SnapshotRecordings = {
  folder: `${E2E}/backup/restores/backuprestores/testdata/.snapshots/TestRestores`,
  groupCluster: "groups_6a793f6b2c88faeba59bae37_clusters_backupRestores-305",
  snapshotId: "6a79468a2c88faeba59de489",
  cluster: "backupRestores-305",
  take: "Create_snapshot",
  watch: "Watch_snapshot_creation",
};
const EXPORTS: SnapshotRecordings = {
  folder: `${E2E}/backup/exports/jobs/backupexportjobs/testdata/.snapshots/TestExportJobs`,
  groupCluster: "groups_b0123456789abcdef012345b_clusters_cluster-989",
  snapshotId: "6a7943462c88faeba59ccf5f",
  cluster: "cluster-989",
  take: "Create_snapshot",
  watch: "Watch_snapshot_creation",
};

const RESTORE_FIELDS: Readonly<Record<string, Shape>> = {
  cancelled: { value: false },
  deliveryUrl: "array",
  desiredTimestamp: "object",
  expired: { value: false },
  failed: { value: false },
  id: "id",
  links: "array",
  snapshotId: "id",
  timestamp: "date",
};
const AUTOMATED_FIELDS: Readonly<Record<string, Shape>> = {
  ...RESTORE_FIELDS,
  deliveryType: { value: "automated" },
  targetClusterName: { value: "backupRestores2-895" },
  targetDeploymentItemName: "string",
  targetGroupId: "id",
};
const DOWNLOAD_FIELDS: Readonly<Record<string, Shape>> = {
  ...RESTORE_FIELDS,
  deliveryType: { value: "download" },
};

const EXPORT_JOB_FIELDS: Readonly<Record<string, Shape>> = {
  createdAt: "date",
  customData: "array",
  exportBucketId: "id",
  exportStatus: "object",
  id: "id",
  prefix: "string",
  snapshotId: "id",
};

export function backupJobScenarios(context: ScenarioContext): readonly RecordedScenario[] {
  const restoreJobs = `/groups/{groupId}/clusters/${RESTORES.cluster}/backup/restoreJobs`;
  const restoreFile = (subtest: string, rest: string) =>
    `${RESTORES.folder}/${subtest}/${rest.replace("@", `api_atlas_v2_${RESTORES.groupCluster}_backup_restoreJobs`)}.snaphost`;
  const exportJobs = `/groups/{groupId}/clusters/${EXPORTS.cluster}/backup/exports`;
  const exportFile = (subtest: string, rest: string) =>
    `${EXPORTS.folder}/${subtest}/${rest.replace("@", `api_atlas_v2_${EXPORTS.groupCluster}_backup_exports`)}.snaphost`;
  /** A watched job's reads: the job's path, as the vendor's watch command polls it. */
  const watchRead =
    (path: string, sentBy: string) =>
    (
      name: string,
      recording: string,
      recorded: string,
      waited: number,
      fields: Readonly<Record<string, Shape>>,
    ): RecordedExpectation =>
      recordedRead({ name, recording, recorded, sentBy, waited, path, version: "2023-01-01", fields });
  const restoreJob = watchRead(
    `${restoreJobs}/{restoreJobId}`,
    "internal/cli/backup/restores/watch.go (polls until finishedAt)",
  );
  const exportJob = watchRead(
    `${exportJobs}/{exportJobId}`,
    "internal/cli/backup/exports/jobs/watch.go (polls until Successful)",
  );
  return [
    {
      name: "snapshots",
      vendorTest: `${E2E}/backup/snapshot/backupsnapshot/backup_snapshot_test.go`,
      clusters: [{ groupId: "{groupId}", name: SNAPSHOTS.cluster }],
      exchanges: [
        ...snapshotTakeAndWatch(SNAPSHOTS, "snapshots:", [
          "2026-08-10T03:26:42Z",
          "2026-08-10T03:26:49Z",
          "2026-08-10T03:26:57Z",
          "2026-08-10T03:28:11Z",
          "2026-08-10T03:29:24Z",
        ]),
        {
          name: "snapshots: snapshot list",
          recording: `${SNAPSHOTS.folder}/List/GET_api_atlas_v2_${SNAPSHOTS.groupCluster}_backup_snapshots_1.snaphost`,
          recorded: "2026-08-10T03:29:31Z",
          sentBy: "internal/cli/backup/snapshots/list.go",
          method: "GET",
          path: `/groups/{groupId}/clusters/${SNAPSHOTS.cluster}/backup/snapshots`,
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: LIST_FIELDS,
        },
        {
          name: "snapshots: snapshot describe",
          recording: `${SNAPSHOTS.folder}/Describe/GET_api_atlas_v2_${SNAPSHOTS.groupCluster}_backup_snapshots_${SNAPSHOTS.snapshotId}_1.snaphost`,
          recorded: "2026-08-10T03:29:38Z",
          sentBy: "internal/cli/backup/snapshots/describe.go",
          method: "GET",
          path: `/groups/{groupId}/clusters/${SNAPSHOTS.cluster}/backup/snapshots/{snapshotId}`,
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { ...COMPLETED, replicaSetName: { value: SNAPSHOTS.cluster } },
        },
        snapshotDelete(SNAPSHOTS, "snapshots:", "Delete", "2026-08-10T03:29:42Z"),
      ],
    },
    {
      name: "restore jobs",
      vendorTest: `${E2E}/backup/restores/backuprestores/backup_restores_test.go`,
      clusters: [
        { groupId: "{groupId}", name: RESTORES.cluster },
        { groupId: "{targetGroupId}", name: "backupRestores2-895" },
      ],
      exchanges: [
        ...snapshotTakeAndWatch(RESTORES, "restores:", [
          "2026-08-10T03:33:30Z",
          "2026-08-10T03:33:37Z",
          "2026-08-10T03:33:59Z",
          "2026-08-10T03:35:05Z",
          "2026-08-10T03:36:11Z",
        ]),
        {
          name: "restores: automated restore start",
          recording: restoreFile("Restores_Create_-_Automated", "POST_@_1"),
          recorded: "2026-08-10T03:36:18Z",
          sentBy:
            "internal/cli/backup/restores/start.go (automated: --snapshotId, --targetProjectId, --targetClusterName)",
          method: "POST",
          path: restoreJobs,
          version: "2023-01-01",
          body: {
            deliveryType: "automated",
            snapshotId: "{snapshotId}",
            targetGroupId: context.targetGroupId,
            targetClusterName: "backupRestores2-895",
          },
          status: 200,
          headers: { rateLimit: true },
          fields: AUTOMATED_FIELDS,
          capture: { field: "id", as: "restoreJobId" },
        },
        restoreJob(
          "restores: automated restore watch 1",
          restoreFile("Restores_Watch", "GET_@_6a794733c0eb9e7a17740663_1"),
          "2026-08-10T03:36:26Z",
          0,
          AUTOMATED_FIELDS,
        ),
        restoreJob(
          "restores: automated restore watch 2",
          restoreFile("Restores_Watch", "GET_@_6a794733c0eb9e7a17740663_2"),
          "2026-08-10T03:40:14Z",
          1,
          { ...AUTOMATED_FIELDS, finishedAt: "date" },
        ),
        {
          name: "restores: restore list",
          recording: restoreFile("Restores_List", "GET_@_1"),
          recorded: "2026-08-10T03:40:22Z",
          sentBy: "internal/cli/backup/restores/list.go",
          method: "GET",
          path: restoreJobs,
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: LIST_FIELDS,
        },
        {
          ...restoreJob(
            "restores: restore describe",
            restoreFile("Restores_Describe", "GET_@_6a794733c0eb9e7a17740663_1"),
            "2026-08-10T03:40:29Z",
            0,
            { ...AUTOMATED_FIELDS, finishedAt: "date" },
          ),
          sentBy: "internal/cli/backup/restores/describe.go",
        },
        {
          name: "restores: download restore start",
          recording: restoreFile("Restores_Create_-_Download", "POST_@_1"),
          recorded: "2026-08-10T03:40:36Z",
          sentBy: "internal/cli/backup/restores/start.go (download: --snapshotId)",
          method: "POST",
          path: restoreJobs,
          version: "2023-01-01",
          body: { deliveryType: "download", snapshotId: "{snapshotId}" },
          status: 200,
          headers: { rateLimit: true },
          fields: DOWNLOAD_FIELDS,
          capture: { field: "id", as: "restoreJobId" },
        },
        restoreJob(
          "restores: download restore watch 1",
          restoreFile("Restores_Watch_-_Download", "GET_@_6a7948342c88faeba59eb866_1"),
          "2026-08-10T03:40:43Z",
          0,
          DOWNLOAD_FIELDS,
        ),
        restoreJob(
          "restores: download restore watch 2",
          restoreFile("Restores_Watch_-_Download", "GET_@_6a7948342c88faeba59eb866_2"),
          "2026-08-10T03:44:56Z",
          1,
          { ...DOWNLOAD_FIELDS, expiresAt: "date" },
        ),
        snapshotDelete(RESTORES, "restores:", "Delete_snapshot", "2026-08-10T03:44:59Z"),
      ],
    },
    {
      name: "export jobs",
      vendorTest: `${E2E}/backup/exports/jobs/backupexportjobs/backup_export_jobs_test.go`,
      clusters: [{ groupId: "{groupId}", name: EXPORTS.cluster }],
      exchanges: [
        {
          name: "exports: export bucket create",
          recording: `${EXPORTS.folder}/Create_bucket/POST_api_atlas_v2_groups_b0123456789abcdef012345b_backup_exportBuckets_1.snaphost`,
          recorded: "2026-08-10T03:19:30Z",
          sentBy: "internal/cli/backup/exports/buckets/create.go (--cloudProvider AWS --iamRoleId)",
          method: "POST",
          path: "/groups/{groupId}/backup/exportBuckets",
          version: "2024-05-30",
          body: { bucketName: "test-bucket", cloudProvider: "AWS", iamRoleId: context.awsRoleId },
          status: 200,
          headers: { rateLimit: true },
          fields: {
            _id: "id",
            bucketName: { value: "test-bucket" },
            cloudProvider: { value: "AWS" },
            iamRoleId: "id",
            requirePrivateNetworking: { value: false },
          },
          capture: { field: "_id", as: "exportBucketId" },
        },
        ...snapshotTakeAndWatch(EXPORTS, "exports:", [
          "2026-08-10T03:19:34Z",
          "2026-08-10T03:19:42Z",
          "2026-08-10T03:19:57Z",
          "2026-08-10T03:27:14Z",
          "2026-08-10T03:28:21Z",
        ]),
        {
          name: "exports: export job create",
          recording: exportFile("Create_job", "POST_@_1"),
          recorded: "2026-08-10T03:28:25Z",
          sentBy: "internal/cli/backup/exports/jobs/create.go (--bucketId, --snapshotId; customData empty)",
          method: "POST",
          path: exportJobs,
          version: "2023-01-01",
          body: { snapshotId: "{snapshotId}", exportBucketId: "{exportBucketId}", customData: [] },
          status: 200,
          headers: { rateLimit: true },
          fields: { ...EXPORT_JOB_FIELDS, state: { value: "Queued" } },
          capture: { field: "id", as: "exportJobId" },
        },
        exportJob(
          "exports: export job watch 1",
          exportFile("Watch_create_job", "GET_@_6a7945592c88faeba59d5e8e_1"),
          "2026-08-10T03:28:29Z",
          0,
          { ...EXPORT_JOB_FIELDS, state: { value: "Queued" } },
        ),
        exportJob(
          "exports: export job watch 2",
          exportFile("Watch_create_job", "GET_@_6a7945592c88faeba59d5e8e_2"),
          "2026-08-10T03:31:13Z",
          0.5,
          { ...EXPORT_JOB_FIELDS, state: { value: "InProgress" } },
        ),
        exportJob(
          "exports: export job watch 3",
          exportFile("Watch_create_job", "GET_@_6a7945592c88faeba59d5e8e_3"),
          "2026-08-10T03:43:09Z",
          0.5,
          { ...EXPORT_JOB_FIELDS, finishedAt: "date", state: { value: "Successful" } },
        ),
        {
          ...exportJob(
            "exports: export job describe",
            exportFile("Describe_job", "GET_@_6a7945592c88faeba59d5e8e_1"),
            "2026-08-10T03:43:13Z",
            0,
            { ...EXPORT_JOB_FIELDS, finishedAt: "date", state: { value: "Successful" } },
          ),
          sentBy: "internal/cli/backup/exports/jobs/describe.go",
        },
        {
          name: "exports: export job list",
          recording: exportFile("List_jobs", "GET_@_1"),
          recorded: "2026-08-10T03:43:16Z",
          sentBy: "internal/cli/backup/exports/jobs/list.go",
          method: "GET",
          path: exportJobs,
          version: "2023-01-01",
          status: 200,
          headers: { rateLimit: true },
          fields: { results: "array", totalCount: "number" },
        },
        snapshotDelete(EXPORTS, "exports:", "Delete_snapshot", "2026-08-10T03:43:20Z"),
      ],
    },
  ];
}
