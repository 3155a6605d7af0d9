/**
 * examples/multi-org through the real engine: two credential sets in one program. The default
 * configuration (platform:* stack config) manages a project of the first organization, a
 * platform.Provider with the second organization's API key manages a project of the second; the
 * emulator's request log shows each project reached only with its own key (and neither key can reach
 * the other organization). No credential is in the state file on disk, and no resource's state holds
 * one even with secrets decrypted.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { createClient } from "../../provider/client";
import { E2EStack, repoRoot } from "./harness";
import { expectSmallCredentialFreeProviders, settle } from "./platformStack";

const EXAMPLE = join(repoRoot, "examples", "multi-org");
const PRIMARY_GROUP = "5f1a0000000000000000e103";
const SECOND_GROUP = "5f1a0000000000000000e102";
const PRIMARY = DEFAULT_SEED.orgOwnerKey;
const SECOND = DEFAULT_SEED.secondOrgKey;

/** Every file under a folder, recursively, as text. */
function allText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory() ? allText(join(dir, entry.name)) : readFileSync(join(dir, entry.name), "utf8"),
    )
    .join("\n");
}

describe("examples/multi-org: two organizations, two credential sets, no credential in state", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;

  /**
   * The authenticated callers (principals) of the requests the emulator logged under a project's
   * path; digest's unauthenticated first request of each connection (answered 401 with the
   * challenge) has none and is left out.
   */
  const callersOf = (groupId: string): string[] => [
    ...new Set(
      emulator.core.requestLog
        .list()
        .filter((request) => request.path.includes(`/groups/${groupId}/`) && request.principal !== null)
        .map((request) => String(request.principal)),
    ),
  ];

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    stack = await E2EStack.create({
      program: EXAMPLE,
      config: { "platform:baseUrl": emulator.baseUrl, "platform:publicKey": PRIMARY.publicKey },
      secrets: {
        "platform:privateKey": PRIMARY.privateKey,
        "platform-multi-org:secondOrgPrivateKey": SECOND.privateKey,
      },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  test("up: each organization's project is reached with its own key only", async () => {
    emulator.core.requestLog.clear();
    const up = await stack.up();
    expect(up.stdout).toContain("+ 6 created");
    expect(callersOf(PRIMARY_GROUP)).toEqual([PRIMARY.publicKey]);
    expect(callersOf(SECOND_GROUP)).toEqual([SECOND.publicKey]);
    const outputs = await stack.outputs();
    expect(outputs.primaryAuditFilter).toBe('{"atype":"authenticate"}');
    expect(outputs.secondAuditFilter).toBe('{"atype":"authCheck"}');
  });

  test("the keys are not interchangeable: the second organization's key cannot read the first's project", async () => {
    await settle();
    const denied = emulator.core.requestLog.list().filter((request) => request.status === 403);
    expect(denied).toEqual([]);
    const second = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: SECOND.publicKey,
      privateKey: SECOND.privateKey,
    });
    await expect(second.auditing.get(PRIMARY_GROUP)).rejects.toMatchObject({ status: 403 });
    await second.close();
  });

  test("no credential in the state file, none in any resource's state; preview and refresh clean", async () => {
    const onDisk = allText(join(stack.workDir, "state"));
    // Booleans, not the text: a failure must not print the state.
    expect(onDisk.includes("platform:Auditing::second-audit")).toBe(true);
    expect([PRIMARY.privateKey, SECOND.privateKey].filter((key) => onDisk.includes(key))).toEqual([]);

    // Decrypted, the keys are only in the two provider configurations (as secrets), in no resource.
    const state = await stack.exportState();
    const resources = state.deployment.resources ?? [];
    const holders = resources
      .filter((resource) => {
        const text = JSON.stringify(resource);
        return text.includes(PRIMARY.privateKey) || text.includes(SECOND.privateKey);
      })
      .map((resource) => String(resource.urn).replace(/^.*::/, `${String(resource.type)}::`));
    expect(holders.sort()).toEqual([
      "pulumi:providers:pulumi-nodejs::default",
      "pulumi:providers:pulumi-nodejs::second-org",
    ]);
    await expectSmallCredentialFreeProviders(stack, "pulumi-nodejs:dynamic/platform:Auditing", [
      SECOND.privateKey,
    ]);

    emulator.core.requestLog.clear();
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
    expect(callersOf(SECOND_GROUP)).toEqual([SECOND.publicKey]);
    expect(callersOf(PRIMARY_GROUP)).toEqual([PRIMARY.publicKey]);
  });

  test("destroy goes through each configuration too", async () => {
    emulator.core.requestLog.clear();
    const destroyed = await stack.destroy();
    expect(destroyed.stdout).toContain("- 6 deleted");
    expect(callersOf(SECOND_GROUP)).toEqual([SECOND.publicKey]);
    expect(callersOf(PRIMARY_GROUP)).toEqual([PRIMARY.publicKey]);
  });
});
