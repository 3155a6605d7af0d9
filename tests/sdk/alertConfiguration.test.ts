/** When AlertConfiguration's `notifications` output is declared secret (sdk/alertConfiguration.ts). */
import * as pulumi from "@pulumi/pulumi";
import { NOTIFICATION_CREDENTIAL_FIELDS } from "../../api/vocabulary";
import { notificationsMayHoldCredentials } from "../../sdk/alertConfiguration";

const email = { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 0 };
const group = { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true, smsEnabled: false };

describe("notificationsMayHoldCredentials", () => {
  test("notifications without a credential field: plain", () => {
    expect(notificationsMayHoldCredentials([email, group])).toBe(false);
    expect(notificationsMayHoldCredentials([{ typeName: "SMS", mobileNumber: "+15555550100" }])).toBe(false);
    expect(notificationsMayHoldCredentials([])).toBe(false);
  });

  test.each(
    Object.entries(NOTIFICATION_CREDENTIAL_FIELDS).flatMap(([typeName, fields]) =>
      fields.map((field) => [typeName, field] as const),
    ),
  )("a %s notification setting %s: secret", (typeName, field) => {
    expect(notificationsMayHoldCredentials([email, { typeName, [field]: "plain-text-value" }])).toBe(true);
  });

  test("a credential field of another kind counts too: the field name decides, not the typeName", () => {
    expect(
      notificationsMayHoldCredentials([{ typeName: "EMAIL", emailAddress: "a@b.c", apiToken: "x" }]),
    ).toBe(true);
  });

  test("a credential field given as an Output (a secret from config) or left undefined", () => {
    expect(
      notificationsMayHoldCredentials([{ typeName: "PAGER_DUTY", serviceKey: pulumi.output("k") }]),
    ).toBe(true);
    expect(notificationsMayHoldCredentials([{ ...email, webhookSecret: undefined }])).toBe(false);
  });

  test("what cannot be looked at when the resource is declared: secret", () => {
    expect(notificationsMayHoldCredentials(pulumi.output([email]))).toBe(true);
    expect(notificationsMayHoldCredentials(Promise.resolve([email]))).toBe(true);
    expect(notificationsMayHoldCredentials([email, pulumi.output(group)])).toBe(true);
    expect(notificationsMayHoldCredentials([email, Promise.resolve(group)])).toBe(true);
    expect(notificationsMayHoldCredentials(undefined)).toBe(true);
  });
});
