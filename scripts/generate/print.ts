/**
 * A printer of TypeScript literals (arrays, objects, strings, references) laid out the way
 * `biome format` lays them out with this repository's settings (biome.json: 2 spaces, line width 110,
 * double quotes, trailing commas), so a generated file passes `npm run lint` as written and a test can
 * compare it byte for byte with what the generator writes.
 *
 * The layout rule biome applies to these shapes: a literal stays on one line when that line, with what
 * precedes it on the line and what follows up to the line's end, fits the width; otherwise it opens on
 * its line and puts each element on a line of its own with a trailing comma. An object whose first
 * property starts a new line in the source stays expanded even when it would fit (`expanded` here).
 */

/** biome.json `formatter.lineWidth`. */
export const LINE_WIDTH = 110;
const INDENT = 2;

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

/** A property key as biome writes it: bare when it is an identifier, else quoted. */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

function mustBreak(literal: Literal): boolean {
  if (literal.kind === "code") return false;
  if (literal.kind === "array") return literal.items.some(mustBreak);
  return literal.expanded || literal.entries.some(([, value]) => mustBreak(value));
}

function flat(literal: Literal): string {
  switch (literal.kind) {
    case "code":
      return literal.text;
    case "array":
      return `[${literal.items.map(flat).join(", ")}]`;
    case "object":
      if (literal.entries.length === 0) return "{}";
      return `{ ${literal.entries.map(([name, value]) => `${key(name)}: ${flat(value)}`).join(", ")} }`;
  }
}

/**
 * The lines of `lead` + literal + `trail` at `indent` spaces (lead: what precedes the literal on its
 * first line, e.g. `export const X = ` or `title: `; trail: what follows its end, e.g. ` as const;` or `,`).
 */
export function print(literal: Literal, indent: number, lead: string, trail: string): string {
  const pad = " ".repeat(indent);
  const oneLine = `${pad}${lead}${flat(literal)}${trail}`;
  if (literal.kind === "code" || (!mustBreak(literal) && oneLine.length <= LINE_WIDTH)) return oneLine;
  const inner =
    literal.kind === "array"
      ? literal.items.map((item) => print(item, indent + INDENT, "", ","))
      : literal.entries.map(([name, value]) => print(value, indent + INDENT, `${key(name)}: `, ","));
  const [open, close] = literal.kind === "array" ? ["[", "]"] : ["{", "}"];
  return [`${pad}${lead}${open}`, ...inner, `${pad}${close}${trail}`].join("\n");
}
