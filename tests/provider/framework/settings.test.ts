import {
  configSource,
  isConfigured,
  platformClient,
  resetSettings,
  setConfigValues,
} from "../../../provider/framework/settings";

afterEach(() => resetSettings());

describe("settings", () => {
  const config = {
    "platform:baseUrl": "http://127.0.0.1:9/api/platform/v2",
    "platform:publicKey": "demo-public-key",
    "platform:privateKey": "demo-private-key-0000-0000-000000000001",
  };

  test("nothing is configured at first", () => {
    expect(isConfigured()).toBe(false);
    expect(configSource().get("platform:baseUrl")).toBeUndefined();
  });

  test("setConfigValues provides values by key", () => {
    setConfigValues(config);
    expect(isConfigured()).toBe(true);
    expect(configSource().get("platform:publicKey")).toBe("demo-public-key");
    expect(configSource().get("platform:nothing")).toBeUndefined();
  });

  test("one client per process, rebuilt only when platform:* values change", () => {
    setConfigValues(config);
    const first = platformClient();
    expect(platformClient()).toBe(first);
    // A second configure with the same values (the host configures once per resource type) keeps it.
    setConfigValues({ ...config });
    expect(platformClient()).toBe(first);
    setConfigValues({ ...config, "platform:publicKey": "demo-readonly-key" });
    expect(platformClient()).not.toBe(first);
  });
});
