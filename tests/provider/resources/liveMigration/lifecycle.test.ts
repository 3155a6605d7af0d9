import type { PlatformClient, PlatformError } from "../../../../provider/client";
import { WaitFailedError } from "../../../../provider/framework/waiter";
import {
  cutoverLifecycle,
  lifecycle,
  waitForValidation,
} from "../../../../provider/resources/liveMigration/lifecycle";
import { captureProgress, fakeClock, httpError, scriptedRead } from "../waiterScript";

const GROUP = "5f1a000000000000000000a1";
const MIGRATION = { groupId: GROUP, liveMigrationId: "65f0c0ffee0000000000abcd" };

type MigrationStep = { status: string; readyForCutover?: boolean } | PlatformError;

function migrationClient(steps: MigrationStep[]): PlatformClient {
  const { read: get } = scriptedRead<{ status: string; readyForCutover?: boolean }, object>(
    steps,
    (step) => ({
      _id: MIGRATION.liveMigrationId,
      migrationHosts: ["h"],
      readyForCutover: step.readyForCutover ?? false,
      status: step.status,
    }),
  );
  return { liveMigrations: { get } } as unknown as PlatformClient;
}

function validationClient(
  steps: Array<{ status: string; errorMessage?: string } | PlatformError>,
): PlatformClient {
  const { read: getValidation } = scriptedRead<{ status: string; errorMessage?: string }, object>(
    steps,
    (step) => ({
      _id: "65f0c0ffee0000000000beef",
      status: step.status,
      errorMessage: step.errorMessage ?? null,
    }),
  );
  return { liveMigrations: { getValidation } } as unknown as PlatformClient;
}

const progress = captureProgress();
const options = () => ({
  describe: "live migration into cluster demo-cluster",
  timeoutMs: 3_600_000,
  phase: "create" as const,
  clock: fakeClock(),
});

describe("live migration waits", () => {
  test("create is done once WORKING and ready for cutover, not at WORKING alone", async () => {
    const client = migrationClient([
      { status: "NEW" },
      { status: "WORKING" },
      { status: "WORKING", readyForCutover: true },
    ]);
    const live = await lifecycle.waitUntilDone(client, MIGRATION, options());
    expect(live).toEqual({
      liveMigrationId: MIGRATION.liveMigrationId,
      status: "WORKING",
      readyForCutover: true,
      lagTimeSeconds: undefined,
    });
    expect(progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: live migration into cluster demo-cluster: NEW",
      "platform: live migration into cluster demo-cluster: WORKING",
    ]);
  });

  test("FAILED and EXPIRED end a wait with the reason", async () => {
    await expect(
      lifecycle.waitUntilDone(
        migrationClient([{ status: "NEW" }, { status: "EXPIRED" }]),
        MIGRATION,
        options(),
      ),
    ).rejects.toThrow(
      "live migration into cluster demo-cluster failed in state EXPIRED: the migration expired before it was cut over; create a new one",
    );
    await expect(
      cutoverLifecycle.waitUntilDone(migrationClient([{ status: "FAILED" }]), MIGRATION, options()),
    ).rejects.toBeInstanceOf(WaitFailedError);
  });

  test("after a cutover only COMPLETE is done", async () => {
    const client = migrationClient([
      { status: "WORKING", readyForCutover: false },
      httpError(502),
      { status: "COMPLETE" },
    ]);
    expect((await cutoverLifecycle.waitUntilDone(client, MIGRATION, options())).status).toBe("COMPLETE");
  });

  test("a FAILED validation ends with the service's errorMessage", async () => {
    const client = validationClient([
      { status: "PENDING" },
      { status: "FAILED", errorMessage: "Source is unreachable." },
    ]);
    await expect(
      waitForValidation(
        client,
        { groupId: GROUP, validationId: "65f0c0ffee0000000000beef" },
        { ...options(), describe: "validation" },
      ),
    ).rejects.toThrow("validation failed in state FAILED: Source is unreachable.");
  });

  test("a FAILED validation without a message says the service gave none", async () => {
    const client = validationClient([{ status: "FAILED" }]);
    await expect(
      waitForValidation(
        client,
        { groupId: GROUP, validationId: "65f0c0ffee0000000000beef" },
        { ...options(), describe: "validation" },
      ),
    ).rejects.toThrow("validation failed in state FAILED: the service gave no reason");
  });

  test("SUCCESS returns the validation", async () => {
    const client = validationClient([{ status: "PENDING" }, { status: "SUCCESS" }]);
    expect(
      await waitForValidation(
        client,
        { groupId: GROUP, validationId: "65f0c0ffee0000000000beef" },
        { ...options(), describe: "validation" },
      ),
    ).toEqual({ validationId: "65f0c0ffee0000000000beef", status: "SUCCESS", errorMessage: undefined });
  });
});
