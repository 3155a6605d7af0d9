/**
 * The rule of the contract's alert configuration variants (api/alertVariants.ts, the data), as pure
 * functions both the provider (check, before any request) and the emulator (operations 5 and 9) apply:
 * the event type decides which matcher field names, which threshold kind and which metric units are
 * allowed. One copy, so the two can never disagree.
 */
import {
  ALERT_VARIANTS,
  type AlertVariant,
  METRIC_FAMILIES,
  METRIC_UNITS,
  type MetricUnitKind,
} from "./alertVariants";
import { MATCHER_FIELD_NAMES } from "./vocabulary";

/** The variant of each event type (api/alertVariants.ts: each event type is in exactly one). */
const VARIANT_OF_EVENT: ReadonlyMap<string, AlertVariant> = new Map(
  ALERT_VARIANTS.flatMap((variant) => variant.eventTypes.map((eventType) => [eventType, variant] as const)),
);
export const ALERT_EVENT_TYPES: readonly string[] = [...VARIANT_OF_EVENT.keys()];

/** The variant an event type belongs to, or undefined for an event type the contract does not name. */
export function variantOf(eventTypeName: string): AlertVariant | undefined {
  return VARIANT_OF_EVENT.get(eventTypeName);
}

/** The matcher field names an event type allows (a variant the contract leaves open: operation 3's names). */
export function allowedMatcherFieldNames(variant: AlertVariant): readonly string[] {
  return variant.matcherFieldNames ?? MATCHER_FIELD_NAMES;
}

/** A list for a message: in full when short, else its first items and how many more. */
export function abbreviate(values: readonly string[], shown = 12): string {
  if (values.length <= shown) return values.join(", ");
  return `${values.slice(0, shown).join(", ")}, ... (${values.length - shown} more)`;
}

/** The event types most like an unknown one: those sharing its first word, else every one. */
function likelyEventTypes(eventTypeName: string): readonly string[] {
  const firstWord = eventTypeName.split("_")[0] ?? "";
  const alike = ALERT_EVENT_TYPES.filter((name) => name.split("_")[0] === firstWord);
  return alike.length > 0 ? alike : ALERT_EVENT_TYPES;
}

/** The metric unit kind of a metric of the event type's family, or undefined when the family has no such metric. */
function unitKindOf(variant: AlertVariant, metricName: string): MetricUnitKind | undefined {
  if (variant.metricFamily === null) return undefined;
  const family: Readonly<Record<string, MetricUnitKind>> = METRIC_FAMILIES[variant.metricFamily];
  return family[metricName];
}

/** One broken rule: the field's path (as segments) and a message that starts with the path. */
export type VariantIssue = { path: (string | number)[]; message: string };

/** Whether a value is settled enough to judge; a caller that holds values not known yet says which. */
export type Settled = (value: unknown) => boolean;

/**
 * The contract's rule that ties fields together: the event type decides which matcher field names,
 * which threshold kind (none, `threshold`, `metricThreshold`) and, for a metric, which units are
 * allowed (api/openapi/openapi-v2.yml, GroupAlertsConfig). Each message starts with the field's path
 * and names the allowed values. Values `settled` refuses (the provider's preview unknowns) are not
 * judged; the emulator judges every value.
 */
