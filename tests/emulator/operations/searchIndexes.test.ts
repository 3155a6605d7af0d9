import type { JsonObject } from "../../../emulator/core/contract";
import { arrayOf, bodyOf, call, expectError, MISSING_ID, makeState, T0 } from "./harness";

const flat = {
  collectionName: "movies",
  database: "sample",
  name: "default",
  mappings: { dynamic: true },
};
const second = {
  collectionName: "movies",
  database: "sample",
  name: "plot",
  definition: { mappings: { dynamic: false, fields: { plot: { type: "string" } } } },
};

describe("15-19 first style", () => {
  test("15 creates with defaults; status moves IN_PROGRESS -> MIGRATING -> STEADY", () => {
    const state = makeState();
    const created = bodyOf(call(state, "15", { body: flat, asyncDelayMs: 900 }));
    expect(created).toMatchObject({
      ...flat,
      type: "search",
      numPartitions: 1,
      analyzer: "lucene.standard",
      searchAnalyzer: "lucene.standard",
      status: "IN_PROGRESS",
    });
    const params = { indexId: String(created.indexID) };
    expect(bodyOf(call(state, "18", { params, now: T0 + 500, asyncDelayMs: 900 })).status).toBe("MIGRATING");
    expect(bodyOf(call(state, "18", { params, now: T0 + 900, asyncDelayMs: 900 })).status).toBe("STEADY");
  });

  test("15 validates the definition and its limits", () => {
    const state = makeState();
    expectError(() => call(state, "15", { body: { ...flat, numPartitions: 3 } }), 400, "INVALID_ATTRIBUTE");
    expectError(
      () => call(state, "15", { body: { ...flat, analyzer: "lucene.klingon" } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "15", { body: { ...flat, storedSource: { include: ["a"], exclude: ["b"] } } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "15", { body: { ...flat, indexID: MISSING_ID } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
    expectError(() => call(state, "15", { body: { database: "d", name: "n" } }), 400, "MISSING_ATTRIBUTE");
    expectError(() => call(state, "15", { body: { ...flat, fields: [] } }), 400, "INVALID_ATTRIBUTE");
    const custom = bodyOf(
      call(state, "15", {
        body: {
          ...flat,
          name: "custom",
          analyzer: "myAnalyzer",
          analyzers: [
            {
              name: "myAnalyzer",
              tokenizer: { type: "edgeGram", minGram: 2, maxGram: 5 },
              tokenFilters: [{ type: "asciiFolding" }],
            },
          ],
          storedSource: { include: ["title"] },
          synonyms: [{ analyzer: "lucene.english", name: "syn", source: { collection: "synonyms" } }],
          numPartitions: 4,
        },
      }),
    );
    expect(custom).toMatchObject({
      analyzer: "myAnalyzer",
      numPartitions: 4,
      storedSource: { include: ["title"] },
    });
  });

  test("15 refuses duplicates, old database versions and missing clusters", () => {
    const state = makeState();
    call(state, "15", { body: flat });
    expectError(() => call(state, "15", { body: flat }), 409, "SEARCH_DUPLICATE_INDEX");
    expectError(
      () => call(state, "15", { params: { clusterName: "old-cluster" }, body: flat }),
      400,
      "UNSUPPORTED_DB_VERSION_FOR_SEARCH",
    );
    expectError(
      () => call(state, "15", { params: { clusterName: "nope" }, body: flat }),
      404,
      "CLUSTER_NOT_FOUND",
    );
  });

  test("16 lists a collection's indexes with exactly the seven list fields", () => {
    const state = makeState();
    call(state, "15", { body: flat });
    call(state, "15", { body: { ...flat, collectionName: "other" } });
    const listed = arrayOf(
      call(state, "16", { params: { databaseName: "sample", collectionName: "movies" } }),
    ) as JsonObject[];
    expect(listed).toHaveLength(1);
    expect(Object.keys(listed[0] as JsonObject).sort()).toEqual([
      "collectionName",
      "database",
      "indexID",
      "name",
      "numPartitions",
      "status",
      "type",
    ]);
  });

  test("19 updates the definition and refuses changing the identity", () => {
    const state = makeState();
    const id = String(bodyOf(call(state, "15", { body: flat })).indexID);
    const updated = bodyOf(
      call(state, "19", {
        params: { indexId: id },
        body: { ...flat, searchAnalyzer: "lucene.french" },
        asyncDelayMs: 100,
      }),
    );
    expect(updated).toMatchObject({ searchAnalyzer: "lucene.french", status: "IN_PROGRESS" });
    expectError(
      () => call(state, "19", { params: { indexId: id }, body: { ...flat, name: "renamed" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "19", { params: { indexId: MISSING_ID }, body: flat }),
      404,
      "SEARCH_INDEX_NOT_FOUND",
    );
  });

  test("17 deletes at once (only the second style's delete is eventually consistent)", () => {
    const state = makeState();
    const id = String(bodyOf(call(state, "15", { body: flat })).indexID);
    expect(call(state, "17", { params: { indexId: id }, asyncDelayMs: 1000 })).toEqual({
      kind: "empty",
      status: 204,
    });
    expectError(
      () => call(state, "18", { params: { indexId: id }, now: T0 + 10, asyncDelayMs: 1000 }),
      404,
      "SEARCH_INDEX_NOT_FOUND",
    );
    expectError(
      () => call(state, "31", { params: { indexId: id }, now: T0 + 10, asyncDelayMs: 1000 }),
      404,
      "SEARCH_INDEX_NOT_FOUND",
    );
    expectError(() => call(state, "17", { params: { indexId: id } }), 404, "SEARCH_INDEX_NOT_FOUND");
  });

  test("the first style does not show an index a second-style delete is removing (no DELETING status)", () => {
    const state = makeState();
    const id = String(bodyOf(call(state, "15", { body: flat })).indexID);
    call(state, "30", { params: { indexId: id }, now: T0, asyncDelayMs: 1000 });
    expect(
      bodyOf(call(state, "31", { params: { indexId: id }, now: T0 + 10, asyncDelayMs: 1000 })).status,
    ).toBe("DELETING");
    for (const operation of ["18", "17"]) {
      expectError(
        () => call(state, operation, { params: { indexId: id }, now: T0 + 10, asyncDelayMs: 1000 }),
        404,
        "SEARCH_INDEX_NOT_FOUND",
      );
    }
    expectError(
      () => call(state, "19", { params: { indexId: id }, body: flat, now: T0 + 10, asyncDelayMs: 1000 }),
      404,
      "SEARCH_INDEX_NOT_FOUND",
    );
    const listed = call(state, "16", {
      params: { databaseName: flat.database, collectionName: flat.collectionName },
      now: T0 + 10,
      asyncDelayMs: 1000,
    });
    expect(arrayOf(listed)).toEqual([]);
  });
});

describe("24-32 second style", () => {
  test("25 creates with 201; PENDING -> BUILDING -> READY and queryable", () => {
    const state = makeState();
    const result = call(state, "25", { body: second, asyncDelayMs: 1000 });
    expect(result.kind === "entity" && result.status).toBe(201);
    const created = bodyOf(result);
    expect(created).toMatchObject({
      status: "PENDING",
      queryable: false,
      type: "search",
      latestDefinitionVersion: { version: 0 },
    });
    expect((created.latestDefinition as JsonObject).analyzer).toBe("lucene.standard");
    expect(created.statusDetail).toHaveLength(3);
    const params = { indexId: String(created.indexID) };
    expect(bodyOf(call(state, "31", { params, now: T0 + 600, asyncDelayMs: 1000 })).status).toBe("BUILDING");
    expect(bodyOf(call(state, "31", { params, now: T0 + 1000, asyncDelayMs: 1000 }))).toMatchObject({
      status: "READY",
      queryable: true,
    });
  });

  test("25 creates a vector search index and validates its fields", () => {
    const state = makeState();
    const vector: JsonObject = {
      collectionName: "movies",
      database: "sample",
      name: "vec",
      type: "vectorSearch",
      definition: {
        fields: [
          { type: "vector", path: "embedding", numDimensions: 1536, similarity: "cosine" },
          { type: "filter", path: "genre" },
        ],
      },
    };
    expect(bodyOf(call(state, "25", { body: vector })).type).toBe("vectorSearch");
    expectError(
      () =>
        call(state, "25", {
          body: {
            ...vector,
            name: "v2",
            definition: {
              fields: [{ type: "vector", path: "e", numDimensions: 3, similarity: "manhattan" }],
            },
          },
        }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "25", { body: { ...vector, name: "v3", definition: { mappings: {} } } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });

  test("25 refuses bad bodies and duplicates", () => {
    const state = makeState();
    call(state, "25", { body: second });
    expectError(() => call(state, "25", { body: second }), 409, "SEARCH_DUPLICATE_INDEX");
    expectError(
      () => call(state, "25", { body: { collectionName: "movies", database: "sample", name: "x" } }),
      400,
      "MISSING_ATTRIBUTE",
    );
    expectError(
      () => call(state, "25", { body: { ...second, name: "x", type: "graph" } }),
      400,
      "INVALID_ENUM_VALUE",
    );
    expectError(
      () => call(state, "25", { body: { ...second, name: "x", definition: { numPartitions: 8 } } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expectError(
      () => call(state, "25", { body: { ...second, name: "x", queryable: true } }),
      400,
      "ATTRIBUTE_READ_ONLY",
    );
  });

  test("24 and 26 list as bare arrays without per-host detail; the first style's index shows too", () => {
    const state = makeState();
    call(state, "25", { body: second });
    call(state, "15", { body: flat });
    const all = arrayOf(call(state, "24")) as JsonObject[];
    expect(all).toHaveLength(2);
    expect(all[0]).not.toHaveProperty("statusDetail");
    expect(all[0]).toHaveProperty("latestDefinition");
    expect(
      arrayOf(call(state, "26", { params: { databaseName: "sample", collectionName: "other" } })),
    ).toEqual([]);
  });

  test("28, 29 and 27 by names", () => {
    const state = makeState();
    call(state, "25", { body: second, asyncDelayMs: 100 });
    const params = { databaseName: "sample", collectionName: "movies", indexName: "plot" };
    expect(bodyOf(call(state, "28", { params })).name).toBe("plot");
    const redefine = (now: number) =>
      bodyOf(
        call(state, "29", {
          params,
          body: { definition: { mappings: { dynamic: true } } },
          asyncDelayMs: 100,
          now,
        }),
      );
    // Updated while its first build still runs: nothing built answers queries yet, as the service's
    // answer shows (tests/contract/recordings, search index update via file).
    expect(redefine(T0 + 50)).toMatchObject({
      status: "PENDING",
      queryable: false,
      latestDefinitionVersion: { version: 1 },
    });
    // Updated once a build has finished: the index keeps answering with the built definition.
    expect(redefine(T0 + 150)).toMatchObject({
      status: "PENDING",
      queryable: true,
      latestDefinitionVersion: { version: 2 },
    });
    expectError(
      () => call(state, "29", { params, body: { definition: {}, name: "x" } }),
      400,
      "INVALID_ATTRIBUTE",
    );
    expect(call(state, "27", { params }).kind).toBe("empty");
    expectError(() => call(state, "28", { params }), 404, "SEARCH_INDEX_NOT_FOUND");
  });

  test("30, 31 and 32 by id", () => {
    const state = makeState();
    const id = String(bodyOf(call(state, "25", { body: second })).indexID);
    expect(
      bodyOf(
        call(state, "32", { params: { indexId: id }, body: { definition: { analyzer: "lucene.german" } } }),
      ).latestDefinition,
    ).toMatchObject({
      analyzer: "lucene.german",
    });
    expect(call(state, "30", { params: { indexId: id }, asyncDelayMs: 10 }).kind).toBe("empty");
    expect(bodyOf(call(state, "31", { params: { indexId: id }, asyncDelayMs: 10 })).status).toBe("DELETING");
    expectError(
      () => call(state, "31", { params: { indexId: id }, now: T0 + 10, asyncDelayMs: 10 }),
      404,
      "SEARCH_INDEX_NOT_FOUND",
    );
    expectError(() => call(state, "30", { params: { indexId: MISSING_ID } }), 404, "SEARCH_INDEX_NOT_FOUND");
    expectError(
      () => call(state, "24", { params: { clusterName: "old-cluster" } }),
      400,
      "UNSUPPORTED_DB_VERSION_FOR_SEARCH",
    );
  });
});
