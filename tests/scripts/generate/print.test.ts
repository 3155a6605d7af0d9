/**
 * The literal printer of the generators (scripts/generate/print.ts) writes plain source text and
 * leaves the layout to `biome format` (generate.int.test.ts checks the formatted files): one line,
 * but for the line break after `{` that keeps an expanded object expanded.
 */
import { array, code, object, print, str, strings } from "../../../scripts/generate/print";

describe("print", () => {
  test("writes arrays and objects on one line, whatever their length", () => {
    const long = "a".repeat(200);
    expect(print(strings([long, "b"]))).toBe(`["${long}", "b"]`);
    expect(print(object([["key", strings(["x"])]]))).toBe('{ key: ["x"] }');
    expect(print(object([]))).toBe("{}");
  });

  test("breaks the line after the brace of an expanded object only", () => {
    expect(print(array([object([["a", code("null")]], true)]))).toBe("[{\na: null,\n}]");
    expect(print(object([["a", code("null")]]))).toBe("{ a: null }");
  });

  test("quotes a key only when it is not an identifier, and strings with double quotes", () => {
    expect(
      print(
        object([
          ["million minutes", str('a"b')],
          ["OK_1", code("1")],
        ]),
      ),
    ).toBe('{ "million minutes": "a\\"b", OK_1: 1 }');
  });
});
