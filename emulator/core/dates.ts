/** Dates in the forms the service uses: what it answers, and how it reads what it is sent. */

/** ISO 8601 UTC to the second ("2025-03-12T00:00:00Z"), the form the service returns. */
export function isoDate(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Parses an input date; a date without a zone is read as UTC (spec: Conventions). */
export function parseInputDate(value: string): number | undefined {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const isDateTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(value);
  if (!isDateTime) return undefined;
  const ms = Date.parse(hasZone || !value.includes("T") ? value : `${value}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

export const MS_PER_DAY = 86_400_000;
