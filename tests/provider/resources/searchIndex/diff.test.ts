import { canonicalDefinition, definitionsEqual } from "../../../../provider/framework/searchDefinition";
import { UNKNOWN } from "../../../../provider/framework/validation";
import { inputsFromLive } from "../../../../provider/resources/searchIndex/model";
import { resource as searchIndexResource } from "../../../../provider/resources/searchIndex/resource";
import type { SearchIndexInputs } from "../../../../provider/resources/searchIndex/schema";

const provider = searchIndexResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});

const INPUTS: SearchIndexInputs = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies",
  type: "search",
  definition: {
    analyzer: "lucene.standard",
    searchAnalyzer: "lucene.standard",
    numPartitions: 1,
    mappings: { dynamic: true },
  },
};
const STATE = {
  ...INPUTS,
  indexId: "65f0c0ffee0000000000abcd",
  status: "READY",
  queryable: true,
};

const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);

describe("SearchIndex diff: classification", () => {
  test("no change", async () => {
    expect(await diff({ ...INPUTS })).toEqual({ changes: false, replaces: [] });
  });

  test.each([
    ["groupId", "5f1a000000000000000000a2"],
    ["clusterName", "sharded-cluster"],
    ["database", "other"],
    ["collectionName", "comments"],
    ["name", "movies-v2"],
  ])("a change of %s replaces the index", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [field] });
  });

  test("a change of type replaces it, deleting the old index first (the name stays taken otherwise)", async () => {
    const news = {
      ...INPUTS,
      type: "vectorSearch",
      definition: { fields: [{ type: "vector", path: "v", numDimensions: 3, similarity: "cosine" }] },
    };
    expect(await diff(news)).toEqual({ changes: true, replaces: ["type"], deleteBeforeReplace: true });
  });

  test.each([
    ["sort", { sort: { year: -1 } }],
    ["typeSets", { typeSets: [{ name: "strings", types: [{ type: "string" }] }] }],
  ])("adding %s to the definition updates in place", async (_field, extra) => {
    expect(await diff({ ...INPUTS, definition: { ...INPUTS.definition, ...extra } })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("a change of the definition updates in place", async () => {
    expect(
      await diff({ ...INPUTS, definition: { ...INPUTS.definition, mappings: { dynamic: false } } }),
    ).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("a change of timeouts updates in place (no API call); importId never diffs", async () => {
    expect(await diff({ ...INPUTS, timeouts: { create: "2h" } })).toEqual({ changes: true, replaces: [] });
    expect(
      await diff({ ...INPUTS, importId: "5f1a000000000000000000a1/demo-cluster/65f0c0ffee0000000000abcd" }),
    ).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("an unknown value counts as a change of its kind", async () => {
    expect(await diff({ ...INPUTS, name: UNKNOWN })).toEqual({ changes: true, replaces: ["name"] });
    expect(await diff({ ...INPUTS, definition: UNKNOWN })).toEqual({ changes: true, replaces: [] });
  });

  test("a flat first-style field still unknown in preview (check could not move it) is an update", async () => {
    const checked = await provider.check({}, { ...INPUTS, definition: undefined, mappings: UNKNOWN });
    expect(checked.failures).toEqual([]);
    expect(await diff(checked.inputs as Record<string, unknown>)).toEqual({ changes: true, replaces: [] });
  });

  test("an unclassified input is a programming error", async () => {
    await expect(diff({ ...INPUTS, surprise: 1 })).rejects.toThrow("input surprise has no classification");
  });
});

describe("SearchIndex definitions compare structurally with the service's defaults applied", () => {
  test("the same definition with defaults left out, keys in another order", () => {
    expect(
      definitionsEqual(
        { mappings: { dynamic: true } },
        { numPartitions: 1, mappings: { fields: {}, dynamic: true }, analyzer: "lucene.standard" },
      ),
    ).toBe(true);
  });

  test("storedSource false, empty analyzers and synonyms are the defaults", () => {
    expect(
      definitionsEqual(
        { mappings: {} },
        { mappings: { dynamic: false }, storedSource: false, analyzers: [], synonyms: [] },
      ),
    ).toBe(true);
    expect(definitionsEqual({ mappings: {} }, { mappings: {}, storedSource: true })).toBe(false);
  });

  test("field mappings compare deeply", () => {
    const a = {
      mappings: { dynamic: false, fields: { title: { type: "string", analyzer: "lucene.english" } } },
    };
    const b = { mappings: { fields: { title: { analyzer: "lucene.english", type: "string" } } } };
    expect(definitionsEqual(a, b)).toBe(true);
    expect(definitionsEqual(a, { mappings: { fields: { title: { type: "string" } } } })).toBe(false);
  });

  test("vector: quantization none and numPartitions 1 are the defaults; field order matters", () => {
    const vector = { type: "vector", path: "v", numDimensions: 3, similarity: "cosine" };
    const filter = { type: "filter", path: "year" };
    expect(
      definitionsEqual(
        { fields: [vector, filter] },
        { numPartitions: 1, fields: [{ ...vector, quantization: "none" }, filter] },
      ),
    ).toBe(true);
    expect(definitionsEqual({ fields: [vector] }, { fields: [{ ...vector, quantization: "scalar" }] })).toBe(
      false,
    );
    expect(definitionsEqual({ fields: [vector, filter] }, { fields: [filter, vector] })).toBe(false);
  });

  test("sort: 1 means {order: 1, noData: lowest}; the order of its keys (the priority) matters", () => {
    const mappings = { dynamic: true };
    expect(
      definitionsEqual(
        { mappings, sort: { year: -1, title: 1 } },
        { mappings, sort: { year: { order: -1, noData: "lowest" }, title: { order: 1 } } },
      ),
    ).toBe(true);
    expect(
      definitionsEqual(
        { mappings, sort: { year: -1, title: 1 } },
        { mappings, sort: { title: 1, year: -1 } },
      ),
    ).toBe(false);
    expect(
      definitionsEqual(
        { mappings, sort: { year: 1 } },
        { mappings, sort: { year: { order: 1, noData: "highest" } } },
      ),
    ).toBe(false);
    expect(definitionsEqual({ mappings }, { mappings, sort: {} })).toBe(true);
  });

  test("typeSets: a set by name; none equals []", () => {
    const mappings = { dynamic: { typeSet: "strings" } };
    const strings = { name: "strings", types: [{ type: "string" }] };
    const numbers = { name: "numbers", types: [{ type: "number" }] };
    expect(
      definitionsEqual(
        { mappings, typeSets: [strings, numbers] },
        { mappings, typeSets: [numbers, strings] },
      ),
    ).toBe(true);
    expect(
      definitionsEqual(
        { mappings, typeSets: [strings] },
        { mappings, typeSets: [{ ...strings, types: [{ type: "token" }] }] },
      ),
    ).toBe(false);
    expect(definitionsEqual({ mappings: {} }, { mappings: {}, typeSets: [] })).toBe(true);
  });

  test("vector: nestedRoot compares as given, absent is no nestedRoot", () => {
    const fields = [{ type: "vector", path: "chunks.embedding", numDimensions: 3, similarity: "cosine" }];
    expect(
      definitionsEqual({ fields, nestedRoot: "chunks" }, { fields, nestedRoot: "chunks", numPartitions: 1 }),
    ).toBe(true);
    expect(definitionsEqual({ fields, nestedRoot: "chunks" }, { fields })).toBe(false);
    expect(definitionsEqual({ fields, nestedRoot: "chunks" }, { fields, nestedRoot: "parts" })).toBe(false);
  });

  test("canonical form of a text definition", () => {
    expect(
      canonicalDefinition({
        mappings: { dynamic: true },
        analyzers: [{ name: "a", tokenizer: { type: "standard" } }],
      }),
    ).toEqual({
      analyzer: "lucene.standard",
      searchAnalyzer: "lucene.standard",
      numPartitions: 1,
      storedSource: false,
      synonyms: [],
      sort: [],
      typeSets: [],
      analyzers: [{ name: "a", charFilters: [], tokenFilters: [], tokenizer: { type: "standard" } }],
      mappings: { dynamic: true, fields: {} },
    });
  });
});

describe("SearchIndex read keeps the user's definition when it means the same", () => {
  const live = {
    indexId: "65f0c0ffee0000000000abcd",
    name: "movies",
    database: "sample_mflix",
    collectionName: "movies",
    type: "search" as const,
    status: "READY",
    queryable: true,
    definition: { mappings: { dynamic: true, fields: {} }, analyzer: "lucene.standard", numPartitions: 1 },
  };
  const where = { groupId: INPUTS.groupId, clusterName: INPUTS.clusterName };

  test("same meaning: the inputs come back unchanged", () => {
    expect(inputsFromLive(INPUTS, live, where)).toEqual(INPUTS);
  });

  test("changed out of band: the live definition comes back", () => {
    const changed = { ...live, definition: { mappings: { dynamic: false }, analyzer: "lucene.french" } };
    expect(inputsFromLive(INPUTS, changed, where)).toEqual({ ...INPUTS, definition: changed.definition });
  });

  test("importId and timeouts are carried over", () => {
    const previous = { ...INPUTS, importId: "a/b/c", timeouts: { create: "2h" } };
    expect(inputsFromLive(previous, live, where)).toEqual(previous);
  });
});
