import type { PlatformClient, PlatformError } from "../../../../provider/client";
import { waitForBucketGone } from "../../../../provider/resources/exportBucket/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const WHERE = { groupId: "5f1a000000000000000000a1", exportBucketId: "5f1a0000000000000000d001" };

/** A step: "exists", "gone" (404), or an error. */
function scriptedClient(steps: ("exists" | "gone" | PlatformError)[]): {
  client: PlatformClient;
  calls: () => number;
} {
  const { read: get, calls } = scriptedRead(steps, (step: "exists" | "gone") => {
    if (step === "gone") throw httpError(404);
    return {
      _id: WHERE.exportBucketId,
      bucketName: "exports",
      cloudProvider: "AWS",
      iamRoleId: "5f1a000000000000000000c1",
    };
  });
  return { client: { exportBuckets: { get } } as unknown as PlatformClient, calls };
}

// Progress lines are not asserted here; capturing them keeps the test output quiet.
captureProgress();

describe("waiting for an export bucket to be gone", () => {
  test("returns at once when the first read answers 404", async () => {
    const clock = fakeClock();
    const { client, calls } = scriptedClient(["gone"]);
    await waitForBucketGone(client, WHERE, { describe: "export bucket exports", timeoutMs: 60_000, clock });
    expect(calls()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  test("polls through a bucket still listed, 429 and 503 until 404", async () => {
    const clock = fakeClock();
    const { client, calls } = scriptedClient(["exists", httpError(429), httpError(503), "gone"]);
    await waitForBucketGone(client, WHERE, { describe: "export bucket exports", timeoutMs: 60_000, clock });
    expect(calls()).toBe(4);
    expect(clock.sleeps).toEqual([1000, 1500, 2250]);
  });

  test("times out naming the bucket and timeouts.delete", async () => {
    const { client } = scriptedClient(["exists"]);
    await expect(
      waitForBucketGone(client, WHERE, {
        describe: "export bucket exports",
        timeoutMs: 3_000,
        clock: fakeClock(),
      }),
    ).rejects.toThrow(
      "timed out after 3s waiting for export bucket exports: still in state deleting (waiting for deleted); it may still " +
        "finish on the service's side. To wait longer, raise timeouts.delete of the resource, or run pulumi refresh later to pick up its final state",
    );
  });
});
