import type { PlatformClient, PlatformError } from "../../../../provider/client";
import {
  type WaitClock,
  WaitFailedError,
  WaitGoneError,
  WaitTimeoutError,
} from "../../../../provider/framework/waiter";
import {
  waitForPolicyActive,
  waitForPolicyGone,
} from "../../../../provider/resources/backupCompliancePolicy/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const GROUP = "5f1a000000000000000000a1";

/** A step: a state, "gone" (404), or an error thrown by the read. */
type Step = string | PlatformError;

function scriptedClient(steps: Step[]): { client: PlatformClient; calls: () => number } {
  const { read: get, calls } = scriptedRead<string, object>(steps, (step) => {
    if (step === "gone") throw httpError(404, "RESOURCE_NOT_FOUND");
    return {
      projectId: GROUP,
      authorizedEmail: "ada@example.com",
      authorizedUserFirstName: "Ada",
      authorizedUserLastName: "Lovelace",
      scheduledPolicyItems: [],
      state: step,
    };
  });
  return { client: { compliancePolicy: { get } } as unknown as PlatformClient, calls };
}

const progress = captureProgress();

const options = (clock: WaitClock, timeoutMs = 60_000, phase: "create" | "update" | "delete" = "create") => ({
  describe: `backup compliance policy of project ${GROUP}`,
  timeoutMs,
  phase,
  clock,
});

describe("waiting for the compliance policy to be ACTIVE", () => {
  test("polls through ENABLING until ACTIVE, backing off from about a second", async () => {
    const clock = fakeClock();
    const { client, calls } = scriptedClient(["ENABLING", "ENABLING", "ENABLING", "ACTIVE"]);
    const live = await waitForPolicyActive(client, GROUP, options(clock));
    expect(live.state).toBe("ACTIVE");
    expect(calls()).toBe(4);
    expect(clock.sleeps).toEqual([1000, 1500, 2250]);
    expect(progress).toEqual([
      `platform: backup compliance policy of project ${GROUP}: ENABLING (0s elapsed)`,
    ]);
  });

  test("treats 429, 500 and 503 while polling as still working", async () => {
    const clock = fakeClock();
    const { client, calls } = scriptedClient([
      "UPDATING",
      httpError(503),
      httpError(429),
      httpError(500),
      "ACTIVE",
    ]);
    expect((await waitForPolicyActive(client, GROUP, options(clock))).state).toBe("ACTIVE");
    expect(calls()).toBe(5);
    expect(progress).toEqual([
      `platform: backup compliance policy of project ${GROUP}: UPDATING (0s elapsed)`,
      `platform: backup compliance policy of project ${GROUP}: UPDATING (HTTP 503, still working) (1s elapsed)`,
      `platform: backup compliance policy of project ${GROUP}: UPDATING (HTTP 429, still working) (3s elapsed)`,
      `platform: backup compliance policy of project ${GROUP}: UPDATING (HTTP 500, still working) (5s elapsed)`,
    ]);
  });

  test("caps the delay between polls", async () => {
    const clock = fakeClock();
    const { client } = scriptedClient([...Array<string>(12).fill("UPDATING"), "ACTIVE"]);
    await waitForPolicyActive(client, GROUP, options(clock, 3_600_000));
    expect(Math.max(...clock.sleeps)).toBe(10_000);
  });

  test("times out naming the policy, the state it was stuck in, for how long, and what to do", async () => {
    const clock = fakeClock();
    const { client } = scriptedClient(["UPDATING"]);
    const error = await waitForPolicyActive(client, GROUP, options(clock, 30_000, "update")).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe(
      `timed out after 30s waiting for backup compliance policy of project ${GROUP}: still in state UPDATING (waiting for ACTIVE); ` +
        "it may still finish on the service's side. To wait longer, raise timeouts.update of the resource, or run pulumi refresh later to pick up its final state",
    );
  });

  test("fails when the policy starts being disabled meanwhile", async () => {
    const { client } = scriptedClient(["UPDATING", "DISABLING"]);
    await expect(waitForPolicyActive(client, GROUP, options(fakeClock()))).rejects.toThrow(
      new WaitFailedError(
        `backup compliance policy of project ${GROUP}`,
        "DISABLING",
        "the policy is being disabled (someone disabled it meanwhile)",
      ),
    );
  });

  test("fails when the policy disappears", async () => {
    const { client } = scriptedClient(["ENABLING", "gone"]);
    await expect(waitForPolicyActive(client, GROUP, options(fakeClock()))).rejects.toBeInstanceOf(
      WaitGoneError,
    );
  });

  test("stops at once on an error that is not transient", async () => {
    const { client, calls } = scriptedClient([httpError(403, "FORBIDDEN")]);
    await expect(waitForPolicyActive(client, GROUP, options(fakeClock()))).rejects.toMatchObject({
      status: 403,
    });
    expect(calls()).toBe(1);
  });
});

describe("waiting for the compliance policy to be gone", () => {
  test("polls through DISABLING (and 503) until 404", async () => {
    const clock = fakeClock();
    const { client, calls } = scriptedClient(["DISABLING", httpError(503), "DISABLING", "gone"]);
    await waitForPolicyGone(client, GROUP, options(clock, 60_000, "delete"));
    expect(calls()).toBe(4);
  });

  test("times out naming the state and timeouts.delete", async () => {
    const { client } = scriptedClient(["DISABLING"]);
    await expect(waitForPolicyGone(client, GROUP, options(fakeClock(), 5_000, "delete"))).rejects.toThrow(
      `timed out after 5s waiting for backup compliance policy of project ${GROUP}: still in state DISABLING (waiting for disabled (no policy)); ` +
        "it may still finish on the service's side. To wait longer, raise timeouts.delete of the resource, or run pulumi refresh later to pick up its final state",
    );
  });
});
