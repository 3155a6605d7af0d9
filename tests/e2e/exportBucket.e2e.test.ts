/**
 * ExportBucket through the real Pulumi CLI against the in-process emulator: create, a clean preview
 * and refresh, an update in place (timeouts, the only field the API does not hold), replacing changes
 * (a new name: created first; a new role: deleted first), a bucket deleted out of band seen by refresh,
 * adoption by importId, and a destroy that leaves no bucket behind.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack } from "./harness";

// Each test drives whole `pulumi` commands.
jest.setTimeout(10 * 60_000);

const GROUP = "5f1a000000000000000000a1";
const ROLE = "5f1a000000000000000000c1";
const TYPE = "pulumi-nodejs:dynamic/platform:ExportBucket";

describe("ExportBucket through the real engine", () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;

  const bucketNames = async () =>
    (await client.exportBuckets.list(GROUP)).results.map((b) => b.bucketName).sort();

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "demo-private-key-0000-0000-000000000001",
    });
    stack = await E2EStack.create({
      program: join(__dirname, "programs", "exportBucket"),
      config: {
        "platform:baseUrl": emu.baseUrl,
        "platform:publicKey": "demo-public-key",
        main: JSON.stringify({ groupId: GROUP, bucketName: "exports-1", iamRoleId: ROLE }),
      },
      secrets: { "platform:privateKey": "demo-private-key-0000-0000-000000000001" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emu?.close();
  });

  test("pulumi up creates the bucket; its id is <groupId>/<exportBucketId>", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 2 created");
    const outputs = await stack.outputs();
    expect(outputs.mainId).toBe(`${GROUP}/${outputs.mainBucketId}`);
    expect(await bucketNames()).toEqual(["exports-1"]);
    const ours = (await stack.exportState()).deployment.resources?.filter((r) => r.type === TYPE);
    expect(JSON.stringify(ours)).not.toContain("demo-private-key");
  });

  test("pulumi preview shows no change and pulumi refresh changes nothing", async () => {
    expect((await stack.preview({ expectNoChanges: true })).stdout).toContain("2 unchanged");
    await stack.refresh({ expectNoChanges: true });
  });

  test("timeouts update in place without touching the bucket", async () => {
    const before = await stack.outputs();
    await stack.setConfig(
      "main",
      JSON.stringify({
        groupId: GROUP,
        bucketName: "exports-1",
        iamRoleId: ROLE,
        timeouts: { delete: "5m" },
      }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("~ 1 updated");
    expect((await stack.outputs()).mainBucketId).toBe(before.mainBucketId);
    await stack.preview({ expectNoChanges: true });
  });

  test("a new bucket name replaces the bucket", async () => {
    const before = await stack.outputs();
    await stack.setConfig(
      "main",
      JSON.stringify({ groupId: GROUP, bucketName: "exports-2", iamRoleId: ROLE }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("+-1 replaced");
    expect((await stack.outputs()).mainBucketId).not.toBe(before.mainBucketId);
    expect(await bucketNames()).toEqual(["exports-2"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh sees a bucket deleted out of band; up creates it again", async () => {
    const before = await stack.outputs();
    await client.exportBuckets.delete(GROUP, String(before.mainBucketId));
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("- 1 deleted");
    const up = await stack.up();
    expect(up.stdout).toContain("+ 1 created");
    expect(await bucketNames()).toEqual(["exports-2"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts a bucket created outside Pulumi", async () => {
    const existing = await client.exportBuckets.create(GROUP, {
      bucketName: "legacy",
      cloudProvider: "AWS",
      iamRoleId: ROLE,
    });
    await stack.setConfig(
      "adopted",
      JSON.stringify({
        groupId: GROUP,
        bucketName: "legacy",
        iamRoleId: ROLE,
        importId: `${GROUP}/${existing._id}`,
      }),
    );
    const result = await stack.up();
    expect(result.stdout).toContain("+ 1 created");
    expect((await stack.outputs()).adoptedBucketId).toBe(existing._id);
    expect(await bucketNames()).toEqual(["exports-2", "legacy"]);
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("pulumi destroy leaves no bucket behind", async () => {
    expect((await stack.destroy()).stdout).toContain("- 3 deleted");
    expect(await bucketNames()).toEqual([]);
  });
});
