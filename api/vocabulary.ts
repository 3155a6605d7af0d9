/**
 * The API's value sets, in one place: what docs/spec/api-spec.md and docs/spec/operations.md name as
 * the allowed values of fields, and the state names of the asynchronous lifecycles. The emulator
 * validates and answers with these; the provider's resources check inputs and wait on them.
 *
 * Plain `as const` data only (no imports, no behaviour), so any part of the project can depend on it.
 * It holds what the service defines (value sets, bounds, the defaults it fills in); rules a party
 * chose for itself (the emulator's, see docs/api-choices.md; a resource's) stay with that party.
 */

// Search indexes ----------------------------------------------------------------------------------

/** The languages of the built-in analyzers; an analyzer name is `lucene.` + one of these (docs/spec/api-spec.md). */
export const LUCENE_LANGUAGES = [
  "standard",
  "simple",
  "whitespace",
  "keyword",
  "arabic",
  "armenian",
  "basque",
  "bengali",
  "brazilian",
  "bulgarian",
  "catalan",
  "chinese",
  "cjk",
  "czech",
  "danish",
  "dutch",
  "english",
  "finnish",
  "french",
  "galician",
  "german",
  "greek",
  "hindi",
  "hungarian",
  "indonesian",
  "irish",
  "italian",
  "japanese",
  "korean",
  "kuromoji",
  "latvian",
  "lithuanian",
  "morfologik",
  "nori",
  "norwegian",
  "persian",
  "portuguese",
  "romanian",
  "russian",
  "smartcn",
  "sorani",
  "spanish",
  "swedish",
  "thai",
  "turkish",
  "ukrainian",
] as const;
export type LuceneAnalyzer = `lucene.${(typeof LUCENE_LANGUAGES)[number]}`;

/** Built-in analyzer names (`analyzer`, `searchAnalyzer`, and the analyzer of a synonym mapping). */
export const LUCENE_ANALYZERS: readonly LuceneAnalyzer[] = LUCENE_LANGUAGES.map(
  (language) => `lucene.${language}` as const,
);

/** `analyzer` and `searchAnalyzer` when not given. */
export const DEFAULT_ANALYZER = "lucene.standard" satisfies LuceneAnalyzer;

/** `type` of a search index; the first (flat) style knows only `search`, the default of both styles. */
export const SEARCH_INDEX_TYPES = ["search", "vectorSearch"] as const;

/** `numPartitions` of a search index (default 1). */
export const SEARCH_INDEX_NUM_PARTITIONS = [1, 2, 4] as const;

/** Field kinds of a vector search definition's `fields`. */
export const VECTOR_FIELD_TYPES = ["vector", "filter"] as const;
/** `similarity` of a vector field. */
export const VECTOR_SIMILARITIES = ["euclidean", "cosine", "dotProduct"] as const;
/** `quantization` of a vector field (optional). */
export const VECTOR_QUANTIZATIONS = ["none", "scalar", "binary"] as const;
/** Bounds of a vector field's `numDimensions`. */
export const VECTOR_DIMENSIONS = { min: 1, max: 8192 } as const;

// Search nodes ------------------------------------------------------------------------------------

/**
 * `specs[0].instanceSize` of search nodes: three families (docs/spec/operations.md: S20…S80 HIGHCPU,
 * S30…S140 LOWCPU, S40…S90 STORAGE), in steps of 10 as the public service names them, plus its
 * S135_LOWCPU_NVME and without S70_STORAGE_NVME, which it does not offer; and S10_HIGHCPU (no NVMe), as
 * the contract's ApiSearchDeploymentRequestSpecView.instanceSize lists it.
 */
export const SEARCH_NODE_INSTANCE_SIZES = [
  "S10_HIGHCPU",
  "S20_HIGHCPU_NVME",
  "S30_HIGHCPU_NVME",
  "S40_HIGHCPU_NVME",
  "S50_HIGHCPU_NVME",
  "S60_HIGHCPU_NVME",
  "S70_HIGHCPU_NVME",
  "S80_HIGHCPU_NVME",
  "S30_LOWCPU_NVME",
  "S40_LOWCPU_NVME",
  "S50_LOWCPU_NVME",
  "S60_LOWCPU_NVME",
  "S70_LOWCPU_NVME",
  "S80_LOWCPU_NVME",
  "S90_LOWCPU_NVME",
  "S100_LOWCPU_NVME",
  "S110_LOWCPU_NVME",
  "S120_LOWCPU_NVME",
  "S130_LOWCPU_NVME",
  "S135_LOWCPU_NVME",
  "S140_LOWCPU_NVME",
  "S40_STORAGE_NVME",
  "S50_STORAGE_NVME",
  "S60_STORAGE_NVME",
  "S80_STORAGE_NVME",
  "S90_STORAGE_NVME",
] as const;
export type SearchNodeInstanceSize = (typeof SEARCH_NODE_INSTANCE_SIZES)[number];

