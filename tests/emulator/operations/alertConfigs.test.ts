import type { JsonObject } from "../../../emulator/core/contract";
import { NOTIFICATION_KINDS } from "../../../emulator/domain/alertConfigs";
import { raiseAlert } from "../../../emulator/domain/alerts";
import {
  arrayOf,
  bodyOf,
  call,
  expectError,
  itemsOf,
  MISSING_ID,
  MISSING_PROJECT,
  makeState,
  T0,
} from "./harness";

const slack = {
  typeName: "SLACK",
  apiToken: "xoxb-secret-token-1234",
  channelName: "#alerts",
  delayMin: 0,
  intervalMin: 10,
};
const config = {
  eventTypeName: "DEPLOYMENT_FAILURE",
  enabled: true,
  matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "5f1a0000000000000000a990" }],
  notifications: [slack],
};

function create(state = makeState(), body: JsonObject = config) {
  const created = bodyOf(call(state, "5", { body }));
  return { state, created, id: String(created.id) };
}

describe("3 matcher field names", () => {
  test("answers the bare array of field names", () => {
    expect(arrayOf(call(makeState(), "3"))).toEqual(
      expect.arrayContaining(["CLUSTER_NAME", "HOSTNAME", "RULE_ID", "APPLICATION_ID"]),
    );
    expect(arrayOf(call(makeState(), "3"))).toHaveLength(11);
  });
});

