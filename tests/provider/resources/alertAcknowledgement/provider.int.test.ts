import { raiseAlert } from "../../../../emulator/domain/alerts";
import { resource as alertAcknowledgementResource } from "../../../../provider/resources/alertAcknowledgement/resource";
import { checkedInputs, GROUP, OTHER_GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => alertAcknowledgementResource.providerWith({ client: () => fx.client });
const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);
const UNTIL = "2030-01-31T12:00:00Z";

/** An alert configuration and an open alert it raised; returns the alert's id. */
async function openAlert(): Promise<{ alertId: string; alertConfigId: string }> {
  const config = await fx.client.alertConfigs.create(GROUP, {
    eventTypeName: "HOST_DOWN",
    enabled: true,
    notifications: [
      { typeName: "GROUP", intervalMin: 60, delayMin: 0, emailEnabled: true, roles: ["GROUP_OWNER"] },
    ],
  });
  const alert = raiseAlert(fx.emu.state, { groupId: GROUP, alertConfigId: config.id }, fx.emu.now());
  return { alertId: alert.id, alertConfigId: config.id };
}

describe("AlertAcknowledgement provider against the emulator", () => {
  test("create acknowledges the alert; read right after changes nothing", async () => {
    const { alertId, alertConfigId } = await openAlert();
    const inputs = await checked({
      groupId: GROUP,
      alertId,
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "maintenance",
    });
    const created = await provider().create(inputs);
    expect(created).toEqual({
      id: `${GROUP}/${alertId}`,
      outs: {
        ...inputs,
        alertConfigId,
        eventTypeName: "HOST_DOWN",
        status: "OPEN",
        // The acting API key, in the email form the contract gives user names.
        acknowledgingUsername: "demo-public-key@api-keys.platform.invalid",
      },
    });
    expect(await fx.client.alerts.get(GROUP, alertId)).toMatchObject({
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "maintenance",
    });
    expect(await provider().read(created.id, created.outs ?? {})).toEqual({
      id: created.id,
      props: created.outs,
      inputs,
    });
  });

  test("read keeps the time as written while the API returns the same instant in its own format", async () => {
    const { alertId } = await openAlert();
    const inputs = await checked({ groupId: GROUP, alertId, acknowledgedUntil: "2030-01-31T13:00:00+01:00" });
    const created = await provider().create(inputs);
    expect((await fx.client.alerts.get(GROUP, alertId)).acknowledgedUntil).toBe(UNTIL);
    expect((await provider().read(created.id, created.outs ?? {})).inputs).toEqual(inputs);
  });

  test("read shows out-of-band changes as exactly those fields; update converges them", async () => {
    const { alertId } = await openAlert();
    const inputs = await checked({
      groupId: GROUP,
      alertId,
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "maintenance",
    });
    const { id, outs = {} } = await provider().create(inputs);
    await fx.client.alerts.acknowledge(GROUP, alertId, {
      acknowledgedUntil: "2031-01-01T00:00:00Z",
      acknowledgementComment: "longer",
    });
    const read = await provider().read(id, outs);
    expect(read.inputs).toEqual({
      ...inputs,
      acknowledgedUntil: "2031-01-01T00:00:00Z",
      acknowledgementComment: "longer",
    });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
    await provider().update?.(id, read.props ?? {}, inputs);
    expect(await fx.client.alerts.get(GROUP, alertId)).toMatchObject({
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "maintenance",
    });

    await fx.client.alerts.acknowledge(GROUP, alertId, { unacknowledgeAlert: true });
    const unacknowledged = await provider().read(id, outs);
    expect(unacknowledged.inputs).toEqual({ groupId: GROUP, alertId });
    expect(await provider().diff(id, unacknowledged.props ?? {}, inputs)).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("update removes a comment that was removed from the inputs", async () => {
    const { alertId } = await openAlert();
    const inputs = await checked({
      groupId: GROUP,
      alertId,
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "maintenance",
    });
    const { id, outs = {} } = await provider().create(inputs);
    const news = await checked({ groupId: GROUP, alertId, acknowledgedUntil: UNTIL });
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({ acknowledgedUntil: UNTIL, status: "OPEN" });
    expect(updated?.outs).not.toHaveProperty("acknowledgementComment");
    expect((await fx.client.alerts.get(GROUP, alertId)).acknowledgementComment).toBeUndefined();
  });

  test("delete unacknowledges; deleting an alert that is gone succeeds", async () => {
    const { alertId } = await openAlert();
    const { id, outs = {} } = await provider().create(
      await checked({ groupId: GROUP, alertId, acknowledgedUntil: UNTIL }),
    );
    await provider().delete(id, outs);
    const alert = await fx.client.alerts.get(GROUP, alertId);
    expect(alert.acknowledgedUntil).toBeUndefined();
    expect(alert.acknowledgingUsername).toBeUndefined();
    await expect(provider().delete(`${GROUP}/5f1a0000000000000000ffff`, {})).resolves.toBeUndefined();
    expect(await provider().read(`${GROUP}/5f1a0000000000000000ffff`, {})).toEqual({});
  });

  test("create refuses an alert that does not exist, naming it", async () => {
    const inputs = await checked({
      groupId: OTHER_GROUP,
      alertId: "5f1a0000000000000000ffff",
      acknowledgedUntil: UNTIL,
    });
    await expect(provider().create(inputs)).rejects.toThrow(
      `cannot create the acknowledgement of alert 5f1a0000000000000000ffff in project ${OTHER_GROUP}: project ${OTHER_GROUP} has no alert 5f1a0000000000000000ffff (alerts are raised by the service; list them with getAlerts)`,
    );
  });

  test("create refuses an alert already acknowledged and gives the importId; importId adopts and converges it", async () => {
    const { alertId } = await openAlert();
    await fx.client.alerts.acknowledge(GROUP, alertId, { acknowledgedUntil: "2031-01-01T00:00:00Z" });
    const inputs = await checked({
      groupId: GROUP,
      alertId,
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "ours",
    });
    await expect(provider().create(inputs)).rejects.toThrow(
      `cannot create the acknowledgement of alert ${alertId} in project ${GROUP}: the alert is already acknowledged until 2031-01-01T00:00:00Z by demo-public-key@api-keys.platform.invalid; set importId: "${GROUP}/${alertId}" to manage that acknowledgement with this resource`,
    );
    const adopted = await provider().create(await checked({ ...inputs, importId: `${GROUP}/${alertId}` }));
    expect(adopted.id).toBe(`${GROUP}/${alertId}`);
    expect(await fx.client.alerts.get(GROUP, alertId)).toMatchObject({
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "ours",
    });
  });

  test("adoption sends nothing when the acknowledgement already matches", async () => {
    const { alertId } = await openAlert();
    await fx.client.alerts.acknowledge(GROUP, alertId, {
      acknowledgedUntil: UNTIL,
      acknowledgementComment: "same",
    });
    const acknowledge = jest.spyOn(fx.client.alerts, "acknowledge");
    await provider().create(
      await checked({
        groupId: GROUP,
        alertId,
        acknowledgedUntil: UNTIL,
        acknowledgementComment: "same",
        importId: `${GROUP}/${alertId}`,
      }),
    );
    expect(acknowledge).not.toHaveBeenCalled();
    acknowledge.mockRestore();
  });

  test("importId that names no alert fails", async () => {
    const missing = "5f1a0000000000000000ffff";
    const inputs = await checked({
      groupId: GROUP,
      alertId: missing,
      acknowledgedUntil: UNTIL,
      importId: `${GROUP}/${missing}`,
    });
    await expect(provider().create(inputs)).rejects.toThrow(
      `importId "${GROUP}/${missing}" names no existing acknowledged alert`,
    );
  });

  test("a time in the past is refused by the service with its reason", async () => {
    const { alertId } = await openAlert();
    const inputs = await checked({ groupId: GROUP, alertId, acknowledgedUntil: "2001-01-01T00:00:00Z" });
    await expect(provider().create(inputs)).rejects.toThrow(/acknowledgedUntil.*must be in the future/);
  });
});
