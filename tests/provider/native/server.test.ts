/**
 * The native server's methods that need no resource (provider/native/server.ts), called directly:
 * the configuration's check and settings, and the kind of each property's change in the detailed
 * diff. The resource methods are tested over gRPC against the emulator (server.int.test.ts).
 */
import * as providerProto from "@pulumi/pulumi/proto/provider_pb";
import * as structProto from "google-protobuf/google/protobuf/struct_pb";
import { checkConfig, configuredSettings, propertyDiffKind } from "../../../provider/native/server";
import { secret } from "../../../provider/protocol/values";

const struct = (value: Record<string, unknown>) =>
  structProto.Struct.fromJavaScript(value as Record<string, never>);
const Kind = providerProto.PropertyDiff.Kind;

test("the kind of a change: added, deleted or updated, each replacing or not", () => {
  expect(propertyDiffKind(undefined, "a", "update")).toBe(Kind.ADD);
  expect(propertyDiffKind(undefined, "a", "replace")).toBe(Kind.ADD_REPLACE);
  expect(propertyDiffKind("a", undefined, "update")).toBe(Kind.DELETE);
  expect(propertyDiffKind("a", undefined, "replace")).toBe(Kind.DELETE_REPLACE);
  expect(propertyDiffKind("a", "b", "update")).toBe(Kind.UPDATE);
  expect(propertyDiffKind("a", "b", "replace")).toBe(Kind.UPDATE_REPLACE);
});

test("the settings of a configure: typed arguments over the text variables, secrets opened, other keys left out", () => {
  const request = new providerProto.ConfigureRequest();
  request.getVariablesMap().set("platform:config:baseUrl", "http://from-variables");
  request.getVariablesMap().set("platform:publicKey", "public-from-variables");
  request.getVariablesMap().set("platform:config:notASetting", "x");
  request.getVariablesMap().set("aws:region", "eu-west-1");
  request.setArgs(struct({ baseUrl: "http://from-args", privateKey: secret("k"), maxRetries: 3 }));
  expect(configuredSettings(request)).toEqual({
    "platform:baseUrl": "http://from-args",
    "platform:publicKey": "public-from-variables",
    "platform:privateKey": "k",
    "platform:maxRetries": "3",
  });
});

test("checkConfig returns the inputs as they came and names each key that is no setting", async () => {
  const request = new providerProto.CheckRequest();
  const news = struct({ baseUrl: "http://x", privateKey: secret("k"), version: "1.0.0", region: "eu" });
  request.setNews(news);
  const response = await checkConfig(request);
  expect(response.getInputs()?.toJavaScript()).toEqual(news.toJavaScript());
  expect(response.getFailuresList().map((failure) => [failure.getProperty(), failure.getReason()])).toEqual([
    [
      "region",
      expect.stringMatching(
        /^region is not a setting of the platform provider; the settings are baseUrl, publicKey, /,
      ),
    ],
  ]);
});
