/**
 * Differences between the emulator and the real service's recorded answers that are accepted, each
 * with its reason (like the contract check's allow-list, scripts/lib/contract/allow-list.ts). The
 * recordings test fails on a difference not listed here and on an entry that matched nothing.
 */
export interface AllowedDifference {
  /** The exchange's name (tests/contract/recordings/expectations.ts). */
  exchange: string;
  /** "status", "header <name>" or "field <name>". */
  subject: string;
  reason: string;
}

const LEFT_OUT_NULL =
  "The service answers `onDemandPolicyItem: null` when the policy has none; the emulator leaves the field out, because the contract (DataProtectionSettings20231001) does not declare it nullable and the contract check holds the emulator to it; the client reads an absent and a null item alike (provider/resources/backupCompliancePolicy/model.ts).";

const ROLE_NULLS =
  "The service answers `authorizedDate: null` and `iamAssumedRoleArn: null` for a role not yet authorized; the emulator leaves them out until the role is authorized (the contract's CloudProviderAccessAWSIAMRole does not declare them nullable, and the contract check holds the emulator to it); the client reads absent and null alike.";

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [
  { exchange: "compliance policy enable", subject: "field onDemandPolicyItem", reason: LEFT_OUT_NULL },
  { exchange: "compliance policy describe", subject: "field onDemandPolicyItem", reason: LEFT_OUT_NULL },
  { exchange: "cloud provider access create", subject: "field authorizedDate", reason: ROLE_NULLS },
  { exchange: "cloud provider access create", subject: "field iamAssumedRoleArn", reason: ROLE_NULLS },
  {
    exchange: "export bucket describe",
    subject: "field region",
    reason:
      "The service reads the bucket's region from the cloud provider (`us-east-1` in the recording, not sent by the client); the emulator has no bucket to read it from and leaves `region` out rather than invent one.",
  },
];
