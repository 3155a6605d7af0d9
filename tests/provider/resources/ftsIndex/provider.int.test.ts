import { isPartialFailure } from "../../../../provider/framework/errors";
import { resource as ftsIndexResource } from "../../../../provider/resources/ftsIndex/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// Every build takes 4 s of emulator time: IN_PROGRESS, then MIGRATING, then STEADY.
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const provider = () => ftsIndexResource.providerWith({ client: () => fx.client, clock: fx.clock });

const INPUTS = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "titles",
  mappings: { dynamic: false, fields: { title: { type: "string" } } },
};
/** The inputs with check's defaults filled in. */
const APPLIED = {
  ...INPUTS,
  analyzer: "lucene.standard",
  searchAnalyzer: "lucene.standard",
  numPartitions: 1,
};

/** The first style's body for an index like INPUTS. */
const BODY = {
  type: "search",
  database: INPUTS.database,
  collectionName: INPUTS.collectionName,
  name: INPUTS.name,
  mappings: INPUTS.mappings,
};

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);
const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);

/** The operations the emulator saw that are not reads, as "METHOD operation". */
const writes = () =>
  fx.emu.core.requestLog
    .list()
    // Requests outside the operation table (no operation id, e.g. the token request) are not writes of the index.
    .filter((entry) => entry.method !== "GET" && entry.operation !== null)
    .map((entry) => `${entry.method} ${entry.operation}`);
const withoutElapsed = (lines: string[]) => lines.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""));

beforeEach(() => fx.emu.core.requestLog.clear());

describe("FtsIndex provider against the emulator", () => {
  test("create (15) waits until STEADY and reports progress", async () => {
    const inputs = await checked(INPUTS);
    expect(inputs).toEqual(APPLIED);
    const { id, outs } = await create(inputs);
    const indexId = (outs as { indexId: string }).indexId;
    expect(id).toBe(`${GROUP}/demo-cluster/${indexId}`);
    expect(outs).toEqual({ ...APPLIED, indexId, status: "STEADY" });
    expect(writes()).toEqual(["POST 15"]);
    expect(withoutElapsed(fx.progress)).toEqual([
      "platform: first-style search index titles on demo-cluster (sample_mflix.movies): IN_PROGRESS",
      "platform: first-style search index titles on demo-cluster (sample_mflix.movies): MIGRATING",
    ]);
    // Both styles are views of one index.
    const [secondStyle] = await fx.client.searchIndexes.list(GROUP, "demo-cluster");
    expect(secondStyle).toMatchObject({ indexID: indexId, name: "titles", status: "READY" });
  });

  test("read right after create returns the same outputs and inputs", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("update in place (19) sends the whole body and waits until STEADY again", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    const news = await checked({ ...INPUTS, analyzer: "lucene.english", mappings: { dynamic: true } });
    expect(await provider().diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    fx.emu.core.requestLog.clear();
    const updated = await provider().update?.(id, outs, news);
    expect(updated).toEqual({
      id,
      outs: { ...news, indexId: (outs as { indexId: string }).indexId, status: "STEADY" },
    });
    expect(writes()).toEqual(["PATCH 19"]);
    const live = await fx.client.searchIndexes.fts.get(
      GROUP,
      "demo-cluster",
      (outs as { indexId: string }).indexId,
    );
    expect(live).toMatchObject({ analyzer: "lucene.english", mappings: { dynamic: true } });
  });

  test("a change of timeouts only waits again, without an API write", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    const news = await checked({ ...INPUTS, timeouts: { update: "2h" } });
    fx.emu.core.requestLog.clear();
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({ status: "STEADY", timeouts: { update: "2h" } });
    expect(writes()).toEqual([]);
  });

  test("an out-of-band change shows in read as exactly the changed fields", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    const indexId = (outs as { indexId: string }).indexId;
    await fx.client.searchIndexes.fts.update(GROUP, "demo-cluster", indexId, {
      type: "search",
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      mappings: { dynamic: true },
    });
    fx.emu.advance(5000);
    const read = await provider().read(id, outs);
    expect(read.inputs).toEqual({ ...inputs, mappings: { dynamic: true } });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
  });

  test("adopt by importId: reads the index (made in the second style) and converges its definition", async () => {
    const existing = await fx.client.searchIndexes.create(GROUP, "demo-cluster", {
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      definition: { mappings: { dynamic: true } },
    });
    const importId = `${GROUP}/demo-cluster/${existing.indexID}`;
    fx.emu.core.requestLog.clear();
    const { id, outs } = await create(await checked({ ...INPUTS, importId }));
    expect(id).toBe(importId);
    expect(outs).toEqual({ ...APPLIED, importId, indexId: existing.indexID, status: "STEADY" });
    expect(writes()).toEqual(["PATCH 19"]);
  });

  test("adopt refuses an index whose identity differs, before changing anything", async () => {
    const existing = await fx.client.searchIndexes.fts.create(GROUP, "demo-cluster", {
      ...BODY,
      collectionName: "comments",
    });
    const importId = `${GROUP}/demo-cluster/${existing.indexID}`;
    fx.emu.core.requestLog.clear();
    await expect(provider().create(await checked({ ...INPUTS, importId }))).rejects.toThrow(
      `importId "${importId}" names a search index whose collectionName is "comments" (inputs say "movies")`,
    );
    expect(writes()).toEqual([]);
  });

  test("a create whose name is taken says which index holds it (found with 16) and how to adopt it", async () => {
    const existing = await fx.client.searchIndexes.fts.create(GROUP, "demo-cluster", BODY);
    const error = (await create(await checked(INPUTS)).then(
      () => new Error("expected the create to fail"),
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(
      /^first-style search index titles on demo-cluster \(sample_mflix\.movies\) already exists \(.+\); /,
    );
    expect(error.message).toContain(
      `choose another name, or set importId: "${GROUP}/demo-cluster/${existing.indexID}" to manage it with this resource`,
    );
  });

  test("a create that times out keeps the index in state; the next update resumes the wait", async () => {
    const error = await provider()
      .create(await checked({ ...INPUTS, timeouts: { create: "2s" } }))
      .catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    const partial = error as { id: string; properties: Record<string, unknown>; message: string };
    expect(partial.id).toBe(`${GROUP}/demo-cluster/${partial.properties.indexId}`);
    expect(partial.message).toMatch(
      /^timed out after 2s waiting for first-style search index titles on demo-cluster \(sample_mflix\.movies\): still in state (IN_PROGRESS|MIGRATING) \(waiting for STEADY\)/,
    );
    const resumed = await provider().update?.(partial.id, partial.properties, await checked(INPUTS));
    expect(resumed?.outs).toMatchObject({ status: "STEADY" });
  });

  test("delete (17) waits until the index is gone; deleting a gone index succeeds", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    fx.emu.core.requestLog.clear();
    await provider().delete(id, outs);
    expect(writes()).toEqual(["DELETE 17"]);
    expect(await fx.client.searchIndexes.list(GROUP, "demo-cluster")).toEqual([]);
    expect(await provider().read(id, outs)).toEqual({});
    await provider().delete(id, outs);
  });
});
