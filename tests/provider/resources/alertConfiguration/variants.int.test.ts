/**
 * Every variant (18) of the contract's alert configuration body (api/alertVariants.ts,
 * GroupAlertsConfig) through the resource against the in-process emulator: create (POST 5), read
 * (GET 7), the list holding it (GET 4), an update in place (PUT 9) and delete (DELETE 6); and the same
 * for each of the 14 notification kinds. Metric, threshold and catch-all bodies and OPS_GENIE
 * notifications once reached the emulator only from end-to-end programs; here they are part of the
 * quick tier's traffic, which the contract check holds to its committed coverage
 * (docs/contract-check.md, Coverage).
 */
import {
  ALERT_VARIANTS,
  type AlertVariant,
  METRIC_FAMILIES,
  METRIC_UNITS,
  type ThresholdRule,
} from "../../../../api/alertVariants";
import type { NotificationTypeName } from "../../../../api/vocabulary";
import { resource as alertConfigurationResource } from "../../../../provider/resources/alertConfiguration/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => alertConfigurationResource.providerWith({ client: () => fx.client });

const NOTIFICATIONS = [{ typeName: "EMAIL", emailAddress: "ops@example.com" }];

/** One notification of each of the 14 kinds, with the fields the kind requires. */
const NOTIFICATION_OF_KIND = {
  MONITORING: { monitoringApiKey: "monitoring-key-0001", monitoringRegion: "US" },
  EMAIL: { emailAddress: "ops@example.com" },
  GROUP: { roles: ["GROUP_OWNER"], emailEnabled: true },
  ORG: { roles: ["ORG_OWNER"], smsEnabled: false },
  HIP_CHAT: { notificationToken: "hipchat-token-0001", roomName: "ops" },
  MICROSOFT_TEAMS: { microsoftTeamsWebhookUrl: "https://teams.example.com/hook" },
  OPS_GENIE: { opsGenieApiKey: "opsgenie-key-0001", opsGenieRegion: "EU" },
  PAGER_DUTY: { serviceKey: "pd-service-key-0001" },
  SLACK: { apiToken: "xoxb-token-0001", channelName: "#alerts" },
  SMS: { mobileNumber: "+1 555 0100" },
  TEAM: { teamId: "65f0c0ffee00000000000077", emailEnabled: true },
  USER: { username: "ops@example.com", smsEnabled: true },
  VICTOR_OPS: { victorOpsApiKey: "victorops-key-0001", victorOpsRoutingKey: "ops" },
  WEBHOOK: { webhookUrl: "https://hooks.example.com/alerts", webhookSecret: "whsec-0001" },
} satisfies Record<NotificationTypeName, Record<string, unknown>>;

/** The matcher a variant takes: a name, not a host type, so host variants send a free-text value. */
function matchers(variant: AlertVariant): Array<{ fieldName: string; operator: string; value: string }> {
  const fieldName = variant.matcherFieldNames?.find((name) => name !== "TYPE_NAME");
  return fieldName === undefined ? [] : [{ fieldName, operator: "STARTS_WITH", value: "demo-cluster" }];
}

function threshold(rule: ThresholdRule, bound: number): Record<string, unknown> {
  return { operator: rule.operators[0], threshold: bound, units: rule.units[0] };
}

function metricThreshold(variant: AlertVariant, bound: number): Record<string, unknown> | undefined {
  if (variant.metricFamily === null) return undefined;
  const [metricName, unitKind] = Object.entries(METRIC_FAMILIES[variant.metricFamily])[0] as [
    string,
    keyof typeof METRIC_UNITS,
  ];
  return { metricName, operator: "GREATER_THAN", threshold: bound, units: METRIC_UNITS[unitKind][0] };
}

