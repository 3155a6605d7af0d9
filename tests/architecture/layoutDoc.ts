/**
 * The layout of docs/architecture.md as data: its "Layout" code block is a tree, one entry a line,
 * `<indent><name> [<name>...]  <description>` (two spaces a level; a line whose text starts at the
 * description column continues the description above). A name ending in `/` is a folder; a top-level
 * name may be a path (`sdk/<name>.ts`); `<...>` is a wildcard. `<noun>` stands only for the nouns the
 * entry's description lists; any other wildcard for anything.
 */

/** One documented entry: the path pattern it names and what its description says. */
export interface LayoutEntry {
  pattern: string;
  description: string;
}

/** The column descriptions start at; a line whose text starts there or later continues a description. */
const DESCRIPTION_COLUMN = 26;

/** The entries of the Layout block of a docs/architecture.md text. */
export function layoutEntries(markdown: string): LayoutEntry[] {
  const section = markdown.split(/^## Layout$/m)[1] ?? "";
  const block = section.split("```")[1] ?? "";
  const entries: LayoutEntry[] = [];
  const folders: string[] = [];
  let current: LayoutEntry[] = [];
  for (const line of block.split("\n")) {
    if (line.trim() === "") continue;
    const indent = line.length - line.trimStart().length;
    if (indent >= DESCRIPTION_COLUMN) {
      for (const entry of current) entry.description += ` ${line.trim()}`;
      continue;
    }
    const depth = indent / 2;
    const text = line.trim();
    const split = text.search(/\s{2,}/);
    const namesPart = split < 0 ? text : text.slice(0, split);
    const description = split < 0 ? "" : text.slice(split).trim();
    const parent = folders.slice(0, depth).join("");
    current = namesPart.split(" ").map((name) => ({ pattern: `${parent}${name}`, description }));
    entries.push(...current);
    const folder = current.find((entry) => entry.pattern.endsWith("/"));
    folders.length = depth;
    if (folder !== undefined)
      folders[depth] = namesPart.split(" ").find((name) => name.endsWith("/")) as string;
  }
  return entries;
}

/** Whether an entry names a repository file (`provider/client/digest.ts`). */
export function entryNames(entry: LayoutEntry, file: string): boolean {
  if (entry.pattern.endsWith("/")) {
    // A folder entry names the files its description lists by name ("default.json ... demoCredentials.ts").
    const folder = entry.pattern;
    if (!file.startsWith(folder)) return false;
    const rest = file.slice(folder.length);
    return (
      !rest.includes("/") && new RegExp(`(^|[^\\w.])${escapeRegExp(rest)}($|[^\\w])`).test(entry.description)
    );
  }
  const nouns = [...entry.pattern.matchAll(/<(\w+)>/g)].map((match) => match[1]);
  const source = entry.pattern
    .split(/(<\w+>)/)
    .map((part) => (/^<\w+>$/.test(part) ? "([^/]+)" : escapeRegExp(part)))
    .join("");
  const match = new RegExp(`^${source}$`).exec(file);
  if (match === null) return false;
  return nouns.every((noun, index) => {
    if (noun !== "noun") return true;
    const value = match[index + 1] as string;
    return new RegExp(`(^|[^\\w])${escapeRegExp(value)}($|[^\\w])`).test(entry.description);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
