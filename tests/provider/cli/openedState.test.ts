import { specialSecretSig as SECRET_MARKER, specialSigKey as SECRET_SIG } from "@pulumi/pulumi/runtime/rpc";
import { openedDeployment, StateSeen } from "../../../provider/cli/openedState";

const PROVIDER_URN = "urn:pulumi:dev::app::pulumi:providers:pulumi-nodejs::default";
const ALERT_URN = "urn:pulumi:dev::app::pulumi-nodejs:dynamic/platform:AlertConfiguration::pager";

const ciphertext = (text: string) => ({ [SECRET_SIG]: SECRET_MARKER, ciphertext: text });
const plaintext = (value: unknown) => ({ [SECRET_SIG]: SECRET_MARKER, plaintext: JSON.stringify(value) });

/** A checkpoint file's text as a file backend writes it: a provider with a secret key, an alert with a secret token. */
function checkpointText(
  overrides: { alertInputs?: Record<string, unknown>; extra?: Record<string, unknown> } = {},
) {
  return JSON.stringify({
    version: 3,
    checkpoint: {
      stack: "organization/app/dev",
      latest: {
        manifest: { time: "2026-11-27T08:00:00Z", magic: "m", version: "v3.200.0" },
        secrets_providers: { type: "passphrase", state: { salt: "v1:salt" } },
        resources: [
          {
            urn: PROVIDER_URN,
            custom: true,
            id: "p-1",
            type: "pulumi:providers:pulumi-nodejs",
            inputs: { "platform:baseUrl": "http://127.0.0.1:1/api", "platform:privateKey": ciphertext("k1") },
            outputs: {
              "platform:baseUrl": "http://127.0.0.1:1/api",
              "platform:privateKey": ciphertext("k2"),
            },
          },
          {
            urn: ALERT_URN,
            custom: true,
            id: "a-1",
            type: "pulumi-nodejs:dynamic/platform:AlertConfiguration",
            inputs: overrides.alertInputs ?? {
              groupId: "g1",
              notifications: [{ typeName: "PAGER_DUTY", serviceKey: ciphertext("s1") }],
            },
            outputs: {
              groupId: "g1",
              notifications: [{ typeName: "PAGER_DUTY", serviceKey: ciphertext("s2") }],
            },
            provider: `${PROVIDER_URN}::p-1`,
          },
        ],
        metadata: {},
        ...overrides.extra,
      },
    },
  });
}

/** What the engine sends a preview of that state (secrets opened). */
function seenOfPreview(): StateSeen {
  const seen = new StateSeen();
  seen.recordProvider(PROVIDER_URN, {
    "platform:baseUrl": "http://127.0.0.1:1/api",
    "platform:privateKey": "private-key",
  });
  const alert = { groupId: "g1", notifications: [{ typeName: "PAGER_DUTY", serviceKey: "service-key" }] };
  seen.recordInputs(ALERT_URN, alert);
  seen.recordOutputs(ALERT_URN, alert);
  return seen;
}

describe("openedDeployment", () => {
  test("replaces each ciphertext by the value the engine sent, in the export's form, and keeps the rest", () => {
    const latest = JSON.parse(checkpointText()).checkpoint.latest;
    const expected = {
      ...latest,
      resources: [
        {
          ...latest.resources[0],
          inputs: {
            "platform:baseUrl": "http://127.0.0.1:1/api",
            "platform:privateKey": plaintext("private-key"),
          },
          outputs: {
            "platform:baseUrl": "http://127.0.0.1:1/api",
            "platform:privateKey": plaintext("private-key"),
          },
        },
        {
          ...latest.resources[1],
          inputs: {
            groupId: "g1",
            notifications: [{ typeName: "PAGER_DUTY", serviceKey: plaintext("service-key") }],
          },
          outputs: {
            groupId: "g1",
            notifications: [{ typeName: "PAGER_DUTY", serviceKey: plaintext("service-key") }],
          },
        },
      ],
    };
    const opened = openedDeployment(checkpointText(), seenOfPreview());
    expect(opened).toEqual(expected);
    // Key order as in the checkpoint, as the export writes it.
    expect(JSON.stringify(opened)).toBe(JSON.stringify(expected));
  });

  test("opens a secret the engine sent still wrapped", () => {
    const seen = seenOfPreview();
    seen.recordProvider(PROVIDER_URN, {
      "platform:baseUrl": "http://127.0.0.1:1/api",
      "platform:privateKey": { [SECRET_SIG]: SECRET_MARKER, value: "wrapped-key" },
    });
    const opened = openedDeployment(checkpointText(), seen) as { resources: Array<{ inputs: unknown }> };
    expect(opened.resources[0]?.inputs).toEqual({
      "platform:baseUrl": "http://127.0.0.1:1/api",
      "platform:privateKey": plaintext("wrapped-key"),
    });
  });

  test("gives undefined when a resource with a secret was not sent (a resource the program dropped)", () => {
    const seen = new StateSeen();
    seen.recordProvider(PROVIDER_URN, {
      "platform:baseUrl": "http://127.0.0.1:1/api",
      "platform:privateKey": "private-key",
    });
    expect(openedDeployment(checkpointText(), seen)).toBeUndefined();
  });

  test("gives undefined when what was sent differs from the checkpoint outside its secrets (another state)", () => {
    const moved = checkpointText({
      alertInputs: {
        groupId: "g2",
        notifications: [{ typeName: "PAGER_DUTY", serviceKey: ciphertext("s1") }],
      },
    });
    expect(openedDeployment(moved, seenOfPreview())).toBeUndefined();
    const longer = checkpointText({
      alertInputs: {
        groupId: "g1",
        notifications: [
          { typeName: "PAGER_DUTY", serviceKey: ciphertext("s1") },
          { typeName: "EMAIL", emailAddress: "a@example.com" },
        ],
      },
    });
    expect(openedDeployment(longer, seenOfPreview())).toBeUndefined();
  });

  test("needs nothing sent for resources without secrets", () => {
    const seen = seenOfPreview();
    const plain = checkpointText({ alertInputs: { groupId: "g1", notifications: [] } });
    const opened = openedDeployment(plain, seen) as { resources: Array<{ inputs: unknown }> };
    expect(opened.resources[1]?.inputs).toEqual({ groupId: "g1", notifications: [] });
  });

  test("gives undefined for a ciphertext outside resources' inputs and outputs, and for a text that is not a checkpoint", () => {
    const pending = checkpointText({
      extra: {
        pending_operations: [
          { resource: { urn: ALERT_URN, inputs: { key: ciphertext("x") } }, type: "updating" },
        ],
      },
    });
    expect(openedDeployment(pending, seenOfPreview())).toBeUndefined();
    expect(openedDeployment("{", seenOfPreview())).toBeUndefined();
    expect(openedDeployment(JSON.stringify({ checkpoint: {} }), seenOfPreview())).toBeUndefined();
  });
});
