/**
 * SearchIndex through the real Pulumi CLI against the in-process emulator: create, a clean preview,
 * a clean refresh, an update in place, an out-of-band change seen by refresh, a replacing change,
 * adoption by importId, and a destroy that leaves nothing behind.
 */
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack } from "./harness";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const TYPE = "pulumi-nodejs:dynamic/platform:SearchIndex";
const DEFINITION = { mappings: { dynamic: false, fields: { title: { type: "string" } } } };

// Each test drives whole `pulumi up/refresh/destroy` runs (the project-level testTimeout does not apply
// when the file is run on its own).
jest.setTimeout(10 * 60_000);

/** The top-level properties a `--diff` output shows as changed (`      ~ definition : {`). */
function changedProperties(stdout: string): string[] {
  return stdout
    .split("\n")
    .map((line) => /^ {6}[-+~] (\w+)\s*:/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

describe("SearchIndex through the real engine", () => {
  let emu: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;

  const indexesOnCluster = async () =>
    (await client.searchIndexes.list(GROUP, CLUSTER)).map((index) => index.name).sort();
  const stateOf = async (name: string) => {
    const state = await stack.exportState();
    return state.deployment.resources?.find((r) => r.type === TYPE && String(r.urn).endsWith(`::${name}`)) as
      | { id: string; outputs: Record<string, unknown>; inputs: Record<string, unknown> }
      | undefined;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emu.baseUrl,
      publicKey: "demo-public-key",
      privateKey: "demo-private-key-0000-0000-000000000001",
    });
    stack = await E2EStack.create({
      program: join(__dirname, "programs", "searchIndex"),
      config: {
        "platform:baseUrl": emu.baseUrl,
        "platform:publicKey": "demo-public-key",
        groupId: GROUP,
        indexName: "movies",
        definition: JSON.stringify(DEFINITION),
      },
      secrets: { "platform:privateKey": "demo-private-key-0000-0000-000000000001" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emu?.close();
  });

  test("pulumi up creates both indexes and waits until they are READY", async () => {
    const result = await stack.up();
    expect(result.stdout).toContain("+ 3 created");
    expect(result.stdout + result.stderr).toContain(
      "platform: search index movies on demo-cluster (sample_mflix.movies): ",
    );
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({ moviesStatus: "READY", plotsStatus: "READY" });
    expect(outputs.moviesId).toBe(`${GROUP}/${CLUSTER}/${outputs.moviesIndexId}`);
    expect(outputs.moviesDefinition).toEqual({
      analyzer: "lucene.standard",
      searchAnalyzer: "lucene.standard",
      numPartitions: 1,
      ...DEFINITION,
    });
    expect(await indexesOnCluster()).toEqual(["movies", "plots"]);
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(outputs.moviesIndexId));
    expect(live).toMatchObject({ status: "READY", queryable: true });
  });

  test("the serialized provider is a small shim without credentials", async () => {
    const state = await stateOf("movies");
    const shim = String(state?.outputs.__provider);
    expect(shim.length).toBeLessThan(2600);
    expect(shim).not.toContain("demo-private-key");
    // The key lives (encrypted) only in the default provider's config, never in this resource's state.
    expect(JSON.stringify(state)).not.toContain("demo-private-key");
  });

  test("pulumi preview shows no change after up", async () => {
    const result = await stack.preview({ expectNoChanges: true });
    expect(result.stdout).toContain("3 unchanged");
  });

  test("pulumi refresh right after up changes nothing", async () => {
    await stack.refresh({ expectNoChanges: true });
  });

  test("a definition change updates the index in place", async () => {
    await stack.setConfig("definition", JSON.stringify({ mappings: { dynamic: true } }));
    const result = await stack.up();
    expect(result.stdout).toContain("~ 1 updated");
    const outputs = await stack.outputs();
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(outputs.moviesIndexId));
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
    expect(live.status).toBe("READY");
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh detects an out-of-band definition change as exactly that field; up converges it back", async () => {
    const outputs = await stack.outputs();
    await client.searchIndexes.update(GROUP, CLUSTER, String(outputs.moviesIndexId), {
      mappings: { dynamic: false, fields: { plot: { type: "string" } } },
    });
    const refresh = await stack.refresh();
    expect(refresh.stdout).toContain("~ 1 updated");
    expect(changedProperties(refresh.stdout)).toEqual(["definition"]);
    const stored = await stateOf("movies");
    expect(stored?.inputs.definition).toMatchObject({
      mappings: { dynamic: false, fields: { plot: { type: "string" } } },
    });

    const up = await stack.up();
    expect(up.stdout).toContain("~ 1 updated");
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(outputs.moviesIndexId));
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
    await stack.preview({ expectNoChanges: true });
  });

  test("a new index name replaces the index", async () => {
    const before = await stack.outputs();
    await stack.setConfig("indexName", "movies-v2");
    const result = await stack.up();
    expect(result.stdout).toContain("+-1 replaced");
    const after = await stack.outputs();
    expect(after.moviesIndexId).not.toBe(before.moviesIndexId);
    expect(await indexesOnCluster()).toEqual(["movies-v2", "plots"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts an index created outside Pulumi and converges it", async () => {
    const existing = await client.searchIndexes.create(GROUP, CLUSTER, {
      database: "sample_mflix",
      collectionName: "movies",
      name: "adopted",
      type: "search",
      definition: { mappings: { dynamic: false } },
    });
    await stack.setConfig("adoptId", `${GROUP}/${CLUSTER}/${existing.indexID}`);
    const result = await stack.up();
    expect(result.stdout).toContain("+ 1 created");
    expect((await stack.outputs()).adoptedIndexId).toBe(existing.indexID);
    expect(await indexesOnCluster()).toEqual(["adopted", "movies-v2", "plots"]);
    const live = await client.searchIndexes.get(GROUP, CLUSTER, existing.indexID);
    expect(live.latestDefinition).toMatchObject({ analyzer: "lucene.english", mappings: { dynamic: true } });
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
  });

  test("a create that times out keeps the index in state; the next up finishes the wait", async () => {
    emu.settings.asyncDelayMs = 10 * 60_000; // builds now take ten minutes
    await stack.setConfig("slowName", "slow");
    const failed = await stack.pulumi(["up", "--yes", "--skip-preview"], { allowFailure: true });
    expect(failed.code).not.toBe(0);
    expect(failed.stdout + failed.stderr).toMatch(
      /timed out after 2s waiting for search index slow on demo-cluster \(sample_mflix\.movies\): still in state PENDING \(waiting for READY\)/,
    );
    const kept = await stateOf("slow");
    const live = (await client.searchIndexes.list(GROUP, CLUSTER)).find((index) => index.name === "slow");
    expect(kept?.id).toBe(`${GROUP}/${CLUSTER}/${live?.indexID}`);

    emu.settings.asyncDelayMs = 300; // the build finishes
    const resumed = await stack.up();
    expect(resumed.stdout).toContain("~ 1 updated");
    expect((await stack.outputs()).slowStatus).toBe("READY");
    expect(await indexesOnCluster()).toEqual(["adopted", "movies-v2", "plots", "slow"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves no index behind", async () => {
    const result = await stack.destroy();
    expect(result.stdout).toContain("- 5 deleted");
    expect(await indexesOnCluster()).toEqual([]);
  });
});
