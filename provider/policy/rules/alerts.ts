/**
 * Alert configurations reach someone, over HTTPS. Notification credentials (API keys, tokens, webhook
 * secrets) are not checked for being secrets: @pulumi/policy hands a policy every secret unwrapped,
 * as a plain string, so a policy cannot tell `pulumi.secret("...")` from a literal (docs/policy.md,
 * "What the pack cannot tell"). The SDK classes and the native schema store them as secrets anyway.
 */
import { declaredProperty } from "../platformTypes";
import { defineRule } from "../rule";
import { objectsOf } from "./values";

const NOTIFICATIONS = declaredProperty("AlertConfiguration", "notifications");

/** The URL fields of the notification kinds that call a URL the program gives. */
const URL_FIELDS: Readonly<Record<string, string>> = {
  WEBHOOK: "webhookUrl",
  MICROSOFT_TEAMS: "microsoftTeamsWebhookUrl",
};

export const alertHasNotification = defineRule({
  id: "alert-has-notification",
  description: "An alert configuration without a notification fires and reaches no one.",
  enforcementLevel: "mandatory",
  settings: {},
  validateResource: (resource, _config, report) => {
    if (resource.type !== "AlertConfiguration") return;
    if (objectsOf(resource.props[NOTIFICATIONS]).length > 0) return;
    report({
      resource,
      property: NOTIFICATIONS,
      problem: "is empty: the alert notifies no one",
      fix: "add at least one notification (an email, a team, a webhook, an on-call service)",
    });
  },
});

export const alertHttpsUrls = defineRule({
  id: "alert-https-urls",
  description:
    "Webhook and Microsoft Teams notifications carry alert details (and a webhook secret) over the network: plain HTTP exposes them.",
  enforcementLevel: "mandatory",
  settings: {},
  validateResource: (resource, _config, report) => {
    if (resource.type !== "AlertConfiguration") return;
    objectsOf(resource.props[NOTIFICATIONS]).forEach((notification, index) => {
      const field = typeof notification.typeName === "string" ? URL_FIELDS[notification.typeName] : undefined;
      const url = field === undefined ? undefined : notification[field];
      if (typeof url !== "string" || url.startsWith("https://")) return;
      report({
        resource,
        property: `${NOTIFICATIONS}[${index}].${field}`,
        problem: `is ${url}, not an https:// URL`,
        fix: "use the endpoint's https:// URL",
      });
    });
  },
});
