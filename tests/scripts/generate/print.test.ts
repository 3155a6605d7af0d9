/**
 * The literal printer of the generators (scripts/generate/print.ts) lays literals out as `biome format`
 * does with biome.json's width of 110: one line when the whole line fits, else one element per line.
 */
import { array, code, LINE_WIDTH, object, print, str, strings } from "../../../scripts/generate/print";

describe("print", () => {
  test("keeps a literal on one line when the line, lead and trail included, is exactly the width", () => {
    const lead = "export const X = ";
    const trail = " as const;";
    // ["aaa...a"]: 4 characters of brackets and quotes around the value.
    const value = "a".repeat(LINE_WIDTH - lead.length - trail.length - 4);
    expect(print(strings([value]), 0, lead, trail)).toBe(`${lead}["${value}"]${trail}`);
  });

  test("breaks it, one element per line with a trailing comma, one character over", () => {
    const lead = "export const X = ";
    const trail = " as const;";
    const value = "a".repeat(LINE_WIDTH - lead.length - trail.length - 3);
    expect(print(strings([value, "b"]), 0, lead, trail)).toBe(
      [`${lead}[`, `  "${value}",`, `  "b",`, `]${trail}`].join("\n"),
    );
  });

  test("counts the indentation and the property key of a nested literal", () => {
    // 12 spaces, `key: `, ["x..."] and `,`: 110 characters with 88 x.
    expect(print(object([["key", strings(["x".repeat(88)])]]), 10, "", ",")).toBe(
      ["          {", `            key: ["${"x".repeat(88)}"],`, "          },"].join("\n"),
    );
    expect(print(object([["key", strings(["x".repeat(89)])]]), 10, "", ",")).toBe(
      [
        "          {",
        "            key: [",
        `              "${"x".repeat(89)}",`,
        "            ],",
        "          },",
      ].join("\n"),
    );
  });

  test("keeps an expanded object expanded, and everything that holds it", () => {
    expect(print(array([object([["a", code("null")]], true)]), 0, "", ";")).toBe(
      ["[", "  {", "    a: null,", "  },", "];"].join("\n"),
    );
    expect(print(object([["a", code("null")]]), 0, "", ";")).toBe("{ a: null };");
  });

  test("quotes a key only when it is not an identifier, and strings with double quotes", () => {
    expect(
      print(
        object([
          ["million minutes", str('a"b')],
          ["OK_1", code("1")],
        ]),
        0,
        "",
        "",
      ),
    ).toBe('{ "million minutes": "a\\"b", OK_1: 1 }');
  });
});
