/**
 * SearchIndex through the real Pulumi CLI against the in-process emulator: create, a clean preview,
 * a clean refresh, an update in place, an out-of-band change seen by refresh, a replacing change,
 * adoption by importId, and a destroy that leaves nothing behind.
 */
import {
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectFailingRun,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  setConfig,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const TYPE = "pulumi-nodejs:dynamic/platform:SearchIndex";
const DEFINITION = { mappings: { dynamic: false, fields: { title: { type: "string" } } } };

describe("SearchIndex through the real engine", () => {
  const e2e = startPlatformE2E({
    program: "searchIndex",
    config: { groupId: GROUP, indexName: "movies", definition: DEFINITION },
  });

  const indexesOnCluster = async () =>
    (await e2e.client.searchIndexes.list(GROUP, CLUSTER)).map((index) => index.name).sort();

  test("pulumi up creates both indexes and waits until they are READY", async () => {
    const { stack, client } = e2e;
    const result = await expectUp(stack, "+ 3 created");
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
    await expectSmallCredentialFreeProviders(e2e.stack, TYPE);
  });

  test("pulumi preview shows no change after up", async () => {
    const result = await e2e.stack.preview({ expectNoChanges: true });
    expect(result.stdout).toContain("3 unchanged");
  });

  test("pulumi refresh right after up changes nothing", async () => {
    await e2e.stack.refresh({ expectNoChanges: true });
  });

  test("a definition change updates the index in place", async () => {
    const { stack, client } = e2e;
    await setConfig(stack, "definition", { mappings: { dynamic: true } });
    await expectUp(stack, "~ 1 updated");
    const outputs = await stack.outputs();
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(outputs.moviesIndexId));
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
    expect(live.status).toBe("READY");
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh detects an out-of-band definition change as exactly that field; up converges it back", async () => {
    const { stack, client } = e2e;
    const outputs = await stack.outputs();
    await client.searchIndexes.update(GROUP, CLUSTER, String(outputs.moviesIndexId), {
      mappings: { dynamic: false, fields: { plot: { type: "string" } } },
    });
    await expectRefreshReportsOnly(stack, ["definition"]);
    const stored = await storedResource(stack, TYPE, "movies");
    expect(stored?.inputs.definition).toMatchObject({
      mappings: { dynamic: false, fields: { plot: { type: "string" } } },
    });

    await expectUp(stack, "~ 1 updated");
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(outputs.moviesIndexId));
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
    await stack.preview({ expectNoChanges: true });
  });

  test("a new index name replaces the index", async () => {
    const { stack } = e2e;
    const before = await stack.outputs();
    await stack.setConfig("indexName", "movies-v2");
    await expectUp(stack, "+-1 replaced");
    const after = await stack.outputs();
    expect(after.moviesIndexId).not.toBe(before.moviesIndexId);
    expect(await indexesOnCluster()).toEqual(["movies-v2", "plots"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("importId adopts an index created outside Pulumi and converges it", async () => {
    const { stack, client } = e2e;
    const existing = await client.searchIndexes.create(GROUP, CLUSTER, {
      database: "sample_mflix",
      collectionName: "movies",
      name: "adopted",
      type: "search",
      definition: { mappings: { dynamic: false } },
    });
    await stack.setConfig("adoptId", `${GROUP}/${CLUSTER}/${existing.indexID}`);
    await expectUp(stack, "+ 1 created");
    expect((await stack.outputs()).adoptedIndexId).toBe(existing.indexID);
    expect(await indexesOnCluster()).toEqual(["adopted", "movies-v2", "plots"]);
    const live = await client.searchIndexes.get(GROUP, CLUSTER, existing.indexID);
    expect(live.latestDefinition).toMatchObject({ analyzer: "lucene.english", mappings: { dynamic: true } });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("a create that times out keeps the index in state; the next up finishes the wait", async () => {
    const { stack, client, emulator } = e2e;
    emulator.settings.asyncDelayMs = 10 * 60_000; // builds now take ten minutes
    await stack.setConfig("slowName", "slow");
    expect(await expectFailingRun(stack, "up")).toMatch(
      /timed out after 2s waiting for search index slow on demo-cluster \(sample_mflix\.movies\): still in state PENDING \(waiting for READY\)/,
    );
    const kept = await storedResource(stack, TYPE, "slow");
    const live = (await client.searchIndexes.list(GROUP, CLUSTER)).find((index) => index.name === "slow");
    expect(kept?.id).toBe(`${GROUP}/${CLUSTER}/${live?.indexID}`);

    emulator.settings.asyncDelayMs = 300; // the build finishes
    await expectUp(stack, "~ 1 updated");
    expect((await stack.outputs()).slowStatus).toBe("READY");
    expect(await indexesOnCluster()).toEqual(["adopted", "movies-v2", "plots", "slow"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves no index behind", async () => {
    await expectDestroyDeletes(e2e.stack, 5);
    expect(await indexesOnCluster()).toEqual([]);
  });
});
