/**
 * AlertAcknowledgement through the real Pulumi CLI against the in-process emulator, on the seeded
 * observability project's open alerts: acknowledge, a clean preview and refresh, a new comment in
 * place, an out-of-band change seen by refresh as exactly that field, adoption by importId of an
 * alert acknowledged outside Pulumi, a replacing change (another alert), and a destroy that leaves
 * every alert unacknowledged.
 */
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  PLATFORM_PUBLIC_KEY,
  pick,
  removeResource,
  resourceOutputs,
  setResource,
  startPlatformE2E,
} from "./platformStack";

const GROUP = "5f1a0000000000000000e401";
const FIRST = "5f1a0000000000000000e420";
const SECOND = "5f1a0000000000000000e421";
const ADOPTED = "5f1a0000000000000000e422";
const UNTIL = "2030-01-31T12:00:00Z";
const TYPE = "pulumi-nodejs:dynamic/platform:AlertAcknowledgement";

describe("AlertAcknowledgement through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      ack: {
        type: "AlertAcknowledgement",
        args: {
          groupId: GROUP,
          alertId: FIRST,
          acknowledgedUntil: UNTIL,
          acknowledgementComment: "maintenance",
        },
      },
    },
  });

  const acknowledgementOf = async (alertId: string) => {
    const alert = await e2e.client.alerts.get(GROUP, alertId);
    return { until: alert.acknowledgedUntil, comment: alert.acknowledgementComment };
  };

  test("pulumi up acknowledges the open alert", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created");
    const outputs = await resourceOutputs(stack);
    expect(Object.keys(outputs)).toEqual(["ack"]);
    expect(
      pick(
        outputs.ack,
        "id",
        "status",
        "eventTypeName",
        "alertConfigId",
        "acknowledgedUntil",
        "acknowledgementComment",
        "acknowledgingUsername",
      ),
    ).toEqual({
      id: `${GROUP}/${FIRST}`,
      status: "OPEN",
      eventTypeName: "HOST_DOWN",
      alertConfigId: "5f1a0000000000000000e410",
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "maintenance",
      // The acting API key, in the email form the contract gives user names.
      acknowledgingUsername: `${PLATFORM_PUBLIC_KEY}@api-keys.platform.invalid`,
    });
    expect(await acknowledgementOf(FIRST)).toEqual({ until: UNTIL, comment: "maintenance" });
    await expectSmallCredentialFreeProviders(stack, TYPE);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("a new comment and time update in place", async () => {
    const { stack } = e2e;
    await setResource(stack, "ack", {
      type: "AlertAcknowledgement",
      args: {
        groupId: GROUP,
        alertId: FIRST,
        acknowledgedUntil: "2030-02-01T13:00:00+01:00",
        acknowledgementComment: "maintenance, extended",
      },
    });
    await expectUp(stack, "~ 1 updated");
    expect(await acknowledgementOf(FIRST)).toEqual({
      until: "2030-02-01T12:00:00Z",
      comment: "maintenance, extended",
    });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("refresh shows an out-of-band change as exactly that field; up converges it back", async () => {
    const { stack, client } = e2e;
    await client.alerts.acknowledge(GROUP, FIRST, {
      acknowledgedUntil: "2030-02-01T12:00:00Z",
      acknowledgementComment: "changed by hand",
    });
    await expectRefreshReportsOnly(stack, ["acknowledgementComment"]);
    await expectUp(stack, "~ 1 updated");
    expect(await acknowledgementOf(FIRST)).toEqual({
      until: "2030-02-01T12:00:00Z",
      comment: "maintenance, extended",
    });
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts an alert acknowledged outside Pulumi and converges it; removing it unacknowledges", async () => {
    const { stack, client } = e2e;
    await client.alerts.acknowledge(GROUP, ADOPTED, {
      acknowledgedUntil: "2031-01-01T00:00:00Z",
      acknowledgementComment: "by hand",
    });
    await setResource(stack, "adopted", {
      type: "AlertAcknowledgement",
      args: {
        groupId: GROUP,
        alertId: ADOPTED,
        acknowledgedUntil: UNTIL,
        acknowledgementComment: "now managed",
        importId: `${GROUP}/${ADOPTED}`,
      },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.acknowledgementComment).toBe("now managed");
    expect(await acknowledgementOf(ADOPTED)).toEqual({ until: UNTIL, comment: "now managed" });
    await expectCleanPreviewAndRefresh(stack);

    await removeResource(stack, "adopted");
    await expectUp(stack, "- 1 deleted");
    expect(await acknowledgementOf(ADOPTED)).toEqual({ until: undefined, comment: undefined });
  });

  test("another alert replaces the acknowledgement: the new one acknowledged, the old one not", async () => {
    const { stack } = e2e;
    await setResource(stack, "ack", {
      type: "AlertAcknowledgement",
      args: { groupId: GROUP, alertId: SECOND, acknowledgedUntil: UNTIL },
    });
    await expectUp(stack, "+-1 replaced");
    expect((await resourceOutputs(stack)).ack?.id).toBe(`${GROUP}/${SECOND}`);
    expect(await acknowledgementOf(SECOND)).toEqual({ until: UNTIL, comment: undefined });
    expect(await acknowledgementOf(FIRST)).toEqual({ until: undefined, comment: undefined });
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves every alert unacknowledged", async () => {
    await expectDestroyDeletes(e2e.stack, 2);
    for (const alertId of [FIRST, SECOND, ADOPTED])
      expect(await acknowledgementOf(alertId)).toEqual({ until: undefined, comment: undefined });
  });
});
