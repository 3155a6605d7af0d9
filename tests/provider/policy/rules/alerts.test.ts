import { alertHasNotification, alertHttpsUrls } from "../../../../provider/policy/rules/alerts";
import { FORMS, violationsOf } from "../policyArgs";

const GROUP = "5f1a000000000000000000a1";

describe.each(FORMS)("alert rules (%s form)", (_form, token) => {
  const alert = token("AlertConfiguration");

  test("alert-has-notification passes an alert with a notification", async () => {
    const props = {
      groupId: GROUP,
      eventTypeName: "HOST_DOWN",
      notifications: [{ typeName: "GROUP", emailEnabled: true }],
    };
    expect(await violationsOf(alertHasNotification, alert, "down", props)).toEqual([]);
  });

  test("alert-has-notification reports an alert without one", async () => {
    expect(
      await violationsOf(alertHasNotification, alert, "down", { groupId: GROUP, notifications: [] }),
    ).toEqual([
      'AlertConfiguration "down": notifications is empty: the alert notifies no one (rule alert-has-notification). Fix: add at least one notification (an email, a team, a webhook, an on-call service)',
    ]);
  });

  test("alert-https-urls passes https webhook and Teams URLs", async () => {
    const props = {
      notifications: [
        { typeName: "WEBHOOK", webhookUrl: "https://hooks.example.com/a", webhookSecret: "whsec-1" },
        { typeName: "MICROSOFT_TEAMS", microsoftTeamsWebhookUrl: "https://teams.example.com/b" },
        { typeName: "SLACK", apiToken: "xoxb-1", channelName: "ops" },
      ],
    };
    expect(await violationsOf(alertHttpsUrls, alert, "down", props)).toEqual([]);
  });

  test("alert-https-urls reports each plain-HTTP URL by its path", async () => {
    const props = {
      notifications: [
        { typeName: "EMAIL", emailAddress: "ops@example.com" },
        { typeName: "WEBHOOK", webhookUrl: "http://hooks.example.com/a" },
        { typeName: "MICROSOFT_TEAMS", microsoftTeamsWebhookUrl: "http://teams.example.com/b" },
      ],
    };
    expect(await violationsOf(alertHttpsUrls, alert, "down", props)).toEqual([
      'AlertConfiguration "down": notifications[1].webhookUrl is http://hooks.example.com/a, not an https:// URL (rule alert-https-urls). Fix: use the endpoint\'s https:// URL',
      'AlertConfiguration "down": notifications[2].microsoftTeamsWebhookUrl is http://teams.example.com/b, not an https:// URL (rule alert-https-urls). Fix: use the endpoint\'s https:// URL',
    ]);
  });

  test("the alert rules leave other types alone", async () => {
    expect(await violationsOf(alertHasNotification, token("Auditing"), "audit", { groupId: GROUP })).toEqual(
      [],
    );
  });
});
