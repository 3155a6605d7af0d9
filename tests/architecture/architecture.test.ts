/**
 * The architecture of docs/architecture.md, held by one import reader (importGraph.ts):
 *
 * - no import cycle anywhere in the repository;
 * - the provider's layers import downwards only: client <- framework <- resources <- functions, cli,
 *   native; the host tuning (provider/host) below all of them; no resource folder imports another;
 * - api/ imports nothing; the emulator and the provider never import each other; the emulator's
 *   layers core <- domain <- operations <- its composition have no back edge;
 * - the SDK imports the provider (never its command-line tool or its native plugin) and api/;
 * - scripts never import tests (tests may import scripts).
 */
import { cyclesOf, importGraph, specifiersOf } from "./importGraph";
import { ALLOWED, layerOf, mayImport } from "./layers";

const graph = importGraph();

test("no import cycle anywhere in the repository", () => {
  expect(cyclesOf(graph)).toEqual([]);
});

test("every import goes in the direction its layers allow", () => {
  const offending: string[] = [];
  for (const [file, targets] of graph) {
    for (const target of targets) {
      if (!mayImport(layerOf(file), layerOf(target))) offending.push(`${file} imports ${target}`);
    }
  }
  expect(offending).toEqual([]);
});

test("every file of the repository's source belongs to a layer with a rule", () => {
  const unknown = [...new Set([...graph.keys()].map(layerOf))].filter(
    (layer) => layer !== "tests" && ALLOWED[layer.startsWith("resource:") ? "resource" : layer] === undefined,
  );
  expect(unknown).toEqual([]);
});

describe("the reader and the rules themselves", () => {
  test("the reader sees every form of import, and none quoted in a comment or a string", () => {
    const text = [
      '// import { x } from "../tests/a";',
      '/* require("../tests/b") */',
      'import { y } from "../tests/c";',
      'import type { T } from "./t";',
      'export { z } from "./d";',
      'const e = require("../tests/e");',
      'const f = import("../../tests/f");',
      'import "../tests/g";',
      "const quoted = \"import { h } from './h'\";",
    ].join("\n");
    expect(specifiersOf(text)).toEqual([
      "../tests/c",
      "./t",
      "./d",
      "../tests/e",
      "../../tests/f",
      "../tests/g",
    ]);
  });

  test("cycles are found, and a chain without one is not a cycle", () => {
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
          ["d", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      cyclesOf(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  test("a resource folder may not import another; the framework may not import a resource", () => {
    expect(mayImport("resource:searchIndex", "resource:ftsIndex")).toBe(false);
    expect(mayImport("resource:searchIndex", "provider/framework")).toBe(true);
    expect(mayImport("provider/framework", "resource:searchIndex")).toBe(false);
    expect(mayImport("provider/client", "provider/framework")).toBe(false);
    expect(mayImport("emulator/core", "emulator/operations")).toBe(false);
    expect(mayImport("emulator/top", "emulator/operations")).toBe(true);
    expect(mayImport("scripts", "tests")).toBe(false);
    expect(mayImport("provider/native", "provider/cli")).toBe(false);
    expect(layerOf("provider/resources/searchIndex/resource.ts")).toBe("resource:searchIndex");
  });
});
