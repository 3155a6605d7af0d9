/**
 * Divergences the contract check accepts (docs/contract-check.md, "The allow-list"). Each entry names
 * the operation ("*" for every one), the side, the kind, the JSON path and why it is accepted. In
 * `path`, `**` stands for any run of characters (`[*]` is a literal array index, as the check prints
 * it); `messageIncludes` narrows an entry to divergences whose message contains that text.
 *
 * Three sections:
 * - CONTRACT_ARTIFACTS: the vendored contract is wrong or looser/stricter than the service, and we follow
 *   the specification (docs/spec/api-spec.md) instead. These stay.
 * - OURS_BEING_FIXED: real bugs of the client or the emulator, while a fix is in hand (empty: every one
 *   found so far is fixed, issue 8); the check reports an entry that matched nothing as stale.
 * - TO_TRIAGE: found, cause not yet settled (contract artifact or ours); empty.
 */
import type { Divergence, DivergenceKind } from "./oracle";

export interface AllowListEntry {
  operation: string;
  side: Divergence["side"];
  kind: DivergenceKind;
  path: string;
  messageIncludes?: string;
  reason: string;
}

const SEARCH_INDEX_OPERATIONS = [
  "createGroupClusterSearchIndex (#25)",
  "getGroupClusterSearchIndex (#31)",
  "getGroupClusterSearchIndexByName (#28)",
  "updateGroupClusterSearchIndex (#32)",
  "updateGroupClusterSearchIndexByName (#29)",
  "listGroupClusterSearchIndexes (#24)",
  "listGroupClusterSearchIndex (#26)",
];

function each(operations: readonly string[], entry: Omit<AllowListEntry, "operation">): AllowListEntry[] {
  return operations.map((operation) => ({ operation, ...entry }));
}

