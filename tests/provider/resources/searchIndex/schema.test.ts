import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { searchIndexInputsSchema } from "../../../../provider/resources/searchIndex/schema";

const GROUP = "5f1a000000000000000000a1";
const BASE = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies",
};
const TEXT_DEFAULTS = { analyzer: "lucene.standard", searchAnalyzer: "lucene.standard", numPartitions: 1 };

function check(news: Record<string, unknown>) {
  return checkWith(searchIndexInputsSchema, news);
}

function reasons(news: Record<string, unknown>): string[] {
  return check(news).failures.map((failure) => failure.reason);
}

const vector = (fields: unknown[], extra: Record<string, unknown> = {}) => ({
  ...BASE,
  type: "vectorSearch",
  definition: { fields, ...extra },
});
const EMBEDDING = { type: "vector", path: "plot_embedding", numDimensions: 1536, similarity: "cosine" };

describe("SearchIndex check: text search", () => {
  test("defaults type to search and fills the definition's defaults", () => {
    expect(check({ ...BASE, definition: { mappings: { dynamic: true } } })).toEqual({
      inputs: { ...BASE, type: "search", definition: { ...TEXT_DEFAULTS, mappings: { dynamic: true } } },
      failures: [],
    });
  });

  test("defaults mappings.dynamic to false", () => {
    const result = check({ ...BASE, definition: { mappings: { fields: { title: { type: "string" } } } } });
    expect(result.inputs.definition).toEqual({
      ...TEXT_DEFAULTS,
      mappings: { dynamic: false, fields: { title: { type: "string" } } },
    });
  });

  test("moves the first style's flat fields into the definition", () => {
    const result = check({
      ...BASE,
      analyzer: "lucene.english",
      mappings: { dynamic: true },
      numPartitions: 2,
      storedSource: { include: ["title"] },
      synonyms: [{ analyzer: "lucene.english", name: "s", source: { collection: "syn" } }],
    });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toEqual({
      ...BASE,
      type: "search",
      definition: {
        analyzer: "lucene.english",
        searchAnalyzer: "lucene.standard",
        numPartitions: 2,
        mappings: { dynamic: true },
        storedSource: { include: ["title"] },
        synonyms: [{ analyzer: "lucene.english", name: "s", source: { collection: "syn" } }],
      },
    });
  });

  test("accepts a flat field equal to the same field of the definition", () => {
    const result = check({
      ...BASE,
      analyzer: "lucene.french",
      definition: { analyzer: "lucene.french", mappings: {} },
    });
    expect(result.failures).toEqual([]);
    expect(result.inputs.analyzer).toBeUndefined();
  });

  test("compares a flat field and its definition copy structurally (key order does not matter)", () => {
    const result = check({
      ...BASE,
      mappings: { fields: { a: { type: "string" } }, dynamic: true },
      definition: { mappings: { dynamic: true, fields: { a: { type: "string" } } } },
    });
    expect(result.failures).toEqual([]);
  });

  test("rejects a flat field that disagrees with the definition", () => {
    expect(
      reasons({
        ...BASE,
        analyzer: "lucene.english",
        definition: { analyzer: "lucene.french", mappings: {} },
      }),
    ).toEqual([
      "analyzer is given both at the top level and as definition.analyzer with different values; set it in one place",
    ]);
  });

  test("requires a definition or flat mappings", () => {
    expect(reasons({ ...BASE })).toEqual([
      "definition is required: give a text search definition (at least mappings), or the flat field mappings",
    ]);
  });

  test.each([1, 2, 4])("accepts numPartitions %i", (numPartitions) => {
    expect(check({ ...BASE, definition: { mappings: {}, numPartitions } }).failures).toEqual([]);
  });

  test.each([0, 3, 8])("rejects numPartitions %i", (numPartitions) => {
    expect(reasons({ ...BASE, definition: { mappings: {}, numPartitions } })).toEqual([
      "definition.numPartitions must be 1, 2 or 4",
    ]);
  });

  test("reports a bad flat field where the user wrote it", () => {
    expect(reasons({ ...BASE, mappings: {}, numPartitions: 3 })).toEqual(["numPartitions must be 1, 2 or 4"]);
  });

  test("accepts every built-in analyzer and a user-defined one", () => {
    const result = check({
      ...BASE,
      definition: {
        analyzer: "lucene.kuromoji",
        searchAnalyzer: "autocomplete",
        analyzers: [
          {
            name: "autocomplete",
            charFilters: [{ type: "htmlStrip", ignoredTags: ["a"] }],
            tokenFilters: [{ type: "asciiFolding", originalTokens: "omit" }],
            tokenizer: { type: "edgeGram", minGram: 2, maxGram: 10 },
          },
        ],
        mappings: { dynamic: true },
      },
    });
    expect(result.failures).toEqual([]);
  });

  test("rejects an analyzer that is neither built in nor defined", () => {
    expect(reasons({ ...BASE, definition: { analyzer: "lucene.klingon", mappings: {} } })).toEqual([
      'definition.analyzer must be a built-in analyzer (lucene.standard, lucene.english, ...) or the name of one of analyzers; got "lucene.klingon"',
    ]);
    expect(reasons({ ...BASE, definition: { searchAnalyzer: "mine", mappings: {} } })).toEqual([
      'definition.searchAnalyzer must be a built-in analyzer (lucene.standard, lucene.english, ...) or the name of one of analyzers; got "mine"',
    ]);
  });

  test("rejects user-defined analyzers that repeat a name, use the lucene prefix or miss the tokenizer", () => {
    expect(
      reasons({
        ...BASE,
        definition: {
          mappings: {},
          analyzers: [
            { name: "a", tokenizer: { type: "standard" } },
            { name: "a", tokenizer: { type: "standard" } },
          ],
        },
      }),
    ).toEqual(['definition.analyzers[1].name must be unique among analyzers; "a" is defined more than once']);
    expect(
      reasons({
        ...BASE,
        definition: { mappings: {}, analyzers: [{ name: "lucene.x", tokenizer: { type: "t" } }] },
      }),
    ).toEqual([
      'definition.analyzers[0].name must not start with "lucene." (reserved for built-in analyzers)',
    ]);
    expect(reasons({ ...BASE, definition: { mappings: {}, analyzers: [{ name: "b" }] } })).toEqual([
      "definition.analyzers[0].tokenizer is required",
    ]);
    expect(
      reasons({ ...BASE, definition: { mappings: {}, analyzers: [{ name: "b", tokenizer: {} }] } }),
    ).toEqual(["definition.analyzers[0].tokenizer.type is required"]);
  });

  test("accepts storedSource true, false, include and exclude; rejects other shapes", () => {
    for (const storedSource of [true, false, { include: ["a"] }, { exclude: ["b"] }]) {
      expect(check({ ...BASE, definition: { mappings: {}, storedSource } }).failures).toEqual([]);
    }
    expect(
      reasons({ ...BASE, definition: { mappings: {}, storedSource: { include: ["a"], exclude: ["b"] } } }),
    ).toEqual(["definition.storedSource does not match any of the allowed forms"]);
  });

  test("rejects synonyms with a non-built-in analyzer, a repeated name or no source collection", () => {
    const synonym = { analyzer: "lucene.standard", name: "s", source: { collection: "c" } };
    expect(reasons({ ...BASE, definition: { mappings: {}, synonyms: [synonym, synonym] } })).toEqual([
      'definition.synonyms[1].name must be unique among synonyms; "s" is defined more than once',
    ]);
    expect(
      reasons({ ...BASE, definition: { mappings: {}, synonyms: [{ ...synonym, analyzer: "mine" }] } }),
    ).toEqual([
      'definition.synonyms[0].analyzer must be a built-in analyzer (lucene.standard, lucene.english, ...); got "mine"',
    ]);
    expect(
      reasons({ ...BASE, definition: { mappings: {}, synonyms: [{ ...synonym, source: {} }] } }),
    ).toEqual(["definition.synonyms[0].source.collection is required"]);
  });

  test("rejects vector fields in a text definition and unknown keys", () => {
    expect(reasons({ ...BASE, definition: { mappings: {}, fields: [] } })).toEqual([
      "definition.fields is not a known input (check its spelling)",
    ]);
    expect(reasons({ ...BASE, definition: { mappings: {} }, colour: 1 })).toEqual([
      "colour is not a known input (check its spelling)",
    ]);
  });
});