export function variantIssues(
  inputs: {
    eventTypeName: unknown;
    matchers?: unknown;
    threshold?: unknown;
    metricThreshold?: unknown;
  },
  settled: Settled = () => true,
): VariantIssue[] {
  const { eventTypeName } = inputs;
  if (typeof eventTypeName !== "string" || !settled(eventTypeName)) return [];
  const variant = variantOf(eventTypeName);
  if (variant === undefined) {
    const likely = likelyEventTypes(eventTypeName);
    const which = likely === ALERT_EVENT_TYPES ? "allowed" : "allowed (the ones like it)";
    return [
      {
        path: ["eventTypeName"],
        message: `eventTypeName: unknown event type ${eventTypeName}; ${which}: ${abbreviate(likely)}`,
      },
    ];
  }
  const issues: VariantIssue[] = [];
  const matchers = Array.isArray(inputs.matchers) ? inputs.matchers : [];
  const allowedFields = allowedMatcherFieldNames(variant);
  for (const [index, matcher] of matchers.entries()) {
    const fieldName = (matcher as { fieldName?: unknown } | null)?.fieldName;
    if (typeof fieldName !== "string" || !settled(fieldName) || allowedFields.includes(fieldName)) continue;
    const path = `matchers[${index}].fieldName`;
    issues.push({
      path: ["matchers", index, "fieldName"],
      message:
        allowedFields.length === 0
          ? `${path}: ${eventTypeName} allows no matchers`
          : `${path}: ${eventTypeName} allows no matcher ${fieldName}; allowed: ${allowedFields.join(", ")}`,
    });
  }
  issues.push(...thresholdIssues(eventTypeName, variant, inputs.threshold, judgedWith(settled)));
  issues.push(...metricThresholdIssues(eventTypeName, variant, inputs.metricThreshold, judgedWith(settled)));
  return issues;
}

/** Whether a value in a threshold can be judged: a number, or a settled string. */
function judgedWith(settled: Settled): (value: unknown) => value is string | number {
  return (value: unknown): value is string | number =>
    (typeof value === "string" && settled(value)) || typeof value === "number";
}

function thresholdIssues(
  eventTypeName: string,
  variant: AlertVariant,
  threshold: unknown,
  judged: (value: unknown) => value is string | number,
): VariantIssue[] {
  if (threshold === undefined || threshold === null || typeof threshold !== "object") return [];
  const rule = variant.thresholdByEventType?.[eventTypeName] ?? variant.threshold;
  if (rule === null) {
    const instead = variant.metricFamily !== null ? " (its bound is a metricThreshold)" : "";
    return [{ path: ["threshold"], message: `threshold: ${eventTypeName} takes no threshold${instead}` }];
  }
  const { operator, threshold: bound, units } = threshold as Record<string, unknown>;
  const issues: VariantIssue[] = [];
  if (judged(operator) && !rule.operators.includes(String(operator)))
    issues.push({
      path: ["threshold", "operator"],
      message: `threshold.operator: ${eventTypeName} takes operator ${rule.operators.join(" or ")}; got ${operator}`,
    });
  if (judged(units) && !rule.units.includes(String(units)))
    issues.push({
      path: ["threshold", "units"],
      message: `threshold.units: ${eventTypeName} takes units ${abbreviate(rule.units)}; got ${units}`,
    });
  if (rule.integer && typeof bound === "number" && !Number.isInteger(bound))
    issues.push({
      path: ["threshold", "threshold"],
      message: `threshold.threshold: ${eventTypeName} takes a whole number; got ${bound}`,
    });
  return issues;
}

function metricThresholdIssues(
  eventTypeName: string,
  variant: AlertVariant,
  metric: unknown,
  judged: (value: unknown) => value is string | number,
): VariantIssue[] {
  if (metric === undefined || metric === null || typeof metric !== "object") return [];
  if (variant.metricFamily === null) {
    const instead = variant.threshold !== null ? " (its bound is a threshold)" : "";
    return [
      {
        path: ["metricThreshold"],
        message: `metricThreshold: ${eventTypeName} takes no metricThreshold${instead}`,
      },
    ];
  }
  const { metricName, units } = metric as Record<string, unknown>;
  if (!judged(metricName)) return [];
  const kind = unitKindOf(variant, String(metricName));
  if (kind === undefined) {
    const metrics = Object.keys(METRIC_FAMILIES[variant.metricFamily]);
    return [
      {
        path: ["metricThreshold", "metricName"],
        message: `metricThreshold.metricName: ${eventTypeName} has no metric ${metricName}; allowed: ${abbreviate(metrics)}`,
      },
    ];
  }
  const allowedUnits: readonly string[] = METRIC_UNITS[kind];
  if (judged(units) && !allowedUnits.includes(String(units)))
    return [
      {
        path: ["metricThreshold", "units"],
        message: `metricThreshold.units: metric ${metricName} takes units ${allowedUnits.join(", ")}; got ${units}`,
      },
    ];
  return [];
}
