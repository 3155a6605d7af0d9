import type { JsonObject } from "../../../emulator/core/contract";
import { raiseAlert } from "../../../emulator/domain/alerts";
import { bodyOf, call, expectError, itemsOf, MISSING_ID, makeState, PROJECT, T0 } from "./harness";

function withAlerts() {
  const state = makeState();
  const config = bodyOf(
    call(state, "5", {
      body: {
        eventTypeName: "DEPLOYMENT_FAILURE",
        notifications: [{ typeName: "EMAIL", emailAddress: "a@b.c" }],
      },
    }),
  );
  const configId = String(config.id);
  const open = raiseAlert(state, { groupId: PROJECT, alertConfigId: configId }, T0);
  const closed = raiseAlert(state, { groupId: PROJECT, alertConfigId: configId, status: "CLOSED" }, T0);
  const tracking = raiseAlert(state, { groupId: PROJECT, alertConfigId: configId, status: "TRACKING" }, T0);
  return { state, configId, open, closed, tracking };
}

describe("11 open alerts of a configuration", () => {
  test("lists only OPEN alerts of that configuration", () => {
    const { state, configId, open } = withAlerts();
    expect(itemsOf(call(state, "11", { params: { alertConfigId: configId } })).map((a) => a.id)).toEqual([
      open.id,
    ]);
    expectError(
      () => call(state, "11", { params: { alertConfigId: MISSING_ID } }),
      404,
      "ALERT_CONFIG_NOT_FOUND",
    );
  });
});

describe("12 alerts of a project", () => {
  test("lists all, or filters by status", () => {
    const { state, closed } = withAlerts();
    expect(itemsOf(call(state, "12"))).toHaveLength(3);
    expect(itemsOf(call(state, "12", { query: { status: "CLOSED" } })).map((a) => a.id)).toEqual([closed.id]);
    expectError(() => call(state, "12", { query: { status: "LOST" } }), 400, "INVALID_QUERY_PARAMETER");
  });
});

describe("13 get alert", () => {
  test("returns the alert without empty fields", () => {
    const { state, open } = withAlerts();
    const body = bodyOf(call(state, "13", { params: { alertId: open.id } }));
    expect(body).toMatchObject({
      id: open.id,
      status: "OPEN",
      eventTypeName: "DEPLOYMENT_FAILURE",
      orgId: "5f1a00000000000000000001",
    });
    expect(body).not.toHaveProperty("acknowledgedUntil");
    expectError(() => call(state, "13", { params: { alertId: MISSING_ID } }), 404, "ALERT_NOT_FOUND");
  });
});

describe("14 acknowledge", () => {
  const until = "2026-01-02T00:00:00Z";

  test("acknowledges until a time with a comment, then unacknowledges", () => {
    const { state, open } = withAlerts();
    const acked = bodyOf(
      call(state, "14", {
        params: { alertId: open.id },
        body: { acknowledgedUntil: until, acknowledgementComment: "on it" },
      }),
    );
    expect(acked).toMatchObject({
      acknowledgedUntil: until,
      acknowledgementComment: "on it",
      acknowledgingUsername: "demo-public-key@api-keys.platform.invalid",
    });
    const unacked = bodyOf(
      call(state, "14", {
        params: { alertId: open.id },
        body: { acknowledgedUntil: until, unacknowledgeAlert: true },
      }),
    );
    expect(unacked).not.toHaveProperty("acknowledgedUntil");
  });

  test("under 2023-01-01 a body without acknowledgedUntil unacknowledges", () => {
    const { state, open } = withAlerts();
    call(state, "14", { params: { alertId: open.id }, body: { acknowledgedUntil: until } });
    const current = bodyOf(
      call(state, "14", { params: { alertId: open.id }, body: { acknowledgementComment: "x" } }),
    );
    expect(current.acknowledgedUntil).toBe(until);
    const legacy = bodyOf(
      call(state, "14", { params: { alertId: open.id }, body: {}, version: "2023-01-01" }),
    );
    expect(legacy).not.toHaveProperty("acknowledgedUntil");
  });

  test("refuses a comment over 200 characters, a past date and unknown fields", () => {
    const { state, open } = withAlerts();
    const params = { alertId: open.id };
    expectError(
      () =>
        call(state, "14", {
          params,
          body: { acknowledgedUntil: until, acknowledgementComment: "x".repeat(201) },
        }),
      400,
      "INVALID_ATTRIBUTE",
    );
    call(state, "14", {
      params,
      body: { acknowledgedUntil: until, acknowledgementComment: "x".repeat(200) },
    });
    expectError(
      () => call(state, "14", { params, body: { acknowledgedUntil: "2025-01-01T00:00:00Z" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "14", { params, body: { acknowledgedUntil: "soon" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "14", { params, body: { status: "CLOSED" } as JsonObject }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "14", { params: { alertId: MISSING_ID }, body: {} }),
      404,
      "ALERT_NOT_FOUND",
    );
  });
});

describe("raiseAlert (control API and seed helper)", () => {
  test("needs an existing project and configuration", () => {
    const state = makeState();
    expectError(
      () => raiseAlert(state, { groupId: "5f1a0000000000000000ffff", alertConfigId: MISSING_ID }, T0),
      404,
      "GROUP_NOT_FOUND",
    );
    expectError(
      () => raiseAlert(state, { groupId: PROJECT, alertConfigId: MISSING_ID }, T0),
      404,
      "ALERT_CONFIG_NOT_FOUND",
    );
  });
  test("sets resolved for a CLOSED alert", () => {
    const { closed } = withAlerts();
    expect(closed.resolved).toBe("2026-01-01T00:00:00Z");
  });
});
