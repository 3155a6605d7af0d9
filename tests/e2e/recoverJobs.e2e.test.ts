/**
 * A killed `pulumi up` of a stack with an on-demand snapshot, its export and its restore (issue 26):
 * the CLI is killed (SIGKILL) the moment the service has answered the create of the snapshot, or of
 * the restore, so the object exists and the state does not record it. `recover` adopts it, the next
 * `up` takes no second snapshot and runs no second restore or export, and `destroy` leaves no
 * snapshot behind.
 */
import { spawn } from "node:child_process";
import { recover, waitUntil } from "../../scripts/lib/reliability";
import { backupJobs, CLUSTER, GROUP } from "./backupJobsStack";
import { startPlatformE2E } from "./platformStack";

describe("up killed right after a create reached the service: recover, then up, make each object once", () => {
  const e2e = startPlatformE2E({ resources: backupJobs({ description: "before the upgrade" }) });

  /** The answered POSTs to paths ending with `suffix`. */
  const answeredPosts = (suffix: string) =>
    e2e.emulator.core.requestLog
      .list()
      .filter((entry) => entry.method === "POST" && entry.path.endsWith(suffix) && entry.status < 300).length;

  /** Starts `pulumi up` and kills it as soon as the service answered a POST to `suffix`. */
  async function upKilledAfterPost(suffix: string): Promise<boolean> {
    const { stack } = e2e;
    const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive"], {
      cwd: stack.programDir,
      env: stack.env,
      stdio: "ignore",
    });
    let exited = false;
    const closed = new Promise<void>((resolve) =>
      child.on("close", () => {
        exited = true;
        resolve();
      }),
    );
    await waitUntil(() => exited || answeredPosts(suffix) > 0, 120_000, 5);
    const killed = !exited;
    if (killed) child.kill("SIGKILL");
    await closed;
    return killed;
  }

  const onDemandSnapshots = async () =>
    (await e2e.client.snapshots.list(GROUP, CLUSTER)).results.filter(
      (snapshot) => snapshot.snapshotType === "onDemand",
    );
  const counts = async () => ({
    snapshots: (await onDemandSnapshots()).length,
    exports: (await e2e.client.exportJobs.list(GROUP, CLUSTER)).results.length,
    restores: (await e2e.client.restoreJobs.list(GROUP, CLUSTER)).results.length,
  });

  test.each([
    ["the restore", "/backup/restoreJobs", "RestoreJob restore"],
    ["the snapshot", "/backup/snapshots", "OnDemandSnapshot snapshot"],
  ])("killed after the service took %s", async (_what, suffix, adopted) => {
    const { stack } = e2e;
    e2e.emulator.reset();
    expect(await upKilledAfterPost(suffix)).toBe(true);
    expect(answeredPosts(suffix)).toBe(1);
    // The provider host ends with the killed engine; recover waits for no lock of a live process.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const recovered = await recover(stack);
    expect(recovered.code).toBe(0);
    expect(recovered.stdout).toMatch(new RegExp(`^  adopted ${adopted} -> ${GROUP}/${CLUSTER}/\\w+$`, "m"));
    expect(recovered.stdout).not.toMatch(/undecided/);
    const up = await stack.up();
    expect(up.code).toBe(0);
    expect(await counts()).toEqual({ snapshots: 1, exports: 1, restores: 1 });
    const destroyed = await stack.destroy();
    expect(destroyed.code).toBe(0);
    // No orphan: the one snapshot is deleted; the service keeps finished jobs (they have no delete).
    expect(await counts()).toEqual({ snapshots: 0, exports: 1, restores: 1 });
  });
});
