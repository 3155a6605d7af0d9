/**
 * Differences between the emulator and the real service's recorded answers that are accepted, each
 * with its reason (like the contract check's allow-list, scripts/lib/contract/allow-list.ts). The
 * recordings test fails on a difference not listed here and on an entry that matched nothing.
 */
export interface AllowedDifference {
  /** The exchange's name (tests/contract/recordings/*.ts). */
  exchange: string;
  /** "status", "header <name>", "field <name>" or "field []<name>" (an element of an array answer). */
  subject: string;
  reason: string;
}

/** The same difference, for the same reason, in each of `exchanges`. */
function inEach(exchanges: readonly string[], subject: string, reason: string): AllowedDifference[] {
  return exchanges.map((exchange) => ({ exchange, subject, reason }));
}

const ROLE_NULLS =
  "The service answers `authorizedDate: null` and `iamAssumedRoleArn: null` for a role not yet authorized; the emulator leaves them out until the role is authorized (the contract's CloudProviderAccessAWSIAMRole does not declare them nullable, and the contract check holds the emulator to it); the client reads absent and null alike.";

const NO_DESIRED_TIMESTAMP =
  "The service answers `desiredTimestamp: {date: null, increment: null, time: null}` for a restore that is not to a point in time; the emulator shows desiredTimestamp only for an oplog restore (emulator/domain/restoreJobs.ts), because the contract's ApiBSONTimestampView declares neither field nullable and the contract check holds the emulator to it; the client reads an absent and an all-null timestamp alike.";

const NO_DEPLOYMENT_ITEM =
  "The service names the target's deployment item (`targetDeploymentItemName: atlas-72ck1q` in the recording), a field the contract's DiskBackupSnapshotRestoreJob does not declare (the contract check would report it as unknown) and whose value is the service's internal name for the target cluster's processes; the emulator does not invent one. No client of ours reads it.";

const LIST_FORM =
  "The service's `fts/indexes/{database}/{collection}` list answers each index in full (analyzer, mappings, synonyms); the specification names the list form's fields (docs/spec/api-spec.md, search indexes: collectionName, database, indexID, name, numPartitions, status, type) and the emulator follows the specification. A client that needs the definition reads the index by id, as the vendor's `search indexes describe` does.";

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  { exchange: "cloud provider access create", subject: "field authorizedDate", reason: ROLE_NULLS },
  { exchange: "cloud provider access create", subject: "field iamAssumedRoleArn", reason: ROLE_NULLS },
  {
    exchange: "export bucket describe",
    subject: "field region",
    reason:
      "The service reads the bucket's region from the cloud provider (`us-east-1` in the recording, not sent by the client); the emulator has no bucket to read it from and leaves `region` out rather than invent one.",
  },
  ...inEach(
    [
      "restores: automated restore start",
      "restores: automated restore watch 1",
      "restores: automated restore watch 2",
      "restores: restore describe",
      "restores: download restore start",
      "restores: download restore watch 1",
      "restores: download restore watch 2",
    ],
    "field desiredTimestamp",
    NO_DESIRED_TIMESTAMP,
  ),
  ...inEach(
    [
      "restores: automated restore start",
      "restores: automated restore watch 1",
      "restores: automated restore watch 2",
      "restores: restore describe",
    ],
    "field targetDeploymentItemName",
    NO_DEPLOYMENT_ITEM,
  ),
  ...["analyzer", "mappings", "synonyms"].flatMap((field) =>
    inEach(["search index list", "fts index list"], `field []${field}`, LIST_FORM),
  ),
  {
    exchange: "search nodes update",
    subject: "field stateName",
    reason:
      "The service answers the PATCH with the state before the change (IDLE) and shows UPDATING from the next read on; the emulator shows UPDATING in the answer already (emulator/domain/searchDeployments.ts), so a client that takes the answer's state as the change's cannot read a change that has not been applied as done (chosen, docs/api-choices.md, Search nodes). The provider waits on reads, which agree.",
  },
];
