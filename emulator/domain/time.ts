/** ISO 8601 UTC to the second, the form the service returns dates in (the core's one formatter). */
export { isoDate } from "../core/ids";

/** Parses an input date; a date without a zone is read as UTC (spec: Conventions). */
export function parseInputDate(value: string): number | undefined {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const isDateTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?/.test(value);
  if (!isDateTime) return undefined;
  const ms = Date.parse(hasZone || !value.includes("T") ? value : `${value}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

export const MS_PER_DAY = 86_400_000;
