import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import {
  alertConfigurationInputsSchema,
  NOTIFICATION_TYPE_NAMES,
} from "../../../../provider/resources/alertConfiguration/schema";

const GROUP = "5f1a000000000000000000a1";
const HEX = "65f0c0ffee0000000000abcd";
const BASE = { groupId: GROUP, eventTypeName: "DEPLOYMENT_FAILURE" };
const EMAIL = { typeName: "EMAIL", emailAddress: "ops@example.com" };

function check(news: Record<string, unknown>) {
  return checkWith(alertConfigurationInputsSchema, news);
}

function reasons(news: Record<string, unknown>): string[] {
  return check(news).failures.map((failure) => failure.reason);
}

function notify(...notifications: Record<string, unknown>[]) {
  return { ...BASE, notifications };
}

/** One valid notification of every kind, with only its required fields. */
const MINIMAL: Record<string, Record<string, unknown>> = {
  MONITORING: { typeName: "MONITORING", monitoringApiKey: "mon-key-1234", monitoringRegion: "US" },
  EMAIL,
  GROUP: { typeName: "GROUP" },
  ORG: { typeName: "ORG" },
  HIP_CHAT: { typeName: "HIP_CHAT", notificationToken: "tok-5678", roomName: "ops" },
  MICROSOFT_TEAMS: {
    typeName: "MICROSOFT_TEAMS",
    microsoftTeamsWebhookUrl: "https://teams.example.com/hook/1",
  },
  OPS_GENIE: { typeName: "OPS_GENIE", opsGenieApiKey: "genie-key-0001" },
  PAGER_DUTY: { typeName: "PAGER_DUTY", serviceKey: "pd-service-key" },
  SLACK: { typeName: "SLACK", apiToken: "xoxb-token-9999", channelName: "#alerts" },
  SMS: { typeName: "SMS", mobileNumber: "+1 555 0100" },
  TEAM: { typeName: "TEAM", teamId: HEX },
  USER: { typeName: "USER", username: "ada@example.com" },
  VICTOR_OPS: { typeName: "VICTOR_OPS", victorOpsApiKey: "vo-api-key", victorOpsRoutingKey: "vo-routing" },
  WEBHOOK: { typeName: "WEBHOOK", webhookUrl: "https://hooks.example.com/alerts" },
};

/** What check fills in for each kind. */
const DEFAULTS: Record<string, Record<string, unknown>> = {
  MONITORING: { delayMin: 0, intervalMin: 60 },
  EMAIL: { delayMin: 0, intervalMin: 60 },
  GROUP: { delayMin: 0, intervalMin: 60, emailEnabled: false, smsEnabled: false },
  ORG: { delayMin: 0, intervalMin: 60, emailEnabled: false, smsEnabled: false },
  HIP_CHAT: { delayMin: 0, intervalMin: 60 },
  MICROSOFT_TEAMS: { delayMin: 0, intervalMin: 60 },
  OPS_GENIE: { delayMin: 0, opsGenieRegion: "US" },
  PAGER_DUTY: { delayMin: 0, region: "US" },
  SLACK: { delayMin: 0, intervalMin: 60 },
  SMS: { delayMin: 0, intervalMin: 60 },
  TEAM: { delayMin: 0, intervalMin: 60, emailEnabled: false, smsEnabled: false },
  USER: { delayMin: 0, intervalMin: 60, emailEnabled: false, smsEnabled: false },
  VICTOR_OPS: { delayMin: 0 },
  WEBHOOK: { delayMin: 0, intervalMin: 60 },
};

