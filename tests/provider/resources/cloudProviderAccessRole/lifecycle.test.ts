import type { PlatformClient, PlatformError } from "../../../../provider/client";
import { WaitTimeoutError } from "../../../../provider/framework/waiter";
import { authorizeWhenAssumable } from "../../../../provider/resources/cloudProviderAccessRole/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const WHERE = { groupId: "5f1a000000000000000000a1", roleId: "5f1a000000000000000000c9" };
const ARN = "arn:aws:iam::123456789012:role/platform-exports";

/** An authorize that plays the steps: "ok" answers the authorized role; an error is thrown. */
function scriptedAuthorize(steps: Array<"ok" | PlatformError>) {
  const { read: authorize, calls } = scriptedRead<"ok", object>(steps, () => ({
    providerName: "AWS",
    roleId: WHERE.roleId,
    iamAssumedRoleArn: ARN,
    authorizedDate: "2026-01-01T00:00:00Z",
  }));
  return { client: { cloudProviderAccess: { authorize } } as unknown as PlatformClient, calls };
}

const progress = captureProgress();
const options = (clock: ReturnType<typeof fakeClock>, timeoutMs = 600_000) => ({
  describe: "AWS access role 5f1a000000000000000000c9 of project 5f1a000000000000000000a1",
  timeoutMs,
  phase: "create" as const,
  clock,
});

describe("authorizeWhenAssumable", () => {
  test("retries CANNOT_ASSUME_ROLE (and a 503) with backoff and one progress line per state, then authorizes", async () => {
    const clock = fakeClock();
    const script = scriptedAuthorize([
      httpError(400, "CANNOT_ASSUME_ROLE"),
      httpError(400, "CANNOT_ASSUME_ROLE"),
      httpError(503),
      "ok",
    ]);
    const live = await authorizeWhenAssumable(script.client, WHERE, ARN, options(clock));
    expect(live).toMatchObject({
      roleId: WHERE.roleId,
      iamAssumedRoleArn: ARN,
      authorizedDate: "2026-01-01T00:00:00Z",
    });
    expect(script.calls()).toBe(4);
    expect(clock.sleeps).toEqual([1000, 1500, 2250]);
    expect(progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      `platform: ${options(clock).describe}: CANNOT_ASSUME_ROLE (AWS may still be propagating the IAM role)`,
      `platform: ${options(clock).describe}: CANNOT_ASSUME_ROLE (AWS may still be propagating the IAM role) (HTTP 503, still working)`,
    ]);
  });

  test("is bounded: the timeout names the role, the last refusal and the timeouts field", async () => {
    const clock = fakeClock();
    const script = scriptedAuthorize([httpError(400, "CANNOT_ASSUME_ROLE")]);
    const error = await authorizeWhenAssumable(script.client, WHERE, ARN, options(clock, 20_000)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe(
      `timed out after 20s waiting for ${options(clock).describe}: still in state CANNOT_ASSUME_ROLE (AWS may still be propagating the IAM role) ` +
        `(waiting for authorized with ${ARN}); it may still finish on the service's side. To wait longer, ` +
        "raise timeouts.create of the resource, or run pulumi refresh later to pick up its final state",
    );
  });

  test("any other refusal ends at once", async () => {
    const script = scriptedAuthorize([httpError(400, "INVALID_ATTRIBUTE")]);
    await expect(
      authorizeWhenAssumable(script.client, WHERE, ARN, options(fakeClock())),
    ).rejects.toMatchObject({
      errorCode: "INVALID_ATTRIBUTE",
    });
    expect(script.calls()).toBe(1);
  });
});
