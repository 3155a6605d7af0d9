/**
 * The one import reader of the architecture suite: every source file of the repository and the files
 * it imports, read with TypeScript's own scanner (`ts.preProcessFile`: static imports, type-only
 * imports, re-exports, `import()` and `require()` with a literal; never an import quoted in a comment
 * or a string). Only relative specifiers are followed: the package's parts import each other by path.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import * as ts from "typescript";

export const ROOT = resolve(__dirname, "../..");

/** The folders whose TypeScript is the repository's source (tests and scripts included). */
export const SOURCE_FOLDERS = ["api", "provider", "sdk", "emulator", "scripts", "tests"] as const;

/** Folders never read: installed packages, build output, Pulumi programs' own dependencies. */
const SKIPPED = new Set(["node_modules", "dist", ".pulumi", "fixtures"]);

/** Every `.ts` file under a folder, as a path relative to the repository root with `/` separators. */
export function sourceFiles(folder: string): string[] {
  const absolute = join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    const path = join(absolute, name);
    if (statSync(path).isDirectory()) return SKIPPED.has(name) ? [] : sourceFiles(join(folder, name));
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [toRepoPath(path)] : [];
  });
}

function toRepoPath(absolute: string): string {
  return relative(ROOT, absolute).split(sep).join("/");
}

/** The module specifiers a text imports, in every form the TypeScript scanner knows. */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
}

/** The repository file a relative specifier of `from` names (`.ts`, `/index.ts`, `.json`), if it exists. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(ROOT, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts"), base.replace(/\.js$/, ".ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return toRepoPath(candidate);
  }
  return undefined;
}

/** Every source file -> the repository files it imports. */
export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const folder of SOURCE_FOLDERS) {
    for (const file of sourceFiles(folder)) {
      const text = readFileSync(join(ROOT, file), "utf8");
      const targets = specifiersOf(text)
        .filter((specifier) => specifier.startsWith("."))
        .flatMap((specifier) => {
          const target = resolveSpecifier(file, specifier);
          return target === undefined ? [] : [target];
        });
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/** The import cycles of a graph: each strongly connected component of more than one file (or a self-import). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  // Tarjan's algorithm, iterative enough for this repository's depth.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