describe("AlertConfiguration check", () => {
  test("applies the defaults: enabled false, no matchers", () => {
    expect(check(notify(EMAIL))).toEqual({
      inputs: {
        ...BASE,
        enabled: false,
        matchers: [],
        notifications: [{ ...EMAIL, delayMin: 0, intervalMin: 60 }],
      },
      failures: [],
    });
  });

  test("covers all 14 notification kinds", () => {
    expect(Object.keys(MINIMAL).sort()).toEqual([...NOTIFICATION_TYPE_NAMES].sort());
  });

  test.each(Object.keys(MINIMAL))("accepts a %s notification and fills in what the service would", (kind) => {
    const result = check(notify(MINIMAL[kind] as Record<string, unknown>));
    expect(result.failures).toEqual([]);
    expect(result.inputs.notifications).toEqual([{ ...MINIMAL[kind], ...DEFAULTS[kind] }]);
  });

  test.each([
    ["MONITORING", "monitoringApiKey"],
    ["MONITORING", "monitoringRegion"],
    ["EMAIL", "emailAddress"],
    ["HIP_CHAT", "notificationToken"],
    ["HIP_CHAT", "roomName"],
    ["MICROSOFT_TEAMS", "microsoftTeamsWebhookUrl"],
    ["OPS_GENIE", "opsGenieApiKey"],
    ["PAGER_DUTY", "serviceKey"],
    ["SLACK", "apiToken"],
    ["SLACK", "channelName"],
    ["SMS", "mobileNumber"],
    ["TEAM", "teamId"],
    ["USER", "username"],
    ["VICTOR_OPS", "victorOpsApiKey"],
    ["VICTOR_OPS", "victorOpsRoutingKey"],
    ["WEBHOOK", "webhookUrl"],
  ])("requires %s.%s", (kind, field) => {
    const { [field]: _removed, ...rest } = MINIMAL[kind] as Record<string, unknown>;
    expect(reasons(notify(rest))).toEqual([`notifications[0].${field} is required`]);
  });

  test.each([
    [
      "WEBHOOK",
      "emailEnabled",
      "is not carried by WEBHOOK notifications (only GROUP, ORG, TEAM and USER notifications have it)",
    ],
    [
      "EMAIL",
      "smsEnabled",
      "is not carried by EMAIL notifications (only GROUP, ORG, TEAM and USER notifications have it)",
    ],
    ["SLACK", "roomName", "is not carried by SLACK notifications (only HIP_CHAT notifications have it)"],
    [
      "EMAIL",
      "integrationId",
      "is not carried by EMAIL notifications (only MONITORING, HIP_CHAT, MICROSOFT_TEAMS, OPS_GENIE, PAGER_DUTY, SLACK, VICTOR_OPS and WEBHOOK notifications have it)",
    ],
    ["USER", "roles", "is not carried by USER notifications (only GROUP and ORG notifications have it)"],
    ["SMS", "webhookSecret", "is not carried by SMS notifications (only WEBHOOK notifications have it)"],
  ])("rejects a field the kind does not carry: %s.%s", (kind, field, reason) => {
    expect(reasons(notify({ ...(MINIMAL[kind] as Record<string, unknown>), [field]: HEX }))).toEqual([
      `notifications[0].${field} ${reason}`,
    ]);
  });

  test.each(["PAGER_DUTY", "OPS_GENIE", "VICTOR_OPS"])(
    "rejects intervalMin on the on-call kind %s",
    (kind) => {
      expect(reasons(notify({ ...(MINIMAL[kind] as Record<string, unknown>), intervalMin: 10 }))).toEqual([
        `notifications[0].intervalMin is not accepted for ${kind} notifications: the service ignores the repeat interval of on-call services (remove it)`,
      ]);
    },
  );

  test("rejects a field no kind has", () => {
    expect(reasons(notify({ ...EMAIL, colour: "red" }))).toEqual([
      "notifications[0].colour is not a known input (check its spelling)",
    ]);
  });

  test("checks delayMin, intervalMin, notifierId and integrationId", () => {
    expect(reasons(notify({ ...EMAIL, delayMin: -1 }))).toEqual([
      "notifications[0].delayMin must be at least 0",
    ]);
    expect(reasons(notify({ ...EMAIL, intervalMin: 4 }))).toEqual([
      "notifications[0].intervalMin must be at least 5",
    ]);
    expect(reasons(notify({ ...EMAIL, intervalMin: 7.5 }))).toEqual([
      "notifications[0].intervalMin must be an integer; got number 7.5",
    ]);
    expect(reasons(notify({ ...EMAIL, notifierId: "n1" }))).toEqual([
      "notifications[0].notifierId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
    expect(reasons(notify({ ...(MINIMAL.SLACK as Record<string, unknown>), integrationId: "i" }))).toEqual([
      "notifications[0].integrationId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
    expect(check(notify({ ...EMAIL, delayMin: 0, intervalMin: 5, notifierId: HEX })).failures).toEqual([]);
  });

  test("checks the value rules of kind fields", () => {
    expect(reasons(notify({ ...EMAIL, emailAddress: "ops" }))).toEqual([
      "notifications[0].emailAddress must be an email address",
    ]);
    expect(reasons(notify({ typeName: "SMS", mobileNumber: "call me" }))).toEqual([
      "notifications[0].mobileNumber must be a phone number (digits, spaces, ( ) -, optional leading +)",
    ]);
    expect(reasons(notify({ typeName: "WEBHOOK", webhookUrl: "hooks.example.com" }))).toEqual([
      "notifications[0].webhookUrl must be an http:// or https:// URL",
    ]);
    expect(reasons(notify({ typeName: "MICROSOFT_TEAMS", microsoftTeamsWebhookUrl: "ftp://x" }))).toEqual([
      "notifications[0].microsoftTeamsWebhookUrl must be an http:// or https:// URL",
    ]);
    expect(
      reasons(notify({ ...(MINIMAL.MONITORING as Record<string, unknown>), monitoringRegion: "APAC" })),
    ).toEqual(['notifications[0].monitoringRegion must be one of "US", "EU"']);
    expect(reasons(notify({ ...(MINIMAL.PAGER_DUTY as Record<string, unknown>), region: "APAC" }))).toEqual([
      'notifications[0].region must be one of "US", "EU"',
    ]);
    expect(reasons(notify({ typeName: "TEAM", teamId: "team-1" }))).toEqual([
      "notifications[0].teamId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
    expect(reasons(notify({ typeName: "GROUP", roles: ["ORG_OWNER"] }))[0]).toMatch(
      /^notifications\[0\]\.roles\[0\] must be one of "GROUP_OWNER", /,
    );
    expect(reasons(notify({ typeName: "ORG", roles: ["GROUP_OWNER"] }))[0]).toMatch(
      /^notifications\[0\]\.roles\[0\] must be one of "ORG_OWNER", /,
    );
    expect(reasons(notify({ typeName: "SLACK", apiToken: "", channelName: "c" }))).toEqual([
      "notifications[0].apiToken must not be empty",
    ]);
  });

  test("rejects an unknown typeName, naming the 14 kinds", () => {
    expect(reasons(notify({ typeName: "CARRIER_PIGEON" }))).toEqual([
      `notifications[0].typeName must be one of ${NOTIFICATION_TYPE_NAMES.join(", ")}`,
    ]);
  });

  test("requires at least one notification and an eventTypeName", () => {
    expect(reasons({ ...BASE, notifications: [] })).toEqual([
      "notifications must contain at least 1 item: the service requires a notification",
    ]);
    expect(reasons({ groupId: GROUP, notifications: [EMAIL] })).toEqual(["eventTypeName is required"]);
    // The event type is now checked against the contract's list (it used to be any upper-case name).
    expect(reasons({ ...notify(EMAIL), eventTypeName: "deployment failure" })).toEqual([
      "eventTypeName: unknown event type deployment failure; allowed: CREDIT_CARD_ABOUT_TO_EXPIRE, CPS_SNAPSHOT_STARTED, CPS_SNAPSHOT_SUCCESSFUL, CPS_SNAPSHOT_FAILED, CPS_CONCURRENT_SNAPSHOT_FAILED_WILL_RETRY, CPS_SNAPSHOT_FALLBACK_SUCCESSFUL, CPS_SNAPSHOT_FALLBACK_FAILED, CPS_COPY_SNAPSHOT_STARTED, CPS_COPY_SNAPSHOT_FAILED, CPS_COPY_SNAPSHOT_FAILED_WILL_RETRY, CPS_COPY_SNAPSHOT_SUCCESSFUL, CPS_RESTORE_SUCCESSFUL, ... (139 more)",
    ]);
  });

  test("checks matchers: field names, operators, value", () => {
    // Field names depend on the event type (the contract's variants); NO_PRIMARY takes replica set ones.
    const replicaSet = { ...notify(EMAIL), eventTypeName: "NO_PRIMARY" };
    const ok = { fieldName: "CLUSTER_NAME", operator: "STARTS_WITH", value: "prod-" };
    expect(check({ ...replicaSet, matchers: [ok] }).failures).toEqual([]);
    expect(reasons({ ...replicaSet, matchers: [{ ...ok, fieldName: "REGION" }] })).toEqual([
      "matchers[0].fieldName: NO_PRIMARY allows no matcher REGION; allowed: REPLICA_SET_NAME, SHARD_NAME, CLUSTER_NAME",
    ]);
    expect(reasons({ ...replicaSet, matchers: [{ ...ok, operator: "LIKE" }] })).toEqual([
      'matchers[0].operator must be one of "EQUALS", "CONTAINS", "STARTS_WITH", "ENDS_WITH", "NOT_EQUALS", "NOT_CONTAINS", "REGEX"',
    ]);
    expect(reasons({ ...replicaSet, matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS" }] })).toEqual(
      ["matchers[0].value is required"],
    );
  });

  test("validates groupId and importId", () => {
    expect(reasons({ ...notify(EMAIL), groupId: "nope" })).toEqual([
      "groupId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
    expect(check({ ...notify(EMAIL), importId: `${GROUP}/${HEX}` }).failures).toEqual([]);
    expect(reasons({ ...notify(EMAIL), importId: HEX })).toEqual([
      `importId must look like <groupId>/<alertConfigId>; got "${HEX}"`,
    ]);
  });

  test("never fails on unknown values", () => {
    expect(check(notify({ typeName: "SLACK", apiToken: UNKNOWN, channelName: "c" })).failures).toEqual([]);
    expect(check(notify({ typeName: UNKNOWN })).failures).toEqual([]);
    expect(check({ ...BASE, notifications: UNKNOWN }).failures).toEqual([]);
    expect(check({ ...notify(EMAIL), groupId: UNKNOWN }).failures).toEqual([]);
  });
});

describe("AlertConfiguration check: the event type's variant (matchers, threshold kind, units)", () => {
  const base = (eventTypeName: string, extra: Record<string, unknown> = {}) => ({
    ...notify(EMAIL),
    eventTypeName,
    ...extra,
  });
  const CPU = {
    metricName: "NORMALIZED_SYSTEM_CPU_USER",
    operator: "GREATER_THAN",
    threshold: 80,
    units: "RAW",
  };

  test("names the matcher an event type does not allow, and the allowed ones", () => {
    expect(
      reasons(
        base("DEPLOYMENT_FAILURE", {
          matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "a" }],
        }),
      ),
    ).toEqual([
      "matchers[0].fieldName: DEPLOYMENT_FAILURE allows no matcher CLUSTER_NAME; allowed: APPLICATION_ID",
    ]);
    expect(
      check(
        base("DEPLOYMENT_FAILURE", {
          matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "a" }],
        }),
      ).failures,
    ).toEqual([]);
  });

  test("takes operation 3's field names for the catch-all variant, whose contract leaves them open", () => {
    expect(
      check(
        base("CREDIT_CARD_ABOUT_TO_EXPIRE", {
          matchers: [{ fieldName: "RULE_ID", operator: "EQUALS", value: "r" }],
        }),
      ).failures,
    ).toEqual([]);
    expect(
      reasons(
        base("CREDIT_CARD_ABOUT_TO_EXPIRE", {
          matchers: [{ fieldName: "REGION", operator: "EQUALS", value: "r" }],
        }),
      ),
    ).toEqual([
      "matchers[0].fieldName: CREDIT_CARD_ABOUT_TO_EXPIRE allows no matcher REGION; allowed: APPLICATION_ID, CLUSTER_NAME, TYPE_NAME, HOSTNAME, PORT, HOSTNAME_AND_PORT, REPLICA_SET_NAME, SHARD_NAME, INSTANCE_NAME, PROCESSOR_NAME, RULE_ID",
    ]);
  });

  test("names an unknown event type with the ones like it", () => {
    expect(reasons(base("HOST_DOWNN"))).toEqual([
      "eventTypeName: unknown event type HOST_DOWNN; allowed (the ones like it): HOST_DOWN, HOST_HAS_INDEX_SUGGESTIONS, HOST_MONGOT_CRASHING_OOM, HOST_MONGOT_STOP_REPLICATION, HOST_MONGOT_APPROACHING_STOP_REPLICATION, HOST_MONGOT_PAUSE_INITIAL_SYNC, HOST_SEARCH_NODE_INDEX_FAILED, HOST_SEARCH_PROCESS_THROTTLING, HOST_EXTERNAL_LOG_SINK_EXPORT_DOWN, HOST_NOT_ENOUGH_DISK_SPACE, HOST_VERSION_BEHIND, HOST_EXPOSED, ... (2 more)",
    ]);
  });

  test("accepts a metric threshold whose units its metric takes, filling in the mode", () => {
    const outcome = check(
      base("OUTSIDE_METRIC_THRESHOLD", { metricThreshold: CPU, severityOverride: "WARNING" }),
    );
    expect(outcome.failures).toEqual([]);
    expect(outcome.inputs.metricThreshold).toEqual({ ...CPU, mode: "AVERAGE" });
    expect(outcome.inputs.severityOverride).toBe("WARNING");
    const disk = {
      metricName: "DB_DATA_SIZE_TOTAL",
      operator: "GREATER_THAN",
      threshold: 5,
      units: "GIGABYTES",
    };
    expect(check(base("OUTSIDE_METRIC_THRESHOLD", { metricThreshold: disk })).failures).toEqual([]);
  });

  test("names the units a metric takes", () => {
    const assertRegular = { ...CPU, metricName: "ASSERT_REGULAR", units: "GIGABYTES" };
    expect(reasons(base("OUTSIDE_METRIC_THRESHOLD", { metricThreshold: assertRegular }))).toEqual([
      "metricThreshold.units: metric ASSERT_REGULAR takes units RAW; got GIGABYTES",
    ]);
    const time = { ...CPU, metricName: "AVG_READ_EXECUTION_TIME", units: "RAW" };
    expect(reasons(base("OUTSIDE_METRIC_THRESHOLD", { metricThreshold: time }))).toEqual([
      "metricThreshold.units: metric AVG_READ_EXECUTION_TIME takes units NANOSECONDS, MILLISECONDS, MILLION_MINUTES, SECONDS, MINUTES, HOURS, DAYS; got RAW",
    ]);
  });

  test("names a metric of another family", () => {
    const reason = reasons(base("OUTSIDE_SERVERLESS_METRIC_THRESHOLD", { metricThreshold: CPU }))[0];
    expect(reason).toMatch(
      /^metricThreshold\.metricName: OUTSIDE_SERVERLESS_METRIC_THRESHOLD has no metric NORMALIZED_SYSTEM_CPU_USER; allowed: SERVERLESS_AVG_COMMAND_EXECUTION_TIME, /,
    );
  });

  test("refuses the threshold kind an event type does not take", () => {
    expect(reasons(base("DEPLOYMENT_FAILURE", { metricThreshold: CPU }))).toEqual([
      "metricThreshold: DEPLOYMENT_FAILURE takes no metricThreshold",
    ]);
    expect(reasons(base("TOO_MANY_ELECTIONS", { metricThreshold: CPU }))).toEqual([
      "metricThreshold: TOO_MANY_ELECTIONS takes no metricThreshold (its bound is a threshold)",
    ]);
    const threshold = { operator: ">", threshold: 3, units: "count" };
    expect(reasons(base("OUTSIDE_METRIC_THRESHOLD", { threshold }))).toEqual([
      "threshold: OUTSIDE_METRIC_THRESHOLD takes no threshold (its bound is a metricThreshold)",
    ]);
  });

  test("checks a threshold's operator, units and whole number against its variant", () => {
    expect(
      check(
        base("TOO_MANY_ELECTIONS", { threshold: { operator: "GREATER_THAN", threshold: 3, units: "RAW" } }),
      ).failures,
    ).toEqual([]);
    // The replica set threshold variant's own rule (< or >, units such as count) holds for its other
    // event types; the contract narrows TOO_MANY_ELECTIONS and REPLICATION_OPLOG_WINDOW_RUNNING_OUT.
    expect(
      check(base("TOO_FEW_HEALTHY_MEMBERS", { threshold: { operator: "<", threshold: 2, units: "count" } }))
        .failures,
    ).toEqual([]);
    expect(
      reasons(
        base("REPLICATION_OPLOG_WINDOW_RUNNING_OUT", {
          threshold: { operator: "<", threshold: 1, units: "hours" },
        }),
      ),
    ).toEqual([
      "threshold.operator: REPLICATION_OPLOG_WINDOW_RUNNING_OUT takes operator LESS_THAN; got <",
      "threshold.units: REPLICATION_OPLOG_WINDOW_RUNNING_OUT takes units NANOSECONDS, MILLISECONDS, MILLION_MINUTES, SECONDS, MINUTES, HOURS, DAYS; got hours",
    ]);
    expect(
      reasons(
        base("TOO_MANY_ELECTIONS", {
          threshold: { operator: ">", threshold: 1.5, units: "RAW" },
        }),
      ),
    ).toEqual([
      "threshold.operator: TOO_MANY_ELECTIONS takes operator GREATER_THAN; got >",
      "threshold.threshold: TOO_MANY_ELECTIONS takes a whole number; got 1.5",
    ]);
    expect(
      reasons(
        base("CPS_SNAPSHOT_BEHIND", { threshold: { operator: "GREATER_THAN", threshold: 2, units: "RAW" } }),
      ),
    ).toEqual([
      "threshold.units: CPS_SNAPSHOT_BEHIND takes units NANOSECONDS, MILLISECONDS, MILLION_MINUTES, SECONDS, MINUTES, HOURS, DAYS; got RAW",
    ]);
    expect(
      reasons(base("TOO_MANY_ELECTIONS", { threshold: { operator: "GREATER_THAN", units: "RAW" } })),
    ).toEqual(["threshold.threshold is required"]);
  });

  test("checks severityOverride", () => {
    expect(reasons(base("NO_PRIMARY", { severityOverride: "LOUD" }))).toEqual([
      'severityOverride must be one of "INFO", "WARNING", "ERROR", "CRITICAL"',
    ]);
  });

  test("reports a variant failure together with the other fields' failures", () => {
    expect(reasons({ ...base("DEPLOYMENT_FAILURE", { metricThreshold: CPU }), groupId: "nope" })).toEqual([
      "groupId must be 24 hexadecimal digits (a-f, 0-9)",
      "metricThreshold: DEPLOYMENT_FAILURE takes no metricThreshold",
    ]);
  });

  test("does not judge what is not known yet (preview)", () => {
    const clusterMatcher = { fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "a" };
    expect(check(base(UNKNOWN, { matchers: [clusterMatcher], metricThreshold: CPU })).failures).toEqual([]);
    expect(
      check(base("DEPLOYMENT_FAILURE", { matchers: [{ ...clusterMatcher, fieldName: UNKNOWN }] })).failures,
    ).toEqual([]);
    expect(
      check(base("OUTSIDE_METRIC_THRESHOLD", { metricThreshold: { ...CPU, units: UNKNOWN } })).failures,
    ).toEqual([]);
  });

  test("accepts the webhook templates", () => {
    const webhook = {
      typeName: "WEBHOOK",
      webhookUrl: "https://hooks.example.com/alerts",
      webhookBodyTemplate: '{"text": "{{alert.eventTypeName}}"}',
      webhookHeadersTemplate: '{"X-Team": "ops"}',
    };
    expect(check({ ...BASE, notifications: [webhook] }).failures).toEqual([]);
    expect(reasons({ ...BASE, notifications: [{ ...EMAIL, webhookBodyTemplate: "{}" }] })).toEqual([
      "notifications[0].webhookBodyTemplate is not carried by EMAIL notifications (only WEBHOOK notifications have it)",
    ]);
  });
});
