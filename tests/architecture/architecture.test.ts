/**
 * The architecture of docs/architecture.md, held by one import reader (importGraph.ts):
 *
 * - no import cycle anywhere in the repository;
 * - the provider's layers import downwards only: client <- framework <- resources <- runtime <- cli,
 *   native (functions beside the resources); the host tuning (provider/host) below all of them; no resource folder imports another;
 * - api/ imports nothing; the emulator and the provider never import each other; the emulator's
 *   layers core <- domain <- operations <- its composition have no back edge;
 * - within the command-line tool (provider/cli), a workflow's folder imports the shared engine/ and
 *   report/ (and the options' types), never another workflow's folder; the shared folders import no
 *   workflow; tests/provider/cli mirrors its folders;
 * - the SDK imports the provider (never its command-line tool or its native plugin) and api/;
 * - scripts never import tests (tests may import scripts);
 * - every source file is named in the Layout of docs/architecture.md (layoutDoc.ts reads it).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { cyclesOf, importGraph, ROOT, specifiersOf } from "./importGraph";
import { ALLOWED, cliRoomOf, layerOf, mayImport, mayImportInCli } from "./layers";
import { entryNames, layoutEntries } from "./layoutDoc";

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

describe("the command-line tool's rooms (provider/cli)", () => {
  const inCli = (file: string) => file.startsWith("provider/cli/");

  test("a workflow's folder imports the shared folders, never another workflow's", () => {
    const offending: string[] = [];
    for (const [file, targets] of graph) {
      if (!inCli(file)) continue;
      for (const target of targets) {
        if (inCli(target) && !mayImportInCli(file, target)) offending.push(`${file} imports ${target}`);
      }
    }
    expect(offending).toEqual([]);
  });

  test("the rule itself", () => {
    expect(cliRoomOf("provider/cli/main.ts")).toBe("");
    expect(cliRoomOf("provider/cli/drift/fleetRun.ts")).toBe("drift");
    expect(mayImportInCli("provider/cli/compare/compare.ts", "provider/cli/engine/index.ts")).toBe(true);
    expect(mayImportInCli("provider/cli/compare/compare.ts", "provider/cli/report/values.ts")).toBe(true);
    expect(mayImportInCli("provider/cli/drift/fleetRun.ts", "provider/cli/options.ts")).toBe(true);
    expect(mayImportInCli("provider/cli/compare/compare.ts", "provider/cli/drift/drift.ts")).toBe(false);
    expect(mayImportInCli("provider/cli/drift/fleetRun.ts", "provider/cli/main.ts")).toBe(false);
    expect(mayImportInCli("provider/cli/engine/index.ts", "provider/cli/drift/drift.ts")).toBe(false);
    expect(mayImportInCli("provider/cli/report/values.ts", "provider/cli/options.ts")).toBe(false);
    expect(mayImportInCli("provider/cli/main.ts", "provider/cli/recover/recover.ts")).toBe(true);
  });

  test("its tests mirror its folders (tests/provider/cli/<folder>/ tests provider/cli/<folder>/)", () => {
    const folders = (root: string) =>
      readdirSync(join(ROOT, root)).filter((name) => statSync(join(ROOT, root, name)).isDirectory());
    const sources = folders("provider/cli");
    expect(folders("tests/provider/cli").filter((folder) => !sources.includes(folder))).toEqual([]);
    expect(filesUnder("tests/cli")).toEqual([]);
  });
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
    expect(mayImport("provider/runtime", "resource:searchIndex")).toBe(true);
    expect(mayImport("resource:searchIndex", "provider/runtime")).toBe(false);
    expect(mayImport("provider/client", "provider/framework")).toBe(false);
    expect(mayImport("emulator/core", "emulator/operations")).toBe(false);
    expect(mayImport("emulator/top", "emulator/operations")).toBe(true);
    expect(mayImport("scripts", "tests")).toBe(false);
    expect(mayImport("provider/native", "provider/cli")).toBe(false);
    expect(layerOf("provider/resources/searchIndex/resource.ts")).toBe("resource:searchIndex");
  });
});

describe("docs/architecture.md names every source file", () => {
  const doc = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
  const entries = layoutEntries(doc);
  /** The source the layout must name: code under the package's parts and the scripts (generated SDKs excluded). */
  const files = ["api", "provider", "sdk", "emulator", "scripts"]
    .flatMap((folder) => filesUnder(folder))
    .filter((file) => /\.(ts|sh|js)$/.test(file) && !file.startsWith("sdk/native/"));

  test("every file matches an entry of the Layout block", () => {
    expect(files.filter((file) => !entries.some((entry) => entryNames(entry, file)))).toEqual([]);
  });

  test("every entry that names one file names a file that exists", () => {
    const exact = entries.filter((entry) => !entry.pattern.endsWith("/") && !entry.pattern.includes("<"));
    expect(
      exact.filter((entry) => !existsSync(join(ROOT, entry.pattern))).map((entry) => entry.pattern),
    ).toEqual([]);
  });
});

/** Every file under a folder of the repository (relative paths), installed packages and build output left out. */
function filesUnder(folder: string): string[] {
  const absolute = join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(join(ROOT, path)).isDirectory())
      return ["node_modules", "dist", "fixtures"].includes(name) ? [] : filesUnder(path);
    return [path];
  });
}

describe("the unit tier (CONTRIBUTING.md, Test tiers)", () => {
  const unitFiles = filesUnder("tests").filter(
    (file) => file.endsWith(".test.ts") && !file.endsWith(".int.test.ts") && !file.endsWith(".e2e.test.ts"),
  );
  const STARTS_PROCESSES = ["node:child_process", "child_process", "node:worker_threads", "worker_threads"];

  test("no unit test starts a process", () => {
    const offenders = unitFiles.filter((file) =>
      specifiersOf(readFileSync(join(ROOT, file), "utf8")).some((specifier) =>
        STARTS_PROCESSES.includes(specifier),
      ),
    );
    expect(offenders).toEqual([]);
  });

  test("no unit test starts the emulator", () => {
    const offenders = unitFiles.filter((file) =>
      /\bstartEmulator\(/.test(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});

test("tests are written with test(...), never its alias it(...)", () => {
  const offenders = filesUnder("tests").filter(
    (file) =>
      file.endsWith(".ts") && /^\s*it(\.each|\.only|\.skip)?\(/m.test(readFileSync(join(ROOT, file), "utf8")),
  );
  expect(offenders).toEqual([]);
});
