/**
 * AlertConfiguration: which event raises an alert and whom it notifies. See
 * docs/resources/alertConfiguration.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type {
  ALERT_SEVERITIES,
  METRIC_THRESHOLD_MODES,
  METRIC_THRESHOLD_OPERATORS,
} from "../api/alertVariants";
import { type MATCHER_OPERATORS, NOTIFICATION_CREDENTIAL_FIELDS } from "../api/vocabulary";
import { PlatformResource } from "./base";

/** Narrows the events of `eventTypeName` that raise an alert. */
export interface AlertMatcher {
  /**
   * A field name the event type allows (its variant in the contract): APPLICATION_ID for App Services
   * events, CLUSTER_NAME, REPLICA_SET_NAME or SHARD_NAME for replica set events, TYPE_NAME, HOSTNAME, ...
   * for host events; other events take the names operation 3 answers. Checked at preview.
   */
  fieldName: string;
  /** EQUALS, CONTAINS, STARTS_WITH, ENDS_WITH, NOT_EQUALS, NOT_CONTAINS or REGEX. */
  operator: (typeof MATCHER_OPERATORS)[number];
  value: string;
}

/**
 * `threshold` of the threshold event types (replica set, billing, backup, encryption key, X.509):
 * which operators and units depend on the event type, e.g. TOO_FEW_HEALTHY_MEMBERS takes `<` or `>` and
 * units such as "count", TOO_MANY_ELECTIONS GREATER_THAN and RAW; CPS_SNAPSHOT_BEHIND takes GREATER_THAN and a time unit (HOURS, ...).
 */
export interface AlertThreshold {
  operator: string;
  threshold: number;
  units: string;
}

/** `metricThreshold` of the metric event types (OUTSIDE_METRIC_THRESHOLD, ...): a metric and its bound. */
export interface AlertMetricThreshold {
  /** A metric of the event type's family, e.g. NORMALIZED_SYSTEM_CPU_USER, ASSERT_REGULAR, DB_DATA_SIZE_TOTAL. */
  metricName: string;
  /** AVERAGE (the only mode, and the default). */
  mode?: (typeof METRIC_THRESHOLD_MODES)[number];
  operator: (typeof METRIC_THRESHOLD_OPERATORS)[number];
  threshold: number;
  /** The units the metric takes: RAW, a data size (BYTES ... PETABYTES), a time (NANOSECONDS ... DAYS), ... */
  units: string;
}

/** Fields every notification kind carries. */
interface NotificationTiming {
  /** Minutes to wait after the alert opens before notifying. >= 0, default 0. */
  delayMin?: number;
  /** The service's id of the notifier (assigned by the service when left out). */
  notifierId?: string;
}
/** Repeat interval: every kind except the on-call services (PAGER_DUTY, OPS_GENIE, VICTOR_OPS). */
interface NotificationRepeat {
  /** Minutes between repeated notifications. >= 5, default 60. */
  intervalMin?: number;
}
/** Kinds backed by an integration. */
interface IntegrationNotification {
  /** The integration's id (24 hexadecimal digits). */
  integrationId?: string;
}
/** Kinds that notify people: email and text message switches (default false). */
interface PeopleNotification {
  emailEnabled?: boolean;
  smsEnabled?: boolean;
}

export type AlertNotification =
  | ({
      typeName: "MONITORING";
      monitoringApiKey: string;
      monitoringRegion: "US" | "EU";
    } & NotificationTiming &
      NotificationRepeat &
      IntegrationNotification)
  | ({ typeName: "EMAIL"; emailAddress: string } & NotificationTiming & NotificationRepeat)
  | ({ typeName: "GROUP"; roles?: string[] } & NotificationTiming & NotificationRepeat & PeopleNotification)
  | ({ typeName: "ORG"; roles?: string[] } & NotificationTiming & NotificationRepeat & PeopleNotification)
  | ({ typeName: "HIP_CHAT"; notificationToken: string; roomName: string } & NotificationTiming &
      NotificationRepeat &
      IntegrationNotification)
  | ({ typeName: "MICROSOFT_TEAMS"; microsoftTeamsWebhookUrl: string } & NotificationTiming &
      NotificationRepeat &
      IntegrationNotification)
  | ({ typeName: "OPS_GENIE"; opsGenieApiKey: string; opsGenieRegion?: "US" | "EU" } & NotificationTiming &
      IntegrationNotification)
  | ({ typeName: "PAGER_DUTY"; serviceKey: string; region?: "US" | "EU" } & NotificationTiming &
      IntegrationNotification)
  | ({ typeName: "SLACK"; apiToken: string; channelName: string } & NotificationTiming &
      NotificationRepeat &
      IntegrationNotification)
  | ({ typeName: "SMS"; mobileNumber: string } & NotificationTiming & NotificationRepeat)
  | ({ typeName: "TEAM"; teamId: string; teamName?: string } & NotificationTiming &
      NotificationRepeat &
      PeopleNotification)
  | ({ typeName: "USER"; username: string } & NotificationTiming & NotificationRepeat & PeopleNotification)
  | ({ typeName: "VICTOR_OPS"; victorOpsApiKey: string; victorOpsRoutingKey: string } & NotificationTiming &
      IntegrationNotification)
  | ({
      typeName: "WEBHOOK";
      webhookUrl: string;
      webhookSecret?: string;
      /** The body the service sends, as a template (compared like a credential: it may come back masked). */
      webhookBodyTemplate?: string;
      /** The headers the service sends, as a template. */
      webhookHeadersTemplate?: string;
    } & NotificationTiming &
      NotificationRepeat &
      IntegrationNotification);

