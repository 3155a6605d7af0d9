/**
 * Masked credentials.
 *
 * The API returns some credentials (notification API keys, webhook secrets) masked: asterisks for
 * every character except the last four (`****************abcd`). A provider must never report a
 * difference on a value the API cannot show, so comparisons go through {@link sameSecret}.
 */

/** Number of characters the API leaves visible at the end of a masked value. */
export const VISIBLE_SUFFIX_LENGTH = 4;

/**
 * True when `value` is a masked credential: one or more leading asterisks followed by at most four
 * visible characters.
 */
export function isMasked(value: unknown): boolean {
  return typeof value === "string" && /^\*+[\s\S]{0,4}$/.test(value);
}

/**
 * The visible part of a masked value (its last characters after the leading asterisks), or the
 * last four characters of an unmasked value.
 */
export function maskedSuffix(value: string): string {
  if (isMasked(value)) return value.replace(/^\*+/, "");
  return value.slice(-VISIBLE_SUFFIX_LENGTH);
}

/**
 * Masks a value the way the API does: asterisks for every character except the last four. A value
 * of four characters or fewer is masked entirely, so a short secret is never shown whole.
 */
export function mask(value: string): string {
  if (value.length <= VISIBLE_SUFFIX_LENGTH) return "*".repeat(value.length);
  return "*".repeat(value.length - VISIBLE_SUFFIX_LENGTH) + value.slice(-VISIBLE_SUFFIX_LENGTH);
}

/**
 * Whether the user's value and the API's value are the same secret, as far as the API lets us
 * know. Equal strings are the same; a masked API value matches when its visible suffix equals the
 * end of the user's value (a masked value with nothing visible matches anything: the API cannot
 * show a difference, so we never report one). Two masked values match when their suffixes match.
 */
export function sameSecret(userValue: unknown, apiValue: unknown): boolean {
  if (userValue === apiValue) return true;
  if (typeof userValue !== "string" || typeof apiValue !== "string") return false;
  if (isMasked(apiValue)) {
    const suffix = maskedSuffix(apiValue);
    const userVisible = isMasked(userValue) ? maskedSuffix(userValue) : userValue;
    return suffix === "" || userVisible.endsWith(suffix);
  }
  if (isMasked(userValue)) return sameSecret(apiValue, userValue);
  return false;
}

/**
 * For `read`: the value to keep as the user's input after reading a masked value from the API. When
 * the API value still matches what the user had, the user's full value is kept (a refresh must not
 * replace a known secret with its mask); otherwise the API's masked value is returned so the next
 * diff shows the out-of-band change.
 */
export function keepKnownSecret(previousUserValue: unknown, apiValue: unknown): unknown {
  if (typeof previousUserValue === "string" && sameSecret(previousUserValue, apiValue)) {
    return previousUserValue;
  }
  return apiValue;
}
