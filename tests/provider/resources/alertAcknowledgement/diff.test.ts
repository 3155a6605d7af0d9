import { UNKNOWN } from "../../../../provider/framework/validation";
import { resource as alertAcknowledgementResource } from "../../../../provider/resources/alertAcknowledgement/resource";

const provider = alertAcknowledgementResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});
const GROUP = "5f1a000000000000000000a1";
const ALERT = "5f1a0000000000000000e420";
const STATE = {
  groupId: GROUP,
  alertId: ALERT,
  acknowledgedUntil: "2030-01-31T12:00:00Z",
  acknowledgementComment: "maintenance",
  status: "OPEN",
  alertConfigId: "5f1a0000000000000000e410",
};
const diff = (news: Record<string, unknown>) => provider.diff(`${GROUP}/${ALERT}`, { ...STATE }, news);
const inputs = {
  groupId: GROUP,
  alertId: ALERT,
  acknowledgedUntil: "2030-01-31T12:00:00Z",
  acknowledgementComment: "maintenance",
};

describe("AlertAcknowledgement diff", () => {
  test("no change; the same instant written another way is no change; importId never is", async () => {
    expect(await diff(inputs)).toEqual({ changes: false, replaces: [] });
    expect(await diff({ ...inputs, acknowledgedUntil: "2030-01-31T13:00:00.000+01:00" })).toEqual({
      changes: false,
      replaces: [],
    });
    expect(await diff({ ...inputs, importId: `${GROUP}/${ALERT}` })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("a new time or comment, or a removed comment, updates in place", async () => {
    expect(await diff({ ...inputs, acknowledgedUntil: "2030-02-01T00:00:00Z" })).toEqual({
      changes: true,
      replaces: [],
    });
    expect(await diff({ ...inputs, acknowledgementComment: "other" })).toEqual({
      changes: true,
      replaces: [],
    });
    const { acknowledgementComment: _removed, ...withoutComment } = inputs;
    expect(await diff(withoutComment)).toEqual({ changes: true, replaces: [] });
  });

  test("another alert or project replaces", async () => {
    expect(await diff({ ...inputs, alertId: "5f1a0000000000000000e421" })).toEqual({
      changes: true,
      replaces: ["alertId"],
    });
    expect(await diff({ ...inputs, groupId: "5f1a000000000000000000a2" })).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
  });

  test("an unknown value (preview) is a change", async () => {
    expect(await diff({ ...inputs, alertId: UNKNOWN })).toEqual({ changes: true, replaces: ["alertId"] });
  });
});
