/**
 * platform.Provider's inputs: each given argument under the `platform:*` key the settings read
 * (provider/framework/settings.ts, through the client's SETTINGS), the private halves always secret.
 */
import * as pulumi from "@pulumi/pulumi";
import { SETTINGS } from "../../provider/client";
import { type ProviderArgs, providerInputs } from "../../sdk/provider";

async function resolved(
  value: pulumi.Input<string> | undefined,
): Promise<{ value: unknown; secret: boolean }> {
  const output = pulumi.output(value);
  return {
    value: await new Promise((resolve) => output.apply(resolve)),
    secret: await pulumi.isSecret(output),
  };
}

describe("platform.Provider inputs", () => {
  test("an API key: platform:* keys, the private key a secret, absent arguments left out", async () => {
    const inputs = providerInputs({
      baseUrl: "https://cloud.example.com/api/platform/v2",
      publicKey: "pub",
      privateKey: "plain-private",
      clientId: undefined,
    });
    expect(Object.keys(inputs).sort()).toEqual([
      "platform:baseUrl",
      "platform:privateKey",
      "platform:publicKey",
    ]);
    expect(inputs["platform:baseUrl"]).toBe("https://cloud.example.com/api/platform/v2");
    expect(inputs["platform:publicKey"]).toBe("pub");
    expect(await resolved(inputs["platform:privateKey"] as pulumi.Input<string>)).toEqual({
      value: "plain-private",
      secret: true,
    });
  });

  test("a service account: the client secret a secret", async () => {
    const inputs = providerInputs({ clientId: "sa", clientSecret: "s3cret" });
    expect(inputs["platform:clientId"]).toBe("sa");
    expect(await resolved(inputs["platform:clientSecret"] as pulumi.Input<string>)).toEqual({
      value: "s3cret",
      secret: true,
    });
  });

  test("every argument is a setting the provider reads", () => {
    const every: Required<ProviderArgs> = {
      baseUrl: "u",
      publicKey: "p",
      privateKey: "k",
      clientId: "c",
      clientSecret: "s",
      caCertPath: "ca.pem",
      apiVersion: "2025-03-12",
    };
    for (const key of Object.keys(providerInputs(every))) {
      expect(Object.keys(SETTINGS)).toContain(key.replace(/^platform:/, ""));
    }
  });
});
