import { typeNameOf } from "../../../provider/native/server";
import {
  SECRET_MARKER,
  SECRET_SIG,
  secret,
  UNKNOWN,
  unwrapSecrets,
  wrapSecrets,
} from "../../../provider/native/values";

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

describe("the type of a URN", () => {
  test("is the last part of its type token", () => {
    expect(typeNameOf("urn:pulumi:dev::proj::platform:index:SearchIndex::movies")).toBe("SearchIndex");
    expect(typeNameOf("urn:pulumi:dev::proj::my:index:Component$platform:index:Auditing::a")).toBe(
      "Auditing",
    );
  });

  test("of another package is refused, naming the token", () => {
    expect(() => typeNameOf("urn:pulumi:dev::proj::aws:s3/bucket:Bucket::b")).toThrow(
      "aws:s3/bucket:Bucket is not a type of the platform package",
    );
  });
});
