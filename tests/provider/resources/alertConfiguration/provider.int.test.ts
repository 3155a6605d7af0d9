import { resource as alertConfigurationResource } from "../../../../provider/resources/alertConfiguration/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => alertConfigurationResource.providerWith({ client: () => fx.client });
// After the fixture's reset: each test sees only its own requests.
beforeEach(() => fx.emu.core.requestLog.clear());

const SLACK = { typeName: "SLACK", apiToken: "xoxb-secret-token-9999", channelName: "#alerts" };
const WEBHOOK = {
  typeName: "WEBHOOK",
  webhookUrl: "https://hooks.example.com/alerts",
  webhookSecret: "whsec-abcdef-1234",
};
const PAGER = { typeName: "PAGER_DUTY", serviceKey: "pd-service-key-0042" };
const TEAM = { typeName: "TEAM", teamId: "65f0c0ffee00000000000077", emailEnabled: true };
const INPUTS = {
  groupId: GROUP,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
  notifications: [SLACK, WEBHOOK, PAGER, TEAM],
};

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);

/** The writes the emulator saw, as "METHOD operation". */
function writes(): string[] {
  return fx.emu.core.requestLog
    .list()
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.operation}`);
}

describe("AlertConfiguration provider against the emulator", () => {
  test("create stores the user's credentials in the outputs; the API holds them (shown masked)", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    const alertConfigId = (outs as { alertConfigId: string }).alertConfigId;
    expect(id).toBe(`${GROUP}/${alertConfigId}`);
    expect(outs).toEqual({ ...inputs, alertConfigId, created: expect.any(String) });
    const live = await fx.client.alertConfigs.get(GROUP, alertConfigId);
    expect(live.notifications?.[0]).toMatchObject({ typeName: "SLACK", apiToken: "******************9999" });
  });

  test("read right after create returns the same outputs and inputs, masked values notwithstanding", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("an update of only enabled uses the toggle (PATCH); other changes the full replace (PUT)", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    fx.emu.core.requestLog.clear();

    const disabled = await checked({ ...INPUTS, enabled: false });
    const toggled = await provider().update?.(id, outs, disabled);
    expect(toggled?.outs).toEqual({ ...outs, enabled: false });
    expect(writes()).toEqual(["PATCH 8"]);

    fx.emu.core.requestLog.clear();
    const renamed = await checked({
      ...INPUTS,
      enabled: false,
      notifications: [SLACK, { ...PAGER, delayMin: 5 }],
    });
    const replaced = await provider().update?.(id, toggled?.outs ?? {}, renamed);
    expect(replaced?.outs).toMatchObject({ notifications: renamed.notifications });
    expect(writes()).toEqual(["PUT 9"]);
    const [, alertConfigId] = id.split("/");
    const live = await fx.client.alertConfigs.get(GROUP, alertConfigId as string);
    expect(live.notifications).toHaveLength(2);
    expect(live.enabled).toBe(false);
  });

  test("an out-of-band change shows in read as exactly that change", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    const [, alertConfigId] = id.split("/");
    // Someone raises the Slack repeat interval in the web interface (credentials sent in full there).
    await fx.client.alertConfigs.update(GROUP, alertConfigId as string, {
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: INPUTS.matchers,
      notifications: [{ ...SLACK, intervalMin: 15 }, WEBHOOK, PAGER, TEAM],
    });
    const read = await provider().read(id, outs);
    const notifications = inputs.notifications as Array<Record<string, unknown>>;
    expect(read.inputs).toEqual({
      ...inputs,
      notifications: [{ ...notifications[0], intervalMin: 15 }, ...notifications.slice(1)],
    });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
  });

  test("a credential rotated out of band comes back masked and shows as a change", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    const [, alertConfigId] = id.split("/");
    await fx.client.alertConfigs.update(GROUP, alertConfigId as string, {
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: INPUTS.matchers,
      notifications: [{ ...SLACK, apiToken: "xoxb-rotated-token-4321" }, WEBHOOK, PAGER, TEAM],
    });
    const read = await provider().read(id, outs);
    const slack = ((read.inputs?.notifications ?? []) as Array<Record<string, unknown>>)[0];
    expect(slack?.apiToken).toBe("*******************4321");
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
  });

  test("adopt by importId converges the existing configuration", async () => {
    const existing = await fx.client.alertConfigs.create(GROUP, {
      enabled: false,
      eventTypeName: "DEPLOYMENT_FAILURE",
      notifications: [{ typeName: "EMAIL", emailAddress: "ops@example.com" }],
    });
    const importId = `${GROUP}/${existing.id}`;
    const inputs = await checked({ ...INPUTS, importId });
    const { id, outs } = await create(inputs);
    expect(id).toBe(importId);
    expect(outs).toMatchObject({ alertConfigId: existing.id, notifications: inputs.notifications });
    const live = await fx.client.alertConfigs.get(GROUP, existing.id);
    expect(live.notifications?.map((n) => n.typeName)).toEqual(["SLACK", "WEBHOOK", "PAGER_DUTY", "TEAM"]);
    expect((await fx.client.alertConfigs.list(GROUP)).totalCount).toBe(1);
  });

  test("adopting a configuration that already matches writes nothing", async () => {
    const existing = await fx.client.alertConfigs.create(GROUP, {
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: INPUTS.matchers,
      notifications: INPUTS.notifications,
    });
    fx.emu.core.requestLog.clear();
    await create(await checked({ ...INPUTS, importId: `${GROUP}/${existing.id}` }));
    expect(writes()).toEqual([]);
  });

  test("delete removes it; deleting again and reading a gone one are fine", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    await provider().delete(id, outs);
    expect((await fx.client.alertConfigs.list(GROUP)).totalCount).toBe(0);
    expect(await provider().read(id, outs)).toEqual({});
    await provider().delete(id, outs);
  });
});
