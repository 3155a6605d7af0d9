import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { ftsIndexInputsSchema } from "../../../../provider/resources/ftsIndex/schema";

const BASE = {
  groupId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "titles",
  mappings: { dynamic: true },
};
const DEFAULTS = { analyzer: "lucene.standard", searchAnalyzer: "lucene.standard", numPartitions: 1 };

const check = (news: Record<string, unknown>) => checkWith(ftsIndexInputsSchema, news);
const reasons = (news: Record<string, unknown>) => check(news).failures.map((failure) => failure.reason);

describe("FtsIndex check", () => {
  test("fills the text definition's defaults (analyzers, partitions, mappings.dynamic)", () => {
    expect(check(BASE)).toEqual({ inputs: { ...BASE, ...DEFAULTS }, failures: [] });
    expect(check({ ...BASE, mappings: { fields: { title: { type: "string" } } } }).inputs.mappings).toEqual({
      dynamic: false,
      fields: { title: { type: "string" } },
    });
  });

  test("keeps every flat field given", () => {
    const full = {
      ...BASE,
      analyzer: "custom",
      searchAnalyzer: "lucene.english",
      analyzers: [{ name: "custom", tokenizer: { type: "standard" } }],
      numPartitions: 2,
      storedSource: { include: ["title"] },
      synonyms: [{ name: "words", analyzer: "lucene.standard", source: { collection: "synonyms" } }],
      importId: "5f1a000000000000000000a1/demo-cluster/65f0c0ffee0000000000abcd",
      timeouts: { create: "30m" },
    };
    expect(check(full)).toEqual({ inputs: full, failures: [] });
  });

  test("requires the identity and mappings", () => {
    expect(reasons({ groupId: BASE.groupId, clusterName: "demo-cluster" })).toEqual([
      "database is required",
      "collectionName is required",
      "name is required",
      "mappings is required",
    ]);
  });

  test("names the field and the rule of a text definition, where the user wrote it", () => {
    expect(reasons({ ...BASE, analyzer: "custom" })).toEqual([
      'analyzer must be a built-in analyzer (lucene.standard, lucene.english, ...) or the name of one of analyzers; got "custom"',
    ]);
    expect(reasons({ ...BASE, numPartitions: 3 })).toEqual(["numPartitions must be 1, 2 or 4"]);
    expect(
      reasons({
        ...BASE,
        analyzers: [
          { name: "a", tokenizer: { type: "standard" } },
          { name: "a", tokenizer: { type: "standard" } },
        ],
      }),
    ).toEqual(['analyzers[1].name must be unique among analyzers; "a" is defined more than once']);
    expect(
      reasons({ ...BASE, synonyms: [{ name: "s", analyzer: "custom", source: { collection: "c" } }] }),
    ).toEqual([
      'synonyms[0].analyzer must be a built-in analyzer (lucene.standard, lucene.english, ...); got "custom"',
    ]);
  });

  test("rejects what the first style cannot express: a type, a nested definition, sort", () => {
    expect(reasons({ ...BASE, type: "vectorSearch", definition: {}, sort: { year: 1 } })).toEqual([
      "type is not a known input (check its spelling)",
      "definition is not a known input (check its spelling)",
      "sort is not a known input (check its spelling)",
    ]);
  });

  test("validates importId", () => {
    expect(reasons({ ...BASE, importId: "demo-cluster/abc" })).toEqual([
      'importId must look like <groupId>/<clusterName>/<indexId>; got "demo-cluster/abc"',
    ]);
  });

  test("never fails on an unknown value during preview, and keeps it as given", () => {
    expect(check({ ...BASE, groupId: UNKNOWN, mappings: UNKNOWN }).failures).toEqual([]);
    expect(check({ ...BASE, analyzer: UNKNOWN }).inputs.analyzer).toBe(UNKNOWN);
    expect(reasons({ ...BASE, groupId: UNKNOWN, clusterName: "-x" })).toEqual([
      "clusterName must start with a letter or digit and contain only letters, digits and dashes",
    ]);
  });
});
