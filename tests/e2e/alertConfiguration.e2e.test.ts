/**
 * AlertConfiguration through the real Pulumi CLI against the in-process emulator: create with secret
 * credentials the API returns masked, clean preview and refresh (no diff on masked values), the
 * toggle for an enabled-only change, a full update, an out-of-band change seen by refresh, a
 * replacing change (another project), adoption by importId, and a destroy that leaves nothing.
 */
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectSmallCredentialFreeProviders,
  expectUp,
  fromSecretConfig,
  resourceOutputs,
  SECRET_SIG,
  setResource,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const OTHER_GROUP = "5f1a000000000000000000a2";
const TYPE = "pulumi-nodejs:dynamic/platform:AlertConfiguration";
const SLACK_TOKEN = "xoxb-e2e-slack-token-9999";
const WEBHOOK_SECRET = "whsec-e2e-webhook-1234";
const PAGER_DUTY_KEY = "pd-e2e-service-key-0042";

/** The configuration the test changes: the credentials come from secret config. */
function failures(changes: {
  groupId?: string;
  enabled?: boolean;
  slackIntervalMin?: number;
}): DeclaredResource {
  const { groupId = GROUP, enabled = true, slackIntervalMin = 60 } = changes;
  return {
    type: "AlertConfiguration",
    args: {
      groupId,
      enabled,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
      notifications: [
        {
          typeName: "SLACK",
          apiToken: fromSecretConfig("slackToken"),
          channelName: "#alerts",
          intervalMin: slackIntervalMin,
        },
        {
          typeName: "WEBHOOK",
          webhookUrl: "https://hooks.example.com/alerts",
          webhookSecret: fromSecretConfig("webhookSecret"),
        },
        { typeName: "PAGER_DUTY", serviceKey: fromSecretConfig("pagerDutyKey") },
        { typeName: "EMAIL", emailAddress: "ops@example.com" },
        { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true },
      ],
    },
  };
}

describe("AlertConfiguration through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: { failures: failures({}) },
    secrets: { slackToken: SLACK_TOKEN, webhookSecret: WEBHOOK_SECRET, pagerDutyKey: PAGER_DUTY_KEY },
  });

  /** The outputs of the "failures" resource as stored in state (secrets shown). */
  const storedOutputs = async () => (await storedResource(e2e.stack, TYPE, "failures"))?.outputs ?? {};
  const configsIn = async (groupId: string) => (await e2e.client.alertConfigs.list(groupId)).results;
  /** The writes the emulator saw since the last call, as "METHOD operation". */
  const writes = () => {
    const { requestLog } = e2e.emulator.core;
    const seen = requestLog
      .list()
      .filter((entry) => entry.method !== "GET" && entry.operation !== null)
      .map((entry) => `${entry.method} ${entry.operation}`);
    requestLog.clear();
    return seen;
  };

  test("pulumi up creates the configuration; credentials stay secret in state", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created");
    const outputs = await resourceOutputs(stack);
    expect(outputs.failures?.id).toBe(`${GROUP}/${outputs.failures?.alertConfigId}`);
    const [live] = await configsIn(GROUP);
    expect(live?.notifications?.[0]).toMatchObject({
      typeName: "SLACK",
      apiToken: "*********************9999",
    });

    expect((await storedOutputs()).notifications).toHaveProperty(SECRET_SIG);
    await expectSmallCredentialFreeProviders(stack, TYPE, [SLACK_TOKEN]);
    writes();
  });

  test("pulumi preview and refresh show no change although the API masks the credentials", async () => {
    const { stack } = e2e;
    await expectCleanPreviewAndRefresh(stack);
    await stack.preview({ expectNoChanges: true });
    expect(writes()).toEqual([]);
  });

  test("changing only enabled uses the toggle operation", async () => {
    const { stack } = e2e;
    await setResource(stack, "failures", failures({ enabled: false }));
    await expectUp(stack, "~ 1 updated");
    expect(writes()).toEqual(["PATCH 8"]);
    expect((await configsIn(GROUP))[0]?.enabled).toBe(false);
    await stack.preview({ expectNoChanges: true });
  });

  test("changing a notification uses the full update", async () => {
    const { stack } = e2e;
    await setResource(stack, "failures", failures({ enabled: false, slackIntervalMin: 30 }));
    await expectUp(stack, "~ 1 updated");
    expect(writes()).toEqual(["PUT 9"]);
    expect((await configsIn(GROUP))[0]?.notifications?.[0]).toMatchObject({ intervalMin: 30 });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("refresh detects an out-of-band change as exactly the notifications; up converges it back", async () => {
    const { stack, client } = e2e;
    const [live] = await configsIn(GROUP);
    const id = String(live?.id);
    await client.alertConfigs.update(GROUP, id, {
      enabled: false,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
      notifications: [
        { typeName: "SLACK", apiToken: SLACK_TOKEN, channelName: "#alerts", intervalMin: 30 },
        {
          typeName: "WEBHOOK",
          webhookUrl: "https://hooks.example.com/alerts",
          webhookSecret: WEBHOOK_SECRET,
        },
        { typeName: "PAGER_DUTY", serviceKey: PAGER_DUTY_KEY },
        { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 10 },
        { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true },
      ],
    });
    const before = await storedOutputs();
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("~ 1 updated");
    // The engine prints a changed secret only as "notifications: [secret]", so compare the state.
    const after = await storedOutputs();
    expect(
      Object.keys(after).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key])),
    ).toEqual(["notifications"]);

    writes();
    await expectUp(stack, "~ 1 updated");
    expect(writes()).toEqual(["PUT 9"]);
    expect((await configsIn(GROUP))[0]?.notifications?.[3]).toMatchObject({ typeName: "EMAIL", delayMin: 0 });
    await stack.preview({ expectNoChanges: true });
  });

  test("a new project replaces the configuration", async () => {
    const { stack } = e2e;
    await setResource(
      stack,
      "failures",
      failures({ groupId: OTHER_GROUP, enabled: false, slackIntervalMin: 30 }),
    );
    await expectUp(stack, "+-1 replaced");
    expect(await configsIn(GROUP)).toEqual([]);
    expect(await configsIn(OTHER_GROUP)).toHaveLength(1);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts a configuration created outside Pulumi and converges it", async () => {
    const { stack, client } = e2e;
    const existing = await client.alertConfigs.create(OTHER_GROUP, {
      enabled: false,
      eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
      notifications: [{ typeName: "EMAIL", emailAddress: "old@example.com" }],
    });
    await setResource(stack, "adopted", {
      type: "AlertConfiguration",
      args: {
        groupId: OTHER_GROUP,
        enabled: true,
        eventTypeName: "CREDIT_CARD_ABOUT_TO_EXPIRE",
        notifications: [{ typeName: "EMAIL", emailAddress: "billing@example.com" }],
        importId: `${OTHER_GROUP}/${existing.id}`,
      },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.alertConfigId).toBe(existing.id);
    expect(await configsIn(OTHER_GROUP)).toHaveLength(2);
    const adopted = await client.alertConfigs.get(OTHER_GROUP, existing.id);
    expect(adopted).toMatchObject({
      enabled: true,
      notifications: [{ typeName: "EMAIL", emailAddress: "billing@example.com" }],
    });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("pulumi destroy leaves no configuration behind", async () => {
    await expectDestroyDeletes(e2e.stack, 3);
    expect(await configsIn(GROUP)).toEqual([]);
    expect(await configsIn(OTHER_GROUP)).toEqual([]);
  });
});
