/**
 * The shapes every report of the command-line tool prints in: counted nouns, aligned text tables for
 * a CI log, and markdown tables for a pull-request comment.
 */

/** `1 field`, `3 fields`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Rows as aligned columns, each line indented by two spaces. */
export function textTable(rows: string[][]): string[] {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows.map((row) =>
    `  ${row.map((value, column) => value.padEnd(widths[column] ?? 0)).join("  ")}`.trimEnd(),
  );
}

function markdownCell(value: string): string {
  return `\`${value.replace(/`/g, "'").replace(/\|/g, "\\|")}\``;
}

/** A markdown table whose cells are code spans, or as `cell` writes each. */
export function markdownTable(
  header: string[],
  rows: string[][],
  cell: (value: string, column: number) => string = markdownCell,
): string[] {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map((value, column) => cell(value, column)).join(" | ")} |`),
  ];
}

/** Text for a markdown table cell: pipes escaped, whitespace one space. */
export function markdownText(value: string): string {
  return value.replace(/\|/g, "\\|").replace(/\s+/g, " ");
}
