/**
 * FtsIndex (first-style search index) through the real Pulumi CLI against the in-process emulator:
 * create with progress, a clean preview and refresh, an update in place, an out-of-band change seen
 * by refresh, adoption by importId, and a destroy that leaves nothing behind.
 */
import {
  type DeclaredResource,
  expectCleanPreviewAndRefresh,
  expectDestroyDeletes,
  expectRefreshReportsOnly,
  expectUp,
  resourceOutputs,
  setResource,
  startPlatformE2E,
  storedResource,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const TYPE = "pulumi-nodejs:dynamic/platform:FtsIndex";
const MAPPINGS = { dynamic: false, fields: { title: { type: "string" } } };
/** Every index of the stack is on the same collection. */
const MOVIES = { groupId: GROUP, clusterName: CLUSTER, database: "sample_mflix", collectionName: "movies" };
const titles = (changes: { analyzer?: string } = {}): DeclaredResource => ({
  type: "FtsIndex",
  args: {
    ...MOVIES,
    name: "titles",
    analyzer: changes.analyzer,
    mappings: MAPPINGS,
    timeouts: { create: "2m", update: "2m", delete: "2m" },
  },
});

describe("FtsIndex through the real engine", () => {
  const e2e = startPlatformE2E({ resources: { titles: titles() } });

  const indexesOnCollection = async () =>
    (await e2e.client.searchIndexes.fts.listForCollection(GROUP, CLUSTER, "sample_mflix", "movies"))
      .map((index) => index.name)
      .sort();

  test("pulumi up creates the index and waits until it is STEADY; preview and refresh are clean", async () => {
    const { stack, client } = e2e;
    const result = await expectUp(stack, "+ 2 created");
    expect(result.stdout + result.stderr).toContain(
      "platform: first-style search index titles on demo-cluster (sample_mflix.movies): ",
    );
    const outputs = (await resourceOutputs(stack)).titles;
    expect(outputs).toMatchObject({ status: "STEADY", analyzer: "lucene.standard" });
    expect(outputs?.id).toBe(`${GROUP}/${CLUSTER}/${outputs?.indexId}`);
    expect(await indexesOnCollection()).toEqual(["titles"]);
    const live = await client.searchIndexes.fts.get(GROUP, CLUSTER, String(outputs?.indexId));
    expect(live).toMatchObject({ status: "STEADY", mappings: MAPPINGS });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("an analyzer change updates the index in place", async () => {
    const { stack, client } = e2e;
    await setResource(stack, "titles", titles({ analyzer: "lucene.english" }));
    await expectUp(stack, "~ 1 updated");
    const outputs = (await resourceOutputs(stack)).titles;
    const live = await client.searchIndexes.fts.get(GROUP, CLUSTER, String(outputs?.indexId));
    expect(live).toMatchObject({ analyzer: "lucene.english", status: "STEADY" });
    await stack.preview({ expectNoChanges: true });
  });

  test("refresh detects an out-of-band change as exactly that field; up converges it back", async () => {
    const { stack, client } = e2e;
    const indexId = String((await resourceOutputs(stack)).titles?.indexId);
    await client.searchIndexes.fts.update(GROUP, CLUSTER, indexId, {
      type: "search",
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      analyzer: "lucene.english",
      mappings: { dynamic: true },
    });
    await expectRefreshReportsOnly(stack, ["mappings"]);
    expect((await storedResource(stack, TYPE, "titles"))?.inputs.mappings).toEqual({ dynamic: true });
    await expectUp(stack, "~ 1 updated");
    const live = await client.searchIndexes.fts.get(GROUP, CLUSTER, indexId);
    expect(live.mappings).toEqual(MAPPINGS);
  });

  test("importId adopts an index created outside Pulumi and converges it", async () => {
    const { stack, client } = e2e;
    const existing = await client.searchIndexes.fts.create(GROUP, CLUSTER, {
      type: "search",
      database: "sample_mflix",
      collectionName: "movies",
      name: "adopted",
      mappings: { dynamic: true },
    });
    await setResource(stack, "adopted", {
      type: "FtsIndex",
      args: {
        ...MOVIES,
        name: "adopted",
        mappings: { dynamic: true },
        searchAnalyzer: "lucene.english",
        importId: `${GROUP}/${CLUSTER}/${existing.indexID}`,
      },
    });
    await expectUp(stack, "+ 1 created");
    expect((await resourceOutputs(stack)).adopted?.indexId).toBe(existing.indexID);
    const live = await client.searchIndexes.fts.get(GROUP, CLUSTER, existing.indexID);
    expect(live).toMatchObject({ searchAnalyzer: "lucene.english", status: "STEADY" });
    await expectCleanPreviewAndRefresh(stack);
  });

  test("pulumi destroy leaves no index behind", async () => {
    await expectDestroyDeletes(e2e.stack, 3);
    expect(await indexesOnCollection()).toEqual([]);
  });
});
