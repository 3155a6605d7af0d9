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

const PENDING = "Issue 38: the emulator follows the contract here, not the service; being fixed.";

/** The emulator's own differences while their fix is in hand (the recordings test reports an entry that
 * matched nothing, so each goes when its fix lands). */
const BEING_FIXED: readonly AllowedDifference[] = [
  { exchange: "alert configuration create", subject: "status", reason: PENDING },
  { exchange: "alert configuration describe", subject: "request", reason: PENDING },
  { exchange: "alert configuration update", subject: "request", reason: PENDING },
  { exchange: "alert configuration delete", subject: "request", reason: PENDING },
  { exchange: "auditing describe", subject: "header ratelimit-limit", reason: PENDING },
  { exchange: "auditing describe", subject: "header ratelimit-remaining", reason: PENDING },
  { exchange: "auditing update", subject: "status", reason: PENDING },
  { exchange: "auditing update", subject: "header ratelimit-limit", reason: PENDING },
  { exchange: "auditing update", subject: "header ratelimit-remaining", reason: PENDING },
  { exchange: "auditing update via file", subject: "status", reason: PENDING },
  { exchange: "auditing update via file", subject: "header ratelimit-limit", reason: PENDING },
  { exchange: "auditing update via file", subject: "header ratelimit-remaining", reason: PENDING },
  { exchange: "custom DNS enable", subject: "status", reason: PENDING },
  { exchange: "custom DNS enable", subject: "header ratelimit-limit", reason: PENDING },
  { exchange: "custom DNS enable", subject: "header ratelimit-remaining", reason: PENDING },
  { exchange: "custom DNS describe", subject: "header ratelimit-limit", reason: PENDING },
  { exchange: "custom DNS describe", subject: "header ratelimit-remaining", reason: PENDING },
  { exchange: "custom DNS disable", subject: "status", reason: PENDING },
  { exchange: "custom DNS disable", subject: "header ratelimit-limit", reason: PENDING },
  { exchange: "custom DNS disable", subject: "header ratelimit-remaining", reason: PENDING },
  { exchange: "backup schedule update", subject: "status", reason: PENDING },
  { exchange: "compliance policy enable", subject: "status", reason: PENDING },
  { exchange: "compliance policy describe", subject: "status", reason: PENDING },
];

export const ALLOWED_DIFFERENCES: readonly AllowedDifference[] = [...BEING_FIXED];
