/** Paths, leaf differences and the secret rule of the command-line reports. */
import { cell, joinPath, leafDifferences, shown } from "../../../../provider/cli/report/values";

const BLINDED = {
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  ciphertext: "[secret]",
};

describe("values", () => {
  test("paths the way Pulumi writes them", () => {
    expect(joinPath("", "definition")).toBe("definition");
    expect(joinPath("definition", "mappings")).toBe("definition.mappings");
    expect(joinPath("notifications", 0)).toBe("notifications[0]");
    expect(joinPath("fields", "plot-embedding")).toBe('fields["plot-embedding"]');
    expect(joinPath("", "plot-embedding")).toBe('["plot-embedding"]');
    expect(joinPath("", 0)).toBe("[0]");
    expect(joinPath("tags", "")).toBe('tags[""]');
    expect(joinPath("a", "$ref")).toBe("a.$ref");
  });

  test("leaf differences: objects by key, arrays by index, absent sides undefined", () => {
    expect(
      leafDifferences(
        { a: 1, list: [1, 2], nested: { x: "same", y: true } },
        { a: 2, list: [1], nested: { x: "same", z: null } },
      ),
    ).toEqual([
      { path: "a", before: 1, after: 2 },
      { path: "list[1]", before: 2, after: undefined },
      { path: "nested.y", before: true, after: undefined },
      { path: "nested.z", before: undefined, after: null },
    ]);
  });

  test("a secret is a leaf: two blinded secrets look the same, a secret against a value differs", () => {
    expect(leafDifferences({ n: BLINDED }, { n: BLINDED })).toEqual([]);
    expect(leafDifferences({ n: BLINDED }, { n: [1] })).toEqual([{ path: "n", before: BLINDED, after: [1] }]);
  });

  test("secrets and masked credentials print as [secret], unknowns as [unknown]", () => {
    expect(shown(BLINDED)).toBe("[secret]");
    expect(shown("****************abcd")).toBe("[secret]");
    expect(shown({ key: "****", url: "https://x" })).toEqual({ key: "[secret]", url: "https://x" });
    expect(shown("04da6b54-80e4-46f7-96ec-b56ff0331ba9")).toBe("[unknown]");
    expect(cell(undefined)).toBe("(absent)");
    expect(cell("text")).toBe('"text"');
    expect(cell(BLINDED)).toBe("[secret]");
  });
});
