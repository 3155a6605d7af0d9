/**
 * Metric and threshold alerts through the real Pulumi CLI against the in-process emulator: a CPU
 * metric alert (metricThreshold, severityOverride) and a replica set threshold alert (threshold) are
 * created; a new CPU bound is an update in place (the full PUT, no replace); refresh and preview stay
 * clean; and input the event type's variant (api/openapi/openapi-v2.yml, GroupAlertsConfig) does not
 * allow fails `pulumi preview` naming the field and the allowed values, with no request sent for it.
 */
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectUp,
  removeResource,
  resourceOutputs,
  setResource,
  startPlatformE2E,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const TYPE = "pulumi-nodejs:dynamic/platform:AlertConfiguration";
const notifications = [{ typeName: "EMAIL", emailAddress: "ops@example.com" }];
const alert = (args: Record<string, unknown>): DeclaredResource => ({
  type: "AlertConfiguration",
  args: { groupId: GROUP, notifications, ...args },
});
const cpuAlert = (threshold: number) =>
  alert({
    enabled: true,
    eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
    matchers: [{ fieldName: "REPLICA_SET_NAME", operator: "EQUALS", value: "rs0" }],
    metricThreshold: {
      metricName: "NORMALIZED_SYSTEM_CPU_USER",
      operator: "GREATER_THAN",
      threshold,
      units: "RAW",
    },
    severityOverride: "WARNING",
  });
/** Alerts with input their event type's variant does not allow, by what is wrong. */
const BAD: Record<string, DeclaredResource> = {
  units: alert({
    eventTypeName: "OUTSIDE_METRIC_THRESHOLD",
    metricThreshold: {
      metricName: "ASSERT_REGULAR",
      operator: "GREATER_THAN",
      threshold: 5,
      units: "GIGABYTES",
    },
  }),
  eventType: alert({ eventTypeName: "HOST_DOWNN" }),
  matcher: alert({
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "demo-cluster" }],
  }),
};

describe("metric and threshold alerts through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      cpu: cpuAlert(80),
      elections: alert({
        enabled: true,
        eventTypeName: "TOO_MANY_ELECTIONS",
        matchers: [{ fieldName: "CLUSTER_NAME", operator: "EQUALS", value: "demo-cluster" }],
        threshold: { operator: "GREATER_THAN", threshold: 3, units: "RAW" },
      }),
    },
  });

  const configsIn = async () => (await e2e.client.alertConfigs.list(GROUP)).results;
  /** The alert configuration requests the emulator saw since the last call, as "METHOD operation". */
  const alertRequests = () => {
    const { requestLog } = e2e.emulator.core;
    const seen = requestLog
      .list()
      .filter((entry) => entry.operation !== null && entry.path.includes("/alertConfigs"))
      .map((entry) => `${entry.method} ${entry.operation}`);
    requestLog.clear();
    return seen;
  };

  test("pulumi up creates both alerts with their bounds and severity", async () => {
    await expectUp(e2e.stack, "+ 3 created");
    const live = await configsIn();
    const cpu = live.find((config) => config.eventTypeName === "OUTSIDE_METRIC_THRESHOLD");
    expect(cpu?.metricThreshold).toEqual({
      metricName: "NORMALIZED_SYSTEM_CPU_USER",
      mode: "AVERAGE",
      operator: "GREATER_THAN",
      threshold: 80,
      units: "RAW",
    });
    expect(cpu?.severityOverride).toBe("WARNING");
    const elections = live.find((config) => config.eventTypeName === "TOO_MANY_ELECTIONS");
    expect(elections?.threshold).toEqual({ operator: "GREATER_THAN", threshold: 3, units: "RAW" });
    alertRequests();
  });

  test("refresh and preview right after up show no change", async () => {
    await expectCleanPreviewAndRefresh(e2e.stack);
    expect(alertRequests().filter((request) => !request.startsWith("GET"))).toEqual([]);
  });

  test("a new CPU bound is an update in place (the full PUT), not a replace", async () => {
    const outputsBefore = await resourceOutputs(e2e.stack);
    await setResource(e2e.stack, "cpu", cpuAlert(90));
    const up = await expectUp(e2e.stack, "~ 1 updated");
    expect(up.stdout).not.toContain("replaced");
    expect(alertRequests().filter((request) => !request.startsWith("GET"))).toEqual(["PUT 9"]);
    expect((await resourceOutputs(e2e.stack)).cpu?.alertConfigId).toBe(outputsBefore.cpu?.alertConfigId);
    const cpu = (await configsIn()).find((config) => config.eventTypeName === "OUTSIDE_METRIC_THRESHOLD");
    expect(cpu?.metricThreshold?.threshold).toBe(90);
    await expectCleanPreviewAndRefresh(e2e.stack);
  });

  // The engine stops a preview at the first resource whose check fails, so one bad alert at a time.
  test.each([
    ["units", "metricThreshold.units: metric ASSERT_REGULAR takes units RAW; got GIGABYTES"],
    ["eventType", "eventTypeName: unknown event type HOST_DOWNN; allowed (the ones like it): HOST_DOWN, "],
    [
      "matcher",
      "matchers[0].fieldName: DEPLOYMENT_FAILURE allows no matcher CLUSTER_NAME; allowed: APPLICATION_ID",
    ],
  ])(
    "bad %s fails pulumi preview naming the field and the allowed values, before any request",
    async (bad, reason) => {
      await setResource(e2e.stack, "bad", BAD[bad] as DeclaredResource);
      alertRequests();
      const result = await e2e.stack.pulumi(["preview"], { allowFailure: true });
      await removeResource(e2e.stack, "bad");
      expect(result.code).not.toBe(0);
      expect(result.stdout + result.stderr).toContain(`${TYPE} resource 'bad': property`);
      expect(result.stdout + result.stderr).toContain(`has a problem: ${reason}`);
      expect(alertRequests()).toEqual([]);
    },
  );

  test("destroy deletes both alerts", async () => {
    await expectDestroyDeletes(e2e.stack, 3);
    expect(await configsIn()).toEqual([]);
  });
});