describe("SearchIndex check: typeSets and sort (text search)", () => {
  const mappings = { dynamic: { typeSet: "strings" } };
  const STRINGS = { name: "strings", types: [{ type: "string" }, { type: "token" }] };

  test("keeps typeSets and sort as given, sort keys in their order", () => {
    const sort = { year: -1, title: { order: 1, noData: "highest" } };
    const result = check({ ...BASE, definition: { mappings, typeSets: [STRINGS], sort } });
    expect(result.failures).toEqual([]);
    expect(result.inputs.definition).toEqual({ ...TEXT_DEFAULTS, mappings, typeSets: [STRINGS], sort });
    expect(Object.keys((result.inputs.definition as { sort: object }).sort)).toEqual(["year", "title"]);
  });

  test("rejects a bad sort direction or noData", () => {
    expect(reasons({ ...BASE, definition: { mappings, sort: { year: 2 } } })).toEqual([
      'definition.sort.year must be 1, -1 or {order: 1 | -1, noData: "lowest" | "highest"}',
    ]);
    expect(
      reasons({ ...BASE, definition: { mappings, sort: { year: { order: 1, noData: "last" } } } }),
    ).toEqual(['definition.sort.year must be 1, -1 or {order: 1 | -1, noData: "lowest" | "highest"}']);
  });

  test("requires typeSets with a name and 1 to 100 typed entries, names unique, at most 100", () => {
    expect(reasons({ ...BASE, definition: { mappings, typeSets: [STRINGS, STRINGS] } })).toEqual([
      'definition.typeSets[1].name must be unique among typeSets; "strings" is defined more than once',
    ]);
    expect(
      reasons({ ...BASE, definition: { mappings, typeSets: [{ name: "strings", types: [] }] } }),
    ).toEqual(["definition.typeSets[0].types must contain at least 1 item"]);
    expect(
      reasons({ ...BASE, definition: { mappings, typeSets: [{ name: "s", types: [{ kind: "string" }] }] } }),
    ).toEqual(["definition.typeSets[0].types[0].type is required"]);
    const many = Array.from({ length: 101 }, (_, index) => ({
      name: `t${index}`,
      types: [{ type: "string" }],
    }));
    expect(reasons({ ...BASE, definition: { mappings, typeSets: many } })).toEqual([
      "definition.typeSets must contain at most 100 items",
    ]);
  });

  test("requires mappings.dynamic.typeSet to name a defined type set", () => {
    expect(reasons({ ...BASE, definition: { mappings, typeSets: [{ ...STRINGS, name: "text" }] } })).toEqual([
      'definition.mappings.dynamic.typeSet must name one of typeSets; "strings" is not among them (defined: text)',
    ]);
    expect(reasons({ ...BASE, definition: { mappings: { dynamic: "yes" } } })).toEqual([
      "definition.mappings.dynamic must be true, false or {typeSet: <the name of one of typeSets>}",
    ]);
  });

  test("refuses typeSets and sort in a vector definition", () => {
    expect(reasons(vector([EMBEDDING], { sort: { year: 1 } }))).toEqual([
      "definition.sort is not a known input (check its spelling)",
    ]);
  });
});

