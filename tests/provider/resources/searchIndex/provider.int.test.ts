import { isPartialFailure } from "../../../../provider/framework/errors";
import { resource as searchIndexResource } from "../../../../provider/resources/searchIndex/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// Every build takes 4 s of emulator time: PENDING, then BUILDING, then READY.
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const provider = () => searchIndexResource.providerWith({ client: () => fx.client, clock: fx.clock });

const TEXT = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies",
  definition: { mappings: { dynamic: false, fields: { title: { type: "string" } } } },
};
const APPLIED_DEFINITION = {
  analyzer: "lucene.standard",
  searchAnalyzer: "lucene.standard",
  numPartitions: 1,
  mappings: { dynamic: false, fields: { title: { type: "string" } } },
};

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);

describe("SearchIndex provider against the emulator", () => {
  test("create waits until READY and reports progress", async () => {
    const inputs = await checked(TEXT);
    const { id, outs } = await create(inputs);
    const indexId = (outs as { indexId: string }).indexId;
    expect(id).toBe(`${GROUP}/demo-cluster/${indexId}`);
    expect(outs).toEqual({
      ...TEXT,
      type: "search",
      definition: APPLIED_DEFINITION,
      indexId,
      status: "READY",
      queryable: true,
    });
    expect(fx.progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: search index movies on demo-cluster (sample_mflix.movies): PENDING",
      "platform: search index movies on demo-cluster (sample_mflix.movies): BUILDING",
    ]);
  });

  test("read right after create returns the same outputs and inputs", async () => {
    const inputs = await checked(TEXT);
    const { id, outs } = await create(inputs);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("update in place: PATCH the definition, wait until READY again", async () => {
    const olds = await checked(TEXT);
    const { id, outs } = await create(olds);
    const news = await checked({ ...TEXT, definition: { mappings: { dynamic: true } } });
    expect(await provider().diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({
      definition: { mappings: { dynamic: true } },
      status: "READY",
    });
    const [, , indexId] = id.split("/");
    const live = await fx.client.searchIndexes.get(GROUP, "demo-cluster", indexId as string);
    expect(live.latestDefinition).toMatchObject({ mappings: { dynamic: true } });
  });

  test("an out-of-band change of the definition shows in read as exactly that field", async () => {
    const inputs = await checked(TEXT);
    const { id, outs } = await create(inputs);
    const [, , indexId] = id.split("/");
    await fx.client.searchIndexes.update(GROUP, "demo-cluster", indexId as string, {
      mappings: { dynamic: true },
    });
    fx.emu.advance(5000);
    const read = await provider().read(id, outs);
    expect(read.inputs).toEqual({
      ...inputs,
      definition: {
        analyzer: "lucene.standard",
        searchAnalyzer: "lucene.standard",
        numPartitions: 1,
        mappings: { dynamic: true },
      },
    });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
  });

  test("a vector search index", async () => {
    const definition = {
      fields: [
        {
          type: "vector",
          path: "plot_embedding",
          numDimensions: 1536,
          similarity: "dotProduct",
          quantization: "scalar",
        },
        { type: "filter", path: "year" },
      ],
    };
    const inputs = await checked({ ...TEXT, name: "plots", type: "vectorSearch", definition });
    const { id, outs } = await create(inputs);
    expect(outs).toMatchObject({ type: "vectorSearch", definition, status: "READY" });
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("adopt by importId: reads the index and converges its definition", async () => {
    const existing = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
      database: "sample_mflix",
      collectionName: "movies",
      name: "movies",
      type: "search",
      definition: { mappings: { dynamic: true } },
    });
    const importId = `${GROUP}/demo-cluster/${existing.indexID}`;
    const inputs = await checked({ ...TEXT, importId });
    const { id, outs } = await create(inputs);
    expect(id).toBe(importId);
    expect(outs).toMatchObject({
      indexId: existing.indexID,
      definition: APPLIED_DEFINITION,
      status: "READY",
      importId,
    });
    const live = await fx.client.searchIndexes.get(GROUP, "demo-cluster", existing.indexID);
    expect(live.latestDefinition).toMatchObject({
      mappings: { dynamic: false, fields: { title: { type: "string" } } },
    });
    expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toHaveLength(1);
  });

  test("adopt refuses an index whose identity differs, before changing anything", async () => {
    const existing = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
      database: "sample_mflix",
      collectionName: "comments",
      name: "movies",
      definition: { mappings: { dynamic: true } },
    });
    const inputs = await checked({ ...TEXT, importId: `${GROUP}/demo-cluster/${existing.indexID}` });
    await expect(provider().create(inputs)).rejects.toThrow(
      `importId "${GROUP}/demo-cluster/${existing.indexID}" names a search index whose collectionName is "comments" (inputs say "movies")`,
    );
  });

  test("adopt of an id that does not exist says so", async () => {
    const inputs = await checked({ ...TEXT, importId: `${GROUP}/demo-cluster/65f0c0ffee0000000000abcd` });
    await expect(provider().create(inputs)).rejects.toThrow(
      `importId "${GROUP}/demo-cluster/65f0c0ffee0000000000abcd" names no existing search index movies on demo-cluster (sample_mflix.movies)`,
    );
  });

  test("a create whose name is taken says which index holds it and how to adopt it", async () => {
    const existing = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
      database: "sample_mflix",
      collectionName: "movies",
      name: "movies",
      definition: { mappings: { dynamic: true } },
    });
    const error = (await create(await checked(TEXT)).then(
      () => new Error("expected the create to fail"),
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(
      /^search index movies on demo-cluster \(sample_mflix\.movies\) already exists \(.+\); /,
    );
    expect(error.message).toContain(
      `choose another name, or set importId: "${GROUP}/demo-cluster/${existing.indexID}" to manage it with this resource`,
    );
  });

  test("a create that times out keeps the index in state with its id", async () => {
    const inputs = await checked({ ...TEXT, timeouts: { create: "2s" } });
    const error = await provider()
      .create(inputs)
      .catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    const partial = error as { id: string; properties: Record<string, unknown>; message: string };
    const indexId = partial.properties.indexId as string;
    expect(partial.id).toBe(`${GROUP}/demo-cluster/${indexId}`);
    expect(partial.message).toMatch(
      /^timed out after 2s waiting for search index movies on demo-cluster \(sample_mflix\.movies\): still in state (PENDING|BUILDING) \(waiting for READY\)/,
    );
    // The next `pulumi up` calls update with the same inputs: the wait resumes and finishes.
    const resumed = await provider().update?.(partial.id, partial.properties, await checked(TEXT));
    expect(resumed?.outs).toMatchObject({ status: "READY", queryable: true });
  });

  test("with deleteOnCreateFailure, a create that times out deletes the index it made", async () => {
    const inputs = await checked({ ...TEXT, timeouts: { create: "2s" }, deleteOnCreateFailure: true });
    const error = (await create(inputs).then(
      () => new Error("expected the create to fail"),
      (e: unknown) => e,
    )) as Error;
    expect(isPartialFailure(error)).toBe(false);
    expect(error.message).toMatch(
      /^timed out after 2s waiting for search index movies on demo-cluster \(sample_mflix\.movies\): .*; the object 5f1a000000000000000000a1\/demo-cluster\/[a-f0-9]{24} was deleted as requested$/,
    );
    expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toEqual([]);
  });

  test("deleteOnCreateFailure never deletes an adopted index", async () => {
    const existing = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
      database: "sample_mflix",
      collectionName: "movies",
      name: "movies",
      definition: { mappings: { dynamic: true } },
    });
    const importId = `${GROUP}/demo-cluster/${existing.indexID}`;
    const inputs = await checked({
      ...TEXT,
      importId,
      timeouts: { create: "2s" },
      deleteOnCreateFailure: true,
    });
    const error = await create(inputs).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isPartialFailure(error)).toBe(true);
    expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toHaveLength(1);
  });

  test("delete waits until the index is gone; deleting a gone index succeeds", async () => {
    const { id, outs } = await create(await checked(TEXT));
    fx.progress.length = 0;
    await provider().delete(id, outs);
    expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toEqual([]);
    expect(fx.progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: search index movies on demo-cluster (sample_mflix.movies): DELETING",
    ]);
    expect(await provider().read(id, outs)).toEqual({});
    await provider().delete(id, outs);
  });

  test("a replace of type deletes first so the same name can be created again", async () => {
    const { id, outs } = await create(await checked(TEXT));
    await provider().delete(id, outs);
    const vector = await checked({
      ...TEXT,
      type: "vectorSearch",
      definition: { fields: [{ type: "vector", path: "v", numDimensions: 3, similarity: "cosine" }] },
    });
    const created = await create(vector);
    expect(created.outs).toMatchObject({ name: "movies", type: "vectorSearch", status: "READY" });
  });

  describe("an index adopted by names stays addressed by names", () => {
    /** The operations the emulator saw, as "METHOD operation". */
    const sent = () => fx.emu.core.requestLog.list().map((entry) => `${entry.method} ${entry.operation}`);
    const namesId = `${GROUP}/demo-cluster/sample_mflix/movies/movies`;

    test("adopt reads by names (28) and updates by names (29); read, update and delete use the names", async () => {
      const existing = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
        database: "sample_mflix",
        collectionName: "movies",
        name: "movies",
        definition: { mappings: { dynamic: true } },
      });
      fx.emu.core.requestLog.clear();
      const inputs = await checked({ ...TEXT, importId: namesId });
      const { id, outs } = await create(inputs);
      expect(id).toBe(namesId);
      expect(outs).toMatchObject({
        indexId: existing.indexID,
        definition: APPLIED_DEFINITION,
        status: "READY",
      });
      expect(sent().slice(0, 2)).toEqual(["GET 28", "PATCH 29"]);
      expect(sent().filter((line) => !line.startsWith("GET"))).toEqual(["PATCH 29"]);

      fx.emu.core.requestLog.clear();
      expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
      expect(sent()).toEqual(["GET 28"]);

      fx.emu.core.requestLog.clear();
      const news = await checked({ ...TEXT, importId: namesId, definition: { mappings: { dynamic: true } } });
      const updated = await provider().update?.(id, outs, news);
      expect(updated).toEqual({
        id: namesId,
        outs: expect.objectContaining({
          definition: expect.objectContaining({ mappings: { dynamic: true } }),
        }),
      });
      expect(sent().filter((line) => !line.startsWith("GET"))).toEqual(["PATCH 29"]);

      fx.emu.core.requestLog.clear();
      await provider().delete(id, updated?.outs ?? {});
      expect(sent().filter((line) => !line.startsWith("GET"))).toEqual(["DELETE 27"]);
      expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toEqual([]);
      expect(await provider().read(id, outs)).toEqual({});
    });

    test("importId by names must agree with the inputs' namespace", async () => {
      const inputs = await checked({
        ...TEXT,
        importId: `${GROUP}/demo-cluster/sample_mflix/comments/movies`,
      });
      await expect(provider().create(inputs)).rejects.toThrow(
        `importId "${GROUP}/demo-cluster/sample_mflix/comments/movies" names collectionName "comments", but the collectionName input is "movies"; make them agree`,
      );
    });

    test("importId by names naming no index says so", async () => {
      const inputs = await checked({ ...TEXT, importId: namesId });
      await expect(provider().create(inputs)).rejects.toThrow(
        `importId "${namesId}" names no existing search index movies on demo-cluster (sample_mflix.movies)`,
      );
    });
  });
});
