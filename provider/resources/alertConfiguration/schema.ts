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
import { variantIssues } from "../../../api/alertVariantRules";
import {
  ALERT_SEVERITIES,
  METRIC_THRESHOLD_MODES,
  METRIC_THRESHOLD_OPERATORS,
} from "../../../api/alertVariants";
import { HEX24 } from "../../../api/ids";
import {
  EMAIL_SMS_NOTIFICATION_KINDS,
  INTEGRATION_NOTIFICATION_KINDS,
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

const hex24 = z.string().regex(HEX24.pattern, HEX24.rule);
const nonEmpty = z.string().min(1, "must not be empty");
const httpUrl = z.string().regex(/^https?:\/\/\S+$/, "must be an http:// or https:// URL");

/**
 * The field rules of the notification kinds: the fields specific to each kind, and the fields several
 * kinds share (which kinds: {@link carriedFields}). Built with the notification union, on the first
 * check: `refresh` and `destroy` never check, and these 40 schemas were about half of this module's
 * load time.
 */
interface NotificationFieldRules {
  byKind: Readonly<Record<NotificationTypeName, Record<string, z.ZodType>>>;
  shared: Readonly<Record<string, z.ZodType>>;
}

function buildNotificationFieldRules(): NotificationFieldRules {
  return {
    byKind: {
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
        webhookBodyTemplate: nonEmpty
          .optional()
          .describe(
            "The body the service sends, as a template (compared like a credential: it may come back masked).",
          ),
        webhookHeadersTemplate: nonEmpty.optional().describe("The headers the service sends, as a template."),
      },
    },
    shared: {
      delayMin: z
        .int()
        .min(0)
        .default(0)
        .describe("Minutes to wait after the alert opens before notifying. >= 0, default 0."),
      notifierId: hex24
        .optional()
        .describe("The service's id of the notifier (assigned by the service when left out)."),
      intervalMin: z
        .int()
        .min(NOTIFICATION_INTERVAL_MIN.min)
        .default(NOTIFICATION_INTERVAL_MIN.default)
        .describe(
          `Minutes between repeated notifications. >= ${NOTIFICATION_INTERVAL_MIN.min}, default ${NOTIFICATION_INTERVAL_MIN.default}. Not for the on-call services.`,
        ),
      integrationId: hex24.optional().describe("The integration's id (24 hexadecimal digits)."),
      emailEnabled: z
        .boolean()
        .default(false)
        .describe("Whether the people notified get an email. Default false."),
      smsEnabled: z
        .boolean()
        .default(false)
        .describe("Whether the people notified get a text message. Default false."),
    },
  };
}

