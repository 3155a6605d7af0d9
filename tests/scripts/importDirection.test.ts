/**
 * scripts/ never imports tests/ (issue 24): a script is run on its own (`npm run ...`, scripts/test.sh)
 * and what it needs lives under scripts/ (e.g. the contract check's oracle, scripts/lib/contract/);
 * tests may import scripts, not the other way round.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const root = resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.(ts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** Relative module specifiers in code (not comments): imports, re-exports, `import()`, `require()`. */
function relativeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const pattern = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)["'](\.{1,2}\/[^"']*)["']/g;
  return [...code.matchAll(pattern)].map((match) => match[1] as string);
}

describe("scripts/ imports nothing from tests/", () => {
  it("in any of its files", () => {
    const offending = sourceFiles(join(root, "scripts")).flatMap((file) =>
      relativeImports(readFileSync(file, "utf8"))
        .filter((specifier) => relative(root, resolve(dirname(file), specifier)).split(sep)[0] === "tests")
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("sees every form of import, and not one quoted in a comment", () => {
    const text = [
      '// import { x } from "../tests/a";',
      '/* require("../tests/b") */',
      'import { y } from "../tests/c";',
      'export { z } from "./d";',
      'const e = require("../tests/e");',
      'const f = import("../../tests/f");',
      'import "../tests/g";',
    ].join("\n");
    expect(relativeImports(text)).toEqual(["../tests/c", "./d", "../tests/e", "../../tests/f", "../tests/g"]);
  });
});
