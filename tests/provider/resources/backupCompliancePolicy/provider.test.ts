/**
 * The compliance policy provider against a scripted fake API: the paths the emulator cannot be made
 * to take on demand (a change started by someone else between our read and our PUT).
 */
import { type PlatformClient, PlatformError } from "../../../../provider/client";
import { setProgressSink } from "../../../../provider/framework/progress";
import type { WaitClock } from "../../../../provider/framework/waiter";
import { resource as backupCompliancePolicyResource } from "../../../../provider/resources/backupCompliancePolicy/resource";

const GROUP = "5f1a000000000000000000a1";
const PERSON = {
  authorizedEmail: "ada@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
};

const clock: WaitClock = { now: () => 0, sleep: async () => undefined, random: () => 0 };
const notFound = () =>
  new PlatformError({
    code: "RESOURCE_NOT_FOUND",
    message: "404",
    status: 404,
    errorCode: "RESOURCE_NOT_FOUND",
  });
const pending = () =>
  new PlatformError({
    code: "CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION",
    errorCode: "CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION",
    message: "pending",
    status: 400,
  });

/** A fake API: each GET answers the next scripted state ("none" = 404; "ACTIVE*" = ACTIVE with other fields); each PUT the next outcome. */
function fakeApi(gets: string[], puts: (string | PlatformError)[]) {
  const calls: string[] = [];
  let getIndex = 0;
  let putIndex = 0;
  const policy = (state: string, firstName = "Ada") => ({
    projectId: GROUP,
    ...PERSON,
    authorizedUserFirstName: firstName,
    scheduledPolicyItems: [],
    state,
  });
  const client = {
    compliancePolicy: {
      get: async () => {
        const state = gets[Math.min(getIndex++, gets.length - 1)] as string;
        calls.push(`GET ${state}`);
        if (state === "none") throw notFound();
        return policy(state.replace("*", ""), state.endsWith("*") ? "Grace" : "Ada");
      },
      update: async () => {
        const outcome = puts[Math.min(putIndex++, puts.length - 1)] as string | PlatformError;
        calls.push(`PUT ${outcome instanceof Error ? "refused: pending" : outcome}`);
        if (outcome instanceof Error) throw outcome;
        return policy(outcome);
      },
      disable: async () => undefined,
    },
  } as unknown as PlatformClient;
  return { client, calls };
}

let restoreSink: (line: string) => void;
beforeEach(() => {
  restoreSink = setProgressSink(() => undefined);
});
afterEach(() => setProgressSink(restoreSink));

async function inputs() {
  const provider = backupCompliancePolicyResource.providerWith({ client: () => fakeApi([], []).client });
  return (await provider.check({}, { groupId: GROUP, ...PERSON })).inputs as Record<string, unknown>;
}

describe("BackupCompliancePolicy provider, scripted", () => {
  test("a PUT refused because a change started meanwhile waits for ACTIVE and is sent once more", async () => {
    // Read: a differing ACTIVE policy; PUT refused (someone else's PUT is UPDATING); wait; PUT again.
    const api = fakeApi(["ACTIVE*", "UPDATING", "ACTIVE", "UPDATING", "ACTIVE"], [pending(), "UPDATING"]);
    const provider = backupCompliancePolicyResource.providerWith({ client: () => api.client, clock });
    const created = await provider.create(await inputs());
    expect(created.outs).toMatchObject({ state: "ACTIVE", authorizedUserFirstName: "Ada" });
    expect(api.calls).toEqual([
      "GET ACTIVE*",
      "PUT refused: pending",
      "GET UPDATING",
      "GET ACTIVE",
      "PUT UPDATING",
      "GET UPDATING",
      "GET ACTIVE",
    ]);
  });

  test("create on a policy being disabled waits until it is gone, then enables a new one", async () => {
    const api = fakeApi(["DISABLING", "DISABLING", "none", "ENABLING", "ACTIVE"], ["ENABLING"]);
    const provider = backupCompliancePolicyResource.providerWith({ client: () => api.client, clock });
    const created = await provider.create(await inputs());
    expect(created.outs).toMatchObject({ state: "ACTIVE" });
    expect(api.calls).toEqual([
      "GET DISABLING",
      "GET DISABLING",
      "GET none",
      "PUT ENABLING",
      "GET ENABLING",
      "GET ACTIVE",
    ]);
  });

  test("create on a pending policy waits for ACTIVE first and sends nothing when it then matches", async () => {
    const api = fakeApi(["ENABLING", "ACTIVE"], []);
    const provider = backupCompliancePolicyResource.providerWith({ client: () => api.client, clock });
    const created = await provider.create(await inputs());
    expect(created.outs).toMatchObject({ state: "ACTIVE" });
    expect(api.calls).toEqual(["GET ENABLING", "GET ACTIVE"]);
  });
});
