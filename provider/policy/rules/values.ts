/**
 * Reading a resource's properties as a rule needs them: props are plain JSON (secrets unwrapped), so
 * these only narrow `unknown`.
 */

/** The value as a list of objects; empty for anything else. */
export function objectsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    : [];
}

/** The value as an object; undefined for anything else. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * The days a retention keeps snapshots at least: a unit counts at its shortest (a month 28 days, a
 * year 365), because the rules check minimums. (The resource's own check, which must never refuse
 * what the service accepts, counts the longest.) Undefined for a retention it cannot read.
 */
export function retentionDays(item: Record<string, unknown>): number | undefined {
  const value = item.retentionValue;
  const unit = typeof item.retentionUnit === "string" ? item.retentionUnit.toLowerCase() : undefined;
  const days = unit === undefined ? undefined : MINIMUM_DAYS_PER_UNIT[unit];
  return typeof value === "number" && days !== undefined ? value * days : undefined;
}

const MINIMUM_DAYS_PER_UNIT: Readonly<Record<string, number>> = { days: 1, weeks: 7, months: 28, years: 365 };

/** The project and cluster a resource is on (`groupId/clusterName`); undefined when it names none. */
export function clusterOf(props: Record<string, unknown>): string | undefined {
  const { groupId, clusterName } = props;
  return typeof groupId === "string" && typeof clusterName === "string"
    ? `${groupId}/${clusterName}`
    : undefined;
}

/** The setting every production-only rule has. */
export const PRODUCTION_SETTING = {
  type: "boolean",
  default: false,
  description: "This stack is production: the rule applies (it checks nothing otherwise).",
} as const;
