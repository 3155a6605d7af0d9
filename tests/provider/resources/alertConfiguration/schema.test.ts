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
  it("applies the defaults: enabled false, no matchers", () => {
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

  it("covers all 14 notification kinds", () => {
    expect(Object.keys(MINIMAL).sort()).toEqual([...NOTIFICATION_TYPE_NAMES].sort());
  });

  it.each(Object.keys(MINIMAL))("accepts a %s notification and fills in what the service would", (kind) => {
    const result = check(notify(MINIMAL[kind] as Record<string, unknown>));
    expect(result.failures).toEqual([]);
    expect(result.inputs.notifications).toEqual([{ ...MINIMAL[kind], ...DEFAULTS[kind] }]);
  });

  it.each([
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

  it.each([
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

  it.each(["PAGER_DUTY", "OPS_GENIE", "VICTOR_OPS"])("rejects intervalMin on the on-call kind %s", (kind) => {
    expect(reasons(notify({ ...(MINIMAL[kind] as Record<string, unknown>), intervalMin: 10 }))).toEqual([
      `notifications[0].intervalMin is not accepted for ${kind} notifications: the service ignores the repeat interval of on-call services (remove it)`,
    ]);
  });

  it("rejects a field no kind has", () => {
    expect(reasons(notify({ ...EMAIL, colour: "red" }))).toEqual([
      "notifications[0].colour is not a known input (check its spelling)",
    ]);
  });

  it("checks delayMin, intervalMin, notifierId and integrationId", () => {
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

  it("checks the value rules of kind fields", () => {
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

  it("rejects an unknown typeName, naming the 14 kinds", () => {
    expect(reasons(notify({ typeName: "CARRIER_PIGEON" }))).toEqual([
      `notifications[0].typeName must be one of ${NOTIFICATION_TYPE_NAMES.join(", ")}`,
    ]);
  });

  it("requires at least one notification and an eventTypeName", () => {
    expect(reasons({ ...BASE, notifications: [] })).toEqual([
      "notifications must contain at least 1 item: the service requires a notification",
    ]);
    expect(reasons({ groupId: GROUP, notifications: [EMAIL] })).toEqual(["eventTypeName is required"]);
    expect(reasons({ ...notify(EMAIL), eventTypeName: "deployment failure" })).toEqual([
      "eventTypeName must be an event type name in upper case with underscores (e.g. DEPLOYMENT_FAILURE)",
    ]);
  });

  it("checks matchers: field names, operators, value", () => {
    const ok = { fieldName: "CLUSTER_NAME", operator: "STARTS_WITH", value: "prod-" };
    expect(check({ ...notify(EMAIL), matchers: [ok] }).failures).toEqual([]);
    expect(reasons({ ...notify(EMAIL), matchers: [{ ...ok, fieldName: "REGION" }] })[0]).toMatch(
      /^matchers\[0\]\.fieldName must be one of "APPLICATION_ID", "CLUSTER_NAME", /,
    );
    expect(reasons({ ...notify(EMAIL), matchers: [{ ...ok, operator: "LIKE" }] })).toEqual([
      'matchers[0].operator must be one of "EQUALS", "CONTAINS", "STARTS_WITH", "ENDS_WITH", "NOT_EQUALS", "NOT_CONTAINS", "REGEX"',
    ]);
    expect(reasons({ ...notify(EMAIL), matchers: [{ fieldName: "HOSTNAME", operator: "EQUALS" }] })).toEqual([
      "matchers[0].value is required",
    ]);
  });

  it("validates groupId and importId", () => {
    expect(reasons({ ...notify(EMAIL), groupId: "nope" })).toEqual([
      "groupId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
    expect(check({ ...notify(EMAIL), importId: `${GROUP}/${HEX}` }).failures).toEqual([]);
    expect(reasons({ ...notify(EMAIL), importId: HEX })).toEqual([
      `importId must look like <groupId>/<alertConfigId>; got "${HEX}"`,
    ]);
  });

  it("never fails on unknown values", () => {
    expect(check(notify({ typeName: "SLACK", apiToken: UNKNOWN, channelName: "c" })).failures).toEqual([]);
    expect(check(notify({ typeName: UNKNOWN })).failures).toEqual([]);
    expect(check({ ...BASE, notifications: UNKNOWN }).failures).toEqual([]);
    expect(check({ ...notify(EMAIL), groupId: UNKNOWN }).failures).toEqual([]);
  });
});