export const CONTRACT_ARTIFACTS: readonly AllowListEntry[] = [
  {
    operation: "*",
    side: "answer",
    kind: "type",
    path: "parameters[*]",
    reason:
      'ApiError.parameters is typed as an array of objects; the service\'s parameters are the values the error names (strings, numbers), docs/spec/api-spec.md "Errors".',
  },
  {
    operation: "*",
    side: "answer",
    kind: "unknown-field",
    path: "links",
    reason:
      "Every entity carries a links array with a self relation (docs/spec/api-spec.md, conventions); the contract omits `links` from many views.",
  },
  ...(["request", "answer"] as const).map(
    (side): AllowListEntry => ({
      operation: "*",
      side,
      kind: "type",
      path: "**mappings.dynamic",
      reason:
        "Search mappings `dynamic` is typed object only; the specification says `dynamic boolean` (docs/spec/api-spec.md, search indexes) and the service takes both.",
    }),
  ),
  ...(["request", "answer"] as const).map(
    (side): AllowListEntry => ({
      operation: "*",
      side,
      kind: "type",
      path: "**fields[*].**",
      reason:
        "Vector search `fields` items are BasicDBObject, typed as a map whose values are objects; the values are scalars (path, numDimensions, similarity, type, quantization).",
    }),
  ),
  ...each(SEARCH_INDEX_OPERATIONS.slice(0, 5), {
    side: "answer",
    kind: "unknown-field",
    path: "**statusDetail[*].mainIndex.definition.**",
    reason:
      "statusDetail[].mainIndex.definition is typed as the base SearchIndexDefinition (numPartitions, storedSource only); it carries the index's text or vector definition.",
  }),
  ...(
    [
      ["createGroupClusterSearchIndex (#25)", "definition"],
      ["createGroupClusterFtsIndex (#15)", "mappings"],
      ["updateGroupClusterFtsIndex (#19)", "mappings"],
    ] as const
  ).map(
    ([operation, path]): AllowListEntry => ({
      operation,
      side: "request",
      kind: "unknown-field",
      path,
      reason:
        "The request schema is discriminated by `type`, which defaults to `search` and so may be omitted (docs/spec/api-spec.md, search indexes); without it the contract's base schema lacks the text-search fields.",
    }),
  ),
  ...each(["updateGroupClusterSearchIndex (#32)", "updateGroupClusterSearchIndexByName (#29)"], {
    side: "request",
    kind: "schema",
    path: "definition",
    reason: "Follows from `mappings.dynamic` typed object only (boolean per the specification).",
  }),
  ...each(
    [
      "createGroupCloudProviderAccess (#73)",
      "getGroupClusterBackupSchedule (#52)",
      "toggleGroupAwsCustomDns (#36)",
      "toggleGroupAlertConfig (#8)",
    ],
    {
      side: "answer",
      kind: "undeclared-status",
      path: "",
      messageIncludes: "400 is not declared",
      reason:
        'Bad input gets 400 on every operation (docs/spec/api-spec.md "Errors"); the contract\'s response list of these operations omits it.',
    },
  ),
  ...each(["createGroupBackupExportBucket (#38)", "getGroupAwsCustomDns (#35)"], {
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "503 is not declared",
    reason:
      "A fault the test injected through the control API (a service outage), not an answer the emulator makes.",
  }),
  {
    operation: "*",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "406 is not declared",
    reason:
      "406 is the answer to a version the operation does not serve (a date earlier than every declared version, or a versioned media type on the 1.0 root): issue 8 and docs/api-choices.md (Versions); the contract's response lists describe requests in a declared version, so none lists 406. Tests ask for such versions on purpose (tests/emulator/core/versions.int.test.ts walks every operation).",
  },
  ...[
    "createGroupClusterBackupExport (#45)",
    "getGroupClusterBackupExport (#46)",
    "listGroupClusterBackupExports (#44)",
  ].map(
    (operation): AllowListEntry => ({
      operation,
      side: "answer",
      kind: "schema",
      path: "**prefix",
      messageIncludes: "/exported_snapshots/",
      reason:
        "The contract's `pattern` for prefix is a template, /exported_snapshots/{ORG-NAME}/{PROJECT-NAME}/{CLUSTER-NAME}/{SNAPSHOT-INITIATION-DATE}/{TIMESTAMP}: read as a regular expression only that literal text of braces matches, so no real prefix can; the emulator follows the template segment by segment (docs/api-choices.md, Export jobs).",
    }),
  ),
  // The real service answers these statuses where the contract says 200 (issue 38; the vendor's
  // recordings, mongodb/mongodb-atlas-cli test/e2e/atlas/generic/**/.snapshots, 2026-08-10), and the
  // emulator follows the service (docs/api-choices.md, "Statuses the service answers").
  {
    operation: "createGroupAlertConfig (#5)",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "201 is not declared",
    reason:
      "The service answers 201 Created with a Location header (recording alertsettings/.../TestAlertConfig/Create/POST_api_atlas_v2_groups_..._alertConfigs_1.snaphost, 2026-08-10); the contract lists 200.",
  },
  {
    operation: "createOrgLiveMigrationLinkToken (#71)",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "201 is not declared",
    reason:
      "The service answers 201 Created (recording livemigrations/.../TestLinkToken/Create/POST_api_atlas_v2_orgs_..._liveMigrations_linkTokens_1.snaphost, 2026-08-10); the contract lists 200.",
  },
  ...(["updateGroupAuditLog (#34)", "toggleGroupAwsCustomDns (#36)"] as const).map(
    (operation): AllowListEntry => ({
      operation,
      side: "answer",
      kind: "undeclared-status",
      path: "",
      messageIncludes: "202 is not declared",
      reason:
        "The service answers 202 Accepted with the new settings (recordings auditing/.../TestAuditing/Update/PATCH_..._auditLog_1.snaphost and customdns/.../TestCustomDNS/Enable/PATCH_..._awsCustomDNS_1.snaphost, 2026-08-10); the contract lists 200.",
    }),
  ),
  // Values the real service answers that the contract's enumerations or types lack (issue 38; the
  // recordings of tests/contract/recordings), followed by the emulator.
  ...(
    [
      ["takeGroupClusterBackupSnapshots (#55)", "frequencyType"],
      ["getGroupClusterBackupSnapshot (#60)", "frequencyType"],
      ["getGroupClusterBackupSnapshotShardedCluster (#57)", "frequencyType"],
      ["listGroupClusterBackupSnapshots (#54)", "results[*].frequencyType"],
      ["listGroupClusterBackupSnapshotShardedClusters (#58)", "results[*].frequencyType"],
      ["updateGroupClusterBackupSnapshot (#61)", "frequencyType"],
    ] as const
  ).map(
    ([operation, path]): AllowListEntry => ({
      operation,
      side: "answer",
      kind: "enum",
      path,
      messageIncludes: "must be one of",
      reason:
        "An on-demand snapshot's frequencyType is \"ondemand\" (recordings backup/snapshot/.../TestSnapshots/Create_snapshot/POST_..._backup_snapshots_1.snaphost and Watch_creation/GET_..._backup_snapshots_6a7944f22c88faeba59d3572_1..4.snaphost, 2026-08-10); the contract's enum lists only the scheduled frequencies.",
    }),
  ),
  ...["getGroupBackupCompliancePolicy (#42)", "updateGroupBackupCompliancePolicy (#43)"].map(
    (operation): AllowListEntry => ({
      operation,
      side: "answer",
      kind: "type",
      path: "onDemandPolicyItem",
      messageIncludes: "must be object",
      reason:
        "A policy without an on-demand item answers `onDemandPolicyItem: null` (recordings backup/compliancepolicy/.../TestBackupCompliancePolicyEnable/PUT_api_atlas_v2_groups_..._backupCompliancePolicy_1.snaphost and TestBackupCompliancePolicyDescribe/GET_..._backupCompliancePolicy_1.snaphost, 2026-08-10); the contract does not declare the item nullable.",
    }),
  ),
  ...["cloudProvider", "copyRegions", "replicaSetName", "configServerType", "members", "snapshotIds"].map(
    (path): AllowListEntry => ({
      operation: "takeGroupClusterBackupSnapshots (#55)",
      side: "answer",
      kind: "unknown-field",
      path,
      reason:
        'Follows from frequencyType "ondemand" (above): the take answer is one of the replica set and sharded cluster views, neither passes, and the check reports the fields of the view the base schema lacks.',
    }),
  ),
  ...(
    [
      ["createGroupClusterFtsIndex (#15)", "type", "mappings.fields.**"],
      ["createGroupClusterSearchIndex (#25)", "type", "**mappings.fields.**"],
      ...["analyzer", "mappings", "searchAnalyzer", "synonyms"].map(
        (field) => ["createGroupClusterFtsIndex (#15)", "unknown-field", field] as const,
      ),
    ] as const
  ).map(
    ([operation, kind, path]): AllowListEntry => ({
      operation,
      side: "answer",
      kind,
      path,
      ...(kind === "type" ? { messageIncludes: "must be object" } : {}),
      reason:
        "A field may be mapped as several types, an array of mappings (the service takes and answers it: recordings search/search/.../TestSearch/Create_array_mapping/POST_..._search_indexes_1.snaphost and TestSearchDeprecated/Create_array_mapping/POST_..._fts_indexes_1.snaphost, 2026-08-10); the contract types a field's mapping as an object only, and in the first style the check then finds no text-search schema for the answer and reports its fields.",
    }),
  ),
  {
    operation: "createGroupBackupExportBucket (#38)",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "409 is not declared",
    reason:
      'A second bucket of the same name is "a unique property already exists with that value": 409 (docs/spec/api-spec.md, Errors, status codes); the contract\'s list for #38 omits 409.',
  },
  ...(["schema", "type"] as const).map(
    (kind): AllowListEntry => ({
      operation: "listAlertConfigMatcherFieldNames (#3)",
      side: "answer",
      kind,
      path: "[*]",
      reason:
        "MatcherFieldView is declared `type: object` with a oneOf of string enumerations, so no value can satisfy it (every field name is a string), and CLUSTER_NAME and REPLICA_SET_NAME sit in several alternatives of the oneOf, which then fails as ambiguous; the operation answers an array of strings (docs/spec/api-spec.md, operation 3).",
    }),
  ),
  // No createGroupAlertConfig (#5) answer here or in the two lists below: it answers 201, as the
  // service does (tests/contract/recordings), a status the contract does not declare, whose body the
  // check does not hold to the 200 schema.
  ...[
    ["createGroupAlertConfig (#5)", "request", ""],
    ["updateGroupAlertConfig (#9)", "request", ""],
    ["getGroupAlertConfig (#7)", "answer", ""],
    ["updateGroupAlertConfig (#9)", "answer", ""],
    ["listGroupAlertConfigs (#4)", "answer", "results[*]"],
  ].map(
    ([operation, side, path]): AllowListEntry => ({
      operation: operation as string,
      side: side as Divergence["side"],
      kind: "schema",
      path: path as string,
      messageIncludes: `(they disagree at ${path === "" ? "" : `${path}.`}eventTypeName)`,
      reason:
        'The catch-all variant of GroupAlertsConfig ("Any Other Alert Configurations", e.g. CREDIT_CARD_ABOUT_TO_EXPIRE) declares eventTypeName `type: object` with a oneOf of string enumerations, as MatcherFieldView does, so no event type (a string) can match it; ajv reports `/eventTypeName must be object` for that alternative. Only this place disagrees.',
    }),
  ),
  ...each(["createGroupClusterBackupRestoreJob (#48)", "getGroupClusterBackupRestoreJob (#50)"], {
    side: "answer",
    kind: "schema",
    path: "**desiredTimestamp.increment",
    messageIncludes: "must be >= 1199145600",
    reason:
      "ApiBSONTimestampView gives `increment` the minimum of an epoch time (1199145600), copied from oplogTs; a BSON timestamp's increment is a 32-bit counter (docs/spec/api-spec.md, Conventions), the oplogInc of the request (>= 1).",
  }),

  ...[
    ["createGroupAlertConfig (#5)", "request", ""],
    ["updateGroupAlertConfig (#9)", "request", ""],
    ["getGroupAlertConfig (#7)", "answer", ""],
    ["updateGroupAlertConfig (#9)", "answer", ""],
    ["listGroupAlertConfigs (#4)", "answer", "results[*]"],
  ].map(
    ([operation, side, path]): AllowListEntry => ({
      operation: operation as string,
      side: side as Divergence["side"],
      kind: "schema",
      path: path as string,
      // "threshold.operator" or "metricThreshold.units" among the places the alternatives disagree.
      messageIncludes: "hreshold.",
      reason:
        "No body can satisfy these alternatives (checked with ajv, each variant alone): Replica Set Threshold declares `threshold` as AlertsThresholdInteger (operator < or >, lower-case units) while its own discriminator maps TOO_MANY_ELECTIONS to GreaterThanRawThreshold (GREATER_THAN, RAW) and REPLICATION_OPLOG_WINDOW_RUNNING_OUT to LessThanTimeThreshold; HostMetricThreshold's base `units` lists display labels (count, GB, ...) while each metric's view takes RawMetricUnits/DataMetricUnits/... (RAW, GIGABYTES), and its oneOf of structurally equal views always passes several (never exactly one); the host variant types every matcher `value` as MatcherHostType (PRIMARY, SECONDARY, ...), which fits only the TYPE_NAME matcher. We follow the discriminator mappings and per-metric views (api/alertVariants.ts, docs/api-choices.md).",
    }),
  ),
  ...[
    ["getGroupAlertConfigAlerts (#11)", "results[*]"],
    ["listGroupAlerts (#12)", "results[*]"],
    ["getGroupAlert (#13)", ""],
    ["acknowledgeGroupAlert (#14)", ""],
  ].map(
    ([operation, path]): AllowListEntry => ({
      operation: operation as string,
      side: "answer",
      kind: "schema",
      path: path as string,
      messageIncludes: "oneOf",
      reason:
        "AlertViewForNdsGroup is a oneOf whose alternatives overlap: a HOST_DOWN alert with only the fields HostAlertViewForNdsGroup declares passes both that view and StreamProcessorAlertViewForNdsGroup (checked with ajv, each alternative alone), so no such alert can pass exactly one.",
    }),
  ),
  ...[
    ["createGroupAlertConfig (#5)", "request", ""],
    ["updateGroupAlertConfig (#9)", "request", ""],
    ["getGroupAlertConfig (#7)", "answer", ""],
    ["updateGroupAlertConfig (#9)", "answer", ""],
    ["listGroupAlertConfigs (#4)", "answer", "results[*]"],
  ].map(
    ([operation, side, path]): AllowListEntry => ({
      operation: operation as string,
      side: side as Divergence["side"],
      kind: "schema",
      path: path as string,
      messageIncludes: "matchers[*].value",
      reason:
        "The host variants type every matcher `value` as MatcherHostType (STANDALONE, PRIMARY, ...), which fits only the TYPE_NAME matcher; a HOSTNAME or REPLICA_SET_NAME matcher's value is a name (docs/spec/api-spec.md, matchers).",
    }),
  ),
  {
    operation: "*",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "503 is not declared",
    reason:
      "A fault injected on purpose (tests/e2e/reliability.e2e.test.ts injects 503 among its 10% faults on any API path, scripts/lib/reliability.ts), not an answer the emulator makes.",
  },
];

export const OURS_BEING_FIXED: readonly AllowListEntry[] = [];

export const TO_TRIAGE: readonly AllowListEntry[] = [];

export const ALLOW_LIST: readonly AllowListEntry[] = [
  ...CONTRACT_ARTIFACTS,
  ...OURS_BEING_FIXED,
  ...TO_TRIAGE,
];

/** `**` in an entry's path stands for any run of characters; everything else is literal. */
function pathPattern(path: string): RegExp {
  const source = path
    .split("**")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${source}$`);
}

/** Whether an entry covers a divergence (operation "*" covers every operation). */
export function allows(entry: AllowListEntry, divergence: Divergence): boolean {
  return (
    (entry.operation === "*" || entry.operation === divergence.operation) &&
    entry.side === divergence.side &&
    entry.kind === divergence.kind &&
    pathPattern(entry.path).test(divergence.path) &&
    (entry.messageIncludes === undefined || divergence.message.includes(entry.messageIncludes))
  );
}