describe("SearchIndex check: identity", () => {
  test.each([
    ["groupId", "abc", "groupId must be 24 hexadecimal digits (a-f, 0-9)"],
    [
      "clusterName",
      "-bad",
      "clusterName must start with a letter or digit and contain only letters, digits and dashes",
    ],
    ["database", "", "database must not be empty"],
    ["collectionName", "", "collectionName must not be empty"],
    ["name", "", "name must not be empty"],
  ])("rejects a bad %s", (field, value, reason) => {
    expect(reasons({ ...BASE, [field]: value, definition: { mappings: {} } })).toEqual([reason]);
  });

  test("rejects an unknown type", () => {
    expect(reasons({ ...BASE, type: "fulltext", definition: { mappings: {} } })).toEqual([
      'type must be "search" or "vectorSearch"',
    ]);
  });

  test("validates importId and timeouts", () => {
    expect(
      check({
        ...BASE,
        definition: { mappings: {} },
        importId: `${GROUP}/demo-cluster/65f0c0ffee0000000000abcd`,
      }).failures,
    ).toEqual([]);
    // The id has two formats (by id, by names): the message names both.
    expect(reasons({ ...BASE, definition: { mappings: {} }, importId: "demo-cluster-abc" })).toEqual([
      'importId must look like <groupId>/<clusterName>/<indexId> or <groupId>/<clusterName>/<database>/<collectionName>/<indexName>; got "demo-cluster-abc"',
    ]);
    expect(
      reasons({
        ...BASE,
        definition: { mappings: {} },
        importId: `${BASE.groupId}/demo-cluster/sample_mflix/movies/movies`,
      }),
    ).toEqual([]);
    expect(
      reasons({
        ...BASE,
        definition: { mappings: {} },
        importId: "nothex/demo-cluster/sample_mflix/movies/movies",
      }),
    ).toEqual([
      expect.stringMatching(
        /^importId must look like <groupId>\/<clusterName>\/<database>\/<collectionName>\/<indexName>: groupId /,
      ),
    ]);
    expect(reasons({ ...BASE, definition: { mappings: {} }, timeouts: { create: "soon" } })).toEqual([
      'timeouts.create must be a duration such as "90s", "30m", "1h" or "1h30m", or a positive number of seconds',
    ]);
    expect(
      check({ ...BASE, definition: { mappings: {} }, timeouts: { create: "2h", delete: 600 } }).inputs
        .timeouts,
    ).toEqual({
      create: "2h",
      delete: 600,
    });
  });
});

