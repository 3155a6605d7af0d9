/**
 * Inputs of the AlertConfiguration resource (operations 3-9), as a zod schema.
 *
 * Every notification kind accepts exactly the fields the service keeps for it (docs/spec/operations.md). A
 * field the service would silently drop for a kind (emailEnabled on a webhook, intervalMin on an
 * on-call service) is rejected here with a message naming the field and the kind, because a dropped
 * field comes back missing after apply and shows as a diff forever. Defaults the service fills in
 * (delayMin 0, intervalMin 60, emailEnabled/smsEnabled false, regions US) are applied here, so the
 * stored inputs equal what the service echoes.
 */
import { z } from "zod";
import {
  ALERT_SEVERITIES,
  ALERT_VARIANTS,
  type AlertVariant,
  METRIC_FAMILIES,
  METRIC_THRESHOLD_MODES,
  METRIC_THRESHOLD_OPERATORS,
  METRIC_UNITS,
  type MetricUnitKind,
} from "../../../api/alertVariants";
import { HEX24 } from "../../../api/ids";
import {
  EMAIL_SMS_NOTIFICATION_KINDS,
  INTEGRATION_NOTIFICATION_KINDS,
  MASKED_NOTIFICATION_FIELDS,
  MATCHER_FIELD_NAMES,
  MATCHER_OPERATORS,
  NOTIFICATION_INTERVAL_MIN,
  NOTIFICATION_KIND_FIELDS,
  NOTIFICATION_ORG_ROLES,
  NOTIFICATION_REGIONS,
  NOTIFICATION_TYPE_NAMES,
  type NotificationTypeName,
  ON_CALL_NOTIFICATION_KINDS,
  PROJECT_ROLES,
} from "../../../api/vocabulary";
import { importIdSchema } from "../../framework/adoption";
import { idPartSchema, isUnknown } from "../../framework/validation";

export const ALERT_CONFIGURATION_ID_PARTS = ["groupId", "alertConfigId"] as const;

export { NOTIFICATION_TYPE_NAMES, type NotificationTypeName };

/** Kinds that notify people of the project/organization directly: the only ones with emailEnabled/smsEnabled. */
export const PEOPLE_KINDS: readonly NotificationTypeName[] = EMAIL_SMS_NOTIFICATION_KINDS;
/** On-call services: the service ignores intervalMin for them. */
export const ON_CALL_KINDS: readonly NotificationTypeName[] = ON_CALL_NOTIFICATION_KINDS;
/** Kinds backed by a third-party integration: they carry integrationId. */
export const INTEGRATION_KINDS: readonly NotificationTypeName[] = INTEGRATION_NOTIFICATION_KINDS;

/**
 * Credential fields per kind, compared by visible suffix and never diffed on what the API cannot
 * show: the fields the API masks, plus webhookUrl and victorOpsRoutingKey, which the public service
 * may mask too (its masking of those two is not documented; an unmasked echo compares equal as well).
 */
export const SECRET_FIELDS: Readonly<Record<NotificationTypeName, readonly string[]>> = {
  ...MASKED_NOTIFICATION_FIELDS,
  VICTOR_OPS: [...MASKED_NOTIFICATION_FIELDS.VICTOR_OPS, "victorOpsRoutingKey"],
  // The templates are `format: password` in the contract: the service may mask them like the secret.
  WEBHOOK: [
    "webhookUrl",
    ...MASKED_NOTIFICATION_FIELDS.WEBHOOK,
    "webhookBodyTemplate",
    "webhookHeadersTemplate",
  ],
};

const hex24 = z.string().regex(HEX24.pattern, HEX24.rule);
const nonEmpty = z.string().min(1, "must not be empty");
const httpUrl = z.string().regex(/^https?:\/\/\S+$/, "must be an http:// or https:// URL");

/** The fields specific to each kind, with their rules. */
const KIND_FIELDS: Readonly<Record<NotificationTypeName, Record<string, z.ZodType>>> = {
  MONITORING: {
    monitoringApiKey: nonEmpty,
    monitoringRegion: z.enum(NOTIFICATION_REGIONS, {
      error: (issue) => (issue.input === undefined ? "is required" : undefined),
    }),
  },
  EMAIL: { emailAddress: z.string().regex(/^[^@\s]+@[^@\s]+$/, "must be an email address") },
  GROUP: { roles: z.array(z.enum(PROJECT_ROLES)).optional() },
  ORG: { roles: z.array(z.enum(NOTIFICATION_ORG_ROLES)).optional() },
  HIP_CHAT: { notificationToken: nonEmpty, roomName: nonEmpty },
  MICROSOFT_TEAMS: { microsoftTeamsWebhookUrl: httpUrl },
  OPS_GENIE: { opsGenieApiKey: nonEmpty, opsGenieRegion: z.enum(NOTIFICATION_REGIONS).default("US") },
  PAGER_DUTY: { serviceKey: nonEmpty, region: z.enum(NOTIFICATION_REGIONS).default("US") },
  SLACK: { apiToken: nonEmpty, channelName: nonEmpty },
  SMS: {
    mobileNumber: z
      .string()
      .regex(/^\+?[0-9 ()-]{4,}$/, "must be a phone number (digits, spaces, ( ) -, optional leading +)"),
  },
  TEAM: { teamId: hex24, teamName: nonEmpty.optional() },
  USER: { username: nonEmpty },
  VICTOR_OPS: { victorOpsApiKey: nonEmpty, victorOpsRoutingKey: nonEmpty },
  WEBHOOK: {
    webhookUrl: httpUrl,
    webhookSecret: nonEmpty.optional(),
    webhookBodyTemplate: nonEmpty.optional(),
    webhookHeadersTemplate: nonEmpty.optional(),
  },
};