/** A notification whose fields may each be an Input (a secret from config, another resource's output). */
export type AlertNotificationArgs = AlertNotification extends infer Kind
  ? Kind extends unknown
    ? { [Field in keyof Kind]: pulumi.Input<Kind[Field]> }
    : never
  : never;

export interface AlertConfigurationArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the configuration. */
  groupId: pulumi.Input<string>;
  /** Whether the configuration raises alerts. Default false. A change of only this uses the toggle operation. */
  enabled?: pulumi.Input<boolean>;
  /** The event type that raises the alert, e.g. "DEPLOYMENT_FAILURE". */
  eventTypeName: pulumi.Input<string>;
  /** Conditions on the event's fields (order does not matter). */
  matchers?: pulumi.Input<pulumi.Input<AlertMatcher>[]>;
  /** The bound of a threshold event type (only those take one). Updated in place. */
  threshold?: pulumi.Input<AlertThreshold>;
  /** The metric and bound of a metric event type (only those take one). Updated in place. */
  metricThreshold?: pulumi.Input<AlertMetricThreshold>;
  /** The severity alerts of this configuration take instead of their event's own. Updated in place. */
  severityOverride?: pulumi.Input<(typeof ALERT_SEVERITIES)[number]>;
  /**
   * Whom to notify: at least one, each one of 14 kinds told apart by `typeName`. Credentials in them
   * come back masked from the service; they are compared by their last four characters. The whole
   * `notifications` output is stored as a secret when a notification sets a credential field (or the
   * list is not known until applied, see {@link notificationsMayHoldCredentials}).
   */
  notifications: pulumi.Input<pulumi.Input<AlertNotificationArgs>[]>;
  /** Adopt an existing configuration instead of creating one: `<groupId>/<alertConfigId>`. */
  importId?: pulumi.Input<string>;
}

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

export class AlertConfiguration extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly enabled: pulumi.Output<boolean>;
  declare readonly eventTypeName: pulumi.Output<string>;
  declare readonly matchers: pulumi.Output<AlertMatcher[]>;
  declare readonly threshold: pulumi.Output<AlertThreshold | undefined>;
  declare readonly metricThreshold: pulumi.Output<AlertMetricThreshold | undefined>;
  declare readonly severityOverride: pulumi.Output<(typeof ALERT_SEVERITIES)[number] | undefined>;
  /**
   * The notifications as applied, credentials included: a secret output whenever they may hold a
   * credential ({@link notificationsMayHoldCredentials}) or hold a secret input.
   */
  declare readonly notifications: pulumi.Output<AlertNotification[]>;
  /** The configuration's id (24 hexadecimal digits). */
  declare readonly alertConfigId: pulumi.Output<string>;
  /** When the configuration was created. */
  declare readonly created: pulumi.Output<string | undefined>;

  constructor(name: string, args: AlertConfigurationArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "AlertConfiguration",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "enabled",
          "eventTypeName",
          "matchers",
          "threshold",
          "metricThreshold",
          "severityOverride",
          "notifications",
          "alertConfigId",
          "created",
        ],
        // Notifications with credentials (API keys, tokens, webhook secrets) are kept secret even when
        // the input was not marked secret; a secret input anywhere in them makes the output secret
        // anyway (the engine's rule for an input holding a secret).
        secretOutputs: notificationsMayHoldCredentials(args.notifications) ? ["notifications"] : [],
      },
      opts,
    );
  }
}
