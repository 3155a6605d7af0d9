import type { JsonObject } from "../../../emulator/core/contract";
import { bodyOf, call, expectError, itemsOf, makeState, OTHER_PROJECT } from "./harness";

describe("77 private IP mode", () => {
  test("turns Peering-Only mode on; off needs every cluster on 5.0 or later", () => {
    const state = makeState();
    expect(bodyOf(call(state, "77", { body: { enabled: true } }))).toEqual({ enabled: true });
    expectError(() => call(state, "77", { body: { enabled: false } }), 400, "CANNOT_UPDATE_PRIVATE_IP_MODE");
    expect(
      bodyOf(call(state, "77", { params: { groupId: OTHER_PROJECT }, body: { enabled: false } })),
    ).toEqual({ enabled: false });
    expectError(() => call(state, "77", { body: {} }), 400, "MISSING_ATTRIBUTE");
  });
});

describe("78 legacy cluster list", () => {
  test("lists clusters with major and full database versions", () => {
    const items = itemsOf(call(makeState(), "78"));
    expect(items.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "demo-cluster",
        "sharded-cluster",
        "free-cluster",
        "old-cluster",
        "serverless-instance",
      ]),
    );
    const old = items.find((c) => c.name === "old-cluster") as JsonObject;
    expect(old).toMatchObject({ dbMajorVersion: "4.0", dbVersion: "4.0.28", clusterType: "REPLICASET" });
    expect(items.find((c) => c.name === "sharded-cluster")?.clusterType).toBe("SHARDED");
  });

  test("gives each cluster the contract's providerSettings kind", () => {
    const items = itemsOf(call(makeState(), "78"));
    const settingsOf = (name: string) => items.find((c) => c.name === name)?.providerSettings;
    expect(settingsOf("demo-cluster")).toEqual({ providerName: "AWS", instanceSizeName: "M10" });
    expect(settingsOf("free-cluster")).toEqual({
      providerName: "TENANT",
      backingProviderName: "AWS",
      instanceSizeName: "M0",
    });
    expect(items.find((c) => c.name === "serverless-instance")).not.toHaveProperty("providerSettings");
  });
});