/** Bounds of `specs[0].nodeCount` (docs/spec/operations.md). */
export const SEARCH_NODE_COUNT = { min: 2, max: 32 } as const;

// Alert configurations and alerts -------------------------------------------------------------------

/** `matchers[].fieldName`: exactly what operation 3 answers (docs/spec/operations.md). */
export const MATCHER_FIELD_NAMES = [
  "APPLICATION_ID",
  "CLUSTER_NAME",
  "TYPE_NAME",
  "HOSTNAME",
  "PORT",
  "HOSTNAME_AND_PORT",
  "REPLICA_SET_NAME",
  "SHARD_NAME",
  "INSTANCE_NAME",
  "PROCESSOR_NAME",
  "RULE_ID",
] as const;

/** `matchers[].operator` (docs/spec/operations.md). */
export const MATCHER_OPERATORS = [
  "EQUALS",
  "CONTAINS",
  "STARTS_WITH",
  "ENDS_WITH",
  "NOT_EQUALS",
  "NOT_CONTAINS",
  "REGEX",
] as const;

/** `notifications[].typeName`: the 14 notification kinds (docs/spec/operations.md). */
export const NOTIFICATION_TYPE_NAMES = [
  "MONITORING",
  "EMAIL",
  "GROUP",
  "ORG",
  "HIP_CHAT",
  "MICROSOFT_TEAMS",
  "OPS_GENIE",
  "PAGER_DUTY",
  "SLACK",
  "SMS",
  "TEAM",
  "USER",
  "VICTOR_OPS",
  "WEBHOOK",
] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPE_NAMES)[number];

/** Fields every notification kind carries besides `typeName`. */
export const COMMON_NOTIFICATION_FIELDS = ["delayMin", "intervalMin", "notifierId"] as const;

/**
 * Fields particular to each kind (docs/spec/operations.md), besides the common ones and `integrationId`.
 * WEBHOOK also carries the contract's templates (api/openapi/openapi-v2.yml, WebhookNotification:
 * `webhookBodyTemplate`, `webhookHeadersTemplate`), which the specification's list lacks.
 */
export const NOTIFICATION_KIND_FIELDS = {
  MONITORING: ["monitoringApiKey", "monitoringRegion"],
  EMAIL: ["emailAddress"],
  GROUP: ["emailEnabled", "smsEnabled", "roles"],
  ORG: ["emailEnabled", "smsEnabled", "roles"],
  HIP_CHAT: ["notificationToken", "roomName"],
  MICROSOFT_TEAMS: ["microsoftTeamsWebhookUrl"],
  OPS_GENIE: ["opsGenieApiKey", "opsGenieRegion"],
  PAGER_DUTY: ["serviceKey", "region"],
  SLACK: ["apiToken", "channelName"],
  SMS: ["mobileNumber"],
  TEAM: ["teamId", "teamName", "emailEnabled", "smsEnabled"],
  USER: ["username", "emailEnabled", "smsEnabled"],
  VICTOR_OPS: ["victorOpsApiKey", "victorOpsRoutingKey"],
  WEBHOOK: ["webhookUrl", "webhookSecret", "webhookBodyTemplate", "webhookHeadersTemplate"],
} as const satisfies Record<NotificationTypeName, readonly string[]>;

/** Kinds backed by a third-party integration: they also carry `integrationId`. */
export const INTEGRATION_NOTIFICATION_KINDS = [
  "MONITORING",
  "HIP_CHAT",
  "MICROSOFT_TEAMS",
  "OPS_GENIE",
  "PAGER_DUTY",
  "SLACK",
  "VICTOR_OPS",
  "WEBHOOK",
] as const satisfies readonly NotificationTypeName[];

/** Kinds that notify people directly: the only ones accepting `emailEnabled` and `smsEnabled`. */
export const EMAIL_SMS_NOTIFICATION_KINDS = [
  "GROUP",
  "ORG",
  "TEAM",
  "USER",
] as const satisfies readonly NotificationTypeName[];