describe("SearchIndex check: deleteOnCreateFailure", () => {
  test("is kept when given, as a boolean only", () => {
    expect(
      check({ ...BASE, definition: { mappings: {} }, deleteOnCreateFailure: true }).inputs
        .deleteOnCreateFailure,
    ).toBe(true);
    expect(reasons({ ...BASE, definition: { mappings: {} }, deleteOnCreateFailure: 1 })).toEqual([
      "deleteOnCreateFailure must be a boolean (true or false); got number 1",
    ]);
  });
});

describe("SearchIndex check: vector search", () => {
  test("accepts vector and filter fields and keeps the definition as given", () => {
    const definition = {
      fields: [
        { ...EMBEDDING, quantization: "scalar" },
        { type: "filter", path: "year" },
      ],
    };
    expect(check({ ...BASE, type: "vectorSearch", definition })).toEqual({
      inputs: { ...BASE, type: "vectorSearch", definition },
      failures: [],
    });
  });

  test("accepts numPartitions at the top level and moves it into the definition", () => {
    expect(check({ ...vector([EMBEDDING]), numPartitions: 4 }).inputs.definition).toEqual({
      fields: [EMBEDDING],
      numPartitions: 4,
    });
  });

  test.each([
    [0, "definition.fields[0].numDimensions must be at least 1"],
    [8193, "definition.fields[0].numDimensions must be at most 8192"],
    [1.5, "definition.fields[0].numDimensions must be an integer; got number 1.5"],
  ])("rejects numDimensions %p", (numDimensions, reason) => {
    expect(reasons(vector([{ ...EMBEDDING, numDimensions }]))).toEqual([reason]);
  });

  test("accepts the limits of numDimensions", () => {
    expect(check(vector([{ ...EMBEDDING, numDimensions: 1 }])).failures).toEqual([]);
    expect(check(vector([{ ...EMBEDDING, numDimensions: 8192 }])).failures).toEqual([]);
  });

  test("rejects an unknown similarity or quantization", () => {
    expect(reasons(vector([{ ...EMBEDDING, similarity: "manhattan" }]))).toEqual([
      'definition.fields[0].similarity must be one of "euclidean", "cosine", "dotProduct"',
    ]);
    expect(reasons(vector([{ ...EMBEDDING, quantization: "int4" }]))).toEqual([
      'definition.fields[0].quantization must be one of "none", "scalar", "binary"',
    ]);
  });

  test("requires at least one vector field, known field types and unique paths", () => {
    expect(reasons(vector([]))).toEqual(["definition.fields must contain at least 1 item"]);
    expect(reasons(vector([{ type: "filter", path: "year" }]))).toEqual([
      'definition.fields must contain at least one field of type "vector"',
    ]);
    expect(reasons(vector([EMBEDDING, { type: "geo", path: "loc" }]))).toEqual([
      'definition.fields[1].type must have type "vector" or "filter"',
    ]);
    expect(reasons(vector([EMBEDDING, EMBEDDING]))).toEqual([
      'definition.fields[1].path must be unique among vector fields; "plot_embedding" appears more than once',
    ]);
  });

  test("requires a definition", () => {
    expect(reasons({ ...BASE, type: "vectorSearch" })).toEqual([
      "definition is required: give a vector search definition with fields",
    ]);
  });

  test("rejects text-only flat fields for a vector index, naming the field", () => {
    expect(reasons({ ...vector([EMBEDDING]), analyzer: "lucene.standard", mappings: {} })).toEqual([
      'analyzer applies only to indexes of type "search" (text search), not "vectorSearch"',
      'mappings applies only to indexes of type "search" (text search), not "vectorSearch"',
    ]);
  });

  test("rejects text fields inside a vector definition", () => {
    expect(reasons(vector([EMBEDDING], { analyzer: "lucene.standard" }))).toEqual([
      "definition.analyzer is not a known input (check its spelling)",
    ]);
  });
});

