import type { PlatformClient, PlatformError } from "../../../../provider/client";
import { WaitGoneError } from "../../../../provider/framework/waiter";
import { isEnding, lifecycle } from "../../../../provider/resources/outageSimulation/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const WHERE = { groupId: "5f1a000000000000000000a1", clusterName: "demo-cluster" };

/** A step: a state, or an error (404: gone). */
function scriptedClient(steps: Array<string | PlatformError>): PlatformClient {
  const { read: get } = scriptedRead<string, object>(steps, (state) => ({
    id: "65f0c0ffee0000000000abcd",
    state,
    outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" }],
  }));
  return { outageSimulations: { get } } as unknown as PlatformClient;
}

const progress = captureProgress();
const options = (phase: "create" | "delete") => ({
  describe: "outage simulation of cluster demo-cluster",
  timeoutMs: 1_800_000,
  phase,
  clock: fakeClock(),
});

describe("outage simulation waits", () => {
  test("start: START_REQUESTED, 503, STARTING, SIMULATING is done", async () => {
    const client = scriptedClient(["START_REQUESTED", httpError(503), "STARTING", "SIMULATING"]);
    const live = await lifecycle.waitUntilDone(client, WHERE, options("create"));
    expect(live.state).toBe("SIMULATING");
    expect(progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: outage simulation of cluster demo-cluster: START_REQUESTED",
      "platform: outage simulation of cluster demo-cluster: START_REQUESTED (HTTP 503, still working)",
      "platform: outage simulation of cluster demo-cluster: STARTING",
    ]);
  });

  test("start: a simulation ended while starting ends the wait as gone", async () => {
    const client = scriptedClient(["STARTING", httpError(404)]);
    await expect(lifecycle.waitUntilDone(client, WHERE, options("create"))).rejects.toBeInstanceOf(
      WaitGoneError,
    );
  });

  test("end: RECOVERY_REQUESTED, RECOVERING, COMPLETE, then 404 is gone", async () => {
    const client = scriptedClient(["RECOVERY_REQUESTED", "RECOVERING", "COMPLETE", httpError(404)]);
    await lifecycle.waitUntilGone(client, WHERE, options("delete"));
    expect(progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: outage simulation of cluster demo-cluster: RECOVERY_REQUESTED",
      "platform: outage simulation of cluster demo-cluster: RECOVERING",
      "platform: outage simulation of cluster demo-cluster: COMPLETE",
    ]);
  });

  test("isEnding: the end states only", () => {
    const live = (state: string) => ({
      simulationId: "x",
      state,
      startRequestDate: undefined,
      outageFilters: [],
    });
    expect(
      ["START_REQUESTED", "STARTING", "SIMULATING", "RECOVERY_REQUESTED", "RECOVERING", "COMPLETE"].map(
        (state) => isEnding(live(state)),
      ),
    ).toEqual([false, false, false, true, true, true]);
  });
});
