import type { PlatformClient } from "../../../../provider/client";
import { type WaitClock, WaitFailedError } from "../../../../provider/framework/waiter";
import { waitForFtsIndexSteady } from "../../../../provider/resources/ftsIndex/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const WHERE = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  indexId: "65f0c0ffee0000000000abcd",
};
const DESCRIBE = "first-style search index titles on demo-cluster (sample_mflix.movies)";

/** A client whose searchIndexes.fts.get plays a script of statuses (the last step repeats). */
function scriptedClient(steps: (string | ReturnType<typeof httpError>)[]): PlatformClient {
  const { read: get } = scriptedRead(steps, (status: string) => ({
    indexID: WHERE.indexId,
    name: "titles",
    status,
  }));
  return { searchIndexes: { fts: { get } } } as unknown as PlatformClient;
}

const progress = captureProgress();
const options = (clock: WaitClock) => ({
  describe: DESCRIBE,
  timeoutMs: 3_600_000,
  phase: "create" as const,
  clock,
});

describe("waitForFtsIndexSteady", () => {
  test("IN_PROGRESS, 503, MIGRATING, STALE, STEADY: done at STEADY, with progress", async () => {
    const client = scriptedClient(["IN_PROGRESS", httpError(503), "MIGRATING", "STALE", "STEADY"]);
    const live = await waitForFtsIndexSteady(client, WHERE, options(fakeClock()));
    expect(live.status).toBe("STEADY");
    expect(progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      `platform: ${DESCRIBE}: IN_PROGRESS`,
      `platform: ${DESCRIBE}: IN_PROGRESS (HTTP 503, still working)`,
      `platform: ${DESCRIBE}: MIGRATING`,
      `platform: ${DESCRIBE}: STALE`,
    ]);
  });

  test.each([
    ["FAILED", "the service could not build the index; check the definition against the collection"],
    ["PAUSED", "the index is paused (its cluster is paused); resume the cluster, then run `pulumi up` again"],
  ])("%s ends the wait with the state named and why", async (state, why) => {
    const error = await waitForFtsIndexSteady(
      scriptedClient(["IN_PROGRESS", state]),
      WHERE,
      options(fakeClock()),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitFailedError);
    expect((error as Error).message).toBe(`${DESCRIBE} failed in state ${state}: ${why}`);
  });
});
