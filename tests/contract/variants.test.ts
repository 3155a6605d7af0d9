/**
 * Request body variants (scripts/lib/contract/variants.ts) as the oracle names them for requests of
 * our client: the alert configuration variant of an event type, a discriminator's value.
 */
import { ContractOracle, type RecordedExchange } from "../../scripts/lib/contract/oracle";
import { variantReader } from "../../scripts/lib/contract/variants";

const oracle = new ContractOracle();
const GROUP = "5f1a000000000000000000a1";
const V2023 = "application/vnd.platform.2023-01-01+json";
const V2024 = "application/vnd.platform.2024-05-30+json";
const CLIENT = "pulumi-cluster-platform-client/0.1";

function post(path: string, body: unknown, version = V2023, userAgent = CLIENT): RecordedExchange {
  return {
    method: "POST",
    path: `/api/platform/v2/groups/${GROUP}${path}`,
    query: "",
    request: { accept: version, contentType: version, userAgent, body: JSON.stringify(body) },
    status: 200,
    response: { contentType: version, body: "{}" },
  };
}

function variantsOf(exchange: RecordedExchange): string[] {
  const verdict = oracle.check(exchange);
  if (verdict.kind !== "checked") throw new Error("not checked");
  return verdict.variants;
}

describe("alert configurations: the contract's variant of the event type", () => {
  test.each([
    ["OUTSIDE_METRIC_THRESHOLD", "Host Metric Alert Configuration"],
    ["TOO_MANY_ELECTIONS", "Replica Set Threshold Alert Configuration"],
    ["CREDIT_CARD_ABOUT_TO_EXPIRE", "Any Other Alert Configurations"],
    // Listed by the catch-all too: it belongs to its specific variant.
    ["HOST_DOWN", "Host Alert Configuration"],
    ["DEPLOYMENT_FAILURE", "App Services Alert Configuration"],
  ])("%s is %s", (eventTypeName, variant) => {
    expect(variantsOf(post("/alertConfigs", { eventTypeName, notifications: [] }))).toEqual([variant]);
  });

  test("each notification kind once, after the body's variant", () => {
    const notifications = [{ typeName: "SLACK" }, { typeName: "OPS_GENIE" }, { typeName: "SLACK" }];
    expect(variantsOf(post("/alertConfigs", { eventTypeName: "HOST_DOWN", notifications }))).toEqual([
      "Host Alert Configuration",
      "notifications[*].typeName=SLACK",
      "notifications[*].typeName=OPS_GENIE",
    ]);
    expect(
      variantsOf(post("/alertConfigs", { notifications: [{ typeName: "CARRIER_PIGEON" }, "EMAIL", null] })),
    ).toEqual([]);
  });

  test("an event type no variant lists, or none, has no variant", () => {
    expect(variantsOf(post("/alertConfigs", { eventTypeName: "HOST_DOWNN" }))).toEqual([]);
    expect(variantsOf(post("/alertConfigs", { notifications: [] }))).toEqual([]);
    expect(variantsOf(post("/alertConfigs", [{ eventTypeName: "HOST_DOWN" }]))).toEqual([]);
  });
});

describe("discriminated bodies: the property and its value", () => {
  const indexes = "/clusters/demo-cluster/search/indexes";

  test("a search index names its type, or its absence (the type defaults to search)", () => {
    expect(variantsOf(post(indexes, { name: "v", type: "vectorSearch" }, V2024))).toEqual([
      "type=vectorSearch",
    ]);
    expect(variantsOf(post(indexes, { name: "t", type: "search" }, V2024))).toEqual(["type=search"]);
    expect(variantsOf(post(indexes, { name: "t" }, V2024))).toEqual(["type absent"]);
    expect(variantsOf(post(indexes, { name: "t", type: "lexical" }, V2024))).toEqual([]);
  });

  test("the discriminator of an allOf part counts (export buckets' 2023-01-01 body)", () => {
    const bucket = { bucketName: "b", cloudProvider: "AWS", iamRoleId: "5f1a000000000000000000c1" };
    expect(variantsOf(post("/backup/exportBuckets", bucket))).toEqual(["cloudProvider=AWS"]);
    expect(variantsOf(post("/backup/exportBuckets", { ...bucket, cloudProvider: "GCP" }, V2024))).toEqual([
      "cloudProvider=GCP",
    ]);
  });

  test("only requests of our client are read; a body that is not JSON has no variant", () => {
    expect(variantsOf(post(indexes, { type: "search" }, V2024, "curl/8.0"))).toEqual([]);
    const notJson = post(indexes, {}, V2024);
    expect(variantsOf({ ...notJson, request: { ...notJson.request, body: "{" } })).toEqual([]);
  });

  test("a body whose schema has no variants has none", () => {
    expect(
      variantReader({ type: "object", properties: { enabled: { type: "boolean" } } }, {}),
    ).toBeUndefined();
    expect(variantsOf({ ...post("/awsCustomDNS", { enabled: true }), method: "PATCH" })).toEqual([]);
  });
});
