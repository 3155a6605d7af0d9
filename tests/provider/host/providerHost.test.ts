/**
 * Which process is the dynamic provider host (provider/host/providerHost.ts): only there does
 * provider/host set anything up. That the real host, started by the real CLI, is recognised is
 * checked by providerHost.e2e.test.ts.
 */
import { isNativePlugin, isProviderHost, isProviderProcess } from "../../../provider/host/providerHost";

const HOST_SCRIPT = "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

test("the dynamic provider host: its script and the engine's address", () => {
  expect(isProviderHost(["node", HOST_SCRIPT, "127.0.0.1:36597"])).toBe(true);
  expect(isProviderHost(["node", HOST_SCRIPT.replace("/index.js", ""), "[::1]:4000"])).toBe(true);
  expect(
    isProviderHost([
      "node",
      "C:\\p\\node_modules\\@pulumi\\pulumi\\cmd\\dynamic-provider\\index.js",
      "127.0.0.1:1",
    ]),
  ).toBe(true);
});

test("any other process (a test, a tool, the program) is not", () => {
  expect(isProviderHost(["node", "/p/node_modules/.bin/jest", "127.0.0.1:36597"])).toBe(false);
  expect(isProviderHost(["node", HOST_SCRIPT])).toBe(false);
  expect(isProviderHost(["node", "/p/node_modules/@pulumi/pulumi/cmd/run/index.js", "127.0.0.1:4000"])).toBe(
    false,
  );
});

test("the native plugin's process: its main module and the engine's address", () => {
  const main = "/p/node_modules/pulumi-cluster-platform/dist/provider/native/main.js";
  expect(isProviderProcess(["node", main, "127.0.0.1:36597"])).toBe(true);
  expect(isNativePlugin(["node", main, "127.0.0.1:36597"])).toBe(true);
  expect(isNativePlugin(["node", main])).toBe(false);
  expect(isProviderHost(["node", main, "127.0.0.1:36597"])).toBe(false);
  expect(isProviderProcess(["node", HOST_SCRIPT, "127.0.0.1:36597"])).toBe(true);
});