describe("SearchIndex check: vector nestedRoot", () => {
  test("keeps nestedRoot as given; refuses an empty one and nestedRoot in a text definition", () => {
    const nested = { ...EMBEDDING, path: "chunks.embedding" };
    expect(check(vector([nested], { nestedRoot: "chunks" })).inputs.definition).toEqual({
      fields: [nested],
      nestedRoot: "chunks",
    });
    expect(reasons(vector([nested], { nestedRoot: "" }))).toEqual([
      "definition.nestedRoot must not be empty",
    ]);
    expect(reasons({ ...BASE, definition: { mappings: { dynamic: true }, nestedRoot: "chunks" } })).toEqual([
      "definition.nestedRoot is not a known input (check its spelling)",
    ]);
  });
});

describe("SearchIndex check: preview unknowns", () => {
  test("never fails on an unknown value, anywhere", () => {
    expect(check({ ...BASE, groupId: UNKNOWN, definition: { mappings: {} } }).failures).toEqual([]);
    expect(check({ ...BASE, type: UNKNOWN, definition: { fields: [] } }).failures).toEqual([]);
    expect(check({ ...BASE, definition: UNKNOWN }).failures).toEqual([]);
    expect(check(vector([{ ...EMBEDDING, numDimensions: UNKNOWN }])).failures).toEqual([]);
  });

  test("still reports real failures next to unknown values", () => {
    expect(reasons({ ...BASE, groupId: UNKNOWN, clusterName: "-x", definition: { mappings: {} } })).toEqual([
      "clusterName must start with a letter or digit and contain only letters, digits and dashes",
    ]);
  });

  test("keeps unknown values as given", () => {
    expect(check({ ...BASE, definition: UNKNOWN }).inputs.definition).toBe(UNKNOWN);
  });
});