/** On-call services: the service ignores `intervalMin` for them (it is dropped, not echoed); every other
 * kind accepts it. */
export const ON_CALL_NOTIFICATION_KINDS = [
  "PAGER_DUTY",
  "OPS_GENIE",
  "VICTOR_OPS",
] as const satisfies readonly NotificationTypeName[];

/**
 * Credential fields per kind: stored in full, returned masked (asterisks but the last four characters,
 * fully masked when four or fewer). `webhookUrl` and `victorOpsRoutingKey` are not among them: the
 * emulator returns them in full (docs/api-choices.md); a client comparing them should still accept a
 * masked echo, as the public service's masking of those two is not documented.
 */
export const MASKED_NOTIFICATION_FIELDS = {
  MONITORING: ["monitoringApiKey"],
  EMAIL: [],
  GROUP: [],
  ORG: [],
  HIP_CHAT: ["notificationToken"],
  MICROSOFT_TEAMS: ["microsoftTeamsWebhookUrl"],
  OPS_GENIE: ["opsGenieApiKey"],
  PAGER_DUTY: ["serviceKey"],
  SLACK: ["apiToken"],
  SMS: [],
  TEAM: [],
  USER: [],
  VICTOR_OPS: ["victorOpsApiKey"],
  WEBHOOK: ["webhookSecret"],
} as const satisfies Record<NotificationTypeName, readonly string[]>;

/**
 * Fields of a notification that hold a credential, per kind: the fields the API masks, plus
 * `webhookUrl` and `victorOpsRoutingKey`, which the public service may mask too (its masking of those
 * two is not documented), and the webhook templates (`format: password` in the contract). The
 * provider compares them by their visible suffix; the SDK makes `notifications` a secret output when
 * a notification sets one of them.
 */
export const NOTIFICATION_CREDENTIAL_FIELDS: Readonly<Record<NotificationTypeName, readonly string[]>> = {
  ...MASKED_NOTIFICATION_FIELDS,
  VICTOR_OPS: [...MASKED_NOTIFICATION_FIELDS.VICTOR_OPS, "victorOpsRoutingKey"],
  WEBHOOK: [
    "webhookUrl",
    ...MASKED_NOTIFICATION_FIELDS.WEBHOOK,
    "webhookBodyTemplate",
    "webhookHeadersTemplate",
  ],
};

/** `opsGenieRegion` and `region` (PAGER_DUTY); both default to US. */
export const NOTIFICATION_REGIONS = ["US", "EU"] as const;
/** `monitoringRegion` of a MONITORING notification (the contract's MonitoringNotification). */
export const MONITORING_REGIONS = ["US", "EU", "US3", "US5", "AP1", "US1_FED"] as const;

/** `intervalMin` bounds and default (minutes between repeated notifications). */
export const NOTIFICATION_INTERVAL_MIN = { min: 5, default: 60 } as const;

/** Project roles (`roles` of a GROUP notification; the roles a credential holds in a project). */
export const PROJECT_ROLES = [
  "GROUP_OWNER",
  "GROUP_READ_ONLY",
  "GROUP_BACKUP_MANAGER",
  "GROUP_DATA_ACCESS_ADMIN",
  "GROUP_DATA_ACCESS_READ_WRITE",
  "GROUP_MONITORING_ADMIN",
  "GROUP_DATABASE_ACCESS_ADMIN",
  "GROUP_PLATFORM_ADMIN",
] as const;
export type ProjectRoleName = (typeof PROJECT_ROLES)[number];

/** Organization roles a notification may address (`roles` of an ORG notification). */
export const NOTIFICATION_ORG_ROLES = [
  "ORG_OWNER",
  "ORG_MEMBER",
  "ORG_GROUP_CREATOR",
  "ORG_BILLING_ADMIN",
  "ORG_BILLING_READ_ONLY",
  "ORG_READ_ONLY",
] as const;

/** Alert `status`, in lifecycle order (docs/spec/operations.md: OPEN, then TRACKING, done CLOSED; or CANCELLED). */
export const ALERT_STATUSES = ["OPEN", "TRACKING", "CLOSED", "CANCELLED"] as const;
export type AlertStatusName = (typeof ALERT_STATUSES)[number];
/** The `status` filter of the alert list (operation 12). */
export const ALERT_STATUS_FILTERS = [
  "OPEN",
  "TRACKING",
  "CLOSED",
] as const satisfies readonly AlertStatusName[];