/** The rules of the fields several kinds share (which kinds: {@link carriedFields}). */
const SHARED_FIELDS: Readonly<Record<string, z.ZodType>> = {
  delayMin: z.int().min(0).default(0),
  notifierId: hex24.optional(),
  intervalMin: z.int().min(NOTIFICATION_INTERVAL_MIN.min).default(NOTIFICATION_INTERVAL_MIN.default),
  integrationId: hex24.optional(),
  emailEnabled: z.boolean().default(false),
  smsEnabled: z.boolean().default(false),
};

/**
 * Fields of a kind the contract has (api/openapi/openapi-v2.yml, WebhookNotification) beyond the
 * specification's list in the vocabulary. They belong in NOTIFICATION_KIND_FIELDS once the emulator
 * accepts them (its test holds its kinds equal to that list); until then they are added here.
 */
const CONTRACT_KIND_FIELDS: Readonly<Partial<Record<NotificationTypeName, readonly string[]>>> = {
  WEBHOOK: ["webhookBodyTemplate", "webhookHeadersTemplate"],
};

/** The fields a notification of `kind` carries (typeName included), as the service keeps them. */
export function carriedFields(kind: NotificationTypeName): ReadonlySet<string> {
  const fields = new Set<string>([
    "typeName",
    "delayMin",
    "notifierId",
    ...NOTIFICATION_KIND_FIELDS[kind],
    ...(CONTRACT_KIND_FIELDS[kind] ?? []),
  ]);
  if (!ON_CALL_KINDS.includes(kind)) fields.add("intervalMin");
  if (INTEGRATION_KINDS.includes(kind)) fields.add("integrationId");
  return fields;
}

/** The kinds that carry a field, for the "not carried by" messages. */
function kindsCarrying(field: string): NotificationTypeName[] {
  return NOTIFICATION_TYPE_NAMES.filter((kind) => carriedFields(kind).has(field));
}

function listKinds(kinds: readonly string[]): string {
  if (kinds.length <= 1) return kinds.join("");
  return `${kinds.slice(0, -1).join(", ")} and ${kinds[kinds.length - 1]}`;
}

/** Every field some kind carries. */
const ALL_NOTIFICATION_FIELDS = [
  ...new Set(NOTIFICATION_TYPE_NAMES.flatMap((kind) => [...carriedFields(kind)])),
];

/** A field of another kind: accepted only when absent, else an error naming the field and the kind. */
function notCarried(kind: NotificationTypeName, field: string): z.ZodType {
  const carriers = kindsCarrying(field);
  const why =
    field === "intervalMin"
      ? `is not accepted for ${kind} notifications: the service ignores the repeat interval of on-call services (remove it)`
      : `is not carried by ${kind} notifications (only ${listKinds(carriers)} notifications have it)`;
  return z.undefined({ error: why }).optional();
}

/** One kind: its own fields with their rules; every other kind's field rejected by name. */
function notificationVariant(kind: NotificationTypeName) {
  const carried = carriedFields(kind);
  const shape: Record<string, z.ZodType> = {};
  for (const field of ALL_NOTIFICATION_FIELDS) {
    if (!carried.has(field)) shape[field] = notCarried(kind, field);
  }
  for (const field of carried) {
    if (field === "typeName") continue; // the discriminator, set below
    const rule = KIND_FIELDS[kind][field] ?? SHARED_FIELDS[field];
    if (rule === undefined)
      throw new Error(`no rule for ${kind} notification field ${field}: add it to KIND_FIELDS`);
    shape[field] = rule;
  }
  shape.typeName = z.literal(kind);
  return z.strictObject(shape);
}

const [firstKind, ...otherKinds] = NOTIFICATION_TYPE_NAMES.map(notificationVariant);

export const notificationSchema = z.discriminatedUnion(
  "typeName",
  // The list of kinds is a non-empty constant, so the first element exists.
  [firstKind!, ...otherKinds],
  {
    error: (issue) =>
      issue.code === "invalid_union" ? `must be one of ${NOTIFICATION_TYPE_NAMES.join(", ")}` : undefined,
  },
);

export const matcherSchema = z.strictObject({
  // Which names are allowed depends on the event type: checked with it (checkVariant).
  fieldName: nonEmpty,
  operator: z.enum(MATCHER_OPERATORS),
  value: z.string(),
});

