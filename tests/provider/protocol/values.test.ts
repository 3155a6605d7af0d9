import { specialSecretSig as SECRET_MARKER, specialSigKey as SECRET_SIG } from "@pulumi/pulumi/runtime/rpc";
import {
  isSecret,
  revealSecrets,
  type SecretEnvelope,
  sealSecret,
  secret,
  secretForm,
  UNKNOWN,
  unwrapSecrets,
  wrapSecrets,
} from "../../../provider/protocol/values";

describe("secrets as the engine sends them", () => {
  test("unwrapping takes every secret out, at any depth, and names the top-level properties that held one", () => {
    const { values, secretKeys } = unwrapSecrets({
      groupId: "5f1a000000000000000000a1",
      privateKey: secret("s3cr3t"),
      notifications: [{ typeName: "SLACK", apiToken: secret("xoxb-1"), channelName: "ops" }],
      enabled: true,
    });
    expect(values).toEqual({
      groupId: "5f1a000000000000000000a1",
      privateKey: "s3cr3t",
      notifications: [{ typeName: "SLACK", apiToken: "xoxb-1", channelName: "ops" }],
      enabled: true,
    });
    expect([...secretKeys].sort()).toEqual(["notifications", "privateKey"]);
  });

  test("a secret holding a secret is unwrapped to the inner value", () => {
    expect(unwrapSecrets({ a: secret(secret(1)) }).values).toEqual({ a: 1 });
  });

  test("an unknown value stays the unknown marker the resources already understand", () => {
    expect(unwrapSecrets({ name: UNKNOWN }).values).toEqual({ name: UNKNOWN });
  });

  test("wrapping marks the named properties that are present, once", () => {
    const wrapped = wrapSecrets({ a: "x", b: secret("y"), c: 3 }, ["a", "b", "missing"]);
    expect(wrapped).toEqual({ a: { [SECRET_SIG]: SECRET_MARKER, value: "x" }, b: secret("y"), c: 3 });
  });
});

describe("the secret envelope in its three forms", () => {
  const envelope = (fields: Omit<SecretEnvelope, typeof SECRET_SIG>): SecretEnvelope => ({
    [SECRET_SIG]: SECRET_MARKER,
    ...fields,
  });

  test("each form is written with its field, and told apart by it", () => {
    expect(sealSecret({ a: 1 })).toEqual(envelope({ value: { a: 1 } }));
    expect(sealSecret({ a: 1 }, "plaintext")).toEqual(envelope({ plaintext: '{"a":1}' }));
    expect(sealSecret("v1:abc", "ciphertext")).toEqual(envelope({ ciphertext: "v1:abc" }));
    expect(() => sealSecret(1, "ciphertext")).toThrow("a secret's ciphertext is text");
    expect(secretForm(envelope({ value: 1 }))).toBe("value");
    expect(secretForm(envelope({ plaintext: "1" }))).toBe("plaintext");
    expect(secretForm(envelope({ ciphertext: "x" }))).toBe("ciphertext");
  });

  test("only the secret signature is a secret: an asset's signature under the same key is not", () => {
    expect(isSecret(envelope({ value: 1 }))).toBe(true);
    expect(isSecret({ [SECRET_SIG]: "c44067f5952c0a294b673a41bacd8c17", path: "a.txt" })).toBe(false);
    expect(isSecret([SECRET_SIG])).toBe(false);
    expect(isSecret(null)).toBe(false);
  });

  test("revealing opens the value and plaintext forms at any depth; a ciphertext stays sealed", () => {
    let opened = 0;
    const revealed = revealSecrets(
      {
        wire: envelope({ value: envelope({ value: "inner" }) }),
        exported: [envelope({ plaintext: '{"key":"k"}' })],
        stored: envelope({ ciphertext: "v1:abc" }),
        plain: 3,
      },
      () => opened++,
    );
    expect(revealed).toEqual({
      wire: "inner",
      exported: [{ key: "k" }],
      stored: envelope({ ciphertext: "v1:abc" }),
      plain: 3,
    });
    expect(opened).toBe(3);
  });
});
