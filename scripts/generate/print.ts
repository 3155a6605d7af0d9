/**
 * A printer of TypeScript literals (arrays, objects, strings, references) as plain text. The layout
 * (line breaks at biome.json's width, one element a line, trailing commas) is the formatter's:
 * generatedFiles (index.ts) runs `biome format` on every generated TypeScript file (format.ts).
 *
 * The one choice left to the source: an object written with a line break after its `{` stays
 * expanded in `biome format`'s output even when it would fit on a line (`expanded` here), so a table
 * of records reads one record a line.
 */

export type Literal =
  | { kind: "code"; text: string }
  | { kind: "array"; items: readonly Literal[] }
  | { kind: "object"; entries: readonly (readonly [string, Literal])[]; expanded: boolean };

/** Source text printed as is: a reference (`METRIC_UNITS.TIME`), `null`, a number. */
export const code = (text: string): Literal => ({ kind: "code", text });
export const str = (value: string): Literal => code(JSON.stringify(value));
export const strOrNull = (value: string | null): Literal => (value === null ? code("null") : str(value));
export const array = (items: readonly Literal[]): Literal => ({ kind: "array", items });
export const strings = (values: readonly string[]): Literal => array(values.map(str));
export const object = (entries: readonly (readonly [string, Literal])[], expanded = false): Literal => ({
  kind: "object",
  entries,
  expanded,
});

/** A property key: bare when it is an identifier, else quoted (as biome writes it). */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** The literal as source text: on one line, but for the line break that keeps an object expanded. */
export function print(literal: Literal): string {
  switch (literal.kind) {
    case "code":
      return literal.text;
    case "array":
      return `[${literal.items.map(print).join(", ")}]`;
    case "object": {
      if (literal.entries.length === 0) return "{}";
      const members = literal.entries.map(([name, value]) => `${key(name)}: ${print(value)}`);
      return literal.expanded ? `{\n${members.join(",\n")},\n}` : `{ ${members.join(", ")} }`;
    }
  }
}
