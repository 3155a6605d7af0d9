import type { PlatformClient, PlatformError } from "../../../../provider/client";
import { type WaitClock, WaitGoneError, WaitTimeoutError } from "../../../../provider/framework/waiter";
import {
  waitForSearchDeploymentGone,
  waitForSearchDeploymentIdle,
} from "../../../../provider/resources/searchDeployment/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const WHERE = { groupId: "5f1a000000000000000000a1", clusterName: "demo-cluster" };
const SPECS = [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }];

/** A step: a stateName, `{}` (no nodes), or an error. */
type Step = string | "none" | PlatformError;

function scriptedClient(steps: Step[]): { client: PlatformClient; calls: () => number } {
  const { read: get, calls } = scriptedRead<string, object>(steps, (step) => {
    if (step === "none") return {};
    return {
      id: "65f0c0ffee0000000000abcd",
      groupId: WHERE.groupId,
      specs: SPECS,
      stateName: step,
      encryptionAtRestProvider: "NONE",
    };
  });
  return { client: { searchDeployments: { get } } as unknown as PlatformClient, calls };
}

const progress = captureProgress();

const options = (
  clock: WaitClock,
  phase: "create" | "update" | "delete" = "create",
  timeoutMs = 7_200_000,
) => ({
  describe: "search nodes of cluster demo-cluster",
  timeoutMs,
  phase,
  clock,
});

describe("waitForSearchDeploymentIdle", () => {
  test("UPDATING, 503, PAUSED, 429, UPDATING, IDLE: done, with progress on every change", async () => {
    const clock = fakeClock();
    const script = scriptedClient(["UPDATING", httpError(503), "PAUSED", httpError(429), "UPDATING", "IDLE"]);
    const live = await waitForSearchDeploymentIdle(script.client, WHERE, options(clock));
    expect(live).toEqual({
      deploymentId: "65f0c0ffee0000000000abcd",
      stateName: "IDLE",
      specs: SPECS,
      encryptionAtRestProvider: "NONE",
    });
    expect(script.calls()).toBe(6);
    expect(progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: search nodes of cluster demo-cluster: UPDATING",
      "platform: search nodes of cluster demo-cluster: UPDATING (HTTP 503, still working)",
      "platform: search nodes of cluster demo-cluster: PAUSED",
      "platform: search nodes of cluster demo-cluster: PAUSED (HTTP 429, still working)",
      "platform: search nodes of cluster demo-cluster: UPDATING",
    ]);
  });

  test("backoff grows from about a second to a cap of ten", async () => {
    const clock = fakeClock();
    const script = scriptedClient([...Array(10).fill("UPDATING"), "IDLE"]);
    await waitForSearchDeploymentIdle(script.client, WHERE, options(clock));
    expect(clock.sleeps).toEqual([1000, 1500, 2250, 3375, 5062.5, 7593.75, 10000, 10000, 10000, 10000]);
  });

  test("nodes that disappear while we wait end the wait", async () => {
    const script = scriptedClient(["UPDATING", "none"]);
    const error = await waitForSearchDeploymentIdle(script.client, WHERE, options(fakeClock())).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(WaitGoneError);
  });

  test("a timeout on update names the state and timeouts.update", async () => {
    const script = scriptedClient(["UPDATING"]);
    const error = await waitForSearchDeploymentIdle(
      script.client,
      WHERE,
      options(fakeClock(), "update", 90_000),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toBe(
      "timed out after 1m30s waiting for search nodes of cluster demo-cluster: still in state UPDATING (waiting for IDLE); " +
        "it may still finish on the service's side. To wait longer, raise timeouts.update of the resource, or run pulumi refresh later to pick up its final state",
    );
  });
});

describe("waitForSearchDeploymentGone", () => {
  test("UPDATING, 500, UPDATING, then {}: done", async () => {
    const script = scriptedClient(["UPDATING", httpError(500), "UPDATING", "none"]);
    await waitForSearchDeploymentGone(script.client, WHERE, options(fakeClock(), "delete"));
    expect(script.calls()).toBe(4);
  });

  test("a 404 (cluster gone) also means the nodes are gone", async () => {
    const script = scriptedClient([httpError(404)]);
    await waitForSearchDeploymentGone(script.client, WHERE, options(fakeClock(), "delete"));
    expect(script.calls()).toBe(1);
  });
});
