import {
  assertClassified,
  type Classification,
  changedInputs,
  deepEqual,
  diffInputs,
  valuesEqual,
} from "../../../provider/framework/diff";
import { UNKNOWN } from "../../../provider/framework/validation";

describe("deepEqual", () => {
  test("key order is irrelevant; undefined equals absent; null is a value", () => {
    expect(deepEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(deepEqual({ a: null }, { a: undefined })).toBe(false);
    expect(deepEqual({ a: null }, { a: null })).toBe(true);
  });

  test("lists are ordered", () => {
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });

  test("scalars compare strictly", () => {
    expect(deepEqual(1, "1")).toBe(false);
    expect(deepEqual("a", "a")).toBe(true);
    expect(deepEqual(true, true)).toBe(true);
  });

  test("options apply by key name at any depth", () => {
    const state = {
      notifications: [{ typeName: "MONITORING", monitoringApiKey: "********1234" }],
      tags: ["b", "a"],
    };
    const input = {
      notifications: [{ monitoringApiKey: "abcdefgh1234", typeName: "MONITORING" }],
      tags: ["a", "b"],
    };
    expect(deepEqual(state, input)).toBe(false);
    expect(deepEqual(state, input, { maskedKeys: ["monitoringApiKey"], setKeys: ["tags"] })).toBe(true);
    expect(
      deepEqual({ f: '{"a":1,"b":[1]}' }, { f: '{ "b": [1], "a": 1 }' }, { jsonStringKeys: ["f"] }),
    ).toBe(true);
  });
});

describe("valuesEqual", () => {
  test("json-string compares parsed structure; text that is not JSON compares as text", () => {
    expect(
      valuesEqual('{"atype":"authCheck","b":[1,2]}', '{ "b": [1, 2], "atype": "authCheck" }', "json-string"),
    ).toBe(true);
    expect(valuesEqual('{"a":1}', '{"a":2}', "json-string")).toBe(false);
    expect(valuesEqual("not json", "not json", "json-string")).toBe(true);
  });

  test("set ignores order but not multiplicity", () => {
    expect(valuesEqual(["a", "b"], ["b", "a"], "set")).toBe(true);
    expect(valuesEqual(["a", "a", "b"], ["a", "b", "b"], "set")).toBe(false);
    expect(valuesEqual([{ x: 1 }, { y: 2 }], [{ y: 2 }, { x: 1 }], "set")).toBe(true);
  });

  test("masked: the state holds what the API shows, the input is the user's value", () => {
    expect(valuesEqual("********1234", "secret-value-1234", "masked")).toBe(true);
    expect(valuesEqual("********1234", "secret-value-9999", "masked")).toBe(false);
    expect(valuesEqual("secret-value-1234", "secret-value-1234", "masked")).toBe(true);
  });

  test("custom comparison", () => {
    const caseInsensitive = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();
    expect(valuesEqual("AWS", "aws", caseInsensitive)).toBe(true);
  });
});

const searchIndex: Classification = {
  groupId: "replace",
  clusterName: "replace",
  name: { effect: "replace", deleteBeforeReplace: true },
  database: "replace",
  definition: { effect: "update", compare: "json-string" },
  apiKey: { effect: "update", compare: "masked" },
  numPartitions: { effect: "update", computedIfAbsent: true },
  importId: "ignore-drift",
  timeouts: "update",
  indexId: "output",
  status: "output",
};

const state = {
  groupId: "g",
  clusterName: "demo-cluster",
  name: "movies",
  database: "db",
  definition: '{"mappings":{"dynamic":true}}',
  apiKey: "********1234",
  numPartitions: 2,
  indexId: "i",
  status: "READY",
};

describe("diffInputs", () => {
  const same = {
    groupId: "g",
    clusterName: "demo-cluster",
    name: "movies",
    database: "db",
    definition: '{ "mappings": { "dynamic": true } }',
    apiKey: "full-api-key-1234",
  };

  test("no change: outputs, computed-if-absent fields and masked values do not differ", () => {
    expect(diffInputs(state, same, searchIndex)).toEqual({ changes: false, replaces: [], detailedDiff: {} });
  });

  test("__provider is never compared", () => {
    expect(
      diffInputs({ ...state, __provider: "old" }, { ...same, __provider: "new" }, searchIndex).changes,
    ).toBe(false);
  });

  test("update fields", () => {
    expect(
      diffInputs(
        state,
        { ...same, definition: '{"mappings":{"dynamic":false}}', numPartitions: 4 },
        searchIndex,
      ),
    ).toEqual({
      changes: true,
      replaces: [],
      detailedDiff: { definition: "update", numPartitions: "update" },
    });
  });

  test("a masked value whose visible suffix changed is an update", () => {
    expect(diffInputs(state, { ...same, apiKey: "other-key-9999" }, searchIndex).detailedDiff).toEqual({
      apiKey: "update",
    });
  });

  test("replace fields, with delete-before-replace when a field asks for it", () => {
    expect(diffInputs(state, { ...same, database: "db2" }, searchIndex)).toEqual({
      changes: true,
      replaces: ["database"],
      detailedDiff: { database: "replace" },
    });
    expect(diffInputs(state, { ...same, name: "films", database: "db2" }, searchIndex)).toEqual({
      changes: true,
      replaces: ["name", "database"],
      detailedDiff: { name: "replace", database: "replace" },
      deleteBeforeReplace: true,
    });
    expect(
      diffInputs(state, { ...same, database: "db2" }, searchIndex, { deleteBeforeReplace: true }),
    ).toMatchObject({
      deleteBeforeReplace: true,
    });
  });

  test("removing an input is a change", () => {
    const { definition: _removed, ...withoutDefinition } = same;
    expect(diffInputs(state, withoutDefinition, searchIndex).detailedDiff).toEqual({ definition: "update" });
  });

  test("ignore-drift inputs never cause a change", () => {
    expect(diffInputs(state, { ...same, importId: "g/demo-cluster/i" }, searchIndex).changes).toBe(false);
  });

  test("unknown values (preview) count as a change of their field", () => {
    expect(diffInputs(state, { ...same, database: UNKNOWN }, searchIndex)).toEqual({
      changes: true,
      replaces: ["database"],
      detailedDiff: { database: "replace" },
    });
    expect(diffInputs(state, { ...same, timeouts: { create: UNKNOWN } }, searchIndex).detailedDiff).toEqual({
      timeouts: "update",
    });
  });

  test("an unclassified input is a programming error", () => {
    expect(() => diffInputs(state, { ...same, colour: "blue" }, searchIndex)).toThrow(
      "input colour has no classification (replace, update, output or ignore-drift); add it to the resource's classification table",
    );
    expect(() => assertClassified({ a: 1, b: 2, __provider: "x" }, {})).toThrow(
      "inputs a, b have no classification",
    );
    // Unclassified keys in the state (outputs of an older version) are tolerated.
    expect(changedInputs({ ...state, legacyField: 1 }, same, searchIndex)).toEqual({});
  });
});
