/**
 * The one masking rule for credentials the API returns: asterisks in place of every character but
 * the last four. Values of four characters or fewer are fully masked so nothing of them leaks.
 */
export function maskSecret(value: string): string {
  const visible = value.length > 4 ? value.slice(-4) : "";
  return "*".repeat(value.length - visible.length) + visible;
}
