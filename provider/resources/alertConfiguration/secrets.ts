/**
 * When AlertConfiguration's `notifications` output is a secret, decided by the SDK class from the
 * program's arguments (resource.ts `secretWhen`). This module runs in every user's program: it imports
 * only the API's value lists, never zod or the client.
 */
import { NOTIFICATION_CREDENTIAL_FIELDS } from "../../../api/vocabulary";

const CREDENTIAL_FIELD_NAMES: ReadonlySet<string> = new Set(
  Object.values(NOTIFICATION_CREDENTIAL_FIELDS).flat(),
);

/**
 * Whether notifications as a program declares them may hold a credential: one of them sets a
 * credential field of any kind (NOTIFICATION_CREDENTIAL_FIELDS in api/vocabulary.ts) to anything,
 * or the list or one of its entries is not a plain value yet (an Output or a promise), so what it
 * holds cannot be seen when the resource is declared. Then the `notifications` output is a secret.
 * Notifications without credentials (email addresses, roles, users, teams) stay readable in state,
 * `pulumi stack output` and diffs, and each snapshot the engine writes costs less (BENCHMARKS.md).
 */
export function notificationsMayHoldCredentials(notifications: unknown): boolean {
  if (!Array.isArray(notifications)) return true;
  return notifications.some((entry: unknown) => {
    if (typeof entry !== "object" || entry === null || Object.getPrototypeOf(entry) !== Object.prototype)
      return true;
    return Object.entries(entry).some(
      ([field, value]) => value !== undefined && CREDENTIAL_FIELD_NAMES.has(field),
    );
  });
}
