/**
 * The emulator's files import one another without cycles: a rule spanning two nouns (a compliance
 * policy and a backup schedule, an alert and its configuration) lives in emulator/domain/, which the
 * operation files of both nouns import, never in one operation file that the other imports back.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Relative imports of a file (static, type-only, re-exports, `import()`, `require()`), resolved to
 * files. Type-only imports count: they tie the files' meanings together just the same. */
function importedFiles(file: string, source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const pattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']*)["']/g;
  return [...code.matchAll(pattern)].flatMap((match) => {
    const base = resolve(dirname(file), match[1] as string);
    const found = [`${base}.ts`, join(base, "index.ts"), base].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    return found ? [found] : [];
  });
}

/** Every elementary cycle of the graph, each listed once, starting at its smallest file name. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const nodes = [...graph.keys()].sort();
  for (const start of nodes) {
    // Only cycles whose smallest node is `start`, so each cycle is found from one place only.
    const walk = (node: string, path: string[]): void => {
      for (const next of graph.get(node) ?? []) {
        if (next === start) cycles.push([...path]);
        else if (next > start && !path.includes(next)) walk(next, [...path, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

function emulatorGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, "emulator"))) {
    const targets = importedFiles(file, readFileSync(file, "utf8")).filter(
      (t) => relative(join(root, "emulator"), t).split("/")[0] !== "..",
    );
    graph.set(relative(root, file), [...new Set(targets.map((t) => relative(root, t)))]);
  }
  return graph;
}

describe("import cycles among the emulator's files", () => {
  test("there are none", () => {
    expect(findCycles(emulatorGraph()).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  test("the finder sees every file's imports", () => {
    const graph = emulatorGraph();
    expect(graph.get("emulator/operations/index.ts")).toContain("emulator/operations/alerts.ts");
    expect(graph.size).toBeGreaterThan(40);
  });

  test("the finder finds each cycle once, and only cycles", () => {
    const graph = new Map<string, string[]>([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["d"]],
      ["d", ["b"]],
      ["e", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([
      ["a", "b"],
      ["b", "c", "d"],
    ]);
  });
});