/** `acknowledgementComment` of an alert acknowledgement (operation 14): at most this many characters. */
export const ALERT_ACKNOWLEDGEMENT_COMMENT_MAX_LENGTH = 200;

// Database access history -------------------------------------------------------------------------

/** `nLogs` of the access log queries (operations 1, 2): how many entries, newest first. */
export const ACCESS_LOG_COUNT = { min: 0, max: 20000, default: 20000 } as const;

// Auditing ------------------------------------------------------------------------------------------

/** `configurationType` of the auditing settings (read-only). */
export const AUDIT_CONFIGURATION_TYPES = ["NONE", "FILTER_BUILDER", "FILTER_JSON"] as const;
export type AuditConfigurationType = (typeof AUDIT_CONFIGURATION_TYPES)[number];

// Cloud backup ------------------------------------------------------------------------------------

/** `frequencyType` of scheduled policy items and snapshots. */
export const SNAPSHOT_FREQUENCY_TYPES = ["hourly", "daily", "weekly", "monthly", "yearly"] as const;
/** `frequencyType` of an on-demand policy item (compliance policy) and of on-demand snapshots. */
export const ON_DEMAND_FREQUENCY_TYPE = "ondemand";
/** `export.frequencyType` of a backup schedule's automatic export, as the contract's AutoExportPolicyView
 * allows it: what the emulator accepts and the provider's check() allows. */
export const AUTO_EXPORT_FREQUENCY_TYPES = ["monthly", "yearly"] as const;

/**
 * `frequencyInterval` values each `frequencyType` allows: hours between snapshots, the day of the week
 * (1 = Monday), the day of the month (40 = the last day), the month of the year; on-demand items use 0
 * (or, as the contract allows, a monthly day).
 */
export const FREQUENCY_INTERVALS = {
  hourly: [1, 2, 4, 6, 8, 12],
  daily: [1],
  weekly: [1, 2, 3, 4, 5, 6, 7],
  monthly: [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 40,
  ],
  yearly: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  /** The contract's BackupComplianceOnDemandPolicyItem allows 0 and the monthly days; 0 is usual. */
  ondemand: [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28,
    40,
  ],
} as const satisfies Record<
  (typeof SNAPSHOT_FREQUENCY_TYPES)[number] | typeof ON_DEMAND_FREQUENCY_TYPE,
  readonly number[]
>;

/** `retentionUnit` of policy items (schedule and compliance policy), lower case. */
export const RETENTION_UNITS = ["days", "weeks", "months", "years"] as const;
/** `retentionUnit` of a snapshot expiration change (operation 61), upper case. */
export const SNAPSHOT_RETENTION_UNITS = ["DAYS", "WEEKS", "MONTHS", "YEARS"] as const;

/** `deliveryType` of a restore job (operations 48 and 62). */
export const RESTORE_DELIVERY_TYPES = ["automated", "download", "pointInTime"] as const;
/** Earliest `oplogTs` / `pointInTimeUTCSeconds` of a restore job: 1 January 2008, seconds since the
 * epoch (docs/spec/api-spec.md, Limits); `oplogInc` is at least 1. */
export const EARLIEST_RESTORE_SECONDS = 1_199_145_600;
export const MIN_OPLOG_INC = 1;
/** `retentionInDays` of an on-demand snapshot is at least 1 (docs/spec/api-spec.md, Limits). */
export const MIN_SNAPSHOT_RETENTION_DAYS = 1;

