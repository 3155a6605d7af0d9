/**
 * ExportBucket through the real Pulumi CLI against the in-process emulator: create, a clean preview
 * and refresh, an update in place (timeouts, the only field the API does not hold), replacing changes
 * (a new name: created first; a new role: deleted first), a bucket deleted out of band seen by refresh,
 * adoption by importId, and a destroy that leaves no bucket behind.
 */
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectSmallCredentialFreeProviders,
  expectUp,
  resourceOutputs,
  setResource,
  startPlatformE2E,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const ROLE = "5f1a000000000000000000c1";
const TYPE = "pulumi-nodejs:dynamic/platform:ExportBucket";

describe("ExportBucket through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      exports: { type: "ExportBucket", args: { groupId: GROUP, bucketName: "exports-1", iamRoleId: ROLE } },
    },
  });

  const bucketNames = async () =>
    (await e2e.client.exportBuckets.list(GROUP)).results.map((b) => b.bucketName).sort();

  test("pulumi up creates the bucket; its id is <groupId>/<exportBucketId>", async () => {
    const { stack } = e2e;
    await expectUp(stack, "+ 2 created");
    const { exports } = await resourceOutputs(stack);
    expect(exports?.id).toBe(`${GROUP}/${exports?.exportBucketId}`);
    expect(await bucketNames()).toEqual(["exports-1"]);
    await expectSmallCredentialFreeProviders(stack, TYPE);
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    const { stack } = e2e;
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("timeouts update in place without touching the bucket", async () => {
    const { stack } = e2e;
    const before = await resourceOutputs(stack);
    await setResource(stack, "exports", {
      type: "ExportBucket",
      args: { groupId: GROUP, bucketName: "exports-1", iamRoleId: ROLE, timeouts: { delete: "5m" } },
    });
    await expectUp(stack, "~ 1 updated");
    expect((await resourceOutputs(stack)).exports?.exportBucketId).toBe(before.exports?.exportBucketId);
    await stack.preview({ expectNoChanges: true });
  });

  test("a new bucket name replaces the bucket", async () => {
    const { stack } = e2e;
    const before = await resourceOutputs(stack);
    await setResource(stack, "exports", {
      type: "ExportBucket",
      args: { groupId: GROUP, bucketName: "exports-2", iamRoleId: ROLE },
    });
    await expectUp(stack, "+-1 replaced");
    expect((await resourceOutputs(stack)).exports?.exportBucketId).not.toBe(before.exports?.exportBucketId);
    expect(await bucketNames()).toEqual(["exports-2"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh sees a bucket deleted out of band; up creates it again", async () => {
    const { stack, client } = e2e;
    const before = await resourceOutputs(stack);
    await client.exportBuckets.delete(GROUP, String(before.exports?.exportBucketId));
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("- 1 deleted");
    await expectUp(stack, "+ 1 created");
    expect(await bucketNames()).toEqual(["exports-2"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts a bucket created outside Pulumi", async () => {
    const { stack, client } = e2e;
    const existing = await client.exportBuckets.create(GROUP, {
      bucketName: "legacy",
      cloudProvider: "AWS",
      iamRoleId: ROLE,
    });
    await setResource(stack, "adopted", {
      type: "ExportBucket",
      args: { groupId: GROUP, bucketName: "legacy", iamRoleId: ROLE, importId: `${GROUP}/${existing._id}` },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.exportBucketId).toBe(existing._id);
    expect(await bucketNames()).toEqual(["exports-2", "legacy"]);
    await expectCleanPreviewAndRefresh(stack);
  });

  test("pulumi destroy leaves no bucket behind", async () => {
    await expectDestroyDeletes(e2e.stack, 3);
    expect(await bucketNames()).toEqual([]);
  });
});
