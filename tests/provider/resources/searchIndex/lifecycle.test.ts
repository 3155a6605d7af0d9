import { type PlatformClient, PlatformError } from "../../../../provider/client";
import {
  type WaitClock,
  WaitFailedError,
  WaitGoneError,
  WaitTimeoutError,
} from "../../../../provider/framework/waiter";
import {
  waitForSearchIndexGone,
  waitForSearchIndexReady,
} from "../../../../provider/resources/searchIndex/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const WHERE = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  indexId: "65f0c0ffee0000000000abcd",
};

type Step = { status: string; queryable?: boolean };

/** A client whose searchIndexes.get plays a script (the last step repeats). */
function scriptedClient(steps: (Step | PlatformError)[]): { client: PlatformClient; calls: () => number } {
  const { read: get, calls } = scriptedRead(steps, (step: Step) => ({
    indexID: WHERE.indexId,
    name: "movies",
    status: step.status,
    queryable: step.queryable ?? false,
  }));
  return { client: { searchIndexes: { get } } as unknown as PlatformClient, calls };
}

const progress = captureProgress();

const options = (clock: WaitClock, timeoutMs = 3_600_000) => ({
  describe: "search index movies on demo-cluster (sample_mflix.movies)",
  timeoutMs,
  phase: "create" as const,
  clock,
});

describe("waitForSearchIndexReady", () => {
  test("PENDING, 503, BUILDING, 429, 500, READY: busy answers mean still working", async () => {
    const clock = fakeClock();
    const script = scriptedClient([
      { status: "PENDING" },
      httpError(503),
      { status: "BUILDING" },
      httpError(429, "RATE_LIMITED"),
      httpError(500),
      { status: "READY", queryable: true },
    ]);
    const live = await waitForSearchIndexReady(script.client, WHERE, options(clock));
    expect(live.status).toBe("READY");
    expect(live.queryable).toBe(true);
    expect(script.calls()).toBe(6);
    // Backoff from one second, growing by 1.5.
    expect(clock.sleeps).toEqual([1000, 1500, 2250, 3375, 5062.5]);
    expect(progress).toEqual([
      "platform: search index movies on demo-cluster (sample_mflix.movies): PENDING (0s elapsed)",
      "platform: search index movies on demo-cluster (sample_mflix.movies): PENDING (HTTP 503, still working) (1s elapsed)",
      "platform: search index movies on demo-cluster (sample_mflix.movies): BUILDING (3s elapsed)",
      "platform: search index movies on demo-cluster (sample_mflix.movies): BUILDING (HTTP 429, still working) (5s elapsed)",
      "platform: search index movies on demo-cluster (sample_mflix.movies): BUILDING (HTTP 500, still working) (8s elapsed)",
    ]);
  });

  test("STALE is queryable but not done: the wait goes on until READY", async () => {
    const script = scriptedClient([
      { status: "STALE", queryable: true },
      { status: "READY", queryable: true },
    ]);
    await waitForSearchIndexReady(script.client, WHERE, options(fakeClock()));
    expect(script.calls()).toBe(2);
  });

  test("FAILED ends the wait with the state named", async () => {
    const script = scriptedClient([{ status: "BUILDING" }, { status: "FAILED" }]);
    const error = await waitForSearchIndexReady(script.client, WHERE, options(fakeClock())).catch((e) => e);
    expect(error).toBeInstanceOf(WaitFailedError);
    expect(error.message).toBe(
      "search index movies on demo-cluster (sample_mflix.movies) failed in state FAILED: the service could not build the index; check the definition against the collection",
    );
  });

  test("404 while waiting means the index was deleted meanwhile", async () => {
    const script = scriptedClient([{ status: "BUILDING" }, httpError(404, "SEARCH_INDEX_NOT_FOUND")]);
    const error = await waitForSearchIndexReady(script.client, WHERE, options(fakeClock())).catch((e) => e);
    expect(error).toBeInstanceOf(WaitGoneError);
    expect(error.message).toBe(
      "search index movies on demo-cluster (sample_mflix.movies) no longer exists (last state BUILDING); it was deleted while we waited for it",
    );
  });

  test("a timeout names the resource, the stuck state, how long, and which timeout to raise", async () => {
    const script = scriptedClient([{ status: "BUILDING" }]);
    const error = await waitForSearchIndexReady(script.client, WHERE, options(fakeClock(), 60_000)).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toBe(
      "timed out after 1m waiting for search index movies on demo-cluster (sample_mflix.movies): still in state BUILDING (waiting for READY); " +
        "it may still finish on the service's side. To wait longer, raise timeouts.create of the resource, or run pulumi refresh later to pick up its final state",
    );
  });

  test("an error that is not transient ends the wait at once", async () => {
    const script = scriptedClient([httpError(401, "NOT_ORG_GROUP_CREATOR")]);
    const error = await waitForSearchIndexReady(script.client, WHERE, options(fakeClock())).catch((e) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(script.calls()).toBe(1);
  });
});

describe("waitForSearchIndexGone", () => {
  test("DELETING, 503, DELETING, then 404: done", async () => {
    const clock = fakeClock();
    const script = scriptedClient([
      { status: "DELETING" },
      httpError(503),
      { status: "DELETING" },
      httpError(404),
    ]);
    await waitForSearchIndexGone(script.client, WHERE, { ...options(clock), phase: "delete" });
    expect(script.calls()).toBe(4);
    expect(clock.sleeps).toEqual([1000, 1500, 2250]);
  });

  test("a timeout tells the user to raise timeouts.delete", async () => {
    const script = scriptedClient([{ status: "DELETING" }]);
    const error = await waitForSearchIndexGone(script.client, WHERE, {
      ...options(fakeClock(), 30_000),
      phase: "delete",
    }).catch((e) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toContain("still in state DELETING (waiting for deleted (404))");
    expect(error.message).toContain("raise timeouts.delete of the resource");
  });
});
