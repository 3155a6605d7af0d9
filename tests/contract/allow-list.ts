/**
 * Divergences the contract check accepts (docs/contract-check.md, "The allow-list"). Each entry names
 * the operation ("*" for every one), the side, the kind, the JSON path and why it is accepted. In
 * `path`, `**` stands for any run of characters (`[*]` is a literal array index, as the check prints
 * it); `messageIncludes` narrows an entry to divergences whose message contains that text.
 *
 * Three sections:
 * - CONTRACT_ARTIFACTS: the vendored contract is wrong or looser/stricter than the service, and we follow
 *   the specification (docs/spec/api-spec.md) instead. These stay.
 * - OURS_BEING_FIXED: real bugs of the client or the emulator. The lead removes entries as the fixes
 *   merge; the check reports an entry that matched nothing as stale.
 * - TO_TRIAGE: found by the first run of the check, cause not yet settled (contract artifact or ours).
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

const ALERT_CONFIG_OPERATIONS = [
  "createGroupAlertConfig (#5)",
  "getGroupAlertConfig (#7)",
  "toggleGroupAlertConfig (#8)",
  "updateGroupAlertConfig (#9)",
  "listGroupAlertConfigs (#4)",
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
    operation: "disablePeering (#77)",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "406 is not declared",
    reason:
      "A test asks the legacy root for a versioned media type on purpose; 406 is the service's answer (docs/spec/api-spec.md, versions).",
  },
  ...each(["createGroupClusterBackupRestoreJob (#48)", "getGroupClusterBackupRestoreJob (#50)"], {
    side: "answer",
    kind: "schema",
    path: "**desiredTimestamp.increment",
    messageIncludes: "must be >= 1199145600",
    reason:
      "ApiBSONTimestampView gives `increment` the minimum of an epoch time (1199145600), copied from oplogTs; a BSON timestamp's increment is a 32-bit counter (docs/spec/api-spec.md, Conventions), the oplogInc of the request (>= 1).",
  }),
];

export const OURS_BEING_FIXED: readonly AllowListEntry[] = [
  // Per-operation versions: the client sends 2025-03-12 everywhere and the emulator answers in it.
  {
    operation: "*",
    side: "request",
    kind: "accept-version",
    path: "Accept",
    messageIncludes: "application/vnd.platform.2025-03-12+json is not declared",
    reason: "Per-operation versions (being fixed): the client sends 2025-03-12 to every operation.",
  },
  {
    operation: "*",
    side: "request",
    kind: "content-type-version",
    path: "Content-Type",
    messageIncludes: "application/vnd.platform.2025-03-12+json is not declared",
    reason: "Per-operation versions (being fixed): the client sends 2025-03-12 bodies to every operation.",
  },
  {
    operation: "*",
    side: "answer",
    kind: "answer-content-type",
    path: "Content-Type",
    messageIncludes: "application/vnd.platform.2025-03-12+json is not declared",
    reason:
      "Per-operation versions (being fixed): the emulator serves 2025-03-12, a version the operation does not declare.",
  },
  // Snapshots.
  {
    operation: "*",
    side: "answer",
    kind: "enum",
    path: "**frequencyType",
    messageIncludes: '["hourly","daily","weekly","monthly","yearly"]',
    reason:
      'Lower-case frequencyType (being fixed): on-demand snapshots answer "ondemand", not a declared value.',
  },
  {
    operation: "*",
    side: "answer",
    kind: "schema",
    path: "**dbVersion",
    messageIncludes: "must match pattern",
    reason:
      'Snapshots: the emulator answers a major version ("7.0") where the contract wants a full one ("7.0.14"); new, not yet in hand.',
  },
  ...["cloudProvider", "configServerType", "copyRegions", "members", "replicaSetName", "snapshotIds"].map(
    (path): AllowListEntry => ({
      operation: "takeGroupClusterBackupSnapshots (#55)",
      side: "answer",
      kind: "unknown-field",
      path,
      reason:
        "The on-demand snapshot answer (#55) is the full snapshot view; the contract answers the smaller DiskBackupSnapshot; new, not yet in hand.",
    }),
  ),
  // Compliance policy.
  ...each(["getGroupBackupCompliancePolicy (#42)", "updateGroupBackupCompliancePolicy (#43)"], {
    side: "answer",
    kind: "format",
    path: "updatedUser",
    reason:
      "updatedUser must be an email address; the emulator answers the API key's public key; new, not yet in hand.",
  }),
  // Export jobs.
  {
    operation: "*",
    side: "answer",
    kind: "schema",
    path: "**prefix",
    messageIncludes: "/exported_snapshots/",
    reason:
      "The export prefix does not follow /exported_snapshots/{ORG-NAME}/{PROJECT-NAME}/{CLUSTER-NAME}/...; new, not yet in hand.",
  },
  // Backup schedule (client).
  {
    operation: "updateGroupClusterBackupSchedule (#53)",
    side: "request",
    kind: "missing-field",
    path: "policies",
    reason:
      "The client's partial update omits `policies`, which the contract's request schema requires; new, not yet in hand.",
  },
  {
    operation: "updateGroupClusterBackupSchedule (#53)",
    side: "request",
    kind: "read-only-field",
    path: "policies[*].policyItems[*].id",
    reason:
      "The client sends policy item ids, read-only in the contract; new, not yet in hand (or a contract artifact: the service matches items by id).",
  },
  {
    operation: "updateGroupBackupCompliancePolicy (#43)",
    side: "request",
    kind: "read-only-field",
    path: "**id",
    reason:
      "The client sends the compliance policy's item ids (scheduledPolicyItems[].id), read-only in the contract; as for #53, new, not yet in hand.",
  },
  // Pagination of the sharded-cluster snapshot list (client).
  ...["includeCount", "itemsPerPage", "pageNum"].map(
    (path): AllowListEntry => ({
      operation: "listGroupClusterBackupSnapshotShardedClusters (#58)",
      side: "request",
      kind: "query-parameter",
      path,
      reason: "The client paginates #58, which the contract does not paginate; new, not yet in hand.",
    }),
  ),
  {
    operation: "createGroupBackupExportBucket (#38)",
    side: "request",
    kind: "schema",
    path: "",
    reason:
      "The client sends a bucketName shorter than 3 characters instead of refusing it before the request; new, not yet in hand.",
  },
];

export const TO_TRIAGE: readonly AllowListEntry[] = [
  ...each(ALERT_CONFIG_OPERATIONS.slice(0, 4), {
    side: "answer",
    kind: "schema",
    path: "",
    reason:
      "Alert configurations with eventTypeName/matchers values the contract's enumerations lack (DEPLOYMENT_FAILURE, CLUSTER_NAME); docs/api-choices.md lets eventTypeName be any upper-case identifier.",
  }),
  {
    operation: "listGroupAlertConfigs (#4)",
    side: "answer",
    kind: "schema",
    path: "results[*]",
    reason: "As the alert-configuration entries above, for list items.",
  },
  ...each(["createGroupAlertConfig (#5)", "updateGroupAlertConfig (#9)"], {
    side: "request",
    kind: "schema",
    path: "",
    reason:
      "As the alert-configuration answers above: the client sends eventTypeName/matcher values outside the contract's enumerations.",
  }),
  {
    operation: "acknowledgeGroupAlert (#14)",
    side: "answer",
    kind: "schema",
    path: "",
    reason:
      "The alert view disagrees at acknowledgingUsername (an email in the contract), eventTypeName and clusterName.",
  },
  ...(["schema", "type"] as const).map(
    (kind): AllowListEntry => ({
      operation: "listAlertConfigMatcherFieldNames (#3)",
      side: "answer",
      kind,
      path: "[*]",
      reason:
        "Field names CLUSTER_NAME, SHARD_NAME and RULE_ID are outside the contract's matcher-field enumerations.",
    }),
  ),
  ...(["enum", "unknown-field"] as const).map(
    (kind): AllowListEntry => ({
      operation: "listLegacyClusters (#78)",
      side: "answer",
      kind,
      path: "results[*].providerSettings.instanceSizeName",
      reason:
        "Legacy providerSettings.instanceSizeName values outside the contract's list (shared tiers) or on a provider view without it.",
    }),
  ),
  {
    operation: "createGroupBackupExportBucket (#38)",
    side: "answer",
    kind: "undeclared-status",
    path: "",
    messageIncludes: "409 is not declared",
    reason: "The emulator answers 409 for a duplicate export bucket; the contract declares no 409 for #38.",
  },
];

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