/** The inputs of one configuration of the variant, its bounds set to `bound`. */
function inputsOf(variant: AlertVariant, bound: number): Record<string, unknown> {
  const eventTypeName = variant.eventTypes[0] as string;
  const rule = variant.thresholdByEventType?.[eventTypeName] ?? variant.threshold;
  const metric = metricThreshold(variant, bound);
  return {
    groupId: GROUP,
    enabled: true,
    eventTypeName,
    matchers: matchers(variant),
    ...(rule === null ? {} : { threshold: threshold(rule, bound) }),
    ...(metric === undefined ? {} : { metricThreshold: metric }),
    notifications: NOTIFICATIONS,
  };
}

/** The writes the emulator saw, as "METHOD operation". */
function writes(): string[] {
  return fx.emu.core.requestLog
    .list()
    .filter((entry) => entry.method !== "GET" && entry.operation !== null)
    .map((entry) => `${entry.method} ${entry.operation}`);
}

test("the variants are the contract's 18, each with an event type", () => {
  expect(ALERT_VARIANTS.map((variant) => variant.title)).toHaveLength(18);
  for (const variant of ALERT_VARIANTS) expect(variant.eventTypes.length).toBeGreaterThan(0);
});

describe.each(ALERT_VARIANTS.map((variant) => [variant.title, variant] as const))("%s", (_title, variant) => {
  test("create, read, update in place and delete through the resource", async () => {
    fx.emu.core.requestLog.clear();
    const inputs = await checkedInputs(provider(), inputsOf(variant, 3));
    const { id, outs } = await createdWith(provider(), inputs);
    const alertConfigId = (outs as { alertConfigId: string }).alertConfigId;
    expect(id).toBe(`${GROUP}/${alertConfigId}`);
    expect(outs).toEqual({ ...inputs, alertConfigId, created: expect.any(String) });
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
    const listed = [];
    for await (const config of fx.client.alertConfigs.listAll(GROUP)) listed.push(config);
    expect(
      listed.filter((config) => config.id === alertConfigId).map((config) => config.eventTypeName),
    ).toEqual([variant.eventTypes[0]]);

    // A change of the bound where the variant has one, else of the notifications: the full replace.
    const bounded = variant.threshold !== null || variant.metricFamily !== null;
    const changed = await checkedInputs(
      provider(),
      bounded
        ? inputsOf(variant, 7)
        : { ...inputsOf(variant, 3), notifications: [{ ...NOTIFICATIONS[0], delayMin: 5 }] },
    );
    const updated = await provider().update?.(id, outs, changed);
    expect(updated?.outs).toEqual({ ...changed, alertConfigId, created: outs.created });
    const live = await fx.client.alertConfigs.get(GROUP, alertConfigId);
    expect(live.eventTypeName).toBe(variant.eventTypes[0]);
    expect(live.threshold).toEqual(changed.threshold);
    expect(live.metricThreshold).toEqual(changed.metricThreshold);

    await provider().delete(id, updated?.outs ?? outs);
    expect(writes()).toEqual(["POST 5", "PUT 9", "DELETE 6"]);
  });
});

describe.each(Object.entries(NOTIFICATION_OF_KIND))("a %s notification", (typeName, fields) => {
  test("create, read, update in place and delete through the resource", async () => {
    fx.emu.core.requestLog.clear();
    const base = { groupId: GROUP, enabled: true, eventTypeName: "HOST_DOWN" };
    const inputs = await checkedInputs(provider(), { ...base, notifications: [{ typeName, ...fields }] });
    const { id, outs } = await createdWith(provider(), inputs);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });

    const changed = await checkedInputs(provider(), {
      ...base,
      notifications: [{ typeName, ...fields, delayMin: 5 }],
    });
    const updated = await provider().update?.(id, outs, changed);
    expect(updated?.outs).toEqual({ ...outs, notifications: changed.notifications });
    const live = await fx.client.alertConfigs.get(GROUP, (outs as { alertConfigId: string }).alertConfigId);
    expect(live.notifications?.map((notification) => [notification.typeName, notification.delayMin])).toEqual(
      [[typeName, 5]],
    );

    await provider().delete(id, updated?.outs ?? outs);
    expect(writes()).toEqual(["POST 5", "PUT 9", "DELETE 6"]);
  });
});
