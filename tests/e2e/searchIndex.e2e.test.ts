/**
 * SearchIndex through the real Pulumi CLI against the in-process emulator: create, a clean preview,
 * a clean refresh, an update in place, an out-of-band change seen by refresh, a replacing change,
 * adoption by importId, and a destroy that leaves nothing behind.
 */
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectFailingRun,
  expectRefreshReportsOnly,
  expectSmallCredentialFreeProviders,
  expectUp,
  resourceOutputs,
  setResource,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const TYPE = "pulumi-nodejs:dynamic/platform:SearchIndex";
const DEFINITION = { mappings: { dynamic: false, fields: { title: { type: "string" } } } };
/** Every index of the stack is on the same collection. */
const MOVIES = { groupId: GROUP, clusterName: CLUSTER, database: "sample_mflix", collectionName: "movies" };
const movies = (name: string, definition: Record<string, unknown>): DeclaredResource => ({
  type: "SearchIndex",
  args: { ...MOVIES, name, definition, timeouts: { create: "2m", update: "2m", delete: "2m" } },
});

describe("SearchIndex through the real engine", () => {
  const e2e = startPlatformE2E({
    resources: {
      movies: movies("movies", DEFINITION),
      // A vector index given in the first style's flat form is not possible; this one uses `definition`.
      plots: {
        type: "SearchIndex",
        args: {
          ...MOVIES,
          name: "plots",
          type: "vectorSearch",
          definition: {
            fields: [
              { type: "vector", path: "plot_embedding", numDimensions: 1536, similarity: "cosine" },
              { type: "filter", path: "year" },
            ],
          },
        },
      },
    },
  });

  const indexesOnCluster = async () =>
    (await e2e.client.searchIndexes.list(GROUP, CLUSTER)).map((index) => index.name).sort();

  test("pulumi up creates both indexes and waits until they are READY", async () => {
    const { stack, client } = e2e;
    const result = await expectUp(stack, "+ 3 created");
    expect(result.stdout + result.stderr).toContain(
      "platform: search index movies on demo-cluster (sample_mflix.movies): ",
    );
    const outputs = await resourceOutputs(stack);
    expect(outputs.movies?.status).toBe("READY");
    expect(outputs.plots?.status).toBe("READY");
    expect(outputs.movies?.id).toBe(`${GROUP}/${CLUSTER}/${outputs.movies?.indexId}`);
    expect(outputs.movies?.definition).toEqual({
      analyzer: "lucene.standard",
      searchAnalyzer: "lucene.standard",
      numPartitions: 1,
      ...DEFINITION,
    });
    expect(await indexesOnCluster()).toEqual(["movies", "plots"]);
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(outputs.movies?.indexId));
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
    await setResource(stack, "movies", movies("movies", { mappings: { dynamic: true } }));
    await expectUp(stack, "~ 1 updated");
    const indexId = (await resourceOutputs(stack)).movies?.indexId;
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(indexId));
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
    expect(live.status).toBe("READY");
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh detects an out-of-band definition change as exactly that field; up converges it back", async () => {
    const { stack, client } = e2e;
    const indexId = (await resourceOutputs(stack)).movies?.indexId;
    await client.searchIndexes.update(GROUP, CLUSTER, String(indexId), {
      mappings: { dynamic: false, fields: { plot: { type: "string" } } },
    });
    await expectRefreshReportsOnly(stack, ["definition"]);
    const stored = await storedResource(stack, TYPE, "movies");
    expect(stored?.inputs.definition).toMatchObject({
      mappings: { dynamic: false, fields: { plot: { type: "string" } } },
    });

    await expectUp(stack, "~ 1 updated");
    const live = await client.searchIndexes.get(GROUP, CLUSTER, String(indexId));
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
    await stack.preview({ expectNoChanges: true });
  });

  test("a new index name replaces the index", async () => {
    const { stack } = e2e;
    const before = await resourceOutputs(stack);
    await setResource(stack, "movies", movies("movies-v2", { mappings: { dynamic: true } }));
    await expectUp(stack, "+-1 replaced");
    const after = await resourceOutputs(stack);
    expect(after.movies?.indexId).not.toBe(before.movies?.indexId);
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
    await setResource(stack, "adopted", {
      type: "SearchIndex",
      args: {
        ...MOVIES,
        name: "adopted",
        mappings: { dynamic: true },
        analyzer: "lucene.english",
        importId: `${GROUP}/${CLUSTER}/${existing.indexID}`,
      },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.indexId).toBe(existing.indexID);
    expect(await indexesOnCluster()).toEqual(["adopted", "movies-v2", "plots"]);
    const live = await client.searchIndexes.get(GROUP, CLUSTER, existing.indexID);
    expect(live.latestDefinition).toMatchObject({ analyzer: "lucene.english", mappings: { dynamic: true } });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("a create that times out keeps the index in state; the next up finishes the wait", async () => {
    const { stack, client, emulator } = e2e;
    emulator.settings.asyncDelayMs = 10 * 60_000; // builds now take ten minutes
    // An index with a 2-second create timeout.
    await setResource(stack, "slow", {
      type: "SearchIndex",
      args: { ...MOVIES, name: "slow", mappings: { dynamic: true }, timeouts: { create: "2s" } },
    });
    expect(await expectFailingRun(stack, "up")).toMatch(
      /timed out after 2s waiting for search index slow on demo-cluster \(sample_mflix\.movies\): still in state PENDING \(waiting for READY\)/,
    );
    const kept = await storedResource(stack, TYPE, "slow");
    const live = (await client.searchIndexes.list(GROUP, CLUSTER)).find((index) => index.name === "slow");
    expect(kept?.id).toBe(`${GROUP}/${CLUSTER}/${live?.indexID}`);

    emulator.settings.asyncDelayMs = 300; // the build finishes
    await expectUp(stack, "~ 1 updated");
    expect((await resourceOutputs(stack)).slow?.status).toBe("READY");
    expect(await indexesOnCluster()).toEqual(["adopted", "movies-v2", "plots", "slow"]);
    await stack.preview({ expectNoChanges: true });
  });

  test("pulumi destroy leaves no index behind", async () => {
    await expectDestroyDeletes(e2e.stack, 5);
    expect(await indexesOnCluster()).toEqual([]);
  });
});
