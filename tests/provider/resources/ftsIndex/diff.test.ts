import { inputsFromLive, type LiveFtsIndex } from "../../../../provider/resources/ftsIndex/model";
import { resource as ftsIndexResource } from "../../../../provider/resources/ftsIndex/resource";
import type { FtsIndexInputs } from "../../../../provider/resources/ftsIndex/schema";

const provider = ftsIndexResource.providerWith({
  client: () => {
    throw new Error("diff must not call the API");
  },
});

const INPUTS: FtsIndexInputs = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "titles",
  analyzer: "lucene.standard",
  searchAnalyzer: "lucene.standard",
  numPartitions: 1,
  mappings: { dynamic: true },
};
const STATE = { ...INPUTS, indexId: "65f0c0ffee0000000000abcd", status: "STEADY" };

const diff = (news: Record<string, unknown>) => provider.diff("id", { ...STATE }, news);

describe("FtsIndex diff: classification", () => {
  test("no change", async () => {
    expect(await diff({ ...INPUTS })).toEqual({ changes: false, replaces: [] });
  });

  test.each([
    ["groupId", "5f1a000000000000000000a2"],
    ["clusterName", "sharded-cluster"],
    ["database", "other"],
    ["collectionName", "comments"],
    ["name", "titles-v2"],
  ])("a change of %s replaces the index", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [field] });
  });

  test.each([
    ["analyzer", "lucene.english"],
    ["searchAnalyzer", "lucene.english"],
    ["numPartitions", 2],
    ["mappings", { dynamic: false }],
    ["storedSource", true],
    ["synonyms", [{ name: "s", analyzer: "lucene.standard", source: { collection: "c" } }]],
    ["timeouts", { create: "2h" }],
  ])("a change of %s updates in place", async (field, value) => {
    expect(await diff({ ...INPUTS, [field]: value })).toEqual({ changes: true, replaces: [] });
  });

  test("a definition field equal to the service's default shows no diff", async () => {
    // storedSource false and empty mapped fields are what an absent storedSource and fields mean.
    expect(await diff({ ...INPUTS, storedSource: false, mappings: { dynamic: true, fields: {} } })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("importId has no effect after adoption", async () => {
    expect(
      await diff({ ...INPUTS, importId: "5f1a000000000000000000a1/demo-cluster/65f0c0ffee0000000000abcd" }),
    ).toEqual({
      changes: false,
      replaces: [],
    });
  });
});

describe("FtsIndex read: inputs from the live index", () => {
  const live = (definition: Record<string, unknown>): LiveFtsIndex => ({
    indexId: STATE.indexId,
    name: "titles",
    database: "sample_mflix",
    collectionName: "movies",
    status: "STEADY",
    definition,
  });
  const location = { groupId: INPUTS.groupId, clusterName: INPUTS.clusterName };

  test("keeps the user's fields while the live ones mean the same (echoed with or without defaults)", () => {
    expect(inputsFromLive(INPUTS, live({ mappings: { dynamic: true } }), location)).toEqual(INPUTS);
    expect(
      inputsFromLive(
        INPUTS,
        live({
          analyzer: "lucene.standard",
          searchAnalyzer: "lucene.standard",
          numPartitions: 1,
          mappings: { dynamic: true, fields: {} },
        }),
        location,
      ),
    ).toEqual(INPUTS);
  });

  test("reports the live fields when they changed out of band", () => {
    const changed = {
      analyzer: "lucene.english",
      searchAnalyzer: "lucene.standard",
      numPartitions: 1,
      mappings: { dynamic: false },
    };
    expect(inputsFromLive(INPUTS, live(changed), location)).toEqual({
      groupId: INPUTS.groupId,
      clusterName: INPUTS.clusterName,
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      ...changed,
    });
  });
});