/** `copySettings[].frequencies`: the snapshot kinds a copy setting applies to (upper case). */
export const COPY_FREQUENCIES = ["HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "ON_DEMAND"] as const;
/** `copySettings[].copyPolicyItems[].frequencyType` (the contract's DiskBackupCopyPolicyItem): the
 * scheduled kinds, whose items carry a retention, and on-demand, whose item carries none. */
export const COPY_POLICY_ITEM_FREQUENCY_TYPES = [
  ...SNAPSHOT_FREQUENCY_TYPES,
  ON_DEMAND_FREQUENCY_TYPE,
] as const;
/** At most this many `copyPolicyItems` per copy setting (the contract's maxItems). */
export const COPY_POLICY_ITEMS_MAX = 6;
/** `copySettings[].lastNumberOfSnapshots`: how many of the latest snapshots to copy (the contract's bounds). */
export const COPY_LAST_NUMBER_OF_SNAPSHOTS = { min: 1, max: 500 } as const;
/** `extraRetentionSettings[].frequencyType` of a backup schedule (the contract's ExtraRetentionSetting:
 * upper case, like the copy frequencies). */
export const EXTRA_RETENTION_FREQUENCY_TYPES = COPY_FREQUENCIES;

/** `cloudProvider` of backup copy settings and outage simulation filters. */
export const CLOUD_PROVIDERS = ["AWS", "AZURE", "GCP"] as const;

/** `snapshotType` of a snapshot. */
export const SNAPSHOT_TYPES = ["onDemand", "scheduled", "fallback"] as const;
export type SnapshotType = (typeof SNAPSHOT_TYPES)[number];

// Asynchronous states -------------------------------------------------------------------------------

/**
 * The states of each asynchronous lifecycle (docs/spec/operations.md, "Asynchronous states"): `steps` in order,
 * the first is what a create or update answers and the last is done; `other` are states outside that
 * path (failure, pause, deletion). Restore jobs have no state field (done = `finishedAt` set).
 */
export const LIFECYCLE_STATES = {
  /** `status` of a second-style search index; READY and STALE are queryable. */
  searchIndex: { steps: ["PENDING", "BUILDING", "READY"], other: ["STALE", "FAILED", "DELETING"] },
  /** `status` of a first-style search index. */
  ftsIndex: {
    steps: ["IN_PROGRESS", "MIGRATING", "STEADY"],
    // The contract's ClusterSearchIndex.status: no DELETING (a first-style delete is immediate).
    other: ["FAILED", "STALE", "PAUSED"],
  },
  /** `stateName` of search nodes; after a delete GET answers `{}`. */
  searchDeployment: { steps: ["UPDATING", "IDLE"], other: ["PAUSED"] },
  /** `state` of a backup compliance policy; a PUT on an existing policy answers UPDATING instead of
   * ENABLING, and a disable moves it to DISABLING (then GET answers 404). */
  compliancePolicy: { steps: ["ENABLING", "ACTIVE"], other: ["UPDATING", "DISABLING"] },
  /** `status` of an on-demand snapshot. */
  snapshot: { steps: ["queued", "inProgress", "completed"], other: ["failed"] },
  /** `state` of a snapshot export job. */
  exportJob: { steps: ["Queued", "InProgress", "Successful"], other: ["Failed", "Cancelled"] },
  /** A restore job has no state field (docs/spec/operations.md, "Asynchronous states"): these names
   * are derived from its flags, in this order: failed, cancelled, then finishedAt set (expired once a
   * download's links have expired), else inProgress. */
  restoreJob: { steps: ["inProgress", "finished"], other: ["expired", "failed", "cancelled"] },
  /** `state` of an outage simulation being started, then ended (then 404). */
  outageSimulationStart: { steps: ["START_REQUESTED", "STARTING", "SIMULATING"], other: [] },
  outageSimulationEnd: { steps: ["RECOVERY_REQUESTED", "RECOVERING", "COMPLETE"], other: [] },
  /** `status` of a live migration (readyForCutover once WORKING; COMPLETE after cutover). */
  liveMigration: { steps: ["NEW", "WORKING", "COMPLETE"], other: ["FAILED", "EXPIRED"] },
  /** `status` of a live migration validation. */
  migrationValidation: { steps: ["PENDING", "SUCCESS"], other: ["FAILED"] },
} as const satisfies Record<string, { steps: readonly [string, ...string[]]; other: readonly string[] }>;

/** `type` of an outage simulation filter (the contract's only value). */
export const OUTAGE_FILTER_TYPES = ["REGION"] as const;

/** `destination.hostnameSchemaType` of a live migration. */
export const HOSTNAME_SCHEMA_TYPES = ["PUBLIC", "PRIVATE_LINK", "VPC_PEERING"] as const;

/**
 * Peering-Only mode can be turned off (private IP mode `enabled: false`, operation 77) only when
 * every cluster of the project runs this database version or later (docs/spec/api-spec.md, States
 * and transitions; Limits).
 */
export const PEERING_ONLY_OFF_MIN_DB_VERSION = "5.0";

/** Compares "major.minor[.patch]" database versions: true when `version` >= `minimum`. */
export function dbVersionAtLeast(version: string, minimum: string): boolean {
  const a = version.split(".").map((part) => Number.parseInt(part, 10) || 0);
  const b = minimum.split(".").map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const x = a[index] ?? 0;
    const y = b[index] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}
