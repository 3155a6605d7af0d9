/**
 * The direction of imports between the parts of the package (docs/architecture.md, "Layout"):
 *
 *   api <- provider <- sdk        api <- emulator
 *
 * api/ (the API's facts) imports none of them; the emulator never imports the provider or the SDK,
 * and the provider never imports the emulator, so the emulator stays an independent reading of the
 * contract and the provider cannot lean on the emulator's code.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = resolve(__dirname, "../..");
const parts = ["api", "provider", "sdk", "emulator"] as const;
type Part = (typeof parts)[number];

/** What each part may import from the others (itself is always allowed). */
const allowed: Record<Part, readonly Part[]> = {
  api: [],
  provider: ["api"],
  sdk: ["api", "provider"],
  emulator: ["api"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Relative module specifiers of a file: static imports, re-exports, `import()` and `require()`. */
function relativeImports(file: string): string[] {
  // Comments may quote an import as an example; only code counts.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const pattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']*)["']/g;
  return [...text.matchAll(pattern)].map((match) => match[1] as string);
}

function partOf(path: string): string {
  return relative(root, path).split(sep)[0] ?? "";
}

describe("import direction", () => {
  for (const part of parts) {
    it(`${part}/ imports only from ${allowed[part].length === 0 ? "itself" : `itself and ${allowed[part].join(", ")}`}`, () => {
      const offending: string[] = [];
      for (const file of sourceFiles(join(root, part))) {
        for (const specifier of relativeImports(file)) {
          const target = partOf(resolve(dirname(file), specifier));
          if (target !== part && !allowed[part].includes(target as Part)) {
            offending.push(`${relative(root, file)} imports ${specifier}`);
          }
        }
      }
      expect(offending).toEqual([]);
    });
  }

  it("the checker sees imports in every form", () => {
    const file = join(root, "emulator", "core", "ids.ts");
    expect(relativeImports(file)).toContain("../../api/ids");
  });
});