/** The fields a notification of `kind` carries (typeName included), as the service keeps them. */
export function carriedFields(kind: NotificationTypeName): ReadonlySet<string> {
  const fields = new Set<string>(["typeName", "delayMin", "notifierId", ...NOTIFICATION_KIND_FIELDS[kind]]);
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
function notificationVariant(kind: NotificationTypeName, rules: NotificationFieldRules) {
  const carried = carriedFields(kind);
  const shape: Record<string, z.ZodType> = {};
  for (const field of ALL_NOTIFICATION_FIELDS) {
    if (!carried.has(field)) shape[field] = notCarried(kind, field);
  }
  for (const field of carried) {
    if (field === "typeName") continue; // the discriminator, set below
    const rule = rules.byKind[kind][field] ?? rules.shared[field];
    if (rule === undefined)
      throw new Error(
        `no rule for ${kind} notification field ${field}: add it to buildNotificationFieldRules`,
      );
    shape[field] = rule;
  }
  shape.typeName = z.literal(kind);
  return z.strictObject(shape);
}

/** The union of the 14 kinds: about 350 field rules, built on the first check, not at load. */
function buildNotificationSchema() {
  const rules = buildNotificationFieldRules();
  const [firstKind, ...otherKinds] = NOTIFICATION_TYPE_NAMES.map((kind) => notificationVariant(kind, rules));
  return z.discriminatedUnion(
    "typeName",
    // The list of kinds is a non-empty constant, so the first element exists.
    [firstKind!, ...otherKinds],
    {
      error: (issue) =>
        issue.code === "invalid_union" ? `must be one of ${NOTIFICATION_TYPE_NAMES.join(", ")}` : undefined,
    },
  );
}

/**
 * One notification, told apart by `typeName`. Lazy: `refresh` and `destroy` never check inputs, and
 * building the union was most of this module's load time (about 30 ms of CPU per provider process).
 * The SDK's `AlertNotification` (the generator reads the union through the getter). Typed as
 * {@link Notification}: the kinds are built from tables, so zod's type of a checked one does not say
 * its fields.
 */
export const notificationSchema = z.lazy(buildNotificationSchema).meta({
  id: "AlertNotification",
  description:
    "Whom an alert notifies: one of 14 kinds told apart by `typeName`, each with the fields the service keeps for it.",
}) as unknown as z.ZodType<Notification>;

export const matcherSchema = z
  .strictObject({
    // Which names are allowed depends on the event type: checked with it (checkVariant).
    fieldName: nonEmpty.describe(
      "A field name the event type allows (its variant in the contract): APPLICATION_ID for App Services events, CLUSTER_NAME, REPLICA_SET_NAME or SHARD_NAME for replica set events, TYPE_NAME, HOSTNAME, ... for host events; other events take the names operation 3 answers. Checked at preview.",
    ),
    operator: z
      .enum(MATCHER_OPERATORS)
      .describe("EQUALS, CONTAINS, STARTS_WITH, ENDS_WITH, NOT_EQUALS, NOT_CONTAINS or REGEX."),
    value: z.string(),
  })
  .meta({ id: "AlertMatcher", description: "Narrows the events of `eventTypeName` that raise an alert." });

/** `threshold`: the comparison of the threshold variants (which operators and units: the event type's variant). */
export const thresholdSchema = z
  .strictObject({
    operator: nonEmpty,
    threshold: z.number(),
    units: nonEmpty,
  })
  .meta({
    id: "AlertThreshold",
    description:
      '`threshold` of the threshold event types (replica set, billing, backup, encryption key, X.509): which operators and units depend on the event type, e.g. TOO_FEW_HEALTHY_MEMBERS takes `<` or `>` and units such as "count", TOO_MANY_ELECTIONS GREATER_THAN and RAW; CPS_SNAPSHOT_BEHIND takes GREATER_THAN and a time unit (HOURS, ...).',
  });

/**
 * `metricThreshold`: a metric of the event type's metric family and its bound. `mode` is filled in
 * (its only value), so the stored inputs equal what the service keeps.
 */
export const metricThresholdSchema = z
  .strictObject({
    metricName: nonEmpty.describe(
      "A metric of the event type's family, e.g. NORMALIZED_SYSTEM_CPU_USER, ASSERT_REGULAR, DB_DATA_SIZE_TOTAL.",
    ),
    mode: z
      .enum(METRIC_THRESHOLD_MODES)
      .default("AVERAGE")
      .describe("AVERAGE (the only mode, and the default)."),
    operator: z.enum(METRIC_THRESHOLD_OPERATORS),
    threshold: z.number(),
    units: nonEmpty.describe(
      "The units the metric takes: RAW, a data size (BYTES ... PETABYTES), a time (NANOSECONDS ... DAYS), ...",
    ),
  })
  .meta({
    id: "AlertMetricThreshold",
    description:
      "`metricThreshold` of the metric event types (OUTSIDE_METRIC_THRESHOLD, ...): a metric and its bound.",
  });

/** One notification after check: the typeName and the kind's fields, defaults applied. */
export type Notification = { typeName: NotificationTypeName } & Record<string, unknown>;
export type Matcher = z.output<typeof matcherSchema>;
export type Threshold = z.output<typeof thresholdSchema>;
export type MetricThreshold = z.output<typeof metricThresholdSchema>;

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
      for (const issue of variantIssues(inputs, (value) => !isUnknown(value))) {
        ctx.addIssue({ code: "custom", ...issue });
      }
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
