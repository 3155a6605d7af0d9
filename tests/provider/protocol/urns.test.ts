import {
  nameOfUrn,
  nativeFunctionNameOf,
  platformTypeName,
  stackOfUrn,
  nativeTypeNameOf as typeNameOf,
  typeTokenOfUrn,
} from "../../../provider/protocol/urns";

describe("URNs", () => {
  const urn = "urn:pulumi:dev::proj::my:index:Component$platform:index:SearchIndex::movies::v2";

  test("the name is after the last ::, the type token is the last part of the qualified type", () => {
    expect(nameOfUrn(urn)).toBe("v2");
    expect(stackOfUrn(urn)).toBe("dev");
    expect(stackOfUrn("urn:pulumi:prod-eu.1::proj::platform:index:Auditing::a")).toBe("prod-eu.1");
    expect(typeTokenOfUrn(urn)).toBe("platform:index:SearchIndex");
    expect(typeTokenOfUrn("urn:pulumi:dev::proj::aws:s3/bucket:Bucket::b")).toBe("aws:s3/bucket:Bucket");
  });

  test("both forms of the package's type tokens name the same type", () => {
    expect(platformTypeName("pulumi-nodejs:dynamic/platform:SearchIndex")).toBe("SearchIndex");
    expect(platformTypeName("platform:index:SearchIndex")).toBe("SearchIndex");
    expect(platformTypeName("platform:other:SearchIndex")).toBeUndefined();
  });
});

describe("the type of a URN of the native form", () => {
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

describe("the name of a function of the native form", () => {
  test("is the last part of its token; another package's is refused, naming the token", () => {
    expect(nativeFunctionNameOf("platform:index:getAlerts")).toBe("getAlerts");
    expect(() => nativeFunctionNameOf("aws:index:getAmi")).toThrow(
      "aws:index:getAmi is not a function of the platform package",
    );
  });
});