/** `threshold`: the comparison of the threshold variants (which operators and units: the event type's variant). */
export const thresholdSchema = z.strictObject({
  operator: nonEmpty,
  threshold: z.number(),
  units: nonEmpty,
});

/**
 * `metricThreshold`: a metric of the event type's metric family and its bound. `mode` is filled in
 * (its only value), so the stored inputs equal what the service keeps.
 */
export const metricThresholdSchema = z.strictObject({
  metricName: nonEmpty,
  mode: z.enum(METRIC_THRESHOLD_MODES).default("AVERAGE"),
  operator: z.enum(METRIC_THRESHOLD_OPERATORS),
  threshold: z.number(),
  units: nonEmpty,
});

/** One notification after check: the typeName and the kind's fields, defaults applied. */
export type Notification = { typeName: NotificationTypeName } & Record<string, unknown>;
export type Matcher = z.output<typeof matcherSchema>;
export type Threshold = z.output<typeof thresholdSchema>;
export type MetricThreshold = z.output<typeof metricThresholdSchema>;

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

type Issue = { path: PropertyKey[]; message: string };

/**
 * The contract's rule that ties fields together: the event type decides which matcher field names,
 * which threshold kind (none, `threshold`, `metricThreshold`) and, for a metric, which units are
 * allowed (api/openapi/openapi-v2.yml, GroupAlertsConfig). Each message starts with the field's path
 * and names the allowed values. Values not known yet (preview) are not judged.
 */
export function variantIssues(inputs: {
  eventTypeName: unknown;
  matchers?: unknown;
  threshold?: unknown;
  metricThreshold?: unknown;
}): Issue[] {
  const { eventTypeName } = inputs;
  if (typeof eventTypeName !== "string" || isUnknown(eventTypeName)) return [];
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
  const issues: Issue[] = [];
  const matchers = Array.isArray(inputs.matchers) ? inputs.matchers : [];
  const allowedFields = allowedMatcherFieldNames(variant);
  for (const [index, matcher] of matchers.entries()) {
    const fieldName = (matcher as { fieldName?: unknown } | null)?.fieldName;
    if (typeof fieldName !== "string" || isUnknown(fieldName) || allowedFields.includes(fieldName)) continue;
    const path = `matchers[${index}].fieldName`;
    issues.push({
      path: ["matchers", index, "fieldName"],
      message:
        allowedFields.length === 0
          ? `${path}: ${eventTypeName} allows no matchers`
          : `${path}: ${eventTypeName} allows no matcher ${fieldName}; allowed: ${allowedFields.join(", ")}`,
    });
  }
  issues.push(...thresholdIssues(eventTypeName, variant, inputs.threshold));
  issues.push(...metricThresholdIssues(eventTypeName, variant, inputs.metricThreshold));
  return issues;
}

/** Whether a value in a threshold is settled enough to judge (present, known). */
function judged(value: unknown): value is string | number {
  return (typeof value === "string" && !isUnknown(value)) || typeof value === "number";
}

function thresholdIssues(eventTypeName: string, variant: AlertVariant, threshold: unknown): Issue[] {
  if (threshold === undefined || threshold === null || typeof threshold !== "object") return [];
  const rule = variant.threshold;
  if (rule === null) {
    const instead = variant.metricFamily !== null ? " (its bound is a metricThreshold)" : "";
    return [{ path: ["threshold"], message: `threshold: ${eventTypeName} takes no threshold${instead}` }];
  }
  const { operator, threshold: bound, units } = threshold as Record<string, unknown>;
  const issues: Issue[] = [];
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

function metricThresholdIssues(eventTypeName: string, variant: AlertVariant, metric: unknown): Issue[] {
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

export const alertConfigurationInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    enabled: z.boolean().default(false),
    // Which names are allowed, and with them which matchers and threshold kind: checked together below.
    eventTypeName: nonEmpty,
    matchers: z.array(matcherSchema).default([]),
    threshold: thresholdSchema.optional(),
    metricThreshold: metricThresholdSchema.optional(),
    severityOverride: z.enum(ALERT_SEVERITIES).optional(),
    notifications: z
      .array(notificationSchema)
      .min(1, "must contain at least 1 item: the service requires a notification"),
    importId: importIdSchema(ALERT_CONFIGURATION_ID_PARTS).optional(),
  })
  .superRefine(
    (inputs, ctx) => {
      // Runs even when another field failed (`when` below), so every failure shows in one check;
      // the value may then be partly unparsed, which variantIssues takes as it comes.
      if (typeof inputs !== "object" || inputs === null) return;
      for (const issue of variantIssues(inputs)) ctx.addIssue({ code: "custom", ...issue });
    },
    { when: () => true },
  );

export interface AlertConfigurationInputs {
  groupId: string;
  enabled: boolean;
  eventTypeName: string;
  matchers: Matcher[];
  threshold?: Threshold;
  metricThreshold?: MetricThreshold;
  severityOverride?: (typeof ALERT_SEVERITIES)[number];
  notifications: Notification[];
  importId?: string;
}