describe("5 create alert configuration", () => {
  test("creates with 201 and a Location, defaults and read-only fields", () => {
    const state = makeState();
    const result = call(state, "5", {
      body: {
        eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
        notifications: [{ typeName: "EMAIL", emailAddress: "a@b.c" }],
      },
    });
    expect(result.kind === "entity" && result.status).toBe(201);
    expect(result.kind === "entity" && result.located).toBe(true);
    const body = bodyOf(result);
    expect(body).toMatchObject({ enabled: false, groupId: "5f1a000000000000000000a1", matchers: [] });
    expect(body.id).toMatch(/^[a-f0-9]{24}$/);
    expect(body.created).toBe("2026-01-01T00:00:00Z");
    expect(body.notifications).toEqual([
      { typeName: "EMAIL", emailAddress: "a@b.c", delayMin: 0, intervalMin: 60 },
    ]);
  });

  test("accepts groupId when it is the path's, as the service does; another is read-only", () => {
    // The vendor's client always sends groupId; the service answers 201 and 200 (mongodb-atlas-cli
    // TestAlertConfig/Create and Update, recorded 2026-08-10).
    const state = makeState();
    const groupId = "5f1a000000000000000000a1";
    const created = call(state, "5", { body: { ...config, groupId } });
    expect(created.status).toBe(201);
    const id = String(bodyOf(created).id);
    expect(call(state, "9", { params: { alertConfigId: id }, body: { ...config, groupId } }).status).toBe(
      200,
    );
    const other = { ...config, groupId: "5f1a000000000000000000a2" };
    expectError(() => call(state, "5", { body: other }), 400, "ATTRIBUTE_READ_ONLY");
    expectError(
      () => call(state, "9", { params: { alertConfigId: id }, body: other }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
  });

  test("stores credentials in full but returns them masked", () => {
    const { state, created, id } = create();
    expect((created.notifications as JsonObject[])[0]?.apiToken).toBe("******************1234");
    const stored = state.entities.alertConfigs?.[id]?.notifications as JsonObject[];
    expect(stored[0]?.apiToken).toBe("xoxb-secret-token-1234");
    const webhook = bodyOf(
      call(state, "5", {
        body: {
          ...config,
          notifications: [
            { typeName: "WEBHOOK", webhookUrl: "https://hook.example/x", webhookSecret: "s3cr3t-value" },
          ],
        },
      }),
    );
    expect((webhook.notifications as JsonObject[])[0]).toMatchObject({
      webhookUrl: "https://hook.example/x",
      webhookSecret: "********alue",
    });
  });

  test("accepts each of the 14 notification kinds with its fields", () => {
    const samples: JsonObject[] = [
      { typeName: "MONITORING", monitoringApiKey: "key-123456", monitoringRegion: "US" },
      { typeName: "EMAIL", emailAddress: "ops@example.com" },
      { typeName: "GROUP", emailEnabled: true, smsEnabled: false, roles: ["GROUP_OWNER"] },
      { typeName: "ORG", emailEnabled: true, roles: ["ORG_OWNER"] },
      { typeName: "HIP_CHAT", notificationToken: "tok-123456", roomName: "ops" },
      { typeName: "MICROSOFT_TEAMS", microsoftTeamsWebhookUrl: "https://teams.example/hook/abcd" },
      { typeName: "OPS_GENIE", opsGenieApiKey: "genie-123456", opsGenieRegion: "EU" },
      { typeName: "PAGER_DUTY", serviceKey: "pd-123456" },
      { typeName: "SLACK", apiToken: "xoxb-1", channelName: "#x" },
      { typeName: "SMS", mobileNumber: "+15555550100" },
      { typeName: "TEAM", teamId: "5f1a000000000000000000d1", smsEnabled: true },
      { typeName: "USER", username: "someone@example.com", emailEnabled: true },
      { typeName: "VICTOR_OPS", victorOpsApiKey: "vo-123456", victorOpsRoutingKey: "route" },
      { typeName: "WEBHOOK", webhookUrl: "https://example.com/hook" },
    ];
    expect(Object.keys(NOTIFICATION_KINDS)).toHaveLength(14);
    const body = bodyOf(call(makeState(), "5", { body: { ...config, notifications: samples } }));
    const shown = body.notifications as JsonObject[];
    expect(shown.map((n) => n.typeName)).toEqual(samples.map((s) => s.typeName));
    expect(shown[7]).toMatchObject({ region: "US", serviceKey: "*****3456" });
    expect(shown[7]).not.toHaveProperty("intervalMin"); // on-call services ignore intervalMin
    expect(shown[2]).toMatchObject({ emailEnabled: true, smsEnabled: false });
  });

  test("refuses emailEnabled and smsEnabled on kinds other than GROUP, ORG, TEAM, USER", () => {
    const error = expectError(
      () =>
        call(makeState(), "5", { body: { ...config, notifications: [{ ...slack, emailEnabled: true }] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expect(error.parameters).toEqual(["notifications[0].emailEnabled"]);
  });

  test("answers the documented validation errors", () => {
    const state = makeState();
    expectError(
      () => call(state, "5", { body: { ...config, notifications: [] } }),
      400,
      "MISSING_NOTIFICATIONS",
    );
    expectError(() => call(state, "5", { body: { notifications: [slack] } }), 400, "MISSING_ATTRIBUTE");
    expectError(() => call(state, "5", { body: { eventTypeName: "X" } }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(state, "5", { body: { ...config, id: "5f1a000000000000000000d1" } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(() => call(state, "5", { body: { ...config, threshold: {} } }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(state, "5", { body: { ...config, threshold: { operator: "EQUALS", threshold: 1 } } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(() => call(state, "5", { body: { ...config, threshold: 3 } }), 400, "INVALID_ATTRIBUTE");
    expectError(
      () =>
        call(state, "5", {
          body: { ...config, matchers: [{ fieldName: "NOPE", operator: "EQUALS", value: "x" }] },
        }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () =>
        call(state, "5", {
          body: { ...config, matchers: [{ fieldName: "HOSTNAME", operator: "LIKE", value: "x" }] },
        }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "5", { body: { ...config, notifications: [{ typeName: "FAX" }] } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () =>
        call(state, "5", { body: { ...config, notifications: [{ typeName: "SLACK", channelName: "#x" }] } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "5", { params: { groupId: MISSING_PROJECT }, body: config }),
      404,
      "GROUP_NOT_FOUND",
    );
  });
});

describe("WEBHOOK templates (the contract's WebhookNotification)", () => {
  test("stores the body and headers templates and answers them as sent; an empty one is refused", () => {
    const webhook = {
      typeName: "WEBHOOK",
      webhookUrl: "https://example.com/hook",
      webhookSecret: "secret-1234",
      webhookBodyTemplate: '{"alert": "{{eventTypeName}}"}',
      webhookHeadersTemplate: '{"X-Team": "platform"}',
    };
    const state = makeState();
    const created = bodyOf(call(state, "5", { body: { ...config, notifications: [webhook] } }));
    expect((created.notifications as JsonObject[])[0]).toEqual({
      ...webhook,
      webhookSecret: "*******1234",
      delayMin: 0,
      intervalMin: 60,
    });
    expectError(
      () =>
        call(state, "5", { body: { ...config, notifications: [{ ...webhook, webhookBodyTemplate: "" }] } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });
});

describe("5 and 9 refuse what fits no variant of the contract (api/alertVariants.ts)", () => {
  const refusal = (body: JsonObject) => {
    const error = expectError(() => call(makeState(), "5", { body }), 400, "INVALID_ATTRIBUTE");
    return { detail: error.detail, parameters: error.parameters };
  };

  test("names a matcher its event type does not take, and the allowed ones", () => {
    expect(
      refusal({
        ...config,
        matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "demo-cluster" }],
      }),
    ).toEqual({
      detail:
        "Invalid attribute matchers[0].fieldName specified: DEPLOYMENT_FAILURE allows no matcher CLUSTER_NAME; allowed: APPLICATION_ID.",
      parameters: ["matchers[0].fieldName"],
    });
  });

  test("names an unknown event type", () => {
    const { detail, parameters } = refusal({ ...config, matchers: [], eventTypeName: "HOST_DOWNN" });
    expect(parameters).toEqual(["eventTypeName"]);
    expect(detail).toMatch(
      /^Invalid attribute eventTypeName specified: unknown event type HOST_DOWNN; allowed \(the ones like it\): HOST_DOWN, /,
    );
  });

  test("names a threshold kind the event type does not take", () => {
    const metric = { metricName: "ASSERT_REGULAR", operator: "GREATER_THAN", threshold: 1, units: "RAW" };
    expect(refusal({ ...config, metricThreshold: metric })).toEqual({
      detail: "Invalid attribute metricThreshold specified: DEPLOYMENT_FAILURE takes no metricThreshold.",
      parameters: ["metricThreshold"],
    });
  });

  test("names a unit the metric does not take", () => {
    const cpu = {
      metricName: "NORMALIZED_SYSTEM_CPU_USER",
      operator: "GREATER_THAN",
      threshold: 90,
      units: "BYTES",
    };
    const { detail, parameters } = refusal({
      ...config,
      eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
      matchers: [],
      metricThreshold: cpu,
    });
    expect(parameters).toEqual(["metricThreshold.units"]);
    expect(detail).toBe(
      "Invalid attribute metricThreshold.units specified: metric NORMALIZED_SYSTEM_CPU_USER takes units RAW; got BYTES.",
    );
  });

  test("accepts a metric alert that fits its variant, and 9 refuses like 5", () => {
    const cpu = {
      metricName: "NORMALIZED_SYSTEM_CPU_USER",
      operator: "GREATER_THAN",
      threshold: 90,
      units: "RAW",
    };
    const { state, id } = create();
    const metricAlert = {
      ...config,
      eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
      matchers: [],
      metricThreshold: cpu,
    };
    expect(
      bodyOf(call(state, "9", { params: { alertConfigId: id }, body: metricAlert })).metricThreshold,
    ).toEqual(cpu);
    expectError(
      () =>
        call(state, "9", {
          params: { alertConfigId: id },
          body: { ...metricAlert, eventTypeName: "NO_PRIMARY" },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });
});

describe("4 and 7 list and get", () => {
  test("lists the project's configurations as a paginated list, masked", () => {
    const { state, id } = create();
    create(state);
    const result = call(state, "4");
    const items = itemsOf(result);
    expect(items).toHaveLength(2);
    expect(((items[0] as JsonObject).notifications as JsonObject[])[0]?.apiToken).toMatch(/^\*+1234$/);
    expect(result.kind === "list" && result.itemSelfPath?.(items[0] as JsonObject)).toBe(
      `/groups/5f1a000000000000000000a1/alertConfigs/${id}`,
    );
    expect(itemsOf(call(state, "4", { params: { groupId: "5f1a000000000000000000a2" } }))).toEqual([]);
    expectError(() => call(state, "4", { params: { groupId: MISSING_PROJECT } }), 404, "GROUP_NOT_FOUND");
  });

  test("gets one or answers 404 ALERT_CONFIG_NOT_FOUND", () => {
    const { state, id } = create();
    expect(bodyOf(call(state, "7", { params: { alertConfigId: id } })).id).toBe(id);
    expectError(
      () => call(state, "7", { params: { alertConfigId: MISSING_ID } }),
      404,
      "ALERT_CONFIG_NOT_FOUND",
    );
    expectError(
      () => call(state, "7", { params: { groupId: "5f1a000000000000000000a2", alertConfigId: id } }),
      404,
      "ALERT_CONFIG_NOT_FOUND",
    );
  });
});

describe("8 toggle", () => {
  test("changes only enabled", () => {
    const { state, id, created } = create();
    const toggled = bodyOf(
      call(state, "8", { params: { alertConfigId: id }, body: { enabled: false }, now: T0 + 1000 }),
    );
    expect(toggled).toMatchObject({
      enabled: false,
      eventTypeName: "DEPLOYMENT_FAILURE",
      updated: "2026-01-01T00:00:01Z",
    });
    expect(toggled.matchers).toEqual(created.matchers);
  });
  test("accepts only the enabled field", () => {
    const { state, id } = create();
    expectError(
      () => call(state, "8", { params: { alertConfigId: id }, body: { enabled: true, eventTypeName: "X" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "8", { params: { alertConfigId: id }, body: {} }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "8", { params: { alertConfigId: MISSING_ID }, body: { enabled: true } }),
      404,
      "ALERT_CONFIG_NOT_FOUND",
    );
  });
});

describe("9 replace", () => {
  test("replaces every field and keeps id and created", () => {
    const { state, id, created } = create();
    const replaced = bodyOf(
      call(state, "9", {
        params: { alertConfigId: id },
        body: {
          eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
          notifications: [{ typeName: "EMAIL", emailAddress: "x@y.z" }],
        },
        now: T0 + 60_000,
      }),
    );
    expect(replaced).toMatchObject({
      id,
      created: created.created,
      enabled: false,
      matchers: [],
      updated: "2026-01-01T00:01:00Z",
    });
    expectError(
      () =>
        call(state, "9", { params: { alertConfigId: id }, body: { eventTypeName: "X", notifications: [] } }),
      400,
      "MISSING_NOTIFICATIONS",
    );
  });
});

describe("6 delete", () => {
  test("deletes with 204, then 404", () => {
    const { state, id } = create();
    expect(call(state, "6", { params: { alertConfigId: id } })).toEqual({ kind: "empty", status: 204 });
    expectError(() => call(state, "6", { params: { alertConfigId: id } }), 404, "ALERT_CONFIG_NOT_FOUND");
  });
});

describe("10 configurations of an alert", () => {
  test("lists the configuration that raised the alert", () => {
    const { state, id } = create();
    const alert = raiseAlert(state, { groupId: "5f1a000000000000000000a1", alertConfigId: id }, T0);
    expect(itemsOf(call(state, "10", { params: { alertId: alert.id } })).map((c) => c.id)).toEqual([id]);
    expectError(() => call(state, "10", { params: { alertId: MISSING_ID } }), 404, "ALERT_NOT_FOUND");
  });
});
